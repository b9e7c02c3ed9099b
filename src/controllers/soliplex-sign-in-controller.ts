import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  discoverOidc,
  fetchLoginSystems,
  loginUrl,
  logoutUrl,
  parseLoginSystems,
  readLoginReturn,
  refreshingTokenSource,
  type SoliplexLoginSystem,
  type SoliplexTokens,
} from '../core/transport/soliplex/soliplex-sign-in.js';
import { KEY_PREFIX, PENDING_KEY, signInStorage as storage } from './soliplex-sign-in-keys.js';

/**
 * Where a signed-in session's tokens are kept: `session` (the default) in the tab's `sessionStorage`,
 * so a reload stays signed in and closing the tab signs out; `memory` in the page only (a reload
 * signs in again). Never `localStorage` or IndexedDB: tokens must not outlive the tab.
 */
export type SignInStorage = 'session' | 'memory';

export interface SoliplexSignInConfig {
  /** The Soliplex server ('' when the chat talks to none). */
  readonly serverUrl: () => string;
  /** The page gave a `token` or `getToken`: the chat never signs in by itself. */
  readonly pageToken: () => boolean;
  readonly storage: () => SignInStorage;
  /** The provider answered the sign-in with an error, or the server's providers could not be listed. */
  readonly onError: (error: Error) => void;
  /** Signed in (back from the provider) or out (Sign out, or the provider ended the session). */
  readonly onChange?: (signedIn: boolean, serverUrl: string) => void;
  /** The `GET /api/login` answer already asked for `server` (used once), else undefined: the controller asks. */
  readonly listed?: (server: string) => Promise<unknown> | undefined;
}

/** What is kept of a provider: enough to refresh and sign out without asking the server again. */
type KeptSystem = Pick<SoliplexLoginSystem, 'id' | 'title' | 'server_url' | 'client_id'>;
interface Session {
  readonly system: KeptSystem;
  tokens: SoliplexTokens;
  readonly token: (options: { refresh: boolean }) => Promise<string | undefined>;
}

/** Sessions in memory, per server: every chat of the page on that server shares one. */
const sessions = new Map<string, Session>();

function readJson<T>(key: string): T | undefined {
  try {
    const text = storage()?.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    if (value === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the session lives in memory */
  }
}

/**
 * The chat's own sign-in to a Soliplex server, as the official client does it: the server's identity
 * providers (`GET /api/login`), the login redirect (`/api/login/{system}?return_to=<this page>`), the
 * tokens from the return URL's fragment (removed from the address bar with `history.replaceState`),
 * refresh at the provider before the access token expires, and sign-out (forget the tokens, then the
 * provider's `end_session_endpoint` when it has one). Inactive when the page gives a token.
 */
export class SoliplexSignInController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: SoliplexSignInConfig;
  #server = '';
  #fetching?: AbortController;
  /** The server's identity providers (empty: it needs no sign-in, or is no Soliplex server). */
  systems: readonly SoliplexLoginSystem[] = [];

  constructor(host: ReactiveControllerHost, config: SoliplexSignInConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  get #active(): boolean {
    return !!this.#config.serverUrl() && !this.#config.pageToken();
  }

  /** Signed in to the chat's server (by this chat or another one of the page). */
  get signedIn(): boolean {
    return this.#active && sessions.has(this.#server);
  }

  /** The providers to offer "Sign in" for: the server has some and nobody is signed in. */
  get offer(): readonly SoliplexLoginSystem[] {
    return this.#active && !this.signedIn ? this.systems : [];
  }

  /** The bearer token for the chat's requests (a `TokenSource`); undefined when not signed in. */
  readonly token = async (options: { refresh: boolean }): Promise<string | undefined> => {
    const server = this.#server;
    const session = sessions.get(server);
    if (!session || !this.#active) return undefined;
    const token = await session.token(options);
    if (token === undefined && sessions.get(server) === session) {
      // The provider no longer refreshes this session: sign in again.
      this.#forget(server);
      this.#host.requestUpdate();
      this.#config.onChange?.(false, server);
    }
    return token;
  };

  hostConnected(): void {
    this.#server = '';
  }

  hostDisconnected(): void {
    this.#fetching?.abort();
  }

  hostUpdate(): void {
    const server = this.#active ? this.#config.serverUrl() : '';
    if (server === this.#server) return;
    this.#server = server;
    this.systems = [];
    this.#fetching?.abort();
    if (!server) return;
    this.#adopt(server);
    void this.#listSystems(server);
  }

  /** Sends the browser to `system`'s login; it comes back to this page signed in. */
  signIn(system: SoliplexLoginSystem): void {
    const server = this.#server;
    if (!server) return;
    const kept: KeptSystem = { id: system.id, title: system.title, server_url: system.server_url, client_id: system.client_id };
    writeJson(PENDING_KEY, { server, system: kept });
    location.assign(loginUrl(server, system.id, location.href));
  }

  /**
   * Forgets the tokens (every chat of the page on this server is signed out), then ends the
   * provider's session when it has an `end_session_endpoint` (the browser comes back to this page).
   */
  async signOut(): Promise<void> {
    const server = this.#server;
    const session = sessions.get(server);
    this.#forget(server);
    this.#host.requestUpdate();
    if (!session) return;
    this.#config.onChange?.(false, server);
    let endSession: string | undefined;
    try {
      endSession = (await discoverOidc(session.system.server_url)).endSessionEndpoint;
    } catch {
      return; // no provider to tell: forgetting the tokens is the sign-out
    }
    if (endSession) {
      location.assign(logoutUrl(endSession, { clientId: session.system.client_id, returnTo: location.href, idToken: session.tokens.idToken }));
    }
  }

  /** A sign-in that just came back in this page's URL, else the session kept for `server`. */
  #adopt(server: string): void {
    const pending = readJson<{ server: string; system: KeptSystem }>(PENDING_KEY);
    if (pending?.server === server) {
      const back = readLoginReturn(location.href);
      if (back.kind !== 'none') {
        writeJson(PENDING_KEY, undefined);
        // The tokens leave the address bar and the history at once.
        history.replaceState(history.state, '', back.cleanUrl);
        if (back.kind === 'signed-in') {
          this.#start(server, pending.system, back.tokens);
          this.#config.onChange?.(true, server);
        } else this.#config.onError(new Error(`Sign-in failed: ${back.description ?? back.error}`));
        return;
      }
    }
    if (sessions.has(server) || this.#config.storage() !== 'session') return;
    const kept = readJson<{ system: KeptSystem; tokens: SoliplexTokens }>(KEY_PREFIX + server);
    if (kept?.tokens?.accessToken && kept.system?.server_url) this.#start(server, kept.system, kept.tokens);
  }

  #start(server: string, system: KeptSystem, tokens: SoliplexTokens): void {
    const keep = (next: SoliplexTokens) => {
      session.tokens = next;
      if (this.#config.storage() === 'session') writeJson(KEY_PREFIX + server, { system, tokens: next });
    };
    const session: Session = { system, tokens, token: refreshingTokenSource({ system, tokens, onTokens: keep }) };
    sessions.set(server, session);
    keep(tokens);
  }

  #forget(server: string): void {
    sessions.delete(server);
    writeJson(KEY_PREFIX + server, undefined);
  }

  async #listSystems(server: string): Promise<void> {
    const abort = (this.#fetching = new AbortController());
    try {
      const listed = this.#config.listed?.(server);
      const systems = listed ? parseLoginSystems(await listed) : await fetchLoginSystems(server, { signal: abort.signal });
      if (abort.signal.aborted) return;
      this.systems = systems;
      this.#host.requestUpdate();
    } catch (error) {
      // A server without the login route (or unreachable) offers no sign-in; the chat says why runs fail.
      if (!abort.signal.aborted && (error as Error)?.name !== 'AbortError') console.warn('[soliplex-chat] the sign-in providers could not be listed', error);
    }
  }
}

import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { ThreadKey } from '../../core/index.js';
import type { SoliplexSignInController, SignInStorage } from '../../controllers/soliplex-sign-in-controller.js';
import type { SoliplexDocumentsConfig, SoliplexDocumentsController } from '../../controllers/soliplex-documents-controller.js';
import { hasSignInState } from '../../controllers/soliplex-sign-in-keys.js';
import { SoliplexClient } from '../../core/transport/soliplex/soliplex-client.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import type { RoomExtrasView } from './room-extras-view.js';

/** What the documents picker reads (the server is '' off Soliplex; the token is the page's, else this sign-in's), and what the page set. */
export interface RoomExtrasConfig extends Pick<SoliplexDocumentsConfig, 'engine' | 'serverUrl' | 'room' | 'thread' | 'token' | 'initiator'> {
  /** What the page set: a `token`/`getToken`, `sign-in-storage`, `no-sign-in`, `no-documents`. */
  readonly page: () => { readonly token: boolean; readonly storage: SignInStorage; readonly noSignIn: boolean; readonly noDocuments: boolean };
  readonly onError: (error: Error) => void;
  /** Dispatches an event on the chat. */
  readonly dispatch: (event: Event) => void;
}

/** Sign-in's code was loaded by a chat of the page: its sessions (shared per server) may sign this chat. */
let signInLoaded = false;

/**
 * What the official Soliplex client offers besides the conversation, in the chat: sign-in and
 * sign-out (`SoliplexSignInController`) and the documents the agent may search
 * (`SoliplexDocumentsController`). Loaded with the Soliplex room's code, so a generic chat never
 * loads it. It only asks: each part's code (and the view) loads when the server has it — sign-in
 * when `GET /api/login` lists identity providers, or the tab holds a session or a login return to
 * finish; documents when the room lists some. The parts then take the answer asked for here.
 */
export class RoomExtras implements ReactiveController {
  signIn?: SoliplexSignInController;
  documents?: SoliplexDocumentsController;
  readonly #host: ReactiveControllerHost;
  readonly #config: RoomExtrasConfig;
  #view?: RoomExtrasView;
  #signInLoad?: Promise<void>;
  #documentsLoad?: Promise<void>;
  /** The server (sign-in) and the room (documents, `[server, room]`) last asked about. */
  #server?: string;
  #roomId?: string;
  #abort = new AbortController();

  constructor(host: ReactiveControllerHost, config: RoomExtrasConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  /** The bearer token of this chat's sign-in (undefined when not signed in); waits for sign-in's code while it loads. */
  readonly token = async (options: { refresh: boolean }): Promise<string | undefined> => {
    await this.#signInLoad;
    return this.signIn?.token(options);
  };

  /** The state every run of the chat's turns carries (the document filter). */
  stateFor(key: ThreadKey): Readonly<Record<string, unknown>> | undefined {
    return this.documents?.stateFor(key);
  }

  /** The header's buttons: Documents (when the room has some) and Sign out (when signed in here). */
  renderHeaderButtons(strings: ChatStrings) {
    return this.#view?.header(this, strings) ?? nothing;
  }

  /** Under the header: the sign-in offer (one button per provider), or the open documents picker. */
  renderPanels(strings: ChatStrings) {
    return this.#view?.panels(this, strings) ?? nothing;
  }

  hostUpdate(): void {
    const config = this.#config;
    const page = config.page();
    const server = config.serverUrl();
    const signInServer = page.noSignIn || page.token ? '' : server;
    if (!this.#signInLoad && signInServer !== this.#server) {
      this.#server = signInServer;
      // A session to restore must sign the room's first requests: load at once (they wait in `token`).
      if (signInServer && (signInLoaded || hasSignInState(signInServer))) this.#loadSignIn();
      else if (signInServer) void this.#askSignIn(signInServer);
    }
    const room = config.room();
    const roomId = server && room && !page.noDocuments ? JSON.stringify([server, room]) : '';
    if (!this.#documentsLoad && roomId !== this.#roomId) {
      this.#roomId = roomId;
      if (roomId) void this.#askDocuments(roomId, server, room);
    }
  }

  hostDisconnected(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#server = this.#roomId = undefined;
  }

  /** `GET /api/login`: sign-in's code loads when the server lists identity providers. */
  async #askSignIn(server: string): Promise<void> {
    const { signal } = this.#abort;
    try {
      const response = await fetch(new URL('/api/login', server.replace(/\/?$/, '/')), { signal });
      if (!response.ok) throw new Error(`The Soliplex server answered ${response.status}`);
      const answer: unknown = await response.json();
      if (signal.aborted || server !== this.#server || this.#signInLoad) return;
      if (answer && typeof answer === 'object' && Object.keys(answer).length) this.#loadSignIn(server, answer);
    } catch (error) {
      // A server without the login route (or unreachable) offers no sign-in; the chat says why runs fail.
      if (!signal.aborted && (error as Error)?.name !== 'AbortError') console.warn('[soliplex-chat] the sign-in providers could not be listed', error);
    }
  }

  #loadSignIn(server?: string, answer?: unknown): void {
    this.#signInLoad = this.#load(import('../../controllers/soliplex-sign-in-controller.js'), (module, parts) => {
      signInLoaded = true;
      this.signIn = parts.makeSignIn(module, this.#host, this.#config, server, answer);
    });
  }

  /** `GET …/rooms/{room}/documents`: the documents' code loads when the room lists some. */
  async #askDocuments(roomId: string, server: string, room: string): Promise<void> {
    const { signal } = this.#abort;
    try {
      const api = new SoliplexClient({ serverUrl: server, token: this.#config.token });
      const answer = await api.json<{ document_set?: unknown } | null>('GET', `${api.roomPath(room)}/documents`, undefined, signal);
      const set = answer?.document_set;
      if (signal.aborted || roomId !== this.#roomId || this.#documentsLoad || !set || typeof set !== 'object' || !Object.keys(set).length) return;
      this.#documentsLoad = this.#load(import('../../controllers/soliplex-documents-controller.js'), (module, parts) => {
        this.documents = parts.makeDocuments(module, this.#host, this.#config, roomId, answer);
      });
    } catch {
      // No documents route (an older server, a generic endpoint behind a proxy): no picker.
    }
  }

  /** Loads a part's code and the view (with how parts are made), adds the part, and resolves once the chat has updated with it. */
  async #load<M>(part: Promise<M>, add: (module: M, parts: typeof import('./room-extras-parts.js')) => void): Promise<void> {
    try {
      const [module, parts] = await Promise.all([part, import('./room-extras-parts.js')]);
      this.#view ??= new parts.RoomExtrasView(this.#host);
      add(module, parts);
      this.#host.requestUpdate();
      await this.#host.updateComplete;
    } catch (error) {
      console.error('[soliplex-chat] sign-in or documents could not be loaded', error);
    }
  }
}

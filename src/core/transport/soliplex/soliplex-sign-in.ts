/**
 * Signing in to a Soliplex server as its official client does: the identity providers from
 * `GET /api/login`, the browser login redirect (`/api/login/{system}?return_to=…`), the tokens
 * Soliplex puts into the return URL's fragment, and refresh at the provider (OIDC discovery from the
 * system's `server_url`, then a form-encoded `grant_type=refresh_token`): Soliplex has no refresh
 * route of its own. No DOM here: the caller navigates and cleans the address bar.
 */
import { TransportError, errorDetail, readErrorBody } from '../transport.js';

/** One identity provider, as `GET /api/login` lists it (keyed by `id`). */
export interface SoliplexLoginSystem {
  readonly id: string;
  /** What a sign-in button says, e.g. "Authenticate with Keycloak". */
  readonly title: string;
  /** The provider's issuer URL; its discovery document is at `{server_url}/.well-known/openid-configuration`. */
  readonly server_url: string;
  readonly client_id: string;
  readonly scope?: string | null;
  readonly token_validation_pem?: string;
}

/** The provider endpoints a client needs, from its discovery document. */
export interface OidcEndpoints {
  readonly tokenEndpoint: string;
  readonly endSessionEndpoint?: string;
}

/** A signed-in session's tokens. Times are milliseconds since the epoch. */
export interface SoliplexTokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** When the access token expires (`expires_in` after it was received); undefined when not said. */
  readonly expiresAt?: number;
  /** When the refresh token expires (`refresh_expires_in`), when said. */
  readonly refreshExpiresAt?: number;
  /** The OpenID id token, when the server passed one (a hint for signing out at the provider). */
  readonly idToken?: string;
}

/** What a return URL carried: tokens, a provider error, or nothing of sign-in. */
export type LoginReturn =
  | { readonly kind: 'signed-in'; readonly tokens: SoliplexTokens; readonly cleanUrl: string }
  | { readonly kind: 'error'; readonly error: string; readonly description?: string; readonly cleanUrl: string }
  | { readonly kind: 'none' };

interface FetchOptions {
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
}

const apiUrl = (serverUrl: string, path: string) => new URL(path, serverUrl.replace(/\/?$/, '/')).toString();

async function getJson<T>(url: string, what: string, { fetch: doFetch = fetch, signal }: FetchOptions): Promise<T> {
  let response: Response;
  try {
    response = await doFetch(url, { signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new TransportError('network', `Could not reach ${what}: ${(error as Error)?.message ?? error}`, undefined, { cause: error });
  }
  if (!response.ok) {
    const detail = errorDetail(await readErrorBody(response));
    throw new TransportError('http', `${what} answered ${response.status}${detail ? `: ${detail}` : '.'}`, response.status);
  }
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new TransportError('protocol', `${what} sent an unreadable answer`, response.status, { cause: error });
  }
}

/**
 * The server's identity providers (`GET /api/login`, no auth), in the server's order. Empty for a
 * server in no-auth mode (it answers `{}`).
 */
export async function fetchLoginSystems(serverUrl: string, options: FetchOptions = {}): Promise<SoliplexLoginSystem[]> {
  return parseLoginSystems(await getJson(apiUrl(serverUrl, '/api/login'), 'The Soliplex server', options));
}

/** The identity providers in a `GET /api/login` answer (malformed entries skipped). */
export function parseLoginSystems(answer: unknown): SoliplexLoginSystem[] {
  const systems = answer as Record<string, SoliplexLoginSystem> | null;
  if (!systems || typeof systems !== 'object') return [];
  return Object.entries(systems)
    .filter(([, s]) => s && typeof s.server_url === 'string' && typeof s.client_id === 'string')
    .map(([id, s]) => ({ ...s, id: typeof s.id === 'string' ? s.id : id, title: typeof s.title === 'string' ? s.title : id }));
}

/**
 * The provider's endpoints from `{issuer}/.well-known/openid-configuration`. As the official client
 * does, an endpoint on another origin than the discovery document is refused (a tampered document
 * must not send the refresh token elsewhere).
 */
export async function discoverOidc(issuer: string, options: FetchOptions = {}): Promise<OidcEndpoints> {
  const discoveryUrl = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
  const doc = await getJson<Record<string, unknown>>(discoveryUrl, 'The identity provider', options);
  const origin = new URL(discoveryUrl).origin;
  const endpoint = (name: string): string | undefined => {
    const value = doc?.[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string' || !URL.canParse(value) || new URL(value).origin !== origin) {
      throw new TransportError('protocol', `The identity provider's ${name} is not on ${origin}`);
    }
    return value;
  };
  const tokenEndpoint = endpoint('token_endpoint');
  if (!tokenEndpoint) throw new TransportError('protocol', 'The identity provider names no token_endpoint');
  const endSessionEndpoint = endpoint('end_session_endpoint');
  return { tokenEndpoint, ...(endSessionEndpoint ? { endSessionEndpoint } : {}) };
}

/** Token lifetimes in seconds → times, from `now`. */
function tokensFrom(fields: { access: string; refresh?: string | null; expiresIn?: unknown; refreshExpiresIn?: unknown; idToken?: unknown }, now: number): SoliplexTokens {
  const seconds = (value: unknown) => {
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const expiresIn = seconds(fields.expiresIn);
  const refreshExpiresIn = seconds(fields.refreshExpiresIn);
  return {
    accessToken: fields.access,
    ...(fields.refresh ? { refreshToken: fields.refresh } : {}),
    ...(expiresIn !== undefined ? { expiresAt: now + expiresIn * 1000 } : {}),
    ...(refreshExpiresIn !== undefined ? { refreshExpiresAt: now + refreshExpiresIn * 1000 } : {}),
    ...(typeof fields.idToken === 'string' && fields.idToken ? { idToken: fields.idToken } : {}),
  };
}

/**
 * New tokens for a refresh token at the provider's token endpoint (`grant_type=refresh_token`,
 * form-encoded, with the system's `client_id`). A provider that sends no new refresh token leaves
 * the old one in use. A refused grant (`invalid_grant`: expired or revoked) is `unauthorized`: the
 * user must sign in again.
 */
export async function refreshTokens(
  request: { readonly tokenEndpoint: string; readonly clientId: string; readonly refreshToken: string },
  { fetch: doFetch = fetch, signal, now = Date.now }: FetchOptions & { readonly now?: () => number } = {},
): Promise<SoliplexTokens> {
  let response: Response;
  try {
    response = await doFetch(request.tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: request.refreshToken, client_id: request.clientId }).toString(),
      signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new TransportError('network', `Could not reach the identity provider: ${(error as Error)?.message ?? error}`, undefined, { cause: error });
  }
  const body = (await readErrorBody(response)) as Record<string, unknown> | string;
  if (!response.ok) {
    const record = typeof body === 'object' && body ? body : {};
    const refused = record.error === 'invalid_grant' || record.error === 'invalid_client' || response.status === 401;
    const detail = typeof record.error_description === 'string' ? record.error_description : errorDetail(body);
    throw new TransportError(refused ? 'unauthorized' : 'http', `The identity provider refused the refresh (${response.status}${detail ? `: ${detail}` : ''}).`, response.status);
  }
  if (typeof body !== 'object' || !body || typeof body.access_token !== 'string') {
    throw new TransportError('protocol', 'The identity provider sent no access_token', response.status);
  }
  return tokensFrom(
    {
      access: body.access_token,
      refresh: typeof body.refresh_token === 'string' ? body.refresh_token : request.refreshToken,
      expiresIn: body.expires_in,
      refreshExpiresIn: body.refresh_expires_in,
      idToken: body.id_token,
    },
    now(),
  );
}

/**
 * Where to send the browser to sign in with `system`: `/api/login/{system}?return_to=…` (the return
 * URL percent-encoded, so its own `#` and query survive). `prompt: 'login'` asks the provider to
 * show its login form even when it still has a session (switching users).
 */
export function loginUrl(serverUrl: string, system: string, returnTo: string, { prompt }: { readonly prompt?: 'login' } = {}): string {
  const url = new URL(apiUrl(serverUrl, `/api/login/${encodeURIComponent(system)}`));
  url.searchParams.set('return_to', returnTo);
  if (prompt) url.searchParams.set('prompt', prompt);
  return url.toString();
}

/**
 * Where to send the browser to end the provider's session (its `end_session_endpoint`), as the
 * official client does: `post_logout_redirect_uri`, `client_id` and, when known, `id_token_hint`.
 * Forgetting the tokens is the caller's part; signing out without this leaves the provider's
 * session, so the next sign-in may not ask for a password.
 */
export function logoutUrl(endSessionEndpoint: string, { clientId, returnTo, idToken }: { readonly clientId: string; readonly returnTo: string; readonly idToken?: string }): string {
  const url = new URL(endSessionEndpoint);
  url.searchParams.set('post_logout_redirect_uri', returnTo);
  url.searchParams.set('client_id', clientId);
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  return url.toString();
}

const SIGN_IN_KEYS = ['token', 'access_token', 'refresh_token', 'expires_in', 'refresh_expires_in', 'id_token', 'error', 'error_description'];

/**
 * Reads the tokens Soliplex put into a return URL's fragment: `#token=…&refresh_token=…&expires_in=…
 * &refresh_expires_in=…`, or inside a fragment the page already had, `#frag?token=…`. `cleanUrl` is
 * the URL without those parameters (for `history.replaceState`, so tokens leave the address bar and
 * the history). A provider error (`error`, `error_description`) is reported as such.
 */
export function readLoginReturn(url: string, now: number = Date.now()): LoginReturn {
  const hashAt = url.indexOf('#');
  if (hashAt < 0) return { kind: 'none' };
  const base = url.slice(0, hashAt);
  const fragment = url.slice(hashAt + 1);
  const queryAt = fragment.indexOf('?');
  const [prefix, query] = queryAt >= 0 ? [fragment.slice(0, queryAt), fragment.slice(queryAt + 1)] : ['', fragment];
  const params = new URLSearchParams(query);
  const access = params.get('token') ?? params.get('access_token');
  const error = params.get('error');
  if (!access && !error) return { kind: 'none' };
  const rest = new URLSearchParams([...params].filter(([key]) => !SIGN_IN_KEYS.includes(key))).toString();
  const kept = queryAt >= 0 ? `${prefix}${rest ? `?${rest}` : ''}` : rest;
  const cleanUrl = kept ? `${base}#${kept}` : base;
  if (error) return { kind: 'error', error, ...(params.get('error_description') ? { description: params.get('error_description') as string } : {}), cleanUrl };
  return {
    kind: 'signed-in',
    tokens: tokensFrom({ access: access as string, refresh: params.get('refresh_token'), expiresIn: params.get('expires_in'), refreshExpiresIn: params.get('refresh_expires_in'), idToken: params.get('id_token') }, now),
    cleanUrl,
  };
}

/**
 * A `TokenSource` (see `SoliplexConnection.token`) over a signed-in session: it answers the access
 * token, refreshes at the provider when it expires within `marginMs` (default 60 s) or when the
 * server refused it (`refresh: true`), and reports each new token set through `onTokens` (so the
 * page can keep them: memory or session storage). Concurrent callers share one refresh. Without a
 * usable refresh token (none, expired, or refused by the provider) an expired session answers
 * undefined: sign in again. Other failures (network) reject.
 */
export function refreshingTokenSource(options: {
  readonly system: Pick<SoliplexLoginSystem, 'server_url' | 'client_id'>;
  readonly tokens: SoliplexTokens;
  readonly onTokens?: (tokens: SoliplexTokens) => void;
  readonly marginMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
}): (request: { refresh: boolean }) => Promise<string | undefined> {
  const now = options.now ?? Date.now;
  const margin = options.marginMs ?? 60_000;
  let tokens = options.tokens;
  let endpoints: Promise<OidcEndpoints> | undefined;
  let refreshing: Promise<SoliplexTokens> | undefined;

  const refresh = (): Promise<SoliplexTokens> => {
    refreshing ??= (async () => {
      try {
        endpoints ??= discoverOidc(options.system.server_url, { fetch: options.fetch });
        const { tokenEndpoint } = await endpoints.catch((error: unknown) => {
          endpoints = undefined; // try discovery again next time
          throw error;
        });
        tokens = await refreshTokens({ tokenEndpoint, clientId: options.system.client_id, refreshToken: tokens.refreshToken as string }, { fetch: options.fetch, now });
        try {
          options.onTokens?.(tokens);
        } catch {
          /* a throwing listener must not lose the new tokens */
        }
        return tokens;
      } finally {
        refreshing = undefined;
      }
    })();
    return refreshing;
  };

  return async ({ refresh: refused }) => {
    const stale = refused || (tokens.expiresAt !== undefined && tokens.expiresAt - margin <= now());
    if (!stale) return tokens.accessToken;
    if (!tokens.refreshToken || (tokens.refreshExpiresAt !== undefined && tokens.refreshExpiresAt <= now())) return undefined;
    try {
      return (await refresh()).accessToken;
    } catch (error) {
      // The provider refused the refresh token (expired, revoked): the session is over.
      if (error instanceof TransportError && error.kind === 'unauthorized') return undefined;
      throw error;
    }
  };
}

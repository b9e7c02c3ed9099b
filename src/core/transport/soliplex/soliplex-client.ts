import type { Message } from '@ag-ui/core';
import { TransportError, errorDetail, readErrorBody } from '../transport.js';
import { retryAfterMs } from '../retry-after.js';

/** A bearer token, or an async source of one: asked before every request, and again (`refresh: true`, once) after a 401. */
export type TokenSource = string | ((options: { refresh: boolean }) => string | undefined | Promise<string | undefined>);

export interface SoliplexConnection {
  /** The server's base URL (the API lives under `/api`). */
  readonly serverUrl: string;
  /** The bearer token or its source; omit for a server in no-auth mode. */
  readonly token?: TokenSource;
  readonly fetch?: typeof fetch;
}

/** A room as `GET /api/v1/rooms/{room}` describes it (the fields the widget uses). */
export interface SoliplexRoom {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly welcome_message?: string;
  readonly suggestions?: readonly string[];
  /** Whether the room takes attachments (older servers; newer ones give the room the `bubble-sandbox` skill). */
  readonly enable_attachments?: boolean;
  /** The room's skills, by name. */
  readonly skills?: Readonly<Record<string, unknown>> | null;
}

export interface SoliplexRun {
  readonly thread_id: string;
  readonly run_id: string;
  readonly parent_run_id?: string | null;
  readonly run_input?: { readonly messages?: readonly Message[]; readonly state?: unknown } | null;
  readonly created: string;
  readonly finished?: string | null;
  readonly events?: readonly unknown[];
}

export interface SoliplexThread {
  readonly room_id: string;
  readonly thread_id: string;
  readonly runs: Readonly<Record<string, SoliplexRun>>;
  readonly created: string;
  readonly metadata?: { readonly name?: string | null; readonly description?: string | null } | null;
  readonly last_activity?: string | null;
}

/**
 * Calls a Soliplex server with the bearer token. On a 401 it asks the token source for a fresh token
 * once and repeats the call; a second 401 is reported as "sign-in needed". What every Soliplex chat
 * uses (the room, its threads' creation, runs and their routes); `SoliplexApi` adds the thread list's
 * calls and uploads, loaded only by what uses them.
 */
export class SoliplexClient {
  readonly #connection: SoliplexConnection;

  constructor(connection: SoliplexConnection) {
    this.#connection = connection;
  }

  roomPath(room: string): string {
    return `/api/v1/rooms/${encodeURIComponent(room)}`;
  }

  getRoom(room: string, signal?: AbortSignal): Promise<SoliplexRoom> {
    return this.json('GET', this.roomPath(room), undefined, signal);
  }

  createThread(room: string, signal?: AbortSignal): Promise<SoliplexThread> {
    return this.json('POST', `${this.roomPath(room)}/agui`, {}, signal);
  }

  getThread(room: string, thread: string, signal?: AbortSignal): Promise<SoliplexThread> {
    return this.json('GET', `${this.roomPath(room)}/agui/${encodeURIComponent(thread)}`, undefined, signal);
  }

  createRun(room: string, thread: string, parentRunId: string | undefined, signal?: AbortSignal): Promise<SoliplexRun> {
    const body = parentRunId ? { parent_run_id: parentRunId } : {};
    return this.json('POST', `${this.roomPath(room)}/agui/${encodeURIComponent(thread)}`, body, signal);
  }

  getRun(room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexRun> {
    return this.json('GET', this.runPath(room, thread, run), undefined, signal);
  }

  runPath(room: string, thread: string, run: string): string {
    return `${this.roomPath(room)}/agui/${encodeURIComponent(thread)}/${encodeURIComponent(run)}`;
  }

  /**
   * A request with auth and the 401 refresh; non-2xx answers become `TransportError`s. A `FormData`
   * body goes as multipart, any other as JSON.
   */
  async request(method: string, path: string, init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
    const send = async (refresh: boolean) => {
      const token = await this.#resolveToken(refresh);
      const url = new URL(path, this.#connection.serverUrl.replace(/\/?$/, '/'));
      const doFetch = this.#connection.fetch ?? fetch;
      try {
        const form = init.body instanceof FormData;
        return await doFetch(url, {
          method,
          headers: {
            ...(init.body !== undefined && !form ? { 'Content-Type': 'application/json' } : {}),
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...init.headers,
          },
          body: form ? (init.body as FormData) : init.body !== undefined ? JSON.stringify(init.body) : undefined,
          signal: init.signal,
        });
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        throw new TransportError('network', `Could not reach the Soliplex server: ${(error as Error)?.message ?? error}`, undefined, { cause: error });
      }
    };
    let response = await send(false);
    if (response.status === 401 && typeof this.#connection.token === 'function') response = await send(true);
    if (!response.ok) throw await httpError(response);
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const response = await this.request(method, path, { body, signal });
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new TransportError('protocol', `The Soliplex server sent an unreadable answer to ${method} ${path}`, response.status, { cause: error });
    }
  }

  /** The token the next request will send (asked of the source once, as a request would). */
  currentToken(): Promise<string | undefined> {
    return this.#resolveToken(false);
  }

  async #resolveToken(refresh: boolean): Promise<string | undefined> {
    const source = this.#connection.token;
    if (typeof source !== 'function') return source;
    // Asked before every request, not cached: a source that refreshes ahead of expiry (the chat's own
    // sign-in, `refreshingTokenSource`) is then never sent stale. Sources should answer from memory.
    return (await source({ refresh })) ?? undefined;
  }
}

async function httpError(response: Response): Promise<TransportError> {
  const detail = errorDetail(await readErrorBody(response));
  if (response.status === 401 || response.status === 403) {
    return new TransportError('unauthorized', `Sign-in needed: the Soliplex server refused access (${response.status}).`, response.status);
  }
  return new TransportError('http', `The Soliplex server answered ${response.status}${detail ? `: ${detail}` : '.'}`, response.status, {
    retryAfterMs: retryAfterMs(response.headers.get('Retry-After')),
  });
}

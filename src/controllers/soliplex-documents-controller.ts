import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RunOrchestrator, ThreadKey, TokenSource } from '../core/index.js';
import { SoliplexApi } from '../core/transport/soliplex/soliplex-api.js';
import {
  buildDocumentFilter,
  documentFilterState,
  latestDocumentFilter,
  listDocuments,
  parseDocumentFilter,
  parseDocuments,
  type SoliplexDocument,
} from '../core/transport/soliplex/soliplex-documents.js';

export interface SoliplexDocumentsConfig {
  readonly engine: () => RunOrchestrator | undefined;
  /** The Soliplex server ('' when the chat talks to none, or the page turned documents off). */
  readonly serverUrl: () => string;
  readonly room: () => string;
  readonly thread: () => string;
  readonly token: TokenSource;
  /** Who starts this chat's turns (a thread its first send created keeps the choice made before). */
  readonly initiator: unknown;
  /** The `GET …/documents` answer already asked for this server and room (used once), else undefined: the controller asks. */
  readonly listed?: (server: string, room: string) => Promise<unknown> | undefined;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * Which of the room's documents the agent may search, as the official client sends it: the room's
 * documents (`GET …/rooms/{room}/documents`), the user's choice, and the filter every run of the
 * chat's turns carries (`state.rag.document_filter`: `"id = '…'"`, `"id IN (…)"`, or null for all).
 * A stored thread reopens with the filter of its newest run (`latestDocumentFilter`); a thread the
 * chat's first send created keeps the choice made before it. Nothing is sent for a room without
 * documents (or without the route).
 */
export class SoliplexDocumentsController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: SoliplexDocumentsConfig;
  #roomId?: string;
  #thread?: string;
  #abort = new AbortController();
  #threadAbort?: AbortController;
  /** The choice of threads the chat no longer shows (their background turns keep sending it). */
  readonly #byThread = new Map<string, ReadonlySet<string>>();
  /** Threads the chat's own first sends created. */
  readonly #created = new Set<string>();
  #engine?: RunOrchestrator;
  #unsubscribe?: () => void;
  /** The room's documents (empty: no picker). */
  documents: readonly SoliplexDocument[] = [];
  /** The documents chosen for the thread on screen (none: every document is searched). */
  selected: ReadonlySet<string> = NONE;

  constructor(host: ReactiveControllerHost, config: SoliplexDocumentsConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  /** The state a turn of this chat sends on `key`'s runs (see `TurnOptions.state`); none without documents. */
  stateFor(key: ThreadKey): Readonly<Record<string, unknown>> | undefined {
    if (this.documents.length === 0 || key.room !== this.#config.room()) return undefined;
    const chosen = key.thread && key.thread !== this.#config.thread() ? (this.#byThread.get(key.thread) ?? this.selected) : this.selected;
    return documentFilterState(buildDocumentFilter(chosen));
  }

  /** Ticks or unticks a document (the next run sends the new filter). */
  toggle(id: string): void {
    const next = new Set(this.selected);
    if (!next.delete(id)) next.add(id);
    this.selected = next;
    this.#host.requestUpdate();
  }

  hostUpdate(): void {
    const server = this.#config.serverUrl();
    const room = this.#config.room();
    this.#follow(this.#config.engine());
    const roomId = server && room ? JSON.stringify([server, room]) : '';
    if (roomId !== this.#roomId) {
      this.#roomId = roomId;
      this.documents = [];
      this.selected = NONE;
      this.#thread = undefined;
      if (roomId) void this.#list(roomId, server, room);
    }
    const thread = this.#config.thread();
    if (roomId && thread !== this.#thread) this.#threadChanged(thread);
  }

  hostDisconnected(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#roomId = undefined;
    this.#unsubscribe?.();
    this.#unsubscribe = this.#engine = undefined;
  }

  #follow(engine: RunOrchestrator | undefined): void {
    if (engine === this.#engine) return;
    this.#unsubscribe?.();
    this.#engine = engine;
    this.#unsubscribe = engine?.on((event) => {
      if (event.type === 'thread-created' && event.initiator === this.#config.initiator) this.#created.add(event.key.thread);
    });
  }

  #threadChanged(thread: string): void {
    const previous = this.#thread;
    this.#thread = thread;
    if (previous) this.#byThread.set(previous, this.selected);
    this.#threadAbort?.abort();
    // A new chat keeps the choice; so does the thread its first send created (its first run sent it).
    if (!thread || this.#created.has(thread)) return;
    const kept = this.#byThread.get(thread);
    if (kept) {
      this.selected = kept;
      return;
    }
    this.selected = NONE;
    if (this.documents.length > 0) void this.#restore(thread);
  }

  /** The filter the thread's newest run was sent with (`GET …/agui/{thread}`). */
  async #restore(thread: string): Promise<void> {
    const abort = (this.#threadAbort = new AbortController());
    try {
      const stored = await this.#api().getThread(this.#config.room(), thread, abort.signal);
      if (abort.signal.aborted || this.#thread !== thread) return;
      const filter = latestDocumentFilter(stored);
      const known = new Set(this.documents.map((d) => d.id));
      this.selected = new Set(parseDocumentFilter(filter).filter((id) => known.has(id)));
      this.#host.requestUpdate();
    } catch {
      // The thread's history load says what went wrong; the choice stays "all documents".
    }
  }

  async #list(roomId: string, server: string, room: string): Promise<void> {
    try {
      const listed = this.#config.listed?.(server, room);
      const documents = listed ? parseDocuments(await listed) : await listDocuments(this.#api(server), room, this.#abort.signal);
      if (roomId !== this.#roomId) return;
      this.documents = documents;
      // The thread on screen was shown before the documents were known: its choice now.
      const thread = this.#config.thread();
      if (documents.length > 0 && thread && !this.#created.has(thread) && !this.#byThread.has(thread)) void this.#restore(thread);
      this.#host.requestUpdate();
    } catch {
      // No documents route (an older server, a generic endpoint behind a proxy): no picker.
    }
  }

  #api(server = this.#config.serverUrl()): SoliplexApi {
    return new SoliplexApi({ serverUrl: server, token: this.#config.token });
  }
}

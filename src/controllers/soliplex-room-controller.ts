import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  SoliplexApi,
  describeFailure,
  startingState,
  type RunFailure,
  type RunOrchestrator,
  type RunState,
  type SoliplexRoom,
  type ThreadKey,
  type TokenSource,
} from '../core/index.js';

export interface SoliplexRoomControllerConfig {
  engine: () => RunOrchestrator | undefined;
  serverUrl: () => string;
  room: () => string;
  thread: () => string;
  setThread: (thread: string) => void;
  token: TokenSource;
  /** Told when a thread could not be created or loaded (for the host's error event). */
  onError: (failure: RunFailure) => void;
  /** Gives back the text of a send whose thread could not be created, so the draft is not lost. */
  restoreDraft: (text: string) => void;
}

/**
 * The Soliplex side of a chat: fetches the room (welcome message, suggestions), creates the thread on
 * the first send (so opening a page leaves no empty threads behind), and reloads the history of a
 * thread the page names. Inactive unless both a server URL and a room are set.
 */
export class SoliplexRoomController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: SoliplexRoomControllerConfig;
  #roomId?: string;
  #loadedThread?: string;
  #createdThread?: string;
  #abort = new AbortController();
  /** The room as the server describes it, once fetched. */
  room?: SoliplexRoom;
  /** True while the first send waits for its thread. */
  creating = false;
  /** Why the thread could not be created or loaded; cleared by the next attempt. */
  failure?: RunFailure;
  /** The text whose send is waiting for a thread (kept for a retry after a failure). */
  #pendingText = '';

  constructor(host: ReactiveControllerHost, config: SoliplexRoomControllerConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  get active(): boolean {
    return !!this.#config.serverUrl() && !!this.#config.room();
  }

  hostUpdate(): void {
    if (!this.active) return;
    const roomId = `${this.#config.serverUrl()} ${this.#config.room()}`;
    if (roomId !== this.#roomId) {
      this.#roomId = roomId;
      this.room = undefined;
      void this.#fetchRoom(roomId);
    }
    const thread = this.#config.thread();
    if (thread && thread !== this.#loadedThread && thread !== this.#createdThread) {
      this.#loadedThread = thread;
      void this.#loadHistory(thread);
    }
  }

  hostDisconnected(): void {
    this.#abort.abort();
    this.#abort = new AbortController();
    this.#roomId = undefined;
    this.#loadedThread = undefined;
  }

  /** The run state to show: thread creation counts as the turn's start, its failure as a failed turn. */
  runToShow(run: RunState): RunState {
    if (this.failure) return { status: 'failed', error: this.failure };
    if (this.creating) return startingState;
    return run;
  }

  /** Tries again to start the thread with the text that failed; false when there is none. */
  retryStart(): boolean {
    if (!this.failure || !this.#pendingText) return false;
    void this.startThread(this.#pendingText);
    return true;
  }

  /** Creates the thread, then sends `text` on it. Resolves to false when the thread could not be made. */
  async startThread(text: string): Promise<boolean> {
    const engine = this.#config.engine();
    if (!engine || this.creating) return false;
    this.#pendingText = text;
    this.creating = true;
    this.failure = undefined;
    this.#host.requestUpdate();
    let key: ThreadKey;
    try {
      key = await engine.createThread(this.#config.serverUrl(), this.#config.room(), this.#abort.signal);
    } catch (error) {
      this.creating = false;
      if (!this.#abort.signal.aborted) {
        this.#fail(error);
        this.#config.restoreDraft(text);
      }
      return false;
    }
    this.creating = false;
    this.#pendingText = '';
    this.#createdThread = key.thread;
    this.#config.setThread(key.thread);
    engine.send(key, text).catch((error) => console.error('[soliplex-chat] send failed', error));
    return true;
  }

  /** Forgets a failure, e.g. when the user starts a new thread. */
  reset(): void {
    this.failure = undefined;
    this.#host.requestUpdate();
  }

  async #fetchRoom(roomId: string): Promise<void> {
    const api = new SoliplexApi({ serverUrl: this.#config.serverUrl(), token: this.#config.token });
    try {
      const room = await api.getRoom(this.#config.room(), this.#abort.signal);
      if (roomId !== this.#roomId) return;
      this.room = room;
    } catch (error) {
      if (roomId === this.#roomId && !this.#abort.signal.aborted) this.#fail(error);
      return;
    }
    this.#host.requestUpdate();
  }

  async #loadHistory(thread: string): Promise<void> {
    const engine = this.#config.engine();
    if (!engine) return;
    const key: ThreadKey = { server: this.#config.serverUrl(), room: this.#config.room(), thread };
    try {
      await engine.loadThread(key, this.#abort.signal);
    } catch (error) {
      if (!this.#abort.signal.aborted && this.#config.thread() === thread) this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    this.failure = describeFailure(error);
    this.#config.onError(this.failure);
    this.#host.requestUpdate();
  }
}

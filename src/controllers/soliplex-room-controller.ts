import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type {
  RunFailure,
  RunOrchestrator,
  SoliplexRoom,
  TokenSource,
  TurnOptions,
} from '../core/index.js';
import { SoliplexClient } from '../core/transport/soliplex/soliplex-client.js';

export interface SoliplexRoomControllerConfig {
  engine: () => RunOrchestrator | undefined;
  serverUrl: () => string;
  room: () => string;
  thread: () => string;
  token: TokenSource;
  /** The options of the turns the chat starts: a run the server is still running is followed with them. */
  turnOptions?: () => TurnOptions;
  /** Told when the room or a thread's history could not be loaded (for the host's error event). */
  onError: (failure: RunFailure, stage?: 'history') => void;
}

/**
 * The Soliplex side of a chat: fetches the room (welcome message, suggestions) and asks the engine to
 * load the history of a thread the page names. Thread creation and history loading are the engine's
 * turns (their status is the thread's run state), so this controller keeps no run status of its own.
 * Inactive unless both a server URL and a room are set.
 */
export class SoliplexRoomController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: SoliplexRoomControllerConfig;
  #roomId?: string;
  #loadedThread?: string;
  #abort = new AbortController();
  /** The room as the server describes it, once fetched. */
  room?: SoliplexRoom;
  /** Why the room could not be fetched (the chat still works without its welcome). */
  roomFailure?: RunFailure;

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
    const roomId = JSON.stringify([this.#config.serverUrl(), this.#config.room()]);
    if (roomId !== this.#roomId) {
      this.#roomId = roomId;
      this.room = undefined;
      this.roomFailure = undefined;
      void this.#fetchRoom(roomId);
    }
    const thread = this.#config.thread();
    // From the CDN the engine's chunk may still be loading: the history loads on the render after it arrives.
    if (thread && thread !== this.#loadedThread && this.#config.engine()) {
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

  async #fetchRoom(roomId: string): Promise<void> {
    try {
      // The room's runs need the transport too (the engine loads it on first use): start it now.
      void import('../core/transport/soliplex/soliplex-transport.js');
      const api = new SoliplexClient({ serverUrl: this.#config.serverUrl(), token: this.#config.token });
      const room = await api.getRoom(this.#config.room(), this.#abort.signal);
      if (roomId !== this.#roomId) return;
      this.room = room;
    } catch (error) {
      const failure = await failureOf(error);
      if (roomId !== this.#roomId || this.#abort.signal.aborted) return;
      this.roomFailure = failure;
      this.#config.onError(failure);
    }
    this.#host.requestUpdate();
  }

  /** The engine loads only an idle, empty thread: a thread this chat just created is left alone. */
  async #loadHistory(thread: string): Promise<void> {
    const engine = this.#config.engine();
    if (!engine) return;
    try {
      await engine.loadThread({ server: this.#config.serverUrl(), room: this.#config.room(), thread }, this.#abort.signal, this.#config.turnOptions?.());
    } catch (error) {
      if (!this.#abort.signal.aborted) this.#config.onError(await failureOf(error), 'history');
    }
  }
}

/** A failure in a person's words; its code comes with the engine's chunk, not with the first paint. */
async function failureOf(error: unknown) {
  return (await import('../core/tool-loop/run-failure.js')).describeFailure(error);
}

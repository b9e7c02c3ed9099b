import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { threadKeyId, type EngineEvent, type RunOrchestrator, type ThreadKey, type ToolCall } from '../core/index.js';

export interface TurnEventsControllerConfig {
  engine: () => RunOrchestrator | undefined;
  threadKey: () => ThreadKey | undefined;
  /** Receives the engine's events for this thread only. */
  onEvent: (event: EngineEvent) => void;
  /** Asked before a call of this thread runs; return false to veto it. */
  beforeToolCall?: (call: ToolCall) => boolean | void;
}

/**
 * Relays one thread's engine events (turn started/finished, tool calls and results) to the host
 * while it is connected, and lets it veto that thread's tool calls. Callbacks are guarded: a host
 * callback that throws is logged and cannot break the engine.
 */
export class TurnEventsController implements ReactiveController {
  readonly #config: TurnEventsControllerConfig;
  #bound?: { engine: RunOrchestrator; release: () => void };

  constructor(host: ReactiveControllerHost, config: TurnEventsControllerConfig) {
    this.#config = config;
    host.addController(this);
  }

  hostConnected(): void {
    this.#bind();
  }

  hostUpdate(): void {
    this.#bind();
  }

  hostDisconnected(): void {
    this.#bound?.release();
    this.#bound = undefined;
  }

  /** Same thread as the one shown now: the key is read at event time, so a thread switch applies at once. */
  #isShown(key: ThreadKey): boolean {
    const shown = this.#config.threadKey();
    return !!shown && threadKeyId(shown) === threadKeyId(key);
  }

  #bind(): void {
    const engine = this.#config.engine();
    if (this.#bound?.engine === engine) return;
    this.hostDisconnected();
    if (!engine) return;
    const stopEvents = engine.on((event) => {
      if (!this.#isShown(event.key)) return;
      try {
        this.#config.onEvent(event);
      } catch (error) {
        console.error('[soliplex-chat] an event handler threw', error);
      }
    });
    const stopVeto = engine.addToolCallVeto((call, key) => {
      if (!this.#isShown(key)) return undefined;
      return this.#config.beforeToolCall?.(call);
    });
    this.#bound = {
      engine,
      release: () => {
        stopEvents();
        stopVeto();
      },
    };
  }
}

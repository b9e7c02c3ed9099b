import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { threadKeyId } from '../core/tool-loop/run-state.js';
import type { EngineEvent, RunOrchestrator, ThreadKey } from '../core/index.js';

export interface TurnEventsControllerConfig {
  engine: () => RunOrchestrator | undefined;
  threadKey: () => ThreadKey | undefined;
  /** The `initiator` the host passes to `send` / `retry`: its own turns are always followed. */
  initiator: unknown;
  /** Receives the events of the turns the host follows. */
  onEvent: (event: EngineEvent) => void;
}

/**
 * Relays the engine events of the turns the host follows: the turns it started, and turns others
 * started on the thread it shows. A followed turn is followed to its end whatever thread is on
 * screen by then (and after the host left the page), so every `turn-started` relayed is matched by
 * exactly one `turn-finished`. Callbacks are guarded: a host callback that throws cannot break the
 * engine.
 */
export class TurnEventsController implements ReactiveController {
  readonly #config: TurnEventsControllerConfig;
  /** One subscription per engine that still has followed turns (the current engine always). */
  readonly #subscriptions = new Map<RunOrchestrator, { stop: () => void; followed: Set<string> }>();
  #connected = false;

  constructor(host: ReactiveControllerHost, config: TurnEventsControllerConfig) {
    this.#config = config;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#sync();
  }

  hostUpdate(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#sync();
  }

  /** Subscribes to the current engine; lets go of others once their followed turns have ended. */
  #sync(): void {
    const current = this.#connected ? this.#config.engine() : undefined;
    if (current && !this.#subscriptions.has(current)) this.#subscribe(current);
    for (const [engine, subscription] of this.#subscriptions) {
      if (engine !== current && subscription.followed.size === 0) {
        subscription.stop();
        this.#subscriptions.delete(engine);
      }
    }
  }

  #subscribe(engine: RunOrchestrator): void {
    const followed = new Set<string>();
    const stop = engine.on((event) => {
      if (!followed.has(event.turnId)) {
        // New turns are followed only on the engine in use, by a host on the page.
        const live = this.#connected && this.#config.engine() === engine;
        if (event.type !== 'turn-started' || !live || !this.#concerns(event)) return;
        followed.add(event.turnId);
      }
      if (event.type === 'turn-finished') followed.delete(event.turnId);
      try {
        this.#config.onEvent(event);
      } catch (error) {
        console.error('[soliplex-chat] an event handler threw', error);
      }
      if (followed.size === 0) this.#sync();
    });
    this.#subscriptions.set(engine, { stop, followed });
  }

  /** The host's own turns, and turns others start on the thread it shows. */
  #concerns(event: EngineEvent): boolean {
    const shown = this.#config.threadKey();
    return event.initiator === this.#config.initiator || (!!shown && threadKeyId(shown) === threadKeyId(event.key));
  }
}

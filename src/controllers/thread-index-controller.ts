import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ThreadIndex, type RunOrchestrator } from '../core/index.js';

/** When no animation frame comes (a hidden tab), a waiting render runs after this long. */
const FRAME_FALLBACK_MS = 100;

/**
 * Binds a host to the thread index of an engine: while connected it listens to the index and asks
 * for one render per animation frame at most, however many threads stream at once.
 */
export class ThreadIndexController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #engine: () => RunOrchestrator | undefined;
  #bound?: { engine: RunOrchestrator; index: ThreadIndex; stop: () => void };
  #pending?: { frame: number; timer: ReturnType<typeof setTimeout> };

  constructor(host: ReactiveControllerHost, engine: () => RunOrchestrator | undefined) {
    this.#host = host;
    this.#engine = engine;
    host.addController(this);
  }

  /** The index of the current engine, while connected. */
  get index(): ThreadIndex | undefined {
    return this.#bound?.index;
  }

  hostConnected(): void {
    this.#bind();
  }

  hostUpdate(): void {
    this.#bind();
    this.#cancelPending();
  }

  hostDisconnected(): void {
    this.#bound?.stop();
    this.#bound = undefined;
    this.#cancelPending();
  }

  #bind(): void {
    const engine = this.#engine();
    if (this.#bound?.engine === engine) return;
    this.#bound?.stop();
    this.#bound = undefined;
    if (!engine) return;
    const index = ThreadIndex.for(engine);
    this.#bound = { engine, index, stop: index.subscribe(() => this.#schedule()) };
    this.#host.requestUpdate();
  }

  #schedule(): void {
    if (this.#pending) return;
    const render = () => {
      this.#cancelPending();
      this.#host.requestUpdate();
    };
    this.#pending = { frame: requestAnimationFrame(render), timer: setTimeout(render, FRAME_FALLBACK_MS) };
  }

  #cancelPending(): void {
    if (!this.#pending) return;
    cancelAnimationFrame(this.#pending.frame);
    clearTimeout(this.#pending.timer);
    this.#pending = undefined;
  }
}

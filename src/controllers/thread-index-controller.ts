import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ThreadIndex, type RunOrchestrator } from '../core/index.js';
import { NextFrame } from './next-frame.js';
import { STREAM_RENDER_MS } from './thread-controller.js';

/**
 * Binds a host to the thread index of an engine: while connected it listens to the index and asks
 * for one render per STREAM_RENDER_MS at most (on an animation frame), however many threads stream at once.
 */
export class ThreadIndexController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #engine: () => RunOrchestrator | undefined;
  #bound?: { engine: RunOrchestrator; index: ThreadIndex; stop: () => void };
  readonly #render = new NextFrame(() => this.#host.requestUpdate(), STREAM_RENDER_MS);

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
    this.#render.cancel();
  }

  hostDisconnected(): void {
    this.#bound?.stop();
    this.#bound = undefined;
    this.#render.cancel();
  }

  #bind(): void {
    const engine = this.#engine();
    if (this.#bound?.engine === engine) return;
    this.#bound?.stop();
    this.#bound = undefined;
    if (!engine) return;
    const index = ThreadIndex.for(engine);
    this.#bound = { engine, index, stop: index.subscribe(() => this.#render.schedule()) };
    this.#host.requestUpdate();
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RunOrchestrator } from '../core/index.js';

/**
 * Which engine a chat uses: the one the page shares with it, or else one of its own, made on first
 * need while connected and disposed when the chat leaves the page. A move in the DOM disconnects and
 * reconnects at once, so disposal waits a microtask and keeps the conversation through a move.
 */
export class EngineController implements ReactiveController {
  readonly #host: ReactiveControllerHost & { readonly isConnected: boolean };
  readonly #createOwn: () => RunOrchestrator | undefined;
  #shared?: RunOrchestrator;
  #own?: RunOrchestrator;

  /** `createOwn` may return undefined while the engine's code is still loading; it is asked again on the next call. */
  constructor(host: ReactiveControllerHost & { readonly isConnected: boolean }, createOwn: () => RunOrchestrator | undefined) {
    this.#host = host;
    this.#createOwn = createOwn;
    host.addController(this);
  }

  /** The engine in use, if any, without making one. */
  get engine(): RunOrchestrator | undefined {
    return this.#shared ?? this.#own;
  }

  /** The page's engine; setting one drops (and disposes) the chat's own. */
  get shared(): RunOrchestrator | undefined {
    return this.#shared;
  }
  set shared(engine: RunOrchestrator | undefined) {
    this.#shared = engine ?? undefined;
    if (engine) this.#disposeOwn();
  }

  /** The engine to use now, making the chat's own if it needs one. */
  current(): RunOrchestrator | undefined {
    if (this.#shared) return this.#shared;
    if (!this.#own && this.#host.isConnected) this.#own = this.#createOwn();
    return this.#own;
  }

  hostConnected(): void {
    this.current();
  }

  hostDisconnected(): void {
    queueMicrotask(() => {
      if (!this.#host.isConnected) this.#disposeOwn();
    });
  }

  #disposeOwn(): void {
    this.#own?.dispose();
    this.#own = undefined;
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { threadKeyId, type RunOrchestrator, type ThreadKey, type ThreadSnapshot } from '../core/index.js';

export interface ThreadControllerConfig {
  /** The engine whose registry holds the thread; read on connect and before every update. */
  engine: () => RunOrchestrator | undefined;
  /** The thread to show; read on connect and before every update. */
  threadKey: () => ThreadKey | undefined;
}

/**
 * Binds one host element to one thread of an engine: while the host is connected it listens to the
 * thread's snapshots (re-rendering the host on each change) and marks the thread as viewed, so a
 * turn that ends on a thread nobody shows leaves it `unread`. Follows the engine and thread the
 * config returns, re-subscribing when either changes.
 */
export class ThreadController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: ThreadControllerConfig;
  #bound?: { engine: RunOrchestrator; keyId: string; release: () => void };

  constructor(host: ReactiveControllerHost, config: ThreadControllerConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  /** The current snapshot of the thread, or undefined without an engine or thread. */
  get snapshot(): ThreadSnapshot | undefined {
    const engine = this.#config.engine();
    const key = this.#config.threadKey();
    return engine && key ? engine.registry.get(key) : undefined;
  }

  hostConnected(): void {
    this.#bind();
  }

  /** Before each render: the host's engine or thread may have changed. */
  hostUpdate(): void {
    this.#bind();
  }

  hostDisconnected(): void {
    this.#unbind();
  }

  #bind(): void {
    const engine = this.#config.engine();
    const key = this.#config.threadKey();
    const keyId = key ? threadKeyId(key) : undefined;
    if (this.#bound && this.#bound.engine === engine && this.#bound.keyId === keyId) return;
    this.#unbind();
    if (!engine || !key || !keyId) return;
    const unsubscribe = engine.registry.subscribe(() => this.#host.requestUpdate(), key);
    const unview = engine.registry.view(key);
    this.#bound = {
      engine,
      keyId,
      release: () => {
        unsubscribe();
        unview();
      },
    };
    // The thread may have changed while nobody listened.
    this.#host.requestUpdate();
  }

  #unbind(): void {
    this.#bound?.release();
    this.#bound = undefined;
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { LocalThreadProblem, LocalThreadSync, RunOrchestrator, ThreadKey } from '../../core/index.js';
import { threadKeyId } from '../../core/tool-loop/run-state.js';
import { keepThreadsLocallyIfLoaded } from './chat-parts.js';

/** How long the chat waits for a kept thread before it shows its empty state anyway. */
const LOOKUP_PATIENCE_MS = 2000;

export interface LocalThreadsOptions {
  /** The chat's own engine; undefined with a page's shared engine (the page keeps its threads its own way) or while it loads. */
  readonly engine: () => RunOrchestrator | undefined;
  readonly threadKey: () => ThreadKey;
  /** `persist` is on and the engine is the chat's own (once loaded). */
  readonly enabled: () => boolean;
  /** The thread was set by the page (attribute, property, a URL), not made up here: a kept copy may exist. */
  readonly pageThread: () => boolean;
  /** Storage failed: said once per chat. */
  readonly onProblem: (problem: LocalThreadProblem) => void;
}

/**
 * Keeps a chat's conversations in this browser (generic endpoints: Soliplex servers keep their own):
 * its own engine's threads are saved as they change (see `LocalThreadSync`), and the thread the page
 * names is reopened from storage. Until that lookup answers, `reopening` is true, so the chat does
 * not flash its empty state before the kept conversation appears.
 */
export class LocalThreadsController implements ReactiveController {
  readonly #host: ReactiveControllerHost & { readonly isConnected: boolean };
  readonly #options: LocalThreadsOptions;
  /** The engine whose sync is loading or bound. */
  #engine?: RunOrchestrator;
  #bound?: { engine: RunOrchestrator; sync: LocalThreadSync; stop: () => void };
  /** Threads whose lookup has answered, for the bound engine. */
  readonly #looked = new Set<string>();
  #reported = false;

  constructor(host: ReactiveControllerHost & { readonly isConnected: boolean }, options: LocalThreadsOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  /** The page's thread is being looked up in storage (also while the engine's code loads). */
  get reopening(): boolean {
    const key = this.#options.threadKey();
    return this.#applies(key) && this.#options.pageThread() && !this.#looked.has(threadKeyId(key));
  }

  /** Why conversations are not kept, if storage failed. */
  get problem(): LocalThreadProblem | undefined {
    return this.#bound?.sync.problem;
  }

  /** Another tab changed the thread on screen and this chat could not follow. */
  get outOfDate(): boolean {
    return !!this.#bound?.sync.isOutOfDate(this.#options.threadKey());
  }

  hostConnected(): void {
    this.#bind();
  }

  hostUpdate(): void {
    this.#bind();
  }

  hostDisconnected(): void {
    // A move in the DOM reconnects at once; a chat that left the page stops listening (its engine is disposed).
    queueMicrotask(() => {
      if (!this.#host.isConnected) this.#unbind();
    });
  }

  #applies(key: ThreadKey): boolean {
    return this.#options.enabled() && !key.room && !!key.thread;
  }

  #bind(): void {
    const engine = this.#options.enabled() ? this.#options.engine() : undefined;
    if (this.#engine !== engine) {
      this.#unbind();
      this.#engine = engine;
      const keeping = engine && keepThreadsLocallyIfLoaded(engine, () => this.#engine === engine);
      keeping?.then(
        (sync) => {
          if (!sync || !engine || this.#engine !== engine || this.#bound) return;
          this.#bound = { engine, sync, stop: sync.subscribe(() => this.#changed()) };
          this.#lookUp(); // now, not at the next update: the read starts as early as it can
          this.#changed();
        },
        (error: unknown) => {
          console.error('[soliplex-chat] conversations cannot be kept: its code could not be loaded', error);
          if (this.#engine === engine) this.#engine = undefined;
        },
      );
    }
    this.#lookUp();
  }

  /** Reads the thread on screen from storage, once per thread (while bound). */
  #lookUp(): void {
    const key = this.#options.threadKey();
    const id = threadKeyId(key);
    const bound = this.#bound;
    if (!bound || !this.#applies(key) || this.#looked.has(id)) return;
    // A storage that never answers (an open blocked by another tab) must not keep the chat blank.
    const patience = new Promise((resolve) => setTimeout(resolve, LOOKUP_PATIENCE_MS));
    void Promise.race([bound.sync.reopen(key), patience]).finally(() => {
      if (this.#bound !== bound) return;
      this.#looked.add(id);
      this.#host.requestUpdate();
    });
  }

  #unbind(): void {
    this.#engine = undefined;
    if (!this.#bound) return;
    this.#bound.stop();
    this.#bound.sync.close();
    this.#bound = undefined;
    this.#looked.clear();
  }

  #changed(): void {
    const problem = this.#bound?.sync.problem;
    if (problem && !this.#reported) {
      this.#reported = true;
      this.#options.onProblem(problem);
    }
    this.#host.requestUpdate();
  }
}

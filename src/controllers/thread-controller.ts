import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { NextFrame } from './next-frame.js';
import { isRunning, threadKeyId } from '../core/tool-loop/run-state.js';
import { awaitingStreamEnd } from './stream-end.js';
import type { RunOrchestrator, RunState, ThreadKey, ThreadSnapshot } from '../core/index.js';

/**
 * The least time between two renders of a streaming thread (about 30 a second). Each render lays out
 * and paints what the stream added since the last one, whose cost is mostly per render, not per
 * character: every other frame halves it, and text still flows smoothly.
 */
export const STREAM_RENDER_MS = 33;

export interface ThreadControllerConfig {
  /** The engine whose registry holds the thread; read on connect and before every update. */
  engine: () => RunOrchestrator | undefined;
  /** The thread to show; read on connect and before every update. */
  threadKey: () => ThreadKey | undefined;
}

/**
 * Binds one host element to one thread of an engine: while the host is connected it listens to the
 * thread's snapshots (re-rendering the host on changes) and marks the thread as viewed, so a
 * turn that ends on a thread nobody shows leaves it `unread`. Follows the engine and thread the
 * config returns, re-subscribing when either changes.
 *
 * Renders at most once per STREAM_RENDER_MS however fast events arrive: a change of the conversation
 * alone (streamed text, tool call progress) or of the run's phase (a tool hop) asks for an update on
 * the next frame that far from the last (see `NextFrame`: a hidden tab still finishes); a run that finished while its stream
 * is still open waits for the engine's next step (the hop, or the turn's end). A
 * run that starts or ends, or a change of `unread`, asks at once, so a page that hears about it
 * (`soliplex-run-finished`) and awaits the element's `updateComplete` sees it rendered.
 */
export class ThreadController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: ThreadControllerConfig;
  #bound?: { engine: RunOrchestrator; keyId: string; release: () => void };
  /** The snapshot the host last rendered (or was asked to render at once). */
  #rendered?: ThreadSnapshot;
  readonly #render = new NextFrame(() => this.#host.requestUpdate(), STREAM_RENDER_MS);

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
    // This render shows the latest snapshot: a render waiting for a frame has nothing left to do.
    this.#render.cancel();
    this.#rendered = this.snapshot;
  }

  hostDisconnected(): void {
    this.#unbind();
  }

  #onChange(snapshot: ThreadSnapshot): void {
    const rendered = this.#rendered;
    // At once: the first render, unread, and a run that starts or ends (a page that hears about it
    // and awaits updateComplete sees it). Phase changes within a run (a tool hop) wait for the frame.
    const runEdge = !!rendered && !sameRun(rendered.run, snapshot.run) && (!isRunning(rendered.run) || !isRunning(snapshot.run));
    if (!rendered || rendered.unread !== snapshot.unread || runEdge) {
      this.#render.cancel();
      this.#rendered = snapshot;
      this.#host.requestUpdate();
      return;
    }
    // The run has finished but its stream has not ended yet: the engine is about to hop to the
    // continuation (or end the turn), and says so at once. The view waits for that (a render waiting
    // for the frame included) rather than render the state in between, so the continuation request
    // goes out before the frame: no render storm between runs (see `NextFrame.defer`).
    if (awaitingStreamEnd(snapshot)) this.#render.defer();
    else this.#render.schedule();
  }

  #bind(): void {
    const engine = this.#config.engine();
    const key = this.#config.threadKey();
    const keyId = key ? threadKeyId(key) : undefined;
    if (this.#bound && this.#bound.engine === engine && this.#bound.keyId === keyId) return;
    this.#unbind();
    if (!engine || !key || !keyId) return;
    const unsubscribe = engine.registry.subscribe((snapshot) => this.#onChange(snapshot), key);
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
    this.#render.cancel();
    this.#rendered = undefined;
  }
}

/** Whether two run states say the same (the engine may build an equal one anew). */
function sameRun(a: RunState, b: RunState): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof RunState)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

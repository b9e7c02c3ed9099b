import type { BaseEvent } from '@ag-ui/core';
import { TransportError, type RunEventSink, type RunRequest, type Transport } from '../core/index.js';

/** A step of a scripted run: an event, or a directive for the harness. */
export type Step =
  | BaseEvent
  | { readonly $throw: TransportError }
  | { readonly $hang: true }
  | { readonly $wait: Promise<unknown> };

export type ScriptedRun = readonly Step[] | ((request: RunRequest) => readonly Step[]);

/**
 * An in-page transport that answers the n-th run with the n-th script, recording each request. Events
 * are delivered asynchronously (one macrotask apart), as a real stream would.
 */
export class ScriptedTransport implements Transport {
  readonly requests: RunRequest[] = [];
  readonly #runs: ScriptedRun[];

  constructor(runs: ScriptedRun[]) {
    this.#runs = [...runs];
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    this.requests.push(request);
    const script = this.#runs[this.requests.length - 1];
    if (!script) throw new TransportError('http', `script exhausted at request ${this.requests.length}`, 500);
    const steps = typeof script === 'function' ? script(request) : script;
    for (const step of steps) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (request.signal.aborted) return { runId: request.runId };
      if ('$throw' in step) throw step.$throw;
      if ('$hang' in step) {
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve, { once: true }));
        return { runId: request.runId };
      }
      if ('$wait' in step) {
        await step.$wait;
        continue;
      }
      onEvent(step);
    }
    return { runId: request.runId };
  }
}

/** A promise with its resolve function, for steering a test step by step. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Resolves once `predicate` holds, polling each macrotask (rejects after `limitMs`). */
export async function until(predicate: () => boolean | Promise<boolean>, limitMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > limitMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

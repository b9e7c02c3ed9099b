import type { BaseEvent, Message, ResumeEntry } from '@ag-ui/core';
import { TransportError, type HistoryProgress, type HistoryRun } from '../transport.js';
import type { SoliplexApi, SoliplexRun } from './soliplex-api.js';

/**
 * How many run GETs are in flight at once. More than the 6 connections a browser opens per host over
 * HTTP/1.1, so the next request already waits in the network stack while a response is read in JS
 * (and an HTTP/2 server is not held to 6); bounded, so an abort or a failure has few to cancel.
 */
export const HISTORY_CONCURRENCY = 16;

export interface SoliplexHistoryOptions {
  /** Called with `(0, total)` once the thread is read, then after each run: see `HistoryProgress`. */
  readonly onProgress?: HistoryProgress;
  /** Run GETs in flight at once (default `HISTORY_CONCURRENCY`). */
  readonly concurrency?: number;
}

/**
 * Reads a stored thread (there is no messages endpoint, and only a run's own GET has its events): the
 * thread, then its finished runs, `concurrency` GETs at a time, returned in creation order whatever
 * order they arrive in. The first failed GET fails the whole load and cancels the others; an abort of
 * `signal` cancels every request in flight, starts no more and rejects with the signal's reason.
 *
 * Each run's `messages` are only those its input adds to the transcript since the earlier runs' inputs
 * (a Soliplex client sends the whole transcript on every run, so run N's input repeats runs 1…N-1):
 * the previous run's answer as the client sent it back, the user's message and the tool results, all
 * `replayHistory` needs, without the quadratic repetition (replaying it costs O(runs × transcript)).
 */
export async function loadSoliplexHistory(
  api: SoliplexApi,
  room: string,
  threadId: string,
  signal: AbortSignal,
  { onProgress, concurrency = HISTORY_CONCURRENCY }: SoliplexHistoryOptions = {},
): Promise<HistoryRun[]> {
  const thread = await api.getThread(room, threadId, signal);
  const finished = Object.values(thread.runs ?? {})
    .filter((run) => run.finished)
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  const total = finished.length;
  const report = (loaded: number) => {
    try {
      onProgress?.(loaded, total);
    } catch {
      // a throwing progress listener must not break the load
    }
  };
  report(0);

  let loaded = 0;
  const runs = await mapBounded(finished, concurrency >= 1 ? Math.floor(concurrency) : HISTORY_CONCURRENCY, signal, async (listed, index, runSignal) => {
    let run: SoliplexRun;
    try {
      run = await api.getRun(room, threadId, listed.run_id, runSignal);
    } catch (error) {
      if (runSignal.aborted) throw error; // cancelled, or another run failed first: not this run's failure
      throw historyError(error, index, total);
    }
    runSignal.throwIfAborted(); // the load already ended: no progress after it settles
    report(++loaded);
    return run;
  });

  const seen = new Set<string>();
  return runs.map((run, index) => {
    const input = (run.run_input ?? finished[index]!.run_input)?.messages ?? [];
    const added = input.filter((message: Message) => typeof message?.id !== 'string' || !seen.has(message.id));
    for (const message of input) if (typeof message?.id === 'string') seen.add(message.id);
    return {
      runId: finished[index]!.run_id,
      messages: added,
      events: (Array.isArray(run.events) ? run.events : []) as BaseEvent[],
      state: (run.run_input ?? finished[index]!.run_input)?.state,
      ...resumeOf(run.run_input ?? finished[index]!.run_input),
    };
  });
}

/** The run input's `resume` entries (answers to the previous run's interrupts), when it had any. */
function resumeOf(input: object | null | undefined): { resume?: ResumeEntry[] } {
  const resume = (input as { resume?: unknown } | null | undefined)?.resume;
  return Array.isArray(resume) ? { resume: resume as ResumeEntry[] } : {};
}

/** The failed run named in the message, kind and status kept (a 401 stays "sign-in needed"). */
function historyError(error: unknown, index: number, total: number): unknown {
  const why = (error as Error)?.message ?? String(error);
  const message = `Could not load the thread's history: run ${index + 1} of ${total} failed. ${why}`;
  if (error instanceof TransportError) return new TransportError(error.kind, message, error.status, { cause: error });
  return new TransportError('network', message, undefined, { cause: error });
}

/**
 * `task` over `items`, at most `limit` at a time, results in the items' order. The first rejection
 * aborts the `task` signal of every other item, starts no more, and rejects with that reason; so
 * does an abort of `signal` (with the signal's reason).
 */
async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  task: (item: T, index: number, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  signal.throwIfAborted();
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      controller.signal.throwIfAborted();
      const index = next++;
      results[index] = await task(items[index]!, index, controller.signal);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return results;
  } catch (error) {
    if (!controller.signal.aborted) controller.abort(error);
    throw signal.aborted ? signal.reason : error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

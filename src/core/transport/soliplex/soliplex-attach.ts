import type { BaseEvent } from '@ag-ui/core';
import { forEachSseFrame } from '../sse-reader.js';
import { TransportError, type RunEventSink } from '../transport.js';
import type { SoliplexApi } from './soliplex-api.js';

/** How often a follow that finds no stored event yet, or drops, reads the run again before giving up. */
const ATTEMPTS = 20;
const RETRY_DELAY_MS = 250;

/**
 * Follows a run the Soliplex server is still running (a reload found it unfinished): every event it
 * stored so far from its GET, then the rest live, by POSTing the run again with `Last-Event-ID` set to
 * the last event read (the server replays what came after it, then follows the run to its end; the
 * body, the run's own input, is ignored). A run that finished meanwhile is just its GET. A run with no
 * event stored yet is asked from before its first event (`{run}:-1`); a server that refuses that, or a
 * dropped stream, is read again after a pause, a bounded number of times. Resolves when the run's
 * stream ends or `signal` aborts; rejects with a `TransportError` when the run cannot be followed.
 */
export async function attachSoliplexRun(
  api: SoliplexApi,
  room: string,
  threadId: string,
  runId: string,
  signal: AbortSignal,
  onEvent: RunEventSink,
): Promise<void> {
  let delivered = 0;
  // The engine's own listener throwing is no dropped connection: never read again.
  let listenerFailed = false;
  const deliver = (event: unknown) => {
    const checked = checkedEvent(event);
    try {
      onEvent(checked);
    } catch (error) {
      listenerFailed = true;
      throw error;
    }
  };
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) return;
    let lastError: unknown;
    try {
      const run = await api.getRun(room, threadId, runId, signal);
      const events = Array.isArray(run.events) ? run.events : [];
      // Events already delivered (an earlier attempt) are not delivered again.
      for (; delivered < events.length; delivered++) deliver(events[delivered]);
      if (run.finished) return;
      const response = await api.request('POST', api.runPath(room, threadId, runId), {
        body: run.run_input ?? {},
        headers: { Accept: 'text/event-stream', 'Last-Event-ID': `${runId}:${delivered - 1}` },
        signal,
      });
      if (!response.body) throw new TransportError('protocol', 'The Soliplex server sent no stream.');
      await forEachSseFrame(response.body, (data, id) => {
        const index = id === undefined ? NaN : Number(id.slice(id.lastIndexOf(':') + 1));
        // Frames the GET already gave are skipped (a server may replay from an earlier point).
        if (Number.isInteger(index) && index < delivered) return;
        deliver(parse(data));
        delivered++;
      });
      return;
    } catch (error) {
      if (signal.aborted) return;
      if (listenerFailed) throw error;
      if (error instanceof TransportError && (error.kind === 'unauthorized' || error.kind === 'protocol')) throw error;
      lastError = error;
    }
    if (attempt + 1 >= ATTEMPTS) {
      throw lastError instanceof TransportError
        ? lastError
        : new TransportError('network', 'The answer the server was writing could not be followed.', undefined, { cause: lastError });
    }
    await pause(RETRY_DELAY_MS, signal);
  }
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new TransportError('protocol', `The agent sent a frame that is not JSON: ${data.slice(0, 80)}`, undefined, { cause: error });
  }
}

function checkedEvent(event: unknown): BaseEvent {
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new TransportError('protocol', 'The agent sent an event without a type.');
  }
  return event as BaseEvent;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

import { PROTOCOL_VERSION, type BaseEvent, type ResumeEntry } from '@ag-ui/core';
import { forEachSseFrame } from '../sse-reader.js';
import {
  TransportError,
  type CreatedThread,
  type HistoryPreview,
  type HistoryProgress,
  type RunEventSink,
  type RunRequest,
  type StoredThreadInfo,
  type Transport,
} from '../transport.js';
import { SoliplexApi, type SoliplexConnection } from './soliplex-api.js';
import type { HistoryRunStore } from './soliplex-history.js';

export interface SoliplexTransportOptions extends SoliplexConnection {
  readonly room: string;
  /** How often a dropped stream is resumed with `Last-Event-ID` (default 3). */
  readonly resumeAttempts?: number;
  /** Delay before the first resume, doubled each time (default 300 ms). */
  readonly resumeDelayMs?: number;
  /** Run GETs in flight at once while a history loads (default 16, see `HISTORY_CONCURRENCY`). */
  readonly historyConcurrency?: number;
  /**
   * Where finished runs are kept between loads (e.g. `new SoliplexHistoryCache()`, IndexedDB), keyed
   * per server, room, thread and token. None by default here; a chat's own engine keeps them unless
   * `persist="false"`.
   */
  readonly historyCache?: HistoryRunStore;
  /** Preview a reloaded thread from its latest run's transcript while the other runs load (default true). */
  readonly historyFastPath?: boolean;
}

/**
 * A transport for a Soliplex server: threads and runs are created on the server (runs are single-use:
 * a thread's first turn uses its initial run, every later run is created first), and a stream that
 * drops after frames with `id:` is resumed with `Last-Event-ID` (the run goes on server-side).
 */
export class SoliplexTransport implements Transport {
  readonly api: SoliplexApi;
  readonly options: SoliplexTransportOptions;
  /** Unused initial runs of threads this transport created, by thread id. */
  readonly #initialRuns = new Map<string, string>();

  constructor(options: SoliplexTransportOptions) {
    this.options = options;
    this.api = new SoliplexApi(options);
  }

  async createThread(signal: AbortSignal): Promise<CreatedThread> {
    const thread = await this.api.createThread(this.options.room, signal);
    const [initialRunId] = Object.keys(thread.runs);
    if (initialRunId) this.#initialRuns.set(thread.thread_id, initialRunId);
    const state = initialRunId ? thread.runs[initialRunId]?.run_input?.state : undefined;
    return { threadId: thread.thread_id, ...(state !== undefined ? { state } : {}) };
  }

  /**
   * The thread's finished runs: one GET for the thread, then one per run not in `historyCache` (only
   * a run's own GET has its events), `historyConcurrency` at a time, reported to `onProgress` as runs
   * arrive; `onPreview` is given the cached runs, then the thread rebuilt from its transcript.
   */
  async loadHistory(threadId: string, signal: AbortSignal, onProgress?: HistoryProgress, onPreview?: HistoryPreview) {
    const { room, serverUrl, historyCache, historyConcurrency, historyFastPath } = this.options;
    // Loaded on the first reload: a chat that only starts new threads never needs this code.
    const [{ loadSoliplexHistory }, { historyCacheKey }] = await Promise.all([import('./soliplex-history.js'), import('./soliplex-history-cache.js')]);
    const key = historyCache ? await historyCacheKey(serverUrl, room, threadId, await this.api.currentToken()) : undefined;
    return loadSoliplexHistory(this.api, room, threadId, signal, {
      onProgress,
      ...(onPreview ? { onPreview } : {}),
      ...(historyConcurrency !== undefined ? { concurrency: historyConcurrency } : {}),
      ...(historyCache && key ? { cache: { store: historyCache, key } } : {}),
      ...(historyFastPath !== undefined ? { fastPath: historyFastPath } : {}),
    });
  }

  async #recordResume(threadId: string, runId: string, resume: readonly ResumeEntry[]): Promise<void> {
    const { historyCache, serverUrl, room } = this.options;
    if (!historyCache?.recordResume) return;
    try {
      const { historyCacheKey } = await import('./soliplex-history-cache.js');
      const key = await historyCacheKey(serverUrl, room, threadId, await this.api.currentToken());
      if (key) await historyCache.recordResume(key, runId, resume);
    } catch {
      // No record: a reload then reads the answers from the runs that follow.
    }
  }

  /** Follows a run the server is still running, from its start (see `attachSoliplexRun`). */
  async attachRun(threadId: string, runId: string, signal: AbortSignal, onEvent: RunEventSink): Promise<void> {
    const { attachSoliplexRun } = await import('./soliplex-attach.js');
    return attachSoliplexRun(this.api, this.options.room, threadId, runId, signal, onEvent);
  }

  async listThreads(signal: AbortSignal): Promise<readonly StoredThreadInfo[]> {
    const threads = await this.api.listThreads(this.options.room, signal);
    return threads
      .filter((thread) => typeof thread?.thread_id === 'string')
      .map((thread) => {
        const name = typeof thread.metadata?.name === 'string' && thread.metadata.name ? thread.metadata.name : undefined;
        const time = Date.parse(thread.last_activity ?? thread.created);
        return { threadId: thread.thread_id, ...(name ? { name } : {}), ...(Number.isNaN(time) ? {} : { lastActivity: time }) };
      });
  }

  deleteThread(threadId: string, signal: AbortSignal): Promise<void> {
    this.#initialRuns.delete(threadId);
    return this.api.deleteThread(this.options.room, threadId, signal);
  }

  renameThread(threadId: string, name: string, signal: AbortSignal): Promise<void> {
    return this.api.renameThread(this.options.room, threadId, name, signal);
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    const { room } = this.options;
    const thread = request.threadId;
    let runId = this.#initialRuns.get(thread);
    if (runId) this.#initialRuns.delete(thread);
    else runId = (await this.api.createRun(room, thread, request.parentRunId, request.signal)).run_id;

    // Soliplex stores the input without `resume`: the widget keeps its own record, for reloads.
    if (request.resume?.length) void this.#recordResume(thread, runId, request.resume);
    const input = {
      threadId: thread,
      runId,
      ...(request.parentRunId ? { parentRunId: request.parentRunId } : {}),
      protocolVersion: PROTOCOL_VERSION,
      state: request.state ?? {},
      messages: request.messages,
      tools: request.tools,
      context: request.context ?? [],
      forwardedProps: request.forwardedProps ?? {},
      ...(request.resume?.length ? { resume: request.resume } : {}),
    };
    const path = this.api.runPath(room, thread, runId);
    const attempts = this.options.resumeAttempts ?? 3;
    let lastEventId: string | undefined;
    // Set when the engine's own listener threw: that is no dropped connection, so never resumed.
    let listenerFailed = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await this.api.request('POST', path, {
          body: input,
          headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
          signal: request.signal,
        });
        if (!response.body) throw new TransportError('protocol', 'The Soliplex server sent no stream.');
        await forEachSseFrame(response.body, (data, id) => {
          if (id !== undefined) lastEventId = id;
          const event = parseEvent(data);
          try {
            onEvent(event);
          } catch (error) {
            listenerFailed = true;
            throw error;
          }
        });
        return { runId }; // a clean close: never resumed
      } catch (error) {
        if (listenerFailed) throw error; // as is: not a network error, not resumed
        if (request.signal.aborted) return { runId };
        // Resume only a dropped connection after frames with ids, never a 4xx or a broken protocol.
        const dropped = !(error instanceof TransportError) || error.kind === 'network';
        if (!dropped || lastEventId === undefined || attempt >= attempts) {
          throw error instanceof TransportError
            ? error
            : new TransportError('network', 'The connection to the Soliplex server dropped mid-answer.', undefined, { cause: error });
        }
        await delay((this.options.resumeDelayMs ?? 300) * 2 ** attempt, request.signal);
        if (request.signal.aborted) return { runId };
      }
    }
  }
}

function parseEvent(data: string): BaseEvent {
  let event: unknown;
  try {
    event = JSON.parse(data);
  } catch (error) {
    throw new TransportError('protocol', `The agent sent a frame that is not JSON: ${data.slice(0, 80)}`, undefined, { cause: error });
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new TransportError('protocol', 'The agent sent a frame without an event type.');
  }
  return event as BaseEvent;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

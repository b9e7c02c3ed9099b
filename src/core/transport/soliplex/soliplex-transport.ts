import {
  type CreatedThread,
  type HistoryPreview,
  type HistoryProgress,
  type RunEventSink,
  type RunRequest,
  type StoredThreadInfo,
  type Transport,
} from '../transport.js';
import { SoliplexClient, type SoliplexConnection } from './soliplex-client.js';
import type { HistoryRunStore } from './soliplex-history.js';
import { followRun } from './soliplex-follow.js';
import { hasAttachments, isPlainRun, plainSoliplexRunInput } from './soliplex-plain-input.js';

export interface SoliplexTransportOptions extends SoliplexConnection {
  readonly room: string;
  /**
   * Consecutive resumes of a dropped stream (with `Last-Event-ID`) before the run fails (default 5,
   * as Soliplex's own client; 0: never resume). A resume that delivered events resets the count.
   */
  readonly resumeAttempts?: number;
  /** Wait before the first resume, doubled each attempt (default 500 ms). */
  readonly resumeDelayMs?: number;
  /** Longest wait between resumes, jitter included (default 8000 ms). */
  readonly resumeMaxDelayMs?: number;
  /** Random spread of each wait, as a fraction of it (default 0.2: ±20 %). */
  readonly resumeJitter?: number;
  /**
   * A stream that sends no byte at all for this long, not even Soliplex's `: keepalive` comment
   * (sent after 15 s of silence), is taken as a dropped connection and resumed (default 45 000 ms).
   */
  readonly stallTimeoutMs?: number;
  /**
   * A run that sends no AG-UI event for this long, across resumes and keepalives, is taken as one that
   * will never finish on the server (its process died) and fails with a message saying so; the
   * conversation is kept and Retry is offered (default 600 000 ms, 10 minutes: with Soliplex's default
   * message delivery a long answer arrives in one piece at its end, with only keepalives before).
   */
  readonly maxEventWaitMs?: number;
  /** Run GETs in flight at once while a history loads (default 16, see `HISTORY_CONCURRENCY`). */
  readonly historyConcurrency?: number;
  /**
   * Where finished runs are kept between loads (e.g. `new SoliplexHistoryCache()`, IndexedDB), keyed
   * per server, room, thread and token. None by default here; a chat's own engine keeps them unless
   * `no-persist`.
   */
  readonly historyCache?: HistoryRunStore;
  /** Preview a reloaded thread from its latest run's transcript while the other runs load (default true). */
  readonly historyFastPath?: boolean;
}

/**
 * A transport for a Soliplex server: threads and runs are created on the server (runs are single-use:
 * a thread's first turn uses its initial run, every later run is created first); every run input is
 * shaped for the AG-UI Python models Soliplex validates with (`soliplexRunInput`); attachments go
 * only to rooms that take them; a stream that drops after frames with `id:` is resumed with
 * `Last-Event-ID` as Soliplex's own client does (the run goes on server-side), and a run that never
 * finishes ends after `maxEventWaitMs`.
 */
export class SoliplexTransport implements Transport {
  /** The requests every run makes (the thread list's calls are `SoliplexApi`'s, loaded with the list). */
  readonly api: SoliplexClient;
  readonly options: SoliplexTransportOptions;
  /** Unused initial runs of threads this transport created, by thread id. */
  readonly #initialRuns = new Map<string, string>();
  /** Attachments already uploaded, by thread and `attachmentKey`: the file's name on the server. */
  readonly #uploaded = new Map<string, string>();

  constructor(options: SoliplexTransportOptions) {
    this.options = options;
    this.api = new SoliplexClient(options);
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
    // Loaded on the first reload: a chat that only starts new threads never needs this code.
    return (await import('./soliplex-history.js')).loadTransportHistory(this, threadId, signal, onProgress, onPreview);
  }

  // The thread list's calls: their code (soliplex-thread-ops.ts, with `SoliplexApi`) loads with the list.
  async listThreads(signal: AbortSignal): Promise<readonly StoredThreadInfo[]> {
    return (await threadOps()).listRoomThreads(this.options, signal);
  }

  async deleteThread(threadId: string, signal: AbortSignal): Promise<void> {
    this.#initialRuns.delete(threadId);
    return (await threadOps()).roomApi(this.options).deleteThread(this.options.room, threadId, signal);
  }

  /** Renames a thread, keeping its description (see `SoliplexApi.renameThread`). */
  async renameThread(threadId: string, name: string, signal: AbortSignal): Promise<void> {
    return (await threadOps()).roomApi(this.options).renameThread(this.options.room, threadId, name, signal);
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    const { room } = this.options;
    const thread = request.threadId;
    // Checked before any run request: a room without attachments would refuse (or silently drop) them.
    let uploads = new Map<string, string>();
    if (hasAttachments(request.messages)) {
      try {
        // Loaded with the first message with attachments: a chat without them never needs it.
        const { uploadAttachments } = await uploadsCode();
        uploads = await uploadAttachments(this, request, this.#uploaded);
      } catch (error) {
        if (request.signal.aborted) return { runId: request.runId };
        throw error;
      }
    }
    // Loaded with the first run that is more than text (tools, context, attachments, tool calls, a resume).
    const reshape = isPlainRun(request) ? undefined : await import('./soliplex-run-input.js');
    let runId = this.#initialRuns.get(thread);
    if (runId) this.#initialRuns.delete(thread);
    else runId = (await this.api.createRun(room, thread, request.parentRunId, request.signal)).run_id;
    // Soliplex stores the input without `resume`: the widget keeps its own record, for reloads.
    if (request.resume?.length && this.options.historyCache?.recordResume) {
      const resume = request.resume;
      void import('./soliplex-history-cache.js').then(({ recordTransportResume }) => recordTransportResume(this, thread, runId, resume)).catch(() => {});
    }
    // The ids in the body are the URL's: Soliplex answers 400 when they differ.
    const body = reshape ? reshape.soliplexRunInput(request, runId, uploads) : plainSoliplexRunInput(request, runId);
    await followRun(this.api, this.api.runPath(room, thread, runId), onEvent, { settings: this.options, body, signal: request.signal });
    return { runId };
  }

  /**
   * Follows a run the server is still running (say, one that was under way when the page was left):
   * its stored events are read with the run's GET and handed to `onEvent` from the first, then the
   * stream is joined with `Last-Event-ID: {runId}:{last index}` (the server replays what came after
   * and follows the run live), with the same resume policy and bounded wait as `run`. A finished run
   * is only read. While the run has stored no event yet, the GET is asked again (with the resume
   * backoff) until one appears or `maxEventWaitMs` runs out. Resolves when the run's stream ends or
   * `signal` aborts; rejects with a `TransportError` like `run`.
   *
   * The resume POST sends the smallest body the AG-UI Python models accept, with the URL's ids:
   * Soliplex validates every POST body but uses none on a resume. Reading the stored events first
   * means no `Last-Event-ID` index before the first event is needed.
   */
  async attachRun(threadId: string, runId: string, signal: AbortSignal, onEvent: RunEventSink): Promise<void> {
    // Loaded with the first run found still under way (a reloaded thread): a new chat never needs it.
    const { attachSoliplexRun } = await import('./soliplex-attach.js');
    return attachSoliplexRun(this.api, this.options.room, this.options, threadId, runId, signal, onEvent);
  }

  /**
   * Whether the room takes attachments: `enable_attachments` on its `GET /api/v1/rooms/{room}`, or
   * (newer servers, which no longer send that flag) its `bubble-sandbox` skill, which is how
   * Soliplex's own client decides. Asked once per transport.
   */
  async roomAcceptsAttachments(signal?: AbortSignal): Promise<boolean> {
    // With the uploads' code: only a message with attachments asks.
    return (await uploadsCode()).roomAcceptsAttachments(this, signal);
  }
}

// Each named once: the chunk's file name (hashed) is written out for every `import()` of it.
const threadOps = () => import('./soliplex-thread-ops.js');
const uploadsCode = () => import('./soliplex-uploads.js');

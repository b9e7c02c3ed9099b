import { EventType, type BaseEvent, type Message, type ResumeEntry } from '@ag-ui/core';
import { TransportError, type HistoryPreview, type HistoryProgress, type HistoryRun } from '../transport.js';
import type { SoliplexClient, SoliplexRun } from './soliplex-client.js';
import { parseSoliplexTime } from './soliplex-time.js';
import { historyCacheKey } from './soliplex-history-cache.js';
import type { SoliplexTransport } from './soliplex-transport.js';

/**
 * How many run GETs are in flight at once. More than the 6 connections a browser opens per host over
 * HTTP/1.1, so the next request already waits in the network stack while a response is read in JS
 * (and an HTTP/2 server is not held to 6); bounded, so an abort or a failure has few to cancel.
 */
export const HISTORY_CONCURRENCY = 16;

export interface SoliplexHistoryOptions {
  /** Called with `(0, total)` once the thread is read, then after each run: see `HistoryProgress`. */
  readonly onProgress?: HistoryProgress;
  /** Told what to show while the rest loads: the cached runs, then the transcript (see below). */
  readonly onPreview?: HistoryPreview;
  /** Run GETs in flight at once (default `HISTORY_CONCURRENCY`). */
  readonly concurrency?: number;
  /** Finished runs kept from earlier loads (runs never change once finished), and where to keep them. */
  readonly cache?: { readonly store: HistoryRunStore; readonly key: string };
  /** Preview from the latest run's transcript while the other runs load (default true). */
  readonly fastPath?: boolean;
}

/** Where a thread's finished runs are kept between loads (`SoliplexHistoryCache` in a browser). */
export interface HistoryRunStore {
  read(key: string): Promise<readonly HistoryRun[] | undefined>;
  write(key: string, runs: readonly HistoryRun[]): Promise<void>;
  /**
   * Keeps the `resume` entries a run was sent with (Soliplex stores a run's input without them), so a
   * reload knows what each interrupt was answered.
   */
  recordResume?(key: string, runId: string, resume: readonly ResumeEntry[]): Promise<void>;
  /** The `resume` entries kept for the thread's runs, by run id. */
  readResumes?(key: string): Promise<Readonly<Record<string, readonly ResumeEntry[]>>>;
}

/**
 * Reads a stored thread (there is no messages endpoint, and only a run's own GET has its events): the
 * thread, then its finished runs, `concurrency` GETs at a time, the latest first and then newest to
 * oldest (the end of the conversation is what a reload shows), returned in creation order whatever
 * order they arrive in. A run whose GET fails (an HTTP error, the network) is returned `missing`, in
 * its place, and the others load on; only a refused sign-in (401/403) fails the whole load and
 * cancels the others. An abort of `signal` cancels every request in flight, starts no more and
 * rejects with the signal's reason.
 *
 * Each run's `messages` are only those its input adds to the transcript since the earlier runs' inputs
 * (a Soliplex client sends the whole transcript on every run, so run N's input repeats runs 1…N-1):
 * the previous run's answer as the client sent it back, the user's message and the tool results, all
 * `replayHistory` needs, without the quadratic repetition (replaying it costs O(runs × transcript)).
 *
 * The thread's latest run, when it has input and has not finished, is still running on the server:
 * it comes last, `unfinished`, with its input's messages and no events (the engine re-attaches to it).
 *
 * Faster first frames, never a different result: runs found in `cache` (a prefix of the thread: runs
 * are immutable and only ever added) are previewed before any request and not fetched again; and when
 * the thread's inputs form one consistent transcript (`transcriptRuns`), the thread is previewed from
 * the thread GET alone (each answer from the input that followed it; the latest run's own messages
 * without its answer), then again once the latest run's events are in. The transcript cannot show
 * what only the events hold (reasoning, activities, which calls the server ran): the loaded runs
 * replace the preview.
 *
 * The thread GET never returns `resume` (the server drops it): the answers to a run's interrupts are
 * recovered from the next run (`recoveredResume`), or from `resumeRecord`, the widget's own record of
 * the answers it sent.
 */
/** `SoliplexTransport.loadHistory`: its options (the run cache keyed for its token, concurrency, fast path) applied. */
export async function loadTransportHistory(transport: SoliplexTransport, threadId: string, signal: AbortSignal, onProgress?: HistoryProgress, onPreview?: HistoryPreview): Promise<readonly HistoryRun[]> {
  const { room, serverUrl, historyCache, historyConcurrency, historyFastPath } = transport.options;
  const key = historyCache ? await historyCacheKey(serverUrl, room, threadId, await transport.api.currentToken()) : undefined;
  return loadSoliplexHistory(transport.api, room, threadId, signal, {
    ...(onProgress ? { onProgress } : {}),
    ...(onPreview ? { onPreview } : {}),
    ...(historyConcurrency !== undefined ? { concurrency: historyConcurrency } : {}),
    ...(historyCache && key ? { cache: { store: historyCache, key } } : {}),
    ...(historyFastPath !== undefined ? { fastPath: historyFastPath } : {}),
  });
}

export async function loadSoliplexHistory(
  api: SoliplexClient,
  room: string,
  threadId: string,
  signal: AbortSignal,
  { onProgress, onPreview, concurrency = HISTORY_CONCURRENCY, cache, fastPath = true }: SoliplexHistoryOptions = {},
): Promise<readonly HistoryRun[]> {
  let settled = false;
  const preview = (runs: readonly HistoryRun[], usable = false) => {
    if (settled || signal.aborted || runs.length === 0) return;
    try {
      onPreview?.(runs, usable);
    } catch {
      // a throwing preview listener must not break the load
    }
  };
  try {
    const [read, recorded] = await Promise.all([
      cache ? cache.store.read(cache.key).catch(() => undefined) : undefined,
      cache?.store.readResumes ? cache.store.readResumes(cache.key).catch(() => ({})) : {},
    ]);
    let cached = read ?? [];
    signal.throwIfAborted();
    preview(cached);

    const thread = await api.getThread(room, threadId, signal);
    const runs = Object.values(thread.runs ?? {}).sort((a, b) => parseSoliplexTime(a.created) - parseSoliplexTime(b.created));
    const finished = runs.filter((run) => run.finished);
    const latest = runs.at(-1);
    // Still running on the server: the latest run, with input, not finished (an unused run has no input).
    const live = latest && !latest.finished && Array.isArray(latest.run_input?.messages) ? latest : undefined;
    // The cache is used only as the exact prefix it claims to be.
    if (cached.length > finished.length || cached.some((run, i) => run.runId !== finished[i]!.run_id)) cached = [];
    const total = finished.length - cached.length;
    const report = (loaded: number) => {
      try {
        onProgress?.(loaded, total);
      } catch {
        // a throwing progress listener must not break the load
      }
    };
    report(0);

    const seen = new Set<string>();
    for (const run of cached) for (const message of run.messages) if (typeof message?.id === 'string') seen.add(message.id);
    const toFetch = finished.slice(cached.length);
    const listed = live ? [...finished, live] : finished;
    // The first frame, from the thread GET alone: every answer but the latest one is in a later input.
    const transcript = fastPath && onPreview && listed.length > cached.length ? transcriptRuns(listed, cached.length, new Set(seen)) : undefined;
    const last = listed.at(-1);
    const lastPreview = (events: readonly BaseEvent[]) =>
      transcript && last
        ? [...cached, ...transcript, { ...historyRuns([last], [last], seenAfter(transcript, seen), [], undefined, recorded)[0]!, events, ...(last === live ? { unfinished: true } : {}) }]
        : [];
    // With a run still running, the thread GET is all there is to show before following it.
    preview(lastPreview([]), !!live);

    // The latest first, then newest to oldest: the end of the conversation is what a reload shows.
    const order = toFetch.map((_, i) => toFetch.length - 1 - i);

    let loaded = 0;
    const fetched = new Array<SoliplexRun | undefined>(toFetch.length);
    await mapBounded(order, concurrency >= 1 ? Math.floor(concurrency) : HISTORY_CONCURRENCY, signal, async (i, _, runSignal) => {
      let run: SoliplexRun | undefined;
      try {
        run = await api.getRun(room, threadId, toFetch[i]!.run_id, runSignal);
      } catch (error) {
        if (runSignal.aborted) throw error; // cancelled, or a sign-in failure ended the load
        // Without credentials nothing else will load either: the whole load asks for sign-in.
        if (error instanceof TransportError && error.kind === 'unauthorized') throw historyError(error, cached.length + i, finished.length);
        run = undefined; // shown as a gap in its place, with Retry
      }
      runSignal.throwIfAborted(); // the load already ended: no progress after it settles
      fetched[i] = run;
      report(++loaded);
      if (run && !live && i === toFetch.length - 1) preview(lastPreview(eventsOf(run)), true);
    });

    const loadedRuns = historyRuns(fetched, toFetch, seen, cached, live, recorded);
    const missingAt = loadedRuns.findIndex((run) => run.missing);
    const keep = missingAt < 0 ? loadedRuns : loadedRuns.slice(0, missingAt);
    // Only runs read in full, as a prefix of the thread: a missing run and those after it are read again next time.
    if (cache && keep.length > 0) void cache.store.write(cache.key, [...cached, ...keep]).catch(() => {});
    const result = toFetch.length === 0 ? cached : [...cached, ...loadedRuns];
    if (!live) return result;
    const attached = historyRuns([live], [live], seen, result, undefined, recorded)[0]!;
    return [...result, { ...attached, events: [], unfinished: true }];
  } finally {
    settled = true;
  }
}

/**
 * Each run as `replayHistory` takes it: its events, and what its input adds to the transcript (`seen`
 * is updated). A run not fetched (`undefined`) is `missing`: its input's messages, and its answer as
 * the next run's input carries it (`after`: the run after the last, if any), so a send made before a
 * Retry still carries the whole transcript. `before` are the runs that precede them (for the
 * interrupts the first one may answer). A run's `resume` is its input's, else the one the widget
 * `recorded` when it sent the run, else the one recovered from what the run adds (`recoveredResume`).
 */
function historyRuns(
  fetched: readonly (SoliplexRun | undefined)[],
  listed: readonly SoliplexRun[],
  seen: Set<string>,
  before: readonly HistoryRun[],
  after?: SoliplexRun,
  recorded: Readonly<Record<string, readonly ResumeEntry[]>> = {},
): HistoryRun[] {
  let previous = before.at(-1);
  return fetched.map((run, index) => {
    const input = run?.run_input ?? listed[index]!.run_input;
    const messages = addedMessages(input?.messages ?? [], seen);
    const resume = resumeOf(input) ?? recordedResume(recorded, listed[index]!.run_id) ?? recoveredResume(previous, messages);
    const next = listed[index + 1] ?? after;
    const current: HistoryRun = {
      runId: listed[index]!.run_id,
      messages,
      events: run ? eventsOf(run) : recoveredAnswer(listed[index]!, input?.messages, next?.run_input?.messages),
      state: input?.state,
      ...(resume ? { resume } : {}),
      ...(run ? {} : { missing: true }),
      ...runTimes(run ?? listed[index]!),
    };
    previous = current;
    return current;
  });
}

/** A run's `created` and `finished` as times (what the server gives of when things were said). */
function runTimes(run: SoliplexRun): { createdAt?: number; finishedAt?: number } {
  const createdAt = parseSoliplexTime(run.created);
  const finishedAt = parseSoliplexTime(run.finished);
  return { ...(createdAt > 0 ? { createdAt } : {}), ...(finishedAt > 0 ? { finishedAt } : {}) };
}

function eventsOf(run: SoliplexRun): BaseEvent[] {
  return (Array.isArray(run.events) ? run.events : []) as BaseEvent[];
}

function recordedResume(recorded: Readonly<Record<string, readonly ResumeEntry[]>>, runId: string): ResumeEntry[] | undefined {
  const resume = Object.hasOwn(recorded, runId) ? recorded[runId] : undefined;
  return Array.isArray(resume) && resume.length > 0 ? [...resume] : undefined;
}

/** A missing run's answer rebuilt from the next run's input, when that input extends this one's (else none). */
function recoveredAnswer(run: SoliplexRun, mine: readonly Message[] | undefined, next: readonly Message[] | undefined): BaseEvent[] {
  if (!Array.isArray(mine) || !Array.isArray(next) || next.length < mine.length) return [];
  if (mine.some((message, i) => message?.id !== next[i]?.id)) return [];
  const answer = next.slice(mine.length).filter((m) => typeof m?.id === 'string' && (m.role === 'assistant' || m.role === 'reasoning'));
  return answer.some((m) => m.role === 'assistant') ? answerEvents(run, answer) : [];
}

/**
 * The answers to the interrupts `previous` ended with, when the run after it carries none (Soliplex
 * drops `resume` from stored inputs): a run that adds no user message was started by answering them
 * (each resolved; what was answered is not stored), one that adds a user message moved on from them
 * (left to `replayHistory`, which settles them as cancelled).
 */
function recoveredResume(previous: HistoryRun | undefined, messages: readonly Message[]): ResumeEntry[] | undefined {
  if (!previous || previous.missing || messages.some((m) => m.role === 'user')) return undefined;
  const ids: string[] = [];
  for (const event of previous.events) {
    if (event?.type !== EventType.RUN_FINISHED) continue;
    const outcome = (event as { outcome?: { type?: unknown; interrupts?: unknown } }).outcome;
    if (outcome?.type !== 'interrupt' || !Array.isArray(outcome.interrupts)) continue;
    for (const interrupt of outcome.interrupts as { id?: unknown }[]) if (typeof interrupt?.id === 'string') ids.push(interrupt.id);
  }
  return ids.length > 0 ? ids.map((interruptId) => ({ interruptId, status: 'resolved' })) : undefined;
}

/** The messages of `input` whose ids are not in `seen`, which then holds them all. */
function addedMessages(input: readonly Message[], seen: Set<string>): Message[] {
  const added = input.filter((message) => typeof message?.id !== 'string' || !seen.has(message.id));
  for (const message of input) if (typeof message?.id === 'string') seen.add(message.id);
  return added;
}

/** `seen` with every message id the transcript runs carry. */
function seenAfter(runs: readonly HistoryRun[], seen: ReadonlySet<string>): Set<string> {
  const after = new Set(seen);
  for (const run of runs) for (const message of run.messages) after.add(message.id);
  return after;
}

const transcriptRoles = new Set(['user', 'assistant', 'tool', 'system', 'developer', 'reasoning']);

/**
 * The runs before the latest rebuilt from the thread's inputs alone, or undefined when the inputs do
 * not form one transcript that grows run by run. A Soliplex client sends the whole transcript on each
 * run, so run k+1's input is run k's input, then run k's answer (assistant messages, as the client
 * kept them), then run k+1's own messages (tool results, the next question): run k's events are
 * rebuilt from that answer. Anything else falls back to the runs' own events: an input that is not
 * the previous one extended (a regenerate, an edit, a retry after a failure), a run that left no
 * answer in the next input, lean inputs, interrupts (`resume`), unknown roles or missing ids.
 */
export function transcriptRuns(finished: readonly SoliplexRun[], from: number, seen: Set<string>): HistoryRun[] | undefined {
  const inputs = finished.map((run) => run.run_input);
  if (inputs.some((input) => !input || !Array.isArray(input.messages) || (input as { resume?: unknown }).resume !== undefined)) return undefined;
  const runs: HistoryRun[] = [];
  for (let k = Math.max(from, 0); k < finished.length - 1; k++) {
    const mine = inputs[k]!.messages!;
    const next = inputs[k + 1]!.messages!;
    for (let i = 0; i < next.length; i++) {
      const message = next[i];
      if (!message || typeof message.id !== 'string' || !transcriptRoles.has(message.role)) return undefined;
      if (i < mine.length && (mine[i]?.id !== message.id || mine[i]?.role !== message.role)) return undefined;
    }
    // Run k's answer: the assistant (and reasoning) messages its successor's input adds.
    const answer = next.slice(mine.length).filter((m) => m.role === 'assistant' || m.role === 'reasoning');
    if (!answer.some((m) => m.role === 'assistant')) return undefined;
    runs.push({
      runId: finished[k]!.run_id,
      messages: addedMessages(mine, seen),
      events: answerEvents(finished[k]!, answer, inputs[k + 1]!.state),
      state: inputs[k]!.state,
      ...runTimes(finished[k]!),
    });
  }
  return runs;
}

/**
 * The events a run streamed to leave `answer` in the transcript: text, then its calls (their results
 * come as tool messages), then the state it ended with (`state`: as the next run's input carries it,
 * which is what the client held after the run; its citations show under the answer).
 */
function answerEvents(run: SoliplexRun, answer: readonly Message[], state?: unknown): BaseEvent[] {
  // As a stored run's events: they take the same checks (agui-event-pipeline.ts).
  const ids = { threadId: run.thread_id ?? '', runId: run.run_id };
  const events: object[] = [{ type: EventType.RUN_STARTED, ...ids }];
  for (const message of answer) {
    const text = typeof message.content === 'string' ? message.content : '';
    if (message.role === 'reasoning') {
      events.push(
        { type: EventType.REASONING_MESSAGE_START, messageId: message.id, role: 'reasoning' },
        { type: EventType.REASONING_MESSAGE_CONTENT, messageId: message.id, delta: text },
        { type: EventType.REASONING_MESSAGE_END, messageId: message.id },
      );
      continue;
    }
    const extras = message.role === 'assistant' && message.subagentRunId ? { subagentRunId: message.subagentRunId } : {};
    events.push(
      { type: EventType.TEXT_MESSAGE_START, messageId: message.id, role: 'assistant', ...extras },
      ...(text ? [{ type: EventType.TEXT_MESSAGE_CONTENT, messageId: message.id, delta: text, ...extras }] : []),
      { type: EventType.TEXT_MESSAGE_END, messageId: message.id, ...extras },
    );
    for (const call of (message.role === 'assistant' && message.toolCalls) || []) {
      events.push(
        { type: EventType.TOOL_CALL_START, toolCallId: call.id, toolCallName: call.function?.name ?? '', parentMessageId: message.id, ...extras },
        { type: EventType.TOOL_CALL_ARGS, toolCallId: call.id, delta: call.function?.arguments ?? '', ...extras },
        { type: EventType.TOOL_CALL_END, toolCallId: call.id, ...extras },
      );
    }
  }
  if (state !== undefined) events.push({ type: EventType.STATE_SNAPSHOT, snapshot: state });
  events.push({ type: EventType.RUN_FINISHED, ...ids });
  return events as BaseEvent[];
}

/** The run input's `resume` entries (answers to the previous run's interrupts), when it has any (never from Soliplex's GETs). */
function resumeOf(input: object | null | undefined): ResumeEntry[] | undefined {
  const resume = (input as { resume?: unknown } | null | undefined)?.resume;
  return Array.isArray(resume) && resume.length > 0 ? (resume as ResumeEntry[]) : undefined;
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

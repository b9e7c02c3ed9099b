/**
 * Following one Soliplex run to its end over SSE, resuming dropped streams as Soliplex's reference
 * client does (`soliplex/frontend`, `AgUiStreamClient` + `ResumePolicy`): a stream that drops after a
 * frame with an `id:` is POSTed again with `Last-Event-ID` (the server replays the stored events after
 * that index, then follows the run live); a resume answered 5xx or cut off is retried, a 4xx is not;
 * consecutive resumes are bounded, and a resume that delivered events earns a fresh budget.
 */
import type { BaseEvent } from '@ag-ui/core';
import { forEachSseFrame } from '../sse-reader.js';
import { parseFrameJson } from '../event-frame.js';
import { stripStageFor } from '../agui-strip-stage.js';
import { TransportError, type RunEventSink } from '../transport.js';
import type { SoliplexApi } from './soliplex-api.js';
import { delay } from '../../abortable-delay.js';

/** When and how often a dropped stream is resumed. */
export interface ResumePolicy {
  /** Consecutive resumes without a new event before giving up (0: never resume). */
  readonly attempts: number;
  /** Wait before the first resume; doubled each attempt. */
  readonly initialDelayMs: number;
  /** Ceiling of the wait, jitter included. */
  readonly maxDelayMs: number;
  /** Random spread of each wait, as a fraction (0.2: ±20 %). */
  readonly jitter: number;
}

/** The reference client's policy: 5 attempts, 0.5 s doubling to 8 s, ±20 %. */
export const DEFAULT_RESUME_POLICY: ResumePolicy = { attempts: 5, initialDelayMs: 500, maxDelayMs: 8000, jitter: 0.2 };

/**
 * No byte at all (not even Soliplex's `: keepalive`, sent after 15 s of silence) for this long: the
 * connection is taken as dead and resumed.
 */
export const DEFAULT_STALL_TIMEOUT_MS = 45_000;

/**
 * No AG-UI event for this long, keepalives or not: the run is taken as one that will never finish
 * (its server process died) and ends as failed. Generous, since with Soliplex's default message
 * delivery a long answer arrives in one piece at its end.
 */
export const DEFAULT_MAX_EVENT_WAIT_MS = 10 * 60_000;

/**
 * The wait before resume `attempt` (1-based): `initialDelayMs · 2^(attempt-1)` capped at
 * `maxDelayMs`, then spread by ±`jitter` and capped again, so `maxDelayMs` is a strict ceiling.
 */
export function resumeDelay(attempt: number, policy: ResumePolicy, random: () => number = Math.random): number {
  const ramp = Math.min(policy.initialDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxDelayMs);
  const spread = 1 + (random() * 2 - 1) * policy.jitter;
  return Math.min(Math.max(0, Math.round(ramp * spread)), policy.maxDelayMs);
}

export interface FollowRunOptions {
  /** The POST body: the run's input (a resume sends it again; Soliplex ignores it then). */
  readonly body: unknown;
  readonly signal: AbortSignal;
  /** `Last-Event-ID` for the first request: the run is already under way (re-attach). */
  readonly lastEventId?: string;
  readonly policy?: ResumePolicy;
  readonly stallTimeoutMs?: number;
  readonly maxEventWaitMs?: number;
  /** For tests of the jitter: the random source of the waits. */
  readonly random?: () => number;
}

/** The transport's resume policy and waits, as `run` and `attachRun` follow a run. */
export interface FollowPolicy {
  readonly policy: ResumePolicy;
  readonly stallTimeoutMs: number;
  readonly maxEventWaitMs: number;
}

const TERMINAL = new Set(['RUN_FINISHED', 'RUN_ERROR']);

/**
 * POSTs `path` and hands each event to `onEvent` until the stream closes (resolves), `signal`
 * aborts (resolves, nothing more is delivered), or the run cannot be followed further (rejects with a
 * `TransportError`). An error thrown by `onEvent` ends the run as is, never resumed.
 */
export async function followRun(api: SoliplexApi, path: string, onEvent: RunEventSink, options: FollowRunOptions): Promise<void> {
  const { signal } = options;
  const policy = options.policy ?? DEFAULT_RESUME_POLICY;
  const stallMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const maxWaitMs = options.maxEventWaitMs ?? DEFAULT_MAX_EVENT_WAIT_MS;

  // Aborted by the caller's signal or when the wait for events runs out; ends waits and requests.
  const life = new AbortController();
  const onAbort = () => life.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let waitedOut = false;
  const eventWait = new SilenceTimer(maxWaitMs, () => {
    waitedOut = true;
    life.abort();
  });
  const neverFinished = () =>
    new TransportError(
      'stream-ended',
      `The agent sent nothing new for ${describeDuration(maxWaitMs)}: the run seems to have stopped on the server. Try again.`,
    );

  let lastEventId = options.lastEventId;
  let failures = 0; // consecutive resumes without a new event
  let listenerFailed = false;
  let terminal = false;
  eventWait.touch();
  try {
    for (;;) {
      const resuming = lastEventId !== undefined;
      const startedFrom = lastEventId;
      const attempt = new AbortController();
      const endAttempt = () => attempt.abort();
      life.signal.addEventListener('abort', endAttempt, { once: true });
      let stalled = false;
      const stall = new SilenceTimer(stallMs, () => {
        stalled = true;
        attempt.abort();
      });
      let failure: unknown;
      try {
        stall.touch();
        const response = await api.request('POST', path, {
          body: options.body,
          headers: { Accept: 'text/event-stream', ...(lastEventId !== undefined ? { 'Last-Event-ID': lastEventId } : {}) },
          signal: attempt.signal,
        });
        if (!response.body) throw new TransportError('protocol', 'The Soliplex server sent no stream.');
        // Any bytes, keepalive comments included, prove the connection alive.
        await forEachSseFrame(watchBytes(response.body, () => stall.touch()), (data, id, cut) => {
          if (id !== undefined) lastEventId = id;
          const event = parseEvent(data, cut);
          terminal = TERMINAL.has(event.type);
          if (terminal) eventWait.stop();
          else eventWait.touch();
          const deliver = () => {
            try {
              onEvent(event);
            } catch (error) {
              listenerFailed = true;
              throw error;
            }
          };
          // The strip stage loads with the first event that needs it, before that event is handed on.
          const stage = stripStageFor(event);
          return stage ? stage.then(deliver) : deliver();
        });
        return; // a clean close: the run's end, or the server's choice; never resumed
      } catch (error) {
        failure = error;
      } finally {
        stall.stop();
        life.signal.removeEventListener('abort', endAttempt);
      }

      if (listenerFailed) throw failure; // the engine's own error: not a dropped connection
      if (signal.aborted) return;
      if (waitedOut) throw neverFinished();
      if (terminal) return; // cut after the run's end: nothing left to follow
      const error = stalled
        ? new TransportError('network', `The connection to the Soliplex server went silent for ${describeDuration(stallMs)}.`)
        : failure;
      if (!retryable(error, resuming) || lastEventId === undefined) throw asTransportError(error);
      if (lastEventId !== startedFrom) failures = 0; // this attempt delivered events: a fresh budget
      if (failures >= policy.attempts) {
        throw new TransportError(
          'network',
          `The connection to the Soliplex server dropped mid-answer and could not be resumed${policy.attempts ? ` (${policy.attempts} attempts)` : ''}: ${asTransportError(error).message}`,
          asTransportError(error).status,
          { cause: error },
        );
      }
      failures++;
      await delay(resumeDelay(failures, policy, options.random), life.signal);
      if (signal.aborted) return;
      if (waitedOut) throw neverFinished();
    }
  } finally {
    eventWait.stop();
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * Whether a failed attempt may be resumed: a dropped or unreachable connection, or a resume the
 * server answered 5xx. A 4xx, a refused sign-in or a broken protocol are not (the first POST's HTTP
 * answer never is: the run never started).
 */
function retryable(error: unknown, resuming: boolean): boolean {
  if (!(error instanceof TransportError)) return (error as Error)?.name !== 'AbortError';
  if (error.kind === 'network') return true;
  return resuming && error.kind === 'http' && error.status !== undefined && error.status >= 500 && error.status < 600;
}

/** A failure worth trying again after a wait: no answer, or a 5xx one. */
export function retryableFailure(error: unknown): boolean {
  return error instanceof TransportError ? retryable(error, true) : (error as Error)?.name !== 'AbortError';
}

function asTransportError(error: unknown): TransportError {
  return error instanceof TransportError
    ? error
    : new TransportError('network', 'The connection to the Soliplex server dropped mid-answer.', undefined, { cause: error });
}

/**
 * Calls `onSilence` once nothing has `touch`ed it for `ms`. Touching is cheap (a time stamp, no timer
 * per call): a streamed answer touches it for every event.
 */
class SilenceTimer {
  #last = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ms: number,
    private readonly onSilence: () => void,
  ) {}

  touch(): void {
    this.#last = performance.now();
    this.#timer ??= setTimeout(() => this.#check(), this.ms);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #check(): void {
    const left = this.#last + this.ms - performance.now();
    if (left > 0) {
      this.#timer = setTimeout(() => this.#check(), left);
      return;
    }
    this.#timer = undefined;
    this.onSilence();
  }
}

/** The body, calling `onBytes` for every chunk that arrives (comments too, which the SSE parser drops). */
function watchBytes(body: ReadableStream<Uint8Array>, onBytes: () => void): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        onBytes();
        controller.enqueue(chunk);
      },
    }),
  );
}

export function parseEvent(data: string, cut = false): BaseEvent {
  let event: unknown;
  try {
    event = parseFrameJson(data, cut);
  } catch (error) {
    if (error instanceof TransportError) throw error;
    throw new TransportError('protocol', `The agent sent a frame that is not JSON: ${data.slice(0, 80)}`, undefined, { cause: error });
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    throw new TransportError('protocol', 'The agent sent a frame without an event type.');
  }
  return event as BaseEvent;
}

function describeDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 100) / 10} s`;
  return `${ms} ms`;
}

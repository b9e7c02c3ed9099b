/**
 * Following one Soliplex run over SSE: the request, the frames, and the bookkeeping a resume needs
 * (the last `id:` seen, whether the run ended, the stall and event waits), kept from the first frame
 * so that a resume loses nothing. What to do once a stream drops (`soliplex-resume.ts`: retry, back
 * off, give up) loads with the first drop: a run that streams to its end never needs it.
 */
import type { BaseEvent } from '@ag-ui/core';
import { forEachSseFrame } from '../sse-reader.js';
import { parseFrameJson } from '../event-frame.js';
import { stripStageFor } from '../agui-strip-stage.js';
import { TransportError, type RunEventSink } from '../transport.js';
import { delay } from '../../abortable-delay.js';
import type { SoliplexClient } from './soliplex-client.js';
import type { SoliplexTransportOptions } from './soliplex-transport.js';

/**
 * How a followed run is resumed and given up on: the transport's options of these names, passed as
 * given. The stall and event waits' defaults are below; the resume policy's are resolved by
 * `soliplex-resume.ts` with the first drop (a run that streams to its end never reads them).
 */
export type FollowSettings = Pick<
  SoliplexTransportOptions,
  'resumeAttempts' | 'resumeDelayMs' | 'resumeMaxDelayMs' | 'resumeJitter' | 'stallTimeoutMs' | 'maxEventWaitMs'
>;

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

export interface FollowRunOptions {
  /** The POST body: the run's input (a resume sends it again; Soliplex ignores it then). */
  readonly body: unknown;
  readonly signal: AbortSignal;
  /** `Last-Event-ID` for the first request: the run is already under way (re-attach). */
  readonly lastEventId?: string;
  readonly settings: FollowSettings;
  /** For tests of the jitter: the random source of the waits. */
  readonly random?: () => number;
}

/** One followed run: what its requests share, and what its frames told so far. */
export interface Following {
  readonly api: SoliplexClient;
  readonly path: string;
  readonly onEvent: RunEventSink;
  readonly options: FollowRunOptions;
  readonly stallMs: number;
  readonly maxWaitMs: number;
  /** Aborted by the caller's signal or when the wait for events runs out; ends waits and requests. */
  readonly life: AbortController;
  /** Since the last AG-UI event (keepalives do not count). */
  readonly eventWait: SilenceTimer;
  /** The last frame's `id:`: where a resume starts. */
  lastEventId: string | undefined;
  /** `onEvent` threw: the engine's own error, never resumed. */
  listenerFailed: boolean;
  /** The last event was the run's end. */
  terminal: boolean;
  /** No AG-UI event came for `maxWaitMs`. */
  waitedOut: boolean;
}

/** How one request of a run failed (a clean close is no failure). */
export interface FailedAttempt {
  readonly failure: unknown;
  /** No byte came for `stallMs`. */
  readonly stalled: boolean;
  /** The request carried a `Last-Event-ID` (a resume, or a re-attach). */
  readonly resuming: boolean;
  /** Its `Last-Event-ID`. */
  readonly startedFrom: string | undefined;
}

const TERMINAL = new Set(['RUN_FINISHED', 'RUN_ERROR']);

/**
 * POSTs `path` and hands each event to `onEvent` until the stream closes (resolves), `signal`
 * aborts (resolves, nothing more is delivered), or the run cannot be followed further (rejects with a
 * `TransportError`). An error thrown by `onEvent` ends the run as is, never resumed. A stream that
 * drops is resumed as Soliplex's reference client does (`soliplex-resume.ts`).
 */
export async function followRun(api: SoliplexClient, path: string, onEvent: RunEventSink, options: FollowRunOptions): Promise<void> {
  const { signal, settings } = options;
  const maxWaitMs = settings.maxEventWaitMs ?? DEFAULT_MAX_EVENT_WAIT_MS;
  const life = new AbortController();
  const onAbort = () => life.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const run: Following = {
    api,
    path,
    onEvent,
    options,
    stallMs: settings.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS,
    maxWaitMs,
    life,
    eventWait: new SilenceTimer(maxWaitMs, () => {
      run.waitedOut = true;
      life.abort();
    }),
    lastEventId: options.lastEventId,
    listenerFailed: false,
    terminal: false,
    waitedOut: false,
  };
  run.eventWait.touch();
  try {
    const failed = await followAttempt(run);
    if (!failed) return;
    if (run.listenerFailed) throw failed.failure; // the engine's own error: not a dropped connection
    if (signal.aborted) return;
    const resume = await resumeCode(signal);
    if (signal.aborted) return;
    if (!resume) throw asTransportError(failed.failure); // the resume's code stayed out of reach: the drop ends the run
    await resume.resumeRun(run, failed);
  } finally {
    run.eventWait.stop();
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The resume's code, loaded with a stream's first drop. A drop often means the network is away for a
 * moment, so its fetch is tried again over a few seconds before the run gives up (undefined).
 */
async function resumeCode(signal: AbortSignal): Promise<typeof import('./soliplex-resume.js') | undefined> {
  for (const wait of [0, 1_000, 3_000]) {
    await delay(wait, signal);
    if (signal.aborted) return undefined;
    try {
      return await import('./soliplex-resume.js');
    } catch {
      // out of reach for now
    }
  }
  return undefined;
}

/**
 * One request of the run, from `run.lastEventId` (none: the run's first POST): resolves with nothing
 * when the stream closes cleanly, else with how it failed.
 */
export async function followAttempt(run: Following): Promise<FailedAttempt | undefined> {
  const { life, options } = run;
  const startedFrom = run.lastEventId;
  const attempt = new AbortController();
  const endAttempt = () => attempt.abort();
  life.signal.addEventListener('abort', endAttempt, { once: true });
  let stalled = false;
  const stall = new SilenceTimer(run.stallMs, () => {
    stalled = true;
    attempt.abort();
  });
  try {
    stall.touch();
    const response = await run.api.request('POST', run.path, {
      body: options.body,
      headers: { Accept: 'text/event-stream', ...(startedFrom !== undefined ? { 'Last-Event-ID': startedFrom } : {}) },
      signal: attempt.signal,
    });
    if (!response.body) throw new TransportError('protocol', 'The Soliplex server sent no stream.');
    // Any bytes, keepalive comments included, prove the connection alive.
    await forEachSseFrame(watchBytes(response.body, () => stall.touch()), (data, id, cut) => {
      if (id !== undefined) run.lastEventId = id;
      const event = parseEvent(data, cut);
      run.terminal = TERMINAL.has(event.type);
      if (run.terminal) run.eventWait.stop();
      else run.eventWait.touch();
      const deliver = () => {
        try {
          run.onEvent(event);
        } catch (error) {
          run.listenerFailed = true;
          throw error;
        }
      };
      // The strip stage loads with the first event that needs it, before that event is handed on.
      const stage = stripStageFor(event);
      return stage ? stage.then(deliver) : deliver();
    });
    return undefined; // a clean close: the run's end, or the server's choice; never resumed
  } catch (failure) {
    return { failure, stalled, resuming: startedFrom !== undefined, startedFrom };
  } finally {
    stall.stop();
    life.signal.removeEventListener('abort', endAttempt);
  }
}

export function asTransportError(error: unknown): TransportError {
  return error instanceof TransportError
    ? error
    : new TransportError('network', 'The connection to the Soliplex server dropped mid-answer.', undefined, { cause: error });
}

/**
 * Calls `onSilence` once nothing has `touch`ed it for `ms`. Touching is cheap (a time stamp, no timer
 * per call): a streamed answer touches it for every event.
 */
export class SilenceTimer {
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

import { type BaseEvent, type Context, type Message, type ResumeEntry, type Tool } from '@ag-ui/core';
import { AGUI_PROTOCOL_VERSION } from './protocol-version.js';

/** One run to stream: everything the server needs, since it keeps no history of its own. */
export interface RunRequest {
  readonly threadId: string;
  /** A fresh id for this run; a backend that issues its own run ids may use another. */
  readonly runId: string;
  /** The full transcript, tool results included. */
  readonly messages: readonly Message[];
  /** The page's tools, declared again on every run. */
  readonly tools: readonly Tool[];
  readonly state: unknown;
  readonly context?: readonly Context[];
  readonly forwardedProps?: unknown;
  /** The previous run of this turn when this run is a tool continuation. */
  readonly parentRunId?: string;
  /**
   * Answers to the interrupts the last run ended with: one entry for every one of them (AG-UI 1.0
   * allows no partial resume). Absent when there is nothing to resume.
   */
  readonly resume?: readonly ResumeEntry[];
  /** Aborted on cancel, supersede or dispose: the transport stops reading and returns. */
  readonly signal: AbortSignal;
}

/** The AG-UI `RunAgentInput` of one run, as every transport sends it (Soliplex reshapes it for Python). */
export interface AgUiRunInput {
  readonly threadId: string;
  readonly runId: string;
  readonly parentRunId?: string;
  readonly protocolVersion: string;
  readonly state: unknown;
  readonly messages: readonly Message[];
  readonly tools: readonly Tool[];
  readonly context: readonly Context[];
  readonly forwardedProps: unknown;
  readonly resume?: readonly ResumeEntry[];
}

/**
 * The one builder of a run's input, for every transport: the request's transcript, tools and state,
 * with the defaults AG-UI servers expect (`{}` state and props, `[]` context) and the protocol
 * version. Activity messages are left out: they are the client's record of what the agent showed
 * (AG-UI sends none back, nor does `@ag-ui/client`). `runId` replaces the request's when a backend
 * issues its own (Soliplex).
 */
export function runAgentInput(request: Omit<RunRequest, 'signal'>, runId = request.runId): AgUiRunInput {
  return {
    threadId: request.threadId,
    runId,
    ...(typeof request.parentRunId === 'string' && request.parentRunId ? { parentRunId: request.parentRunId } : {}),
    protocolVersion: AGUI_PROTOCOL_VERSION,
    state: request.state === undefined ? {} : request.state, // any JSON value, null included (AG-UI 1.1)
    messages: request.messages.filter((m) => (m.role as string) !== 'activity'),
    tools: request.tools,
    context: request.context ?? [],
    forwardedProps: request.forwardedProps ?? {},
    ...(request.resume?.length ? { resume: request.resume } : {}),
  };
}

/**
 * Receives each event of the run in order, as the transport received it: the engine's sink checks
 * it, expands `*_CHUNK` events and translates retired ones (agui-event-pipeline.ts), and throws a
 * `TransportError` (`protocol`) on a stream that breaks the protocol.
 */
export type RunEventSink = (event: BaseEvent) => void;

/** Why a run could not be streamed to its end. */
export const TransportErrorKind = {
  /** The server answered with a non-2xx status. */
  Http: 'http',
  /** The connection failed or dropped. */
  Network: 'network',
  /** The stream broke the protocol (bad JSON, events out of order). */
  Protocol: 'protocol',
  /** The server needs (new) credentials. */
  Unauthorized: 'unauthorized',
  /** The run stopped coming before it finished (say, nothing new from it for a long time). */
  StreamEnded: 'stream-ended',
} as const;
export type TransportErrorKind = (typeof TransportErrorKind)[keyof typeof TransportErrorKind];

/** A failure a transport reports, with a message a person understands. */
export class TransportError extends Error {
  /** A busy server's (429, 503) `Retry-After`, in ms, when it sent one the page can read. */
  readonly retryAfterMs?: number;

  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = 'TransportError';
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * Streams runs to and from one agent backend. A transport decides the run id (a generic endpoint takes
 * a fresh one from the client; Soliplex issues one per run), the URL, credentials and stream resume.
 */
export interface Transport {
  /**
   * Streams one run, calling `onEvent` for each event. Resolves when the stream ends (cleanly or after
   * `RUN_ERROR`, or when `request.signal` aborts); rejects with a `TransportError` when it cannot be
   * streamed to its end. Returns the run id used.
   */
  run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }>;
  /**
   * Follows a run the server is still running, or has stored, without starting anything: for
   * backends whose runs outlive the connection (Soliplex), e.g. a run that was under way when the
   * page was left. `onEvent` gets the run's events from its first, then live ones, until the run
   * ends. Resolves when the run's stream ends (cleanly or after `RUN_ERROR`, or when `signal`
   * aborts); rejects with a `TransportError` when the run cannot be followed to its end (a run that
   * never finishes on the server ends after a bounded wait). Events are delivered as `run` delivers
   * them: the engine reduces them into the conversation the same way.
   */
  attachRun?(threadId: string, runId: string, signal: AbortSignal, onEvent: RunEventSink): Promise<void>;
  /** Creates a thread on the server, for backends that own thread ids. */
  createThread?(signal: AbortSignal): Promise<CreatedThread>;
  /**
   * The runs of a stored thread, oldest first, for replay through the reducer. A run that cannot be
   * read is returned `missing` in its place (the rest loads on; the conversation shows the gap, with
   * Retry); the thread's latest run, when the server is still running it, comes last, `unfinished`.
   * Rejects with a `TransportError` when the thread cannot be read or the server refuses the
   * credentials, and with the signal's reason (an `AbortError`) once `signal` aborts, after which no
   * more requests start.
   * `onProgress`, when given, is told how far the load has got (see `HistoryProgress`); a transport
   * that reads a history in one request may never call it. `onPreview`, when given, may be called
   * before the load settles with runs to show meanwhile (see `HistoryPreview`).
   */
  loadHistory?(
    threadId: string,
    signal: AbortSignal,
    onProgress?: HistoryProgress,
    onPreview?: HistoryPreview,
  ): Promise<readonly HistoryRun[]>;
  /** The threads the backend keeps for this transport's room, for backends that keep them. */
  listThreads?(signal: AbortSignal): Promise<readonly StoredThreadInfo[]>;
  /** Deletes a stored thread on the backend. */
  deleteThread?(threadId: string, signal: AbortSignal): Promise<void>;
  /** Renames a stored thread on the backend. */
  renameThread?(threadId: string, name: string, signal: AbortSignal): Promise<void>;
  /**
   * Follows a run the server is still running (found `unfinished` by `loadHistory`): every event it
   * produced from its start, then its live ones, until it ends. Resolves when the stream ends (or
   * `signal` aborts); rejects with a `TransportError` when it cannot be followed.
   */
  attachRun?(threadId: string, runId: string, signal: AbortSignal, onEvent: RunEventSink): Promise<void>;
}

/** A thread the backend keeps, as its thread list describes it. */
export interface StoredThreadInfo {
  readonly threadId: string;
  /** The name the server keeps for it, if any. */
  readonly name?: string;
  /** When it last changed, in ms since the epoch (its creation when the server does not say). */
  readonly lastActivity?: number;
}

/**
 * How far a history load has got: `loaded` of `total` parts (for Soliplex, the stored runs not
 * already cached) are read.
 * Called first with `(0, total)` once `total` is known, then each time `loaded` grows, by one, in
 * completion order: `loaded` never decreases, `total` never changes within one load, and the last
 * call of a load that succeeds is `(total, total)` (a thread with no runs: just `(0, 0)`). Not called
 * after the load settles. Synchronous and cheap: a listener that throws is ignored.
 */
export type HistoryProgress = (loaded: number, total: number) => void;

/**
 * Runs to show while the full history loads: a prefix of the thread kept from an earlier load, or the
 * thread rebuilt from the transcript its runs were sent with. Replaced by the loaded runs when the
 * load succeeds; may be called several times, never after the load settles. `usable`: the preview is
 * the whole thread as far as its inputs tell (the latest run with its own events, or `unfinished`),
 * so the thread may be used while the rest loads in the background (what only the other runs' events
 * hold, such as reasoning, comes with them).
 */
export type HistoryPreview = (runs: readonly HistoryRun[], usable?: boolean) => void;

export interface CreatedThread {
  readonly threadId: string;
  /** The agent state to start from, when the server seeds one. */
  readonly state?: unknown;
}

/** One stored run: what the client sent, and the events the server streamed. */
export interface HistoryRun {
  readonly runId: string;
  /** The run's input transcript: the user's message and the tool results for earlier calls. */
  readonly messages: readonly Message[];
  readonly events: readonly BaseEvent[];
  readonly state?: unknown;
  /** The run input's answers to the previous run's interrupts. */
  readonly resume?: readonly ResumeEntry[];
  /** Its events could not be read (the request failed): `events` is empty, `messages` are its input's. */
  readonly missing?: boolean;
  /** Still running on the server (it has input and has not finished): `events` is empty; the engine re-attaches to it. */
  readonly unfinished?: boolean;
  /** When the server created the run (ms since the epoch), when it says: the time of what the run added. */
  readonly createdAt?: number;
  /** When the run finished on the server (ms since the epoch), when it says. */
  readonly finishedAt?: number;
}

/** The readable part of an error body: a string, or the `error` / `detail` / `message` field of a JSON one. */
/** The body of a non-2xx answer: its JSON when it parses, else its text (`''` when there is none). */
export async function readErrorBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return ''; // the body is optional
  }
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What an agent endpoint's non-2xx answer means to a person: 401 and 403 ask to sign in again; 429 and
 * 503 carry the `Retry-After` wait (ms) when there is one.
 */
export function agentHttpError(status: number, payload: unknown, cause: unknown = payload, retryAfterMs?: number): TransportError {
  if (status === 401 || status === 403) {
    return new TransportError('unauthorized', `The agent server refused access (${status}). Sign in again.`, status, { cause });
  }
  const detail = errorDetail(payload);
  return new TransportError('http', `The agent server answered ${status}${detail ? `: ${detail}` : '.'}`, status, { cause, retryAfterMs });
}

export function errorDetail(payload: unknown): string {
  if (payload === undefined || payload === null || payload === '') return '';
  if (typeof payload === 'string') return payload.slice(0, 300);
  const record = payload as Record<string, unknown>;
  for (const field of ['error', 'detail', 'message']) {
    if (typeof record[field] === 'string') return (record[field] as string).slice(0, 300);
  }
  return JSON.stringify(payload).slice(0, 300);
}

import type { Conversation } from '../conversation/conversation.js';
import { emptyConversation } from '../conversation/empty-conversation.js';

/** Identifies a conversation thread: runs are keyed by (server, room, thread). */
export interface ThreadKey {
  /** The agent endpoint or Soliplex server URL. */
  readonly server: string;
  /** The Soliplex room; `''` for a generic AG-UI endpoint. */
  readonly room: string;
  readonly thread: string;
}

/** A stable string for a thread key, for maps and comparisons. */
export function threadKeyId(key: ThreadKey): string {
  // Asked several times per streamed event for the same key object: remembered per object (keys are
  // readonly by type; one mutated anyway would keep its first id, so treat keys as immutable).
  let id = keyIds.get(key);
  if (id === undefined) keyIds.set(key, (id = JSON.stringify([key.server, key.room, key.thread])));
  return id;
}
const keyIds = new WeakMap<ThreadKey, string>();

/** The public status of a thread's turn. */
export const RunStatus = {
  Idle: 'idle',
  /** From the user's send until the final answer, tool hops included. */
  Running: 'running',
  /** The last turn ended with the model's answer (the turn's outcome `success`). */
  Success: 'success',
  /** @deprecated Use `RunStatus.Success` (the status itself is now `'success'`, as the turn's outcome). */
  Completed: 'success',
  Failed: 'failed',
  Cancelled: 'cancelled',
  /**
   * The turn was in flight when the page went away (a reload) and was put back (`restore`): what it
   * had streamed is shown, and it waits for the user to go on (`continue`, Run again, an approval or
   * an interrupt's answer) or to send something new.
   */
  Interrupted: 'interrupted',
} as const;
export type RunStatus = (typeof RunStatus)[keyof typeof RunStatus];

/** What a running turn is doing right now. */
export const RunPhase = {
  /** A run's stream is being read. */
  Streaming: 'streaming',
  /** The page's tools are running (or waiting for approval) between two runs. */
  ExecutingTools: 'executing-tools',
  /** The turn's thread is being created on the server (its first send). */
  CreatingThread: 'creating-thread',
  /** A stored thread's history is being loaded. */
  LoadingHistory: 'loading-history',
  /** The run waits for a free connection to its host (see `maxStreamsPerHost`). */
  WaitingForConnection: 'waiting-for-connection',
  /** The last run ended with interrupts: the turn waits for the user to answer or cancel each. */
  AwaitingInput: 'awaiting-input',
  /** The server said it is busy (429, 503): the run is sent again at `until` (see `WaitingToRetryState`). */
  WaitingToRetry: 'waiting-to-retry',
} as const;
export type RunPhase = (typeof RunPhase)[keyof typeof RunPhase];

/** What ended a turn as failed. */
export type RunFailureKind =
  | 'http'
  | 'network'
  | 'protocol'
  | 'unauthorized'
  /** The agent sent `RUN_ERROR`. */
  | 'agent'
  /** The stream closed before `RUN_FINISHED`. */
  | 'stream-ended'
  /** Too many tool hops in one turn. */
  | 'depth-limit'
  /** A tool with the `fail-fast` failure strategy failed. */
  | 'tool'
  | 'internal';

export interface RunFailure {
  readonly kind: RunFailureKind;
  /** A message a person understands. */
  readonly message: string;
  readonly status?: number;
  readonly code?: string;
  /** A busy server's `Retry-After`, in ms, when it sent one the page could read. */
  readonly retryAfterMs?: number;
}

export interface IdleState {
  readonly status: typeof RunStatus.Idle;
}

export interface StreamingState {
  readonly status: typeof RunStatus.Running;
  readonly phase: typeof RunPhase.Streaming;
  /** 0 for the run the user started; n for the n-th tool continuation. */
  readonly hop: number;
  /** True for a tool continuation (announced as continued, not started). */
  readonly continued: boolean;
  /** True while following a run the server was already running when the thread loaded (no send is taken meanwhile). */
  readonly attached?: boolean;
}

export interface ExecutingToolsState {
  readonly status: typeof RunStatus.Running;
  readonly phase: typeof RunPhase.ExecutingTools;
  readonly hop: number;
  /** The calls being run (or awaiting approval) in this hop. */
  readonly toolCallIds: readonly string[];
}

/** Before the first run of a turn: the thread is being created, or its history loaded. */
export interface PreparingState {
  readonly status: typeof RunStatus.Running;
  readonly phase: typeof RunPhase.CreatingThread | typeof RunPhase.LoadingHistory;
  readonly hop: 0;
  /** While history loads, when the backend reports it: stored runs loaded so far, and in all. */
  readonly progress?: { readonly loaded: number; readonly total: number };
}

/** A run queued behind other streams to the same host. */
export interface WaitingForConnectionState {
  readonly status: typeof RunStatus.Running;
  readonly phase: typeof RunPhase.WaitingForConnection;
  readonly hop: number;
}

/**
 * The server answered that it is busy (HTTP 429 or 503): the turn waits, then sends the same run again
 * by itself, a bounded number of times (`busyRetry` in the engine's options). `retry` sends it at once;
 * `cancel` ends the wait (and the turn).
 */
export interface WaitingToRetryState {
  readonly status: typeof RunStatus.Running;
  readonly phase: typeof RunPhase.WaitingToRetry;
  readonly hop: number;
  /** When the run is sent again, in ms since the epoch (`Date.now()`), for a countdown. */
  readonly until: number;
  /** Which automatic retry the wait leads to (1 for the first), of `attempts` at most. */
  readonly attempt: number;
  readonly attempts: number;
  /** What the server answered: `status` 429 or 503, its message, and `retryAfterMs` when it said. */
  readonly error: RunFailure;
}

/** The turn waits for answers to the interrupts its last run ended with. */
export interface AwaitingInputState {
  readonly status: typeof RunStatus.Running;
  readonly phase: typeof RunPhase.AwaitingInput;
  readonly hop: number;
  /** The interrupts' ids. */
  readonly interruptIds: readonly string[];
}

/** The last turn ended with the model's answer. */
export interface SuccessState {
  readonly status: typeof RunStatus.Success;
}

/** @deprecated Use `SuccessState`. */
export type CompletedState = SuccessState;

export interface FailedState {
  readonly status: typeof RunStatus.Failed;
  readonly error: RunFailure;
  /** The server's id of the run that failed, as recorded (servers may reuse ids). */
  readonly runId?: string;
  /** The client's own key of the run that failed: its partial output is what a retry replaces. */
  readonly runKey?: string;
  /** `history` when loading the thread's history failed: a retry loads it again. */
  readonly stage?: 'history' | 'run';
}

export interface CancelledState {
  readonly status: typeof RunStatus.Cancelled;
  /**
   * Stop ended a turn that followed a run the server has not finished (see `attached` on the
   * streaming state): the server goes on with it, so sending waits; `retry` follows it again.
   */
  readonly attached?: boolean;
}

/** A turn restored after a reload, waiting to be continued (see `RunStatus.Interrupted`). */
export interface InterruptedState {
  readonly status: typeof RunStatus.Interrupted;
  /** What interrupted it: the page went away while it ran. */
  readonly reason: 'reload';
  /** The client key of the run the reload cut off mid-stream: its partial output is what Continue replaces. */
  readonly runKey?: string;
}

export type RunState =
  | IdleState
  | StreamingState
  | ExecutingToolsState
  | PreparingState
  | WaitingForConnectionState
  | WaitingToRetryState
  | AwaitingInputState
  | SuccessState
  | FailedState
  | CancelledState
  | InterruptedState;

/** Everything the view of one thread needs. Immutable; a change makes a new snapshot. */
export interface ThreadSnapshot {
  readonly key: ThreadKey;
  readonly conversation: Conversation;
  readonly run: RunState;
  /** A turn finished while no view showed this thread. */
  readonly unread: boolean;
}

export const idleState: IdleState = Object.freeze({ status: RunStatus.Idle });

/** A turn that has just started: running, streaming its first run. */
export const startingState: StreamingState = Object.freeze({
  status: RunStatus.Running,
  phase: RunPhase.Streaming,
  hop: 0,
  continued: false,
});

export function emptyThread(key: ThreadKey): ThreadSnapshot {
  return { key, conversation: emptyConversation, run: idleState, unread: false };
}

export function isRunning(
  state: RunState,
): state is StreamingState | ExecutingToolsState | PreparingState | WaitingForConnectionState | WaitingToRetryState | AwaitingInputState {
  return state.status === RunStatus.Running;
}

/**
 * Whether a thread's turn is in flight for a page that keeps it across a reload: running, or restored
 * `interrupted` and not yet taken up. Keep it with the conversation (`restore`'s `inFlight`), so a
 * second reload brings the interrupted turn back interrupted again.
 */
export function isInFlight(state: RunState): boolean {
  return state.status === RunStatus.Running || state.status === RunStatus.Interrupted;
}

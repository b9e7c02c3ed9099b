/**
 * A busy server (HTTP 429 Too Many Requests, 503 Service Unavailable) is waited for, not shown as a
 * failure at once: the turn shows `waiting-to-retry` with the time it will try again, then sends the
 * same run again, a bounded number of times. `Retry-After` sets the wait when the page can read it;
 * a server asking for longer than `maxWaitMs` is not retried by itself (the failure says when to).
 */
import { delay } from '../abortable-delay.js';
import { isBusyStatus } from '../transport/retry-after.js';
import { RunPhase, RunStatus, type RunFailure } from './run-state.js';
import type { Turn } from './turn.js';

/** How a busy server is waited for (`RunOrchestratorOptions.busyRetry`). */
export interface BusyRetryOptions {
  /** Automatic retries of one run (default 2; 0: none, the turn fails at once). */
  readonly retries?: number;
  /** The wait when the server names none, doubled for each further retry (default 5 000 ms). */
  readonly defaultWaitMs?: number;
  /** The longest wait (default 60 000 ms): a server that asks for longer is not retried by itself. */
  readonly maxWaitMs?: number;
}

const DEFAULTS = { retries: 2, defaultWaitMs: 5_000, maxWaitMs: 60_000 };

/** Ends the wait of a turn that waits to retry: set while it waits. */
const wakers = new WeakMap<Turn, () => void>();

/** The wait (ms) before automatic retry `attempt` (1 for the first) after `failure`; undefined when none is due. */
export function busyRetryWait(failure: RunFailure, attempt: number, options: BusyRetryOptions = {}): number | undefined {
  if (failure.kind !== 'http' || !isBusyStatus(failure.status)) return undefined;
  const { retries, defaultWaitMs, maxWaitMs } = { ...DEFAULTS, ...options };
  if (attempt > retries) return undefined;
  const wait = failure.retryAfterMs ?? defaultWaitMs * 2 ** (attempt - 1);
  return wait <= maxWaitMs ? wait : undefined;
}

/**
 * Streams a run with `send` and, while it fails because the server is busy before anything of it
 * arrived, waits and sends it again. Returns why the last try failed (undefined when one succeeded,
 * or when the turn was stopped meanwhile: it has ended then).
 */
export async function sendWhileBusy(
  turn: Turn,
  hop: number,
  send: () => Promise<RunFailure | undefined>,
  options: BusyRetryOptions = {},
): Promise<RunFailure | undefined> {
  for (let attempt = 1; ; attempt++) {
    const { messages, toolCalls } = turn.conversation;
    const failure = await send();
    // A run whose output had begun is not sent again (its partial output is the failure's to show).
    const untouched = turn.conversation.messages === messages && turn.conversation.toolCalls === toolCalls;
    const wait = failure && untouched && turn.current ? busyRetryWait(failure, attempt, options) : undefined;
    if (wait === undefined) return failure;
    const before = turn.registry.get(turn.key).run;
    const attempts = options.retries ?? DEFAULTS.retries;
    const waiting = { status: RunStatus.Running, phase: RunPhase.WaitingToRetry, hop, until: Date.now() + wait, attempt, attempts, error: failure! };
    if (!turn.commit((snapshot) => ({ ...snapshot, run: waiting }))) return undefined;
    const woken = new AbortController();
    const stop = () => woken.abort();
    turn.signal.addEventListener('abort', stop, { once: true });
    wakers.set(turn, stop);
    await delay(wait, woken.signal);
    wakers.delete(turn);
    turn.signal.removeEventListener('abort', stop);
    // Stopped, superseded or disposed while it waited: its end was reported already.
    if (!turn.commit((snapshot) => ({ ...snapshot, run: before }))) return undefined;
  }
}

/** Ends the wait of a turn waiting to retry, so it sends its run now; false when it is not waiting. */
export function retryNow(turn: Turn): boolean {
  const wake = wakers.get(turn);
  wake?.();
  return wake !== undefined;
}

/**
 * Waiting for a busy server and sending the run again (see busy-retry.ts): loaded with the first
 * 429 or 503 a run gets.
 */
import { delay } from '../abortable-delay.js';
import { isBusyStatus } from '../transport/retry-after.js';
import { RunPhase, RunStatus, type RunFailure } from './run-state.js';
import type { Turn } from './turn.js';
import type { BusyRetryOptions } from './busy-retry.js';

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
 * `sendWhileBusy` after the first busy answer (`firstFailure`; `firstUntouched`: nothing of the run
 * had arrived): waits, sends again, and so on while the server stays busy.
 */
export async function resendWhileBusy(
  turn: Turn,
  hop: number,
  send: () => Promise<RunFailure | undefined>,
  options: BusyRetryOptions,
  firstFailure: RunFailure,
  firstUntouched: boolean,
): Promise<RunFailure | undefined> {
  for (let attempt = 1; ; attempt++) {
    let failure: RunFailure | undefined = firstFailure;
    let untouched = firstUntouched;
    if (attempt > 1) {
      const { messages, toolCalls } = turn.conversation;
      failure = await send();
      // A run whose output had begun is not sent again (its partial output is the failure's to show).
      untouched = turn.conversation.messages === messages && turn.conversation.toolCalls === toolCalls;
    }
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

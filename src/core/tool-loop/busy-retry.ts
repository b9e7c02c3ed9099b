/**
 * A busy server (HTTP 429 Too Many Requests, 503 Service Unavailable) is waited for, not shown as a
 * failure at once: the turn shows `waiting-to-retry` with the time it will try again, then sends the
 * same run again, a bounded number of times. `Retry-After` sets the wait when the page can read it;
 * a server asking for longer than `maxWaitMs` is not retried by itself (the failure says when to).
 */
import { isBusyStatus } from '../transport/retry-after.js';
import { LazyModule } from '../lazy-module.js';
import type { RunFailure } from './run-state.js';
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

/** The wait and the sending again (busy-wait.ts), loaded with the first busy answer: most runs never get one. */
const busyWait = new LazyModule(() => import('./busy-wait.js'));

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
  const { messages, toolCalls } = turn.conversation;
  const failure = await send();
  if (failure?.kind !== 'http' || !isBusyStatus(failure.status)) return failure;
  // A run whose output had begun is not sent again (its partial output is the failure's to show).
  const untouched = turn.conversation.messages === messages && turn.conversation.toolCalls === toolCalls;
  return busyWait.load().then(
    (module) => module.resendWhileBusy(turn, hop, send, options, failure, untouched),
    () => failure, // its code could not be loaded: the run fails as the server said
  );
}

/** Ends the wait of a turn waiting to retry, so it sends its run now; false when it is not waiting. */
export function retryNow(turn: Turn): boolean {
  return !!busyWait.loaded?.retryNow(turn);
}

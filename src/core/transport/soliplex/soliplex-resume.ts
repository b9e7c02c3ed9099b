/**
 * Resuming a dropped Soliplex stream as Soliplex's reference client does (`soliplex/frontend`,
 * `AgUiStreamClient` + `ResumePolicy`): a stream that drops after a frame with an `id:` is POSTed
 * again with `Last-Event-ID` (the server replays the stored events after that index, then follows the
 * run live); a resume answered 5xx or cut off is retried, a 4xx is not; consecutive resumes are
 * bounded, and a resume that delivered events earns a fresh budget. Loaded with a run's first failed
 * request (`followRun` in `soliplex-follow.ts` keeps the position from the first frame).
 */
import { TransportError } from '../transport.js';
import { delay } from '../../abortable-delay.js';
import { asTransportError, followAttempt, type FailedAttempt, type FollowSettings, type Following } from './soliplex-follow.js';

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

/** The policy the transport's options ask for (`resumeAttempts`, `resumeDelayMs`…), defaults filled in. */
export function resumePolicy(settings: FollowSettings): ResumePolicy {
  const { resumeAttempts, resumeDelayMs, resumeMaxDelayMs, resumeJitter } = settings;
  return {
    attempts: resumeAttempts ?? DEFAULT_RESUME_POLICY.attempts,
    initialDelayMs: resumeDelayMs ?? DEFAULT_RESUME_POLICY.initialDelayMs,
    // A first wait longer than the default ceiling raises the ceiling with it.
    maxDelayMs: resumeMaxDelayMs ?? Math.max(DEFAULT_RESUME_POLICY.maxDelayMs, resumeDelayMs ?? 0),
    jitter: resumeJitter ?? DEFAULT_RESUME_POLICY.jitter,
  };
}

/**
 * The wait before resume `attempt` (1-based): `initialDelayMs · 2^(attempt-1)` capped at
 * `maxDelayMs`, then spread by ±`jitter` and capped again, so `maxDelayMs` is a strict ceiling.
 */
export function resumeDelay(attempt: number, policy: ResumePolicy, random: () => number = Math.random): number {
  const ramp = Math.min(policy.initialDelayMs * 2 ** Math.max(0, attempt - 1), policy.maxDelayMs);
  const spread = 1 + (random() * 2 - 1) * policy.jitter;
  return Math.min(Math.max(0, Math.round(ramp * spread)), policy.maxDelayMs);
}

/**
 * Goes on from a failed request of `run` (not the listener's, not aborted): resumes it from its last
 * event id while the policy allows, until a stream closes cleanly (resolves), the caller's signal
 * aborts (resolves), or it cannot be followed further (rejects with a `TransportError`).
 */
export async function resumeRun(run: Following, failed: FailedAttempt): Promise<void> {
  const { options, life } = run;
  const { signal } = options;
  const policy = resumePolicy(options.settings);
  const neverFinished = () =>
    new TransportError(
      'stream-ended',
      `The agent sent nothing new for ${describeDuration(run.maxWaitMs)}: the run seems to have stopped on the server. Try again.`,
    );
  let failures = 0; // consecutive resumes without a new event
  for (let attempt: FailedAttempt | undefined = failed; attempt; attempt = await followAttempt(run)) {
    if (run.listenerFailed) throw attempt.failure; // the engine's own error: not a dropped connection
    if (signal.aborted) return;
    if (run.waitedOut) throw neverFinished();
    if (run.terminal) return; // cut after the run's end: nothing left to follow
    const error = attempt.stalled
      ? new TransportError('network', `The connection to the Soliplex server went silent for ${describeDuration(run.stallMs)}.`)
      : attempt.failure;
    if (!retryable(error, attempt.resuming) || run.lastEventId === undefined) throw asTransportError(error);
    if (run.lastEventId !== attempt.startedFrom) failures = 0; // this attempt delivered events: a fresh budget
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
    if (run.waitedOut) throw neverFinished();
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

function describeDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 100) / 10} s`;
  return `${ms} ms`;
}

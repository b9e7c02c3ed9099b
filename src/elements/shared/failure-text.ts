import type { RunFailure } from '../../core/index.js';
import { isBusyStatus } from '../../core/transport/retry-after.js';
import type { ChatStrings } from './chat-strings.js';

/** A Soliplex thread the server no longer has: retrying cannot help, a new chat can. */
export function isMissingThread(failure: RunFailure, soliplex: boolean): boolean {
  return soliplex && failure.kind === 'http' && failure.status === 404;
}

/**
 * What a failure means to a person (the engine's message is the technical detail, shown on expand
 * and carried by `soliplex-error`). `stage: 'history'`: the thread's history could not be loaded.
 */
export function failureText(failure: RunFailure, strings: ChatStrings, soliplex: boolean, stage?: 'history' | 'run'): string {
  if (isMissingThread(failure, soliplex)) return strings.errors['missing-thread'];
  if (stage === 'history' && failure.kind !== 'network' && failure.kind !== 'unauthorized') return strings.errors.history;
  // 429 / 503: busy, not broken (the automatic retries are spent, or the server asked for a long wait).
  if (failure.kind === 'http' && isBusyStatus(failure.status)) {
    const seconds = failure.retryAfterMs !== undefined ? Math.ceil(failure.retryAfterMs / 1000) : undefined;
    return `${strings.busy(failure.status!)} ${strings.tryLater(seconds)}`;
  }
  return strings.errors[failure.kind] ?? strings.errors.internal;
}

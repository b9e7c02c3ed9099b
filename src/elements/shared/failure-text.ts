import type { RunFailure } from '../../core/index.js';
import type { SoliplexChatStrings } from './chat-strings.js';

/** A Soliplex thread the server no longer has: retrying cannot help, a new chat can. */
export function isMissingThread(failure: RunFailure, soliplex: boolean): boolean {
  return soliplex && failure.kind === 'http' && failure.status === 404;
}

/**
 * What a failure means to a person (the engine's message is the technical detail, shown on expand
 * and carried by `soliplex-error`). `stage: 'history'`: the thread's history could not be loaded.
 */
export function failureText(failure: RunFailure, strings: SoliplexChatStrings, soliplex: boolean, stage?: 'history' | 'run'): string {
  if (isMissingThread(failure, soliplex)) return strings.errors['missing-thread'];
  if (stage === 'history' && failure.kind !== 'network' && failure.kind !== 'unauthorized') return strings.errors.history;
  return strings.errors[failure.kind] ?? strings.errors.internal;
}

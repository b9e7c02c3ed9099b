import type { RunFailure } from './run-state.js';
import { TransportError } from '../transport/transport.js';

/** Turns whatever a transport threw into a failure a person can read. */
export function describeFailure(error: unknown): RunFailure {
  if (error instanceof TransportError) {
    return { kind: error.kind, message: error.message, status: error.status, ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}) };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: `The run failed: ${message}` };
}

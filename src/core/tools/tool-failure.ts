/**
 * What happens when a tool throws or times out. The default (no strategy) is today's: the call fails
 * and the model is told why. Invalid arguments, vetoes and denials are answers, not failures.
 */
import { delay } from '../abortable-delay.js';

export type FailureStrategy =
  /** The turn fails at once (kind `tool`); the other calls of the hop are stopped. */
  | { readonly mode: 'fail-fast' }
  /** Runs the tool again up to `maxRetries` times (default 2), waiting `backoffMs` (default 500) doubled each time. */
  | { readonly mode: 'retry'; readonly maxRetries?: number; readonly backoffMs?: number }
  /** The model gets `message` instead of the error; `{tool}` and `{error}` are replaced. */
  | { readonly mode: 'fallback'; readonly message: string };

/** Thrown by the call runner for a `fail-fast` failure; the orchestrator fails the turn with it. */
export class ToolFailFastError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolFailFastError';
  }
}

export function fallbackMessage(template: string, tool: string, error: string): string {
  return template.replaceAll('{tool}', tool).replaceAll('{error}', error);
}

/** Runs `attempt` until it succeeds or the strategy's retries are spent; waits are cut short by `signal`. */
export async function withRetries<T extends { ok: boolean }>(
  strategy: FailureStrategy | undefined,
  signal: AbortSignal,
  attempt: () => Promise<T>,
): Promise<T> {
  let outcome = await attempt();
  if (strategy?.mode !== 'retry') return outcome;
  const retries = Math.max(0, Math.floor(strategy.maxRetries ?? 2));
  let wait = Math.max(0, strategy.backoffMs ?? 500);
  for (let i = 0; i < retries && !outcome.ok && !signal.aborted; i++) {
    await delay(wait, signal);
    if (signal.aborted) break;
    wait *= 2;
    outcome = await attempt();
  }
  return outcome;
}

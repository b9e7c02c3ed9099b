/**
 * A Soliplex run's token usage (`GET …/{run}/usage`): apart from the feedback routes
 * (`soliplex-run-extras.ts`), since only `show-usage` and Export ask for it.
 */
import type { SoliplexClient } from './soliplex-client.js';

/** What the model used for one run (pydantic-ai's count). */
export interface SoliplexUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly requests: number;
  readonly tool_calls: number;
}

/** A run's usage, or null when the server counted none (a run that did not complete). */
export async function getRunUsage(api: SoliplexClient, room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexUsage | null> {
  const usage = await api.json<SoliplexUsage | null>('GET', `${api.runPath(room, thread, run)}/usage`, undefined, signal);
  return usage && typeof usage === 'object' && typeof usage.input_tokens === 'number' ? usage : null;
}

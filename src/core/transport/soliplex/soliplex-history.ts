import type { BaseEvent } from '@ag-ui/core';
import type { HistoryRun } from '../transport.js';
import type { SoliplexApi } from './soliplex-api.js';

/**
 * Reads a stored thread (there is no messages endpoint): its finished runs in creation order, each
 * with its input transcript and its events.
 */
export async function loadSoliplexHistory(
  api: SoliplexApi,
  room: string,
  threadId: string,
  signal: AbortSignal,
): Promise<HistoryRun[]> {
  const thread = await api.getThread(room, threadId, signal);
  const finished = Object.values(thread.runs)
    .filter((run) => run.finished)
    .sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  const runs = await Promise.all(finished.map((run) => api.getRun(room, threadId, run.run_id, signal)));
  return runs.map((run) => ({
    runId: run.run_id,
    messages: run.run_input?.messages ?? [],
    events: (run.events ?? []) as BaseEvent[],
    state: run.run_input?.state,
  }));
}

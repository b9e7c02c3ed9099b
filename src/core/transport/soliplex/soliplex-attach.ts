/**
 * Joining a Soliplex run still under way on the server (`SoliplexTransport.attachRun`): apart from the
 * transport, since only a reloaded thread whose last run had not finished needs it.
 */
import type { BaseEvent } from '@ag-ui/core';
import { TransportError, type RunEventSink } from '../transport.js';
import type { SoliplexClient } from './soliplex-client.js';
import { DEFAULT_MAX_EVENT_WAIT_MS, followRun, type FollowSettings } from './soliplex-follow.js';
import { resumeDelay, resumePolicy, retryableFailure } from './soliplex-resume.js';
import { emptySoliplexRunInput } from './soliplex-run-input.js';
import { delay } from '../../abortable-delay.js';
import { stripStageFor } from '../agui-strip-stage.js';

/** See `SoliplexTransport.attachRun`. */
export async function attachSoliplexRun(
  api: SoliplexClient,
  room: string,
  settings: FollowSettings,
  threadId: string,
  runId: string,
  signal: AbortSignal,
  onEvent: RunEventSink,
): Promise<void> {
  const policy = resumePolicy(settings);
  const deadline = Date.now() + (settings.maxEventWaitMs ?? DEFAULT_MAX_EVENT_WAIT_MS);
  let failures = 0; // GETs in a row answered 5xx or not at all
  for (let polls = 1; ; ) {
    let run;
    try {
      run = await api.getRun(room, threadId, runId, signal);
      failures = 0;
    } catch (error) {
      if (signal.aborted) return;
      if (!retryableFailure(error) || failures >= policy.attempts) throw error;
      await delay(resumeDelay(++failures, policy), signal);
      if (signal.aborted) return;
      continue;
    }
    const events = (Array.isArray(run.events) ? run.events : []) as unknown[];
    if (events.length > 0 || run.finished) {
      let terminal = false;
      for (const event of events) {
        if (signal.aborted) return;
        // Indexes count every stored entry, so one that is not an event is skipped, not dropped from the count.
        if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') continue;
        const type = (event as BaseEvent).type as string;
        terminal = type === 'RUN_FINISHED' || type === 'RUN_ERROR';
        const stage = stripStageFor(event); // loaded before the event that needs it is handed on
        if (stage) await stage;
        if (signal.aborted) return;
        onEvent(event as BaseEvent);
      }
      if (run.finished || terminal) return;
      return followRun(api, api.runPath(room, threadId, runId), onEvent, {
        settings,
        body: emptySoliplexRunInput(threadId, runId),
        lastEventId: `${runId}:${events.length - 1}`,
        signal,
      });
    }
    if (Date.now() >= deadline) {
      throw new TransportError('stream-ended', 'The run never started on the server: nothing came from it. Try again.');
    }
    await delay(Math.min(resumeDelay(polls++, policy), Math.max(0, deadline - Date.now())), signal);
    if (signal.aborted) return;
  }
}

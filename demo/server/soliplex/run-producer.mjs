// Drives a Step source (model or test script) into a RunChannel, detached from any HTTP response.
// Directive meanings in Soliplex mode: $cut drops the attached sockets but production continues;
// $hang stops producing for good (the run never finishes); $end finishes the run early.
// Events pass through Soliplex's final-state snapshot and the run's delivery (delivery.mjs) before
// they are stored, so the stored list is what a client was sent.
import { EventType } from '@ag-ui/core';
import { sleep } from '../http-util.mjs';
import { withRunIds } from '../step-player.mjs';
import { createDelivery, withFinalState } from './delivery.mjs';

/**
 * @param {import('./run-channel.mjs').RunChannel} channel
 * @param {() => Iterable<any> | AsyncIterable<any>} openSteps called here so a throwing model becomes a RUN_ERROR
 * @param {{ ids: { threadId: string, runId: string }, stepDelayMs?: number, signal: AbortSignal,
 *   delivery?: import('./delivery.mjs').Delivery, state?: unknown }} options
 *   state: the run input's state, from which the final STATE_SNAPSHOT is tracked
 * @returns {Promise<void>}
 */
export async function produceRun(channel, openSteps, { ids, stepDelayMs = 0, signal, delivery = 'token', state }) {
  const stage = createDelivery(delivery, (event) => channel.append(event));
  const push = withFinalState(state, stage.push);
  let first = true;
  try {
    for await (const step of openSteps()) {
      if (signal.aborted) break;
      if (!first && stepDelayMs > 0) await sleep(stepDelayMs, signal);
      first = false;
      if (signal.aborted) break;

      if ('$delay' in step) await sleep(step.$delay, signal);
      else if ('$raw' in step) channel.raw(step.$raw);
      else if ('$cut' in step) channel.cut();
      else if ('$hang' in step) return; // never finished: resumes and GETs see a run still in progress
      else if ('$end' in step) break;
      else if ('$status' in step) throw new Error('$status is only valid as the first step');
      else push(withRunIds(step, ids));
    }
  } catch (err) {
    const message = /** @type {Error} */ (err)?.message ?? String(err);
    push({ type: EventType.RUN_ERROR, message, code: 'server_error' });
  }
  stage.end();
  channel.finish();
}

import { RunPhase, RunStatus, type StreamingState } from './run-state.js';
import type { Transport } from '../transport/transport.js';

/**
 * Re-attaching to a run the server is still running when its thread is loaded (a reload mid-answer):
 * the engine follows it as the first hop of an announced turn, so it streams into view, its client
 * tool calls run once when it ends, and the loop continues to the final answer, as a live turn does.
 * Until that run has ended no other run may start on the thread (the transcript would fork).
 */

/** The running state while the server's run is followed: no send is taken meanwhile. */
export const attachedState: StreamingState = Object.freeze({
  status: RunStatus.Running,
  phase: RunPhase.Streaming,
  hop: 0,
  continued: false,
  attached: true,
});

/** Why a send (or regenerate, edit) is refused while a run of the thread is unfinished on the server. */
export const ATTACHED_REFUSAL = 'An answer is still being written on the server for this thread: wait for it to finish.';

/**
 * `transport`, with its `run` replaced by following `runId` (a transport that can: `attachRun`): the
 * run's first hop is then the server's unfinished run, and the loop's later hops post as usual.
 */
export function attachingTransport(transport: Transport, runId: string): Transport {
  const { attachRun } = transport;
  if (!attachRun) return transport;
  // The transport's other methods stay its own (they live on its prototype).
  const attaching = Object.create(transport) as Transport;
  attaching.run = async (request, onEvent) => {
    await attachRun.call(transport, request.threadId, runId, request.signal, onEvent);
    return { runId };
  };
  return attaching;
}

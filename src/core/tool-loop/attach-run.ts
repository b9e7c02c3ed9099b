import { RunPhase, RunStatus, type StreamingState, type ThreadKey } from './run-state.js';
import type { Transport } from '../transport/transport.js';
import type { TurnOutcome } from './engine-events.js';
import type { RunOrchestrator } from './run-orchestrator.js';
import type { Turn, TurnOptions } from './turn.js';

/**
 * Re-attaching to a run the server is still running when its thread is loaded (a reload mid-answer):
 * the engine follows it as the first hop of an announced turn, so it streams into view, its client
 * tool calls run once when it ends, and the loop continues to the final answer, as a live turn does.
 * Until that run has ended no other run may start on the thread (the transcript would fork).
 * Its own module, loaded with the history loads (history-load.ts): only a loaded thread has such a run.
 */

/** The running state while the server's run is followed: no send is taken meanwhile. */
export const attachedState: StreamingState = Object.freeze({
  status: RunStatus.Running,
  phase: RunPhase.Streaming,
  hop: 0,
  continued: false,
  attached: true,
});

/** What following a server's run needs of the engine's own state (`RunOrchestrator` gives it). */
export interface AttachHost {
  readonly engine: RunOrchestrator;
  /** A new turn in the thread's slot (undefined once the engine is disposed). */
  startTurn(key: ThreadKey, options?: TurnOptions): Turn | undefined;
  /** Records that `turn` follows the server's run `runId` with `transport` as its first hop. */
  follow(turn: Turn, runId: string, transport: Transport): void;
  /** Announces the turn and runs its loop. */
  drive(turn: Turn, retry: boolean): Promise<TurnOutcome>;
}

/** Follows the server's run `runId` of `key` as the first hop of an announced turn; undefined once the engine is disposed. */
export function attachTurn(host: AttachHost, key: ThreadKey, runId: string, options?: TurnOptions): Promise<TurnOutcome> | undefined {
  const turn = host.startTurn(key, options);
  if (!turn) return undefined;
  host.follow(turn, runId, attachingTransport(host.engine.transportFor(key), runId));
  turn.commit((snapshot) => ({ ...snapshot, run: attachedState }));
  return host.drive(turn, false);
}

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

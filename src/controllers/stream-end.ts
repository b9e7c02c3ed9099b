import { RunPhase, isRunning } from '../core/tool-loop/run-state.js';
import type { ThreadSnapshot } from '../core/index.js';

/**
 * A run whose `RUN_FINISHED` arrived while its stream is still open: the engine is about to hop to the
 * continuation (or end the turn). Views hold their renders back for it (see `NextFrame.defer`): the
 * chat's (ThreadController) and the message list's card slices (CardSlices).
 */
export function awaitingStreamEnd(snapshot: ThreadSnapshot): boolean {
  return snapshot.conversation.runFinished && isRunning(snapshot.run) && snapshot.run.phase === RunPhase.Streaming;
}

/**
 * Taking up a turn that a reload interrupted (the turn `RunOrchestrator.continue`, `runAgain`, an
 * approval or an interrupt's answer starts on a restored thread), and a new turn moving on from what a
 * reload left open. Its own module: only a page that comes back to a thread kept in flight needs it
 * (the engine starts loading it with such a `restore`; a turn started before it is there waits for it).
 */
import { ToolCallStatus, updateToolCall, type Conversation, type ToolCall } from '../conversation/conversation.js';
import { interruptHeldCallIds } from '../conversation/interrupts.js';
import { DID_NOT_COMPLETE, MOVED_ON, resumableCallIds } from '../conversation/restored-turn.js';
import type { TurnOutcome } from './engine-events.js';
import type { RunFailure, RunState, ThreadKey } from './run-state.js';
import { RunPhase, RunStatus, startingState } from './run-state.js';
import type { Toolset } from '../tools/tool-groups.js';
import type { Turn } from './turn.js';

/** What taking up a restored turn needs of the engine's own state (`RunOrchestrator` gives it). */
export interface ResumeHost {
  /** Announces the turn and runs its loop; `restoredHop` is run first, in place of a first run. */
  drive(turn: Turn, retry: boolean, restoredHop?: () => Promise<void>): Promise<TurnOutcome>;
  /** The calls of the thread that count as executed (invariant 2). */
  executed(key: ThreadKey): Set<string>;
  emit(turn: Turn, event: { readonly type: 'tool-planned' | 'tool-result'; readonly call: ToolCall }): void;
  toolset(turn: Turn): Toolset | TypeError | Promise<Toolset | TypeError>;
  runCalls(turn: Turn, ids: readonly string[], toolset: Toolset): Promise<void>;
  emitMessages(turn: Turn, runKey: string): void;
  awaitAnswers(turn: Turn, hop: number): Promise<void>;
  fail(turn: Turn, failure: RunFailure): void;
}

/**
 * `turn`, just started in the thread's slot with the user's decisions, takes up where the restored
 * turn (`run`, `conversation`: the thread as it was before) stopped: it finishes the restored hop
 * (when its last run finished) or runs the cut-off run again.
 */
export function resumeTurn(host: ResumeHost, turn: Turn, run: RunState, conversation: Conversation): Promise<TurnOutcome> {
  const calls = resumableCallIds(conversation);
  const cut = run.status === RunStatus.Interrupted ? run.runKey : undefined;
  const resumeHop = calls.length > 0 || (run.status === RunStatus.Interrupted && cut === undefined && conversation.runFinished);
  turn.replaces = cut;
  const resumed: RunState = calls.length > 0 ? { status: RunStatus.Running, phase: RunPhase.ExecutingTools, hop: 0, toolCallIds: calls } : startingState;
  turn.commit((snapshot) => ({ ...snapshot, run: resumed }));
  return host.drive(turn, true, resumeHop ? () => runRestoredHop(host, turn) : undefined);
}

/**
 * The hop a reload interrupted, taken up: its last run finished, so its calls that wait (to run, for
 * approval, or for the user's word on an interrupted execution) are run or answered, each once; the
 * results already obtained go back with them in the continuation. Then its interrupts, if still open.
 */
async function runRestoredHop(host: ResumeHost, turn: Turn): Promise<void> {
  const { currentRunKey, currentRunId } = turn.conversation;
  const ids = resumableCallIds(turn.conversation);
  if (ids.length > 0) {
    const executed = host.executed(turn.key);
    ids.forEach((id) => executed.add(id));
    turn.report.toolCalls += ids.length;
    for (const id of ids) {
      const call = turn.conversation.toolCalls[id]!;
      if (call.status === ToolCallStatus.Pending) host.emit(turn, { type: 'tool-planned', call });
    }
    let toolset = host.toolset(turn);
    // Only a page with tools waits, once, for the code that resolves them.
    if (toolset instanceof Promise) {
      toolset = await toolset;
      if (!turn.current) return;
    }
    if (toolset instanceof TypeError) return void host.fail(turn, { kind: 'tool', message: toolset.message });
    await host.runCalls(turn, ids, toolset);
    if (!turn.current) return;
    const runKey = currentRunKey ?? currentRunId;
    if (runKey !== undefined) host.emitMessages(turn, runKey);
  }
  await host.awaitAnswers(turn, 0);
}

/**
 * A turn that starts afresh (a new message) on a restored thread moves on from what the reload
 * left open: an interrupted call is answered as not completed, a waiting one as not answered.
 */
export function moveOn(host: ResumeHost, turn: Turn): void {
  const { settled } = moveOnFromRestored(turn.conversation);
  if (settled.length === 0) return;
  if (!turn.commit((snapshot) => ({ ...snapshot, conversation: moveOnFromRestored(snapshot.conversation).conversation }))) return;
  for (const id of settled) {
    const call = turn.conversation.toolCalls[id];
    if (call) host.emit(turn, { type: 'tool-result', call });
  }
}

/**
 * A new message on a restored thread moves on from what the reload left open: an interrupted call is
 * answered as not completed, a call still waiting (to run, or for approval) as not answered. Calls an
 * open interrupt holds stay as they are (the server answers them when it resumes). Returns the new
 * conversation and the calls it settled.
 */
export function moveOnFromRestored(conversation: Conversation): { conversation: Conversation; settled: string[] } {
  const held = interruptHeldCallIds(conversation);
  const settled: string[] = [];
  let next = conversation;
  for (const call of Object.values(conversation.toolCalls)) {
    if (call.status === ToolCallStatus.Interrupted) {
      next = updateToolCall(next, call.id, { status: ToolCallStatus.Failed, error: DID_NOT_COMPLETE });
    } else if ((call.status === ToolCallStatus.AwaitingApproval || call.status === ToolCallStatus.Pending) && !held.has(call.id) && !call.serverRun) {
      next = updateToolCall(next, call.id, { status: ToolCallStatus.Cancelled, unanswered: true, error: MOVED_ON });
    } else continue;
    settled.push(call.id);
  }
  return { conversation: next, settled };
}

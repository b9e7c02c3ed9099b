import {
  ToolCallStatus,
  closeOpenMessages,
  isOfCurrentRun,
  settledToolCallStatuses,
  updateToolCall,
  type Conversation,
  type ToolCall,
} from './conversation.js';
import { interruptHeldCallIds } from './interrupts.js';

/**
 * A turn that was in flight when the page went away (a reload), kept and put back (`restore`): what
 * its conversation looks like once it is shown again, and which of its calls the turn can still take
 * up. Pure functions over the model. What a new message does to those it never took up, and the
 * taking up itself, load with the first in-flight restore (tool-loop/restored-resume.ts).
 */

/** What the model is told about a call that was running when the page went away, if the user goes on without it. */
export const DID_NOT_COMPLETE = 'The tool did not complete: the page was reloaded while it ran.';
/** A call of a run cut off by the reload: it never ran (client calls run only after their run finished). */
export const RELOADED_BEFORE_RUN = 'The page was reloaded before this tool call ran.';
/** A call restored waiting (for approval, or to run) that the conversation moved on from. */
export const MOVED_ON = 'Not answered: the conversation moved on before this tool call ran.';

/** Statuses of a restored call that the turn, continued, can still take up. */
const RESUMABLE: ReadonlySet<ToolCall['status']> = new Set([ToolCallStatus.Pending, ToolCallStatus.AwaitingApproval, ToolCallStatus.Interrupted]);

export interface RestoredTurn {
  /** The conversation as it is shown: text closed, running calls `interrupted`, a cut run's calls settled. */
  readonly conversation: Conversation;
  /** The client key of the run the reload cut off mid-stream (its output is what Continue replaces). */
  readonly unfinishedRunKey?: string;
  /** Calls that may have run (every call but the cut run's): never executed again by a replay. */
  readonly executedCallIds: readonly string[];
}

/**
 * The conversation of a turn in flight at reload, as it comes back: streamed text is complete, a call
 * that was executing is `interrupted` (never re-run by itself), and when the last run was cut off
 * mid-stream its calls (which never ran) are cancelled and its key is returned, so Continue can
 * replace that run's output once the new run produces some.
 */
export function restoreInFlight(saved: Conversation): RestoredTurn {
  let conversation = closeOpenMessages(saved);
  const currentRun = conversation.currentRunKey ?? conversation.currentRunId;
  const unfinished = !conversation.runFinished && currentRun !== undefined;
  for (const call of Object.values(conversation.toolCalls)) {
    if (settledToolCallStatuses.has(call.status) || call.status === ToolCallStatus.Interrupted) continue;
    if (call.status === ToolCallStatus.Executing) {
      conversation = updateToolCall(conversation, call.id, { status: ToolCallStatus.Interrupted });
    } else if (unfinished || call.status === ToolCallStatus.Streaming || !isOfCurrentRun(conversation, call)) {
      conversation = updateToolCall(conversation, call.id, { status: ToolCallStatus.Cancelled, error: RELOADED_BEFORE_RUN });
    }
  }
  const cut = (call: ToolCall) => unfinished && isOfCurrentRun(conversation, call);
  return {
    conversation,
    ...(unfinished ? { unfinishedRunKey: currentRun } : {}),
    executedCallIds: [...Object.values(conversation.toolCalls).filter((call) => !cut(call)).map((call) => call.id), ...retiredCallIds(conversation)],
  };
}

/** Every call a kept conversation holds, and those it ran that a snapshot dropped: none runs again by itself. */
export function callIdsThatRan(conversation: Conversation): string[] {
  return [...Object.keys(conversation.toolCalls), ...retiredCallIds(conversation)];
}

/** A save written by hand or by another version may hold anything there. */
const retiredCallIds = ({ retiredCallIds: ids }: Conversation): readonly string[] => (Array.isArray(ids) ? ids : []);

/**
 * A thread's conversation kept while idle (or from an older save): every call left open is settled as
 * not answered, so the transcript stays valid and nothing waits for a turn that is gone.
 */
export function restoreIdle(saved: Conversation): Conversation {
  let conversation = closeOpenMessages(saved);
  for (const call of Object.values(conversation.toolCalls)) {
    if (call.status === ToolCallStatus.Executing || call.status === ToolCallStatus.Interrupted) {
      conversation = updateToolCall(conversation, call.id, { status: ToolCallStatus.Failed, error: DID_NOT_COMPLETE });
    } else if (!settledToolCallStatuses.has(call.status)) {
      conversation = updateToolCall(conversation, call.id, { status: ToolCallStatus.Cancelled, unanswered: true, error: MOVED_ON });
    }
  }
  return conversation;
}

/**
 * The restored calls the turn takes up when it goes on: calls of its last (finished) run that wait to
 * run, for approval, or for the user's word on an interrupted execution. Calls an open interrupt
 * holds are the server's; calls the server ran never run here.
 */
export function resumableCallIds(conversation: Conversation): string[] {
  if (!conversation.runFinished) return [];
  const held = interruptHeldCallIds(conversation);
  // A call that ran, was dropped by a snapshot and named again by a later one waits, as it looks, but ran.
  const ran = new Set(retiredCallIds(conversation));
  return Object.values(conversation.toolCalls)
    .filter((call) => RESUMABLE.has(call.status) && !call.serverRun && !held.has(call.id) && !ran.has(call.id) && isOfCurrentRun(conversation, call))
    .map((call) => call.id);
}

/** Ids of the calls that were executing at reload and wait for Run again or Continue. */
export function interruptedCallIds(conversation: Conversation): string[] {
  return Object.values(conversation.toolCalls)
    .filter((call) => call.status === ToolCallStatus.Interrupted)
    .map((call) => call.id);
}

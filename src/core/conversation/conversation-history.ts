import { EventType } from '@ag-ui/core';
import { ToolCallStatus, appendUserMessage, closeOpenMessages, settleOpenToolCalls, settledToolCallStatuses, updateToolCall, emptyConversation, type Conversation, type ToolCall } from './conversation.js';
import { attachmentParts, contentText } from './tool-call-events.js';
// A stored run may hold any event: the reducer with its rare paths (reducer-extras.ts).
import { reduceConversation } from './reducer-extras.js';
import { eventTime, stampCreated } from './message-times.js';
import type { HistoryRun } from '../transport/transport.js';
import { applyHistoricResume } from './interrupt-answers.js';
import { resumableCallIds } from './restored-turn.js';

export interface ReplayOptions {
  /**
   * The thread's last run finished leaving client calls unanswered, and nothing followed it: the page
   * went away while they ran (or waited). Given, they come back as it says of each, `interrupted` (Run
   * again, or Continue without them) or `awaiting-approval` (asked again), instead of "not answered",
   * since the conversation did not move on.
   */
  readonly takeUpLastRun?: (call: ToolCall) => typeof ToolCallStatus.Interrupted | typeof ToolCallStatus.AwaitingApproval;
}

/**
 * Rebuilds a conversation from stored runs with the same reducer as the live stream. Each run's input
 * brings the user's new message and the page's results for the previous run's calls; calls left
 * without a result are settled, so none of them can ever run again.
 */
export function replayHistory(runs: readonly HistoryRun[], options: ReplayOptions = {}): Conversation {
  let conversation = emptyConversation;
  // Linear, not quadratic, in the history's length: the ids in the conversation (rebuilt after a
  // snapshot, which may add or reorder messages), and whether any run ended with interrupts.
  const ids = new Set<string>();
  let interrupted = false;
  for (const [index, run] of runs.entries()) {
    if (run.state !== undefined) conversation = { ...conversation, state: run.state };
    // A later run closed the earlier runs' interrupts: they are never shown as open or sent again.
    if (index > 0 && (interrupted || run.resume?.length)) conversation = applyHistoricResume(conversation, run.resume ?? []);
    for (const message of run.messages) {
      if (message.role === 'user' && !ids.has(message.id)) {
        ids.add(message.id);
        const parts = attachmentParts(message.content);
        conversation = appendUserMessage(conversation, { role: 'user', id: message.id, text: contentText(message.content), ...(parts ? { parts } : {}), ...(run.createdAt ? { createdAt: run.createdAt } : {}) });
      }
      const call = message.role === 'tool' ? conversation.toolCalls[message.toolCallId] : undefined;
      if (message.role === 'tool' && call && !settledToolCallStatuses.has(call.status)) {
        conversation = updateToolCall(
          conversation,
          call.id,
          message.error
            ? { status: ToolCallStatus.Failed, error: message.error, resultMessageId: message.id }
            : { status: ToolCallStatus.Completed, result: contentText(message.content), resultValue: message.content, resultMessageId: message.id },
        );
      }
    }
    // Stored runs may share ids: each gets its own key, as a live run does.
    const before = conversation.messages.length;
    conversation = { ...conversation, currentRunId: run.runId, currentRunKey: `history-${index}` };
    // What each event created gets its time: the event's own, else the run's (as the server gave it).
    for (const event of run.events) {
      conversation = stampCreated(conversation, reduceConversation(conversation, event, () => {}), eventTime(event, run.createdAt), (event as { toolCallId?: unknown }).toolCallId);
    }
    // A run that could not be read (what could be rebuilt of it shown): a gap in its place, one for a row of them.
    if (run.missing) conversation = withHistoryGap(conversation, run.runId);
    interrupted ||= run.events.some((event) => event?.type === EventType.RUN_FINISHED && (event as { outcome?: { type?: unknown } }).outcome?.type === 'interrupt');
    const snapshot = run.events.some((event) => event?.type === EventType.MESSAGES_SNAPSHOT);
    if (snapshot) ids.clear();
    for (const message of conversation.messages.slice(snapshot ? 0 : before)) ids.add(message.id);
  }
  const last = runs.at(-1);
  const takenUp = options.takeUpLastRun && last && !last.unfinished && !last.missing ? resumableCallIds(conversation) : [];
  // Honest about what happened: nobody answered these calls, and the conversation went on without them.
  let replayed = closeOpenMessages(
    settleOpenToolCalls(conversation, 'This call was not answered: the conversation was left before it finished.', {
      status: ToolCallStatus.Cancelled,
      unanswered: true,
    }),
  );
  for (const id of takenUp) {
    const call = conversation.toolCalls[id]!;
    replayed = { ...replayed, toolCalls: { ...replayed.toolCalls, [id]: { ...call, status: options.takeUpLastRun!(call) } } };
  }
  return replayed;
}

/** Adds `runId` to a gap that ends the conversation, or a new gap after it. */
function withHistoryGap(conversation: Conversation, runId: string): Conversation {
  const last = conversation.messages.at(-1);
  const messages =
    last?.role === 'history-gap'
      ? [...conversation.messages.slice(0, -1), { ...last, runIds: [...last.runIds, runId] }]
      : [...conversation.messages, { role: 'history-gap' as const, id: `history-gap:${runId}`, runIds: [runId] }];
  return { ...conversation, messages };
}

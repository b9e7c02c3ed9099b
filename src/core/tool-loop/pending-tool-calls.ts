import { ToolCallStatus, type Conversation, type ToolCall } from '../conversation/conversation.js';

/**
 * The calls a finished run left for the page: the server's `pendingToolCallIds` when it named them,
 * otherwise every call of the current run with no result. Calls the server ran and calls in
 * `executed` are never returned, so no replay or retry can run a call twice.
 */
export function pendingToolCallIds(conversation: Conversation, executed: ReadonlySet<string>): string[] {
  const isPending = (call: ToolCall | undefined): call is ToolCall =>
    !!call && call.status === ToolCallStatus.Pending && !call.serverRun && !executed.has(call.id);
  if (conversation.pendingToolCallIds) {
    return conversation.pendingToolCallIds.filter((id) => isPending(conversation.toolCalls[id]));
  }
  return Object.values(conversation.toolCalls)
    .filter((call) => isPending(call) && call.runId === conversation.currentRunId)
    .map((call) => call.id);
}

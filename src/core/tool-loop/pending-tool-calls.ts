import { ToolCallStatus, isOfCurrentRun, type Conversation, type ToolCall } from '../conversation/conversation.js';

/**
 * The calls a finished run left for the page, each once, in call order. AG-UI 1.0: an absent or empty
 * `pendingToolCallIds` means every call this run started with no result; a non-empty list is untrusted
 * input, so it is deduplicated and ids the run never started, or the server answered, are ignored.
 * Calls in `executed` are never returned, so no replay or retry can run a call twice.
 */
export function pendingToolCallIds(conversation: Conversation, executed: ReadonlySet<string>): string[] {
  const isPending = (call: ToolCall | undefined): call is ToolCall =>
    !!call &&
    call.status === ToolCallStatus.Pending &&
    !call.serverRun &&
    !executed.has(call.id) &&
    isOfCurrentRun(conversation, call);
  const named = conversation.pendingToolCallIds;
  const candidates = named && named.length > 0 ? [...new Set(named)] : Object.keys(conversation.toolCalls);
  return candidates.filter((id) => isPending(conversation.toolCalls[id]));
}

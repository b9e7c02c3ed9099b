import { EventType, type BaseEvent, type ContentPart } from '@ag-ui/core';
import { ToolCallStatus, isOfCurrentRun, settledToolCallStatuses, type Conversation, type ToolCall } from './conversation.js';
import { appendCapped, capText } from './text-limit.js';
import { endToolCall, findIndex, parseToolArguments, replaceMessage, startAssistant, type ReducerWarn } from './conversation-reducer.js';
import { keepMetadataSources } from './metadata-sources.js';

/*
 * The reducer's tool-call events (`TOOL_CALL_START` / `_ARGS` / `_END` / `_CHUNK` / `_RESULT`), one of
 * its rare paths (reducer-extras.ts): a plain answer has no calls, and a call's events load the tool
 * machinery anyway. The engine holds a run's events, in order, from the first call event until these
 * are loaded (`needsReducerExtras`). Messages snapshots (messages-snapshot.ts) build calls with them too.
 */

type AnyEvent = BaseEvent & Record<string, unknown>;

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The text of a message or result that may be content parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return (content as ContentPart[])
      .map((part) => (part && part.type === 'text' ? part.text : ''))
      .join('');
  }
  return content === undefined || content === null ? '' : JSON.stringify(content);
}

/** The non-text parts of multimodal content (attachments), or undefined when there are none. */
export function attachmentParts(content: unknown): ContentPart[] | undefined {
  if (!Array.isArray(content)) return undefined;
  const parts = (content as ContentPart[]).filter((part) => part && typeof part === 'object' && part.type !== 'text');
  return parts.length ? parts : undefined;
}

/** The assistant message a call without `parentMessageId` belongs to: the newest of this run. */
function hostMessageId(conversation: Conversation, toolCallId: string): string {
  for (let i = conversation.messages.length - 1; i >= 0; i--) {
    const message = conversation.messages[i]!;
    if (message.role === 'user') break;
    if (message.role === 'assistant' && isOfCurrentRun(conversation, message)) return message.id;
  }
  return `assistant-${toolCallId}`;
}

export function startToolCall(conversation: Conversation, event: AnyEvent): Conversation {
  const id = str(event['toolCallId']);
  if (!id || conversation.toolCalls[id]) return conversation;
  const parentId = str(event['parentMessageId']) ?? hostMessageId(conversation, id);
  let next = startAssistant(conversation, parentId);
  const index = findIndex(next, parentId);
  const parent = next.messages[index];
  if (!parent || parent.role !== 'assistant') return conversation;
  next = replaceMessage(next, index, { ...parent, toolCallIds: [...parent.toolCallIds, id] });
  const call: ToolCall = {
    id,
    name: str(event['toolCallName']) ?? '',
    status: ToolCallStatus.Streaming,
    argsText: '',
    serverRun: false,
    runId: conversation.currentRunId,
    runKey: conversation.currentRunKey,
  };
  return { ...next, toolCalls: { ...next.toolCalls, [id]: call } };
}

export function appendToolArgs(conversation: Conversation, id: string, delta: string, warn: ReducerWarn): Conversation {
  const call = conversation.toolCalls[id];
  if (!call) {
    warn(`Arguments for unknown tool call ${id} ignored`);
    return conversation;
  }
  if (call.status !== ToolCallStatus.Streaming || call.argsTruncated) return conversation;
  const { text: argsText, truncated } = appendCapped(call.argsText, delta);
  return { ...conversation, toolCalls: { ...conversation.toolCalls, [id]: { ...call, argsText, ...(truncated ? { argsTruncated: truncated } : {}) } } };
}

/** A call the server ran, answered by its result. Content parts may name sources in their metadata: kept (metadata-sources.ts). */
export function completeFromServer(conversation: Conversation, id: string, content: unknown, messageId: string | undefined): Conversation {
  const call = conversation.toolCalls[id];
  if (!call) return conversation;
  if (settledToolCallStatuses.has(call.status)) return conversation;
  const text = contentText(content);
  const result = capText(text);
  // Content parts the agent sent (documents, `file` sources…) go back to it as they came (tool-result-parts).
  const parts = Array.isArray(content) && content.length ? (content as ContentPart[]) : undefined;
  const ended: ToolCall = {
    ...call,
    status: ToolCallStatus.Completed,
    args: call.args ?? parseToolArguments(call.argsText),
    result,
    resultValue: typeof content === 'string' ? result : content,
    ...(parts ? { resultContent: parts } : {}),
    ...(result !== text ? { resultTruncated: true as const } : {}),
    serverRun: true,
    resultMessageId: messageId,
  };
  const next = { ...conversation, toolCalls: { ...conversation.toolCalls, [id]: ended } };
  return parts ? keepMetadataSources(next, parts) : next;
}

function lastStreamingCall(conversation: Conversation): string | undefined {
  return Object.values(conversation.toolCalls).findLast((call) => call.status === ToolCallStatus.Streaming)?.id;
}

/** Applies one tool-call event; undefined for an event of another kind. */
export function reduceToolCallEvent(conversation: Conversation, event: BaseEvent, warn: ReducerWarn): Conversation | undefined {
  const e = event as AnyEvent;
  const toolCallId = str(e['toolCallId']);
  const delta = str(e['delta']) ?? '';
  switch (event.type) {
    case EventType.TOOL_CALL_START:
      return startToolCall(conversation, e);
    case EventType.TOOL_CALL_ARGS:
      return toolCallId ? appendToolArgs(conversation, toolCallId, delta, warn) : conversation;
    case EventType.TOOL_CALL_END:
      return toolCallId ? endToolCall(conversation, toolCallId) : conversation;
    case EventType.TOOL_CALL_CHUNK: {
      const id = toolCallId ?? lastStreamingCall(conversation);
      if (!id) return conversation;
      return appendToolArgs(startToolCall(conversation, { ...e, toolCallId: id }), id, delta, warn);
    }
    case EventType.TOOL_CALL_RESULT:
      return toolCallId ? completeFromServer(conversation, toolCallId, e['content'], str(e['messageId'])) : conversation;
    default:
      return undefined;
  }
}

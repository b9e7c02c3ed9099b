import type { Conversation } from './conversation.js';

/**
 * AG-UI 1.1 metadata (spec/1.1/basic/metadata): every event that builds an item merges its `metadata`
 * into that item, key by key, the last write winning, never recursing (a key's value is replaced
 * whole). Text and reasoning events merge into their message, `TOOL_CALL_START/ARGS/END` into the call
 * itself (not the message that owns it), `TOOL_CALL_RESULT` into the tool message it makes (kept on
 * the call as `resultMetadata`: the call is where the widget keeps its result), activity events into
 * the activity. Other events keep their metadata as their own (the engine passes events on whole).
 */

export type Metadata = Readonly<Record<string, unknown>>;

/** `incoming` over `existing`, key by key (the same object when there is nothing to merge). */
export function mergeMetadata(existing: Metadata | undefined, incoming: unknown): Metadata | undefined {
  if (typeof incoming !== 'object' || incoming === null || Array.isArray(incoming)) return existing;
  return existing ? { ...existing, ...incoming } : { ...(incoming as Metadata) };
}

const TO_MESSAGE = new Set([
  'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
  'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END',
  'ACTIVITY_SNAPSHOT', 'ACTIVITY_DELTA',
]);
const TO_CALL = new Set(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END']);

/** Merges an event's `metadata` into the item it built in `next` (the conversation after the event). */
export function mergeEventMetadata(next: Conversation, event: Readonly<Record<string, unknown>>): Conversation {
  const metadata = event['metadata'];
  if (metadata === undefined) return next;
  const type = event['type'] as string;
  if (TO_MESSAGE.has(type)) {
    const index = next.messages.findLastIndex((m) => m.id === event['messageId']);
    const message = next.messages[index];
    if (!message || message.role === 'interrupt' || message.role === 'history-gap') return next;
    const messages = [...next.messages];
    messages[index] = { ...message, metadata: mergeMetadata(message.metadata, metadata) } as typeof message;
    return { ...next, messages };
  }
  const id = event['toolCallId'] as string;
  const call = TO_CALL.has(type) || type === 'TOOL_CALL_RESULT' ? next.toolCalls[id] : undefined;
  if (!call) return next;
  const merged = type === 'TOOL_CALL_RESULT' ? { resultMetadata: mergeMetadata(call.resultMetadata, metadata) } : { metadata: mergeMetadata(call.metadata, metadata) };
  return { ...next, toolCalls: { ...next.toolCalls, [id]: { ...call, ...merged } } };
}

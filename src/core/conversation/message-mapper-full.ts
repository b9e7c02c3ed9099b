import type { Message } from '@ag-ui/core';
import { ToolCallStatus, settledToolCallStatuses, type Conversation, type ToolCall } from './conversation.js';
import { interruptHeldCallIds } from './interrupts.js';
import { userContent } from './message-mapper.js';

/** AG-UI fields carried back as they came: attribution, opaque reasoning (never shown) and 1.1 metadata. */
function extras(item: { readonly subagentRunId?: string; readonly encryptedValue?: string; readonly encryptedValueType?: string; readonly metadata?: Readonly<Record<string, unknown>> }) {
  return {
    ...(item.subagentRunId ? { subagentRunId: item.subagentRunId } : {}),
    ...encrypted(item),
    ...(item.metadata ? { metadata: { ...item.metadata } } : {}),
  };
}

/** An encrypted value and, with it, its type (AG-UI 1.1 `encryptedValueType`). */
function encrypted(item: { readonly encryptedValue?: string; readonly encryptedValueType?: string }) {
  if (!item.encryptedValue) return {};
  return item.encryptedValueType !== undefined ? { encryptedValue: item.encryptedValue, encryptedValueType: item.encryptedValueType } : { encryptedValue: item.encryptedValue };
}

/*
 * The whole mapping of a conversation to AG-UI messages: tool calls and their answers, reasoning
 * carried back, attribution, encrypted values and 1.1 metadata. A chat whose conversation has none of
 * these maps it with message-mapper.ts's plain path and never loads this module (the CDN build makes it
 * a chunk of its own); the core exports this one.
 */

/**
 * Maps the conversation to the AG-UI `messages` of the next run: every message has an id, an
 * assistant message carries its calls (`arguments` as a JSON string, `"{}"` when empty), and each call
 * is answered by a tool message right after it. Calls that never settled (a run cut off mid-call) are
 * answered as failed, because providers reject a call without an answer.
 */
export function toAgUiMessages(conversation: Conversation): Message[] {
  const out: Message[] = [];
  // Calls an unresumed interrupt holds are the server's to answer once it resumes.
  const held = interruptHeldCallIds(conversation);
  for (const message of conversation.messages) {
    switch (message.role) {
      case 'user':
        out.push({ id: message.id, role: 'user', content: userContent(message), ...extras(message) });
        break;
      case 'system':
      case 'developer':
        out.push({ id: message.id, role: message.role, content: message.text, ...(message.metadata ? { metadata: { ...message.metadata } } : {}) });
        break;
      case 'reasoning':
        // Reasoning is shown to the user, not sent back as context, unless it carries an encrypted
        // value: the agent asked for that back.
        if (message.encryptedValue) out.push({ id: message.id, role: 'reasoning', content: message.text, ...extras(message) });
        break;
      case 'assistant': {
        const calls = message.toolCallIds
          .map((id) => conversation.toolCalls[id])
          .filter((call): call is ToolCall => call !== undefined);
        if (!message.text && calls.length === 0) break;
        out.push({
          id: message.id,
          role: 'assistant',
          ...(message.text ? { content: message.text } : {}),
          ...(calls.length > 0
            ? {
                toolCalls: calls.map((call) => ({
                  id: call.id,
                  type: 'function' as const,
                  function: { name: call.name, arguments: call.argsText.trim() === '' ? '{}' : call.argsText },
                  ...encrypted(call),
                  ...(call.metadata ? { metadata: { ...call.metadata } } : {}),
                })),
              }
            : {}),
          ...extras(message),
        });
        for (const call of calls) if (!held.has(call.id) || settledToolCallStatuses.has(call.status)) out.push(toolMessage(call));
        break;
      }
    }
  }
  return out;
}

function toolMessage(call: ToolCall): Message {
  const id = call.resultMessageId ?? `tool-result-${call.id}`;
  const metadata = call.resultMetadata ? { metadata: { ...call.resultMetadata } } : {};
  if (call.status === ToolCallStatus.Completed) {
    // Content parts go as they are: the agent's own (TOOL_CALL_RESULT), or a structured result's when
    // the page sends parts (tool-result-content.ts). Transports for servers that take text flatten them.
    return { id, role: 'tool', toolCallId: call.id, content: call.resultContent ? [...call.resultContent] : (call.result ?? ''), ...metadata };
  }
  const error =
    call.status === ToolCallStatus.Denied || call.status === ToolCallStatus.Failed || call.status === ToolCallStatus.Cancelled
      ? (call.error ?? 'The tool call failed.')
      : 'The tool call did not run: the run ended before it could.';
  return { id, role: 'tool', toolCallId: call.id, content: error, error };
}

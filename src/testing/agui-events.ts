import { EventType, type BaseEvent } from '@ag-ui/core';

/** Builders for AG-UI event lists that tests compose inline. */

export const runStarted = (runId = 'run', threadId = 'thread'): BaseEvent =>
  ({ type: EventType.RUN_STARTED, threadId, runId }) as BaseEvent;

export const runFinished = (outcome?: object, runId = 'run', threadId = 'thread'): BaseEvent =>
  ({ type: EventType.RUN_FINISHED, threadId, runId, ...(outcome ? { outcome } : {}) }) as BaseEvent;

export const runError = (message: string, code?: string): BaseEvent =>
  ({ type: EventType.RUN_ERROR, message, ...(code ? { code } : {}) }) as BaseEvent;

/** A whole assistant text message, streamed in `chunks` pieces. */
export function text(messageId: string, content: string, chunks = 2): BaseEvent[] {
  const size = Math.ceil(content.length / chunks) || 1;
  const parts: BaseEvent[] = [];
  for (let i = 0; i < content.length; i += size) {
    parts.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: content.slice(i, i + size) } as BaseEvent);
  }
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent,
    ...parts,
    { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
  ];
}

export const toolStart = (toolCallId: string, toolCallName: string, parentMessageId?: string): BaseEvent =>
  ({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName, ...(parentMessageId ? { parentMessageId } : {}) }) as BaseEvent;

export const toolArgs = (toolCallId: string, delta: string): BaseEvent =>
  ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta }) as BaseEvent;

export const toolEnd = (toolCallId: string): BaseEvent => ({ type: EventType.TOOL_CALL_END, toolCallId }) as BaseEvent;

export const toolResult = (toolCallId: string, content: string, messageId = `result-${toolCallId}`): BaseEvent =>
  ({ type: EventType.TOOL_CALL_RESULT, toolCallId, content, messageId }) as BaseEvent;

/** A complete call: START, the arguments in two fragments, END. */
export function toolCall(id: string, name: string, args: object | string, parentMessageId?: string): BaseEvent[] {
  const json = typeof args === 'string' ? args : JSON.stringify(args);
  const half = Math.floor(json.length / 2);
  return [
    toolStart(id, name, parentMessageId),
    ...(json.length > 0 ? [toolArgs(id, json.slice(0, half)), toolArgs(id, json.slice(half))] : []),
    toolEnd(id),
  ];
}

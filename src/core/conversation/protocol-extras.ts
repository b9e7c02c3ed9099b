import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import type { Conversation, ReasoningMessage } from './conversation.js';
import { addMessage, appendText, endText, findIndex, lastOpen, reopen } from './conversation-reducer.js';
import { applyActivityDelta, applyActivitySnapshot } from './activities.js';
import { reduceSubagent } from './subagents.js';
import { applyJsonPatch, type JsonPatchOperation } from './json-patch.js';

/**
 * The AG-UI 1.0 events beyond text, tools and whole states, for the reducer (one of its rare paths,
 * reducer-extras.ts): state deltas (JSON Patch), steps, activities, subagents and encrypted reasoning
 * values, and reasoning messages (a plain answer has none). `CUSTOM` and `RAW` change nothing in the conversation: the engine passes them on as events
 * (`custom`, `raw`).
 * `REASONING_START` / `REASONING_END` only bracket reasoning messages.
 */
export function reduceProtocolExtras(conversation: Conversation, event: BaseEvent, warn: (message: string) => void): Conversation {
  const e = event as BaseEvent & Record<string, unknown>;
  const messageId = typeof e['messageId'] === 'string' ? e['messageId'] : undefined;
  const delta = typeof e['delta'] === 'string' ? e['delta'] : '';
  switch (event.type) {
    case EventType.REASONING_MESSAGE_START: {
      if (!messageId) return conversation;
      const index = findIndex(conversation, messageId);
      return index >= 0 ? reopen(conversation, index, 'reasoning') : startReasoning(conversation, messageId);
    }
    case EventType.REASONING_MESSAGE_CONTENT:
      return messageId ? appendText(conversation, messageId, delta, warn) : conversation;
    case EventType.REASONING_MESSAGE_END:
      return messageId ? endText(conversation, messageId) : conversation;
    case EventType.REASONING_MESSAGE_CHUNK: {
      const id = messageId ?? lastOpen(conversation, 'reasoning');
      if (!id) return conversation;
      return appendText(startReasoning(conversation, id), id, delta, warn);
    }
    case EventType.STATE_DELTA:
      try {
        return { ...conversation, state: applyJsonPatch(conversation.state, (e['delta'] ?? []) as JsonPatchOperation[]) };
      } catch (error) {
        warn(`State delta ignored: ${(error as Error).message}`);
        return conversation;
      }
    case EventType.STEP_STARTED: {
      const name = e['stepName'];
      if (typeof name !== 'string') return conversation;
      return { ...conversation, steps: [...(conversation.steps ?? []).filter((s) => s !== name), name] };
    }
    case EventType.STEP_FINISHED: {
      const steps = conversation.steps ?? [];
      return steps.includes(e['stepName'] as string) ? { ...conversation, steps: steps.filter((s) => s !== e['stepName']) } : conversation;
    }
    case EventType.ACTIVITY_SNAPSHOT:
      return applyActivitySnapshot(conversation, e);
    case EventType.ACTIVITY_DELTA:
      return applyActivityDelta(conversation, e, warn);
    case EventType.SUBAGENT_STARTED:
    case EventType.SUBAGENT_FINISHED:
    case EventType.SUBAGENT_ERROR:
      return reduceSubagent(conversation, e);
    case EventType.REASONING_ENCRYPTED_VALUE:
      return keepEncryptedValue(conversation, e, warn);
    default:
      return conversation;
  }
}

/** A reasoning message the agent starts streaming (a snapshot's too: messages-snapshot.ts). */
export function startReasoning(conversation: Conversation, id: string): Conversation {
  if (findIndex(conversation, id) >= 0) return conversation;
  const message: ReasoningMessage = {
    role: 'reasoning',
    id,
    text: '',
    complete: false,
    runId: conversation.currentRunId,
    runKey: conversation.currentRunKey,
  };
  return addMessage(conversation, message);
}

/** Stores an encrypted value on the call or message it names, to send back with it; never shown. */
function keepEncryptedValue(conversation: Conversation, e: Record<string, unknown>, warn: (message: string) => void): Conversation {
  const { entityId, encryptedValue, subtype } = e;
  if (typeof entityId !== 'string' || typeof encryptedValue !== 'string') return conversation;
  // AG-UI 1.1: the producer's name for the artefact goes back with it (or goes, with a value that has none).
  const type = typeof e['encryptedValueType'] === 'string' ? (e['encryptedValueType'] as string) : undefined;
  const kept = <T extends { encryptedValueType?: string }>(item: T): T => {
    const next = { ...item, encryptedValue };
    if (type !== undefined) next.encryptedValueType = type;
    else delete next.encryptedValueType;
    return next;
  };
  if (subtype === 'tool-call') {
    const call = conversation.toolCalls[entityId];
    if (!call) return warnUnknown(conversation, warn, entityId);
    return { ...conversation, toolCalls: { ...conversation.toolCalls, [entityId]: kept(call) } };
  }
  const index = conversation.messages.findIndex((m) => m.id === entityId);
  const message = conversation.messages[index];
  if (!message || (message.role !== 'assistant' && message.role !== 'reasoning' && message.role !== 'user')) {
    return warnUnknown(conversation, warn, entityId);
  }
  const messages = [...conversation.messages];
  messages[index] = kept(message);
  return { ...conversation, messages };
}

/**
 * The encrypted values a `MESSAGES_SNAPSHOT` message carries (on itself, and on its tool calls), kept
 * as a `REASONING_ENCRYPTED_VALUE` naming each keeps them (AG-UI 1.1: `encryptedValueType` with its
 * value). Where `REASONING_ENCRYPTED_VALUE` can store one: user, assistant and reasoning messages and
 * tool calls. Nothing is removed here: one the snapshot carries without a value is as reconciled.
 */
export function keepSnapshotEncryptedValues(conversation: Conversation, message: Message): Conversation {
  let next = conversation;
  const keep = (subtype: string, entityId: unknown, item: { encryptedValue?: unknown; encryptedValueType?: unknown }) => {
    if (typeof item.encryptedValue !== 'string') return;
    next = keepEncryptedValue(next, { subtype, entityId, encryptedValue: item.encryptedValue, encryptedValueType: item.encryptedValueType }, (text) => console.warn(`[soliplex-chat] ${text}`));
  };
  if (message.role === 'user' || message.role === 'assistant' || message.role === 'reasoning') keep('message', message.id, message);
  if (message.role === 'assistant') for (const call of message.toolCalls ?? []) keep('tool-call', call.id, call);
  return next;
}

function warnUnknown(conversation: Conversation, warn: (message: string) => void, id: string): Conversation {
  warn(`Encrypted value for unknown entity ${id} ignored`);
  return conversation;
}

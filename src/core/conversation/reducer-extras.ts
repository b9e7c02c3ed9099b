import type { BaseEvent, Interrupt } from '@ag-ui/core';
import type { ChatMessage, Conversation, InterruptMessage } from './conversation.js';
import { interruptMessageId, interruptsOf } from './interrupts.js';
import { reduceProtocolExtras } from './protocol-extras.js';
import { reconcileSnapshot } from './messages-snapshot.js';
import { turnCitations } from '../transport/soliplex/soliplex-state-citations.js';
import { attributeEvent } from './subagents.js';
import { mergeEventMetadata } from './metadata.js';
import { reduceToolCallEvent } from './tool-call-events.js';
import { addMessage, findIndex, provideReducerExtras, reduceConversation as reduceLoaded, type ReducerWarn } from './conversation-reducer.js';

/*
 * The reducer's rare AG-UI paths, kept apart from it so that a chat whose agent never uses them does
 * not load them (the CDN build makes this module a chunk of its own): the interrupts of a
 * `RUN_FINISHED`, tool calls (tool-call-events.ts), text streamed as the user's or as a notice, messages snapshots, state deltas, the citations a state holds, the sources named
 * in a tool result's content parts, activities,
 * subagents, encrypted reasoning values and the metadata of events (AG-UI 1.1). The engine loads them with the first event that needs them (`needsReducerExtras`),
 * holding that event and every later one of its run, in order, until they are there (stream-run.ts).
 * The reducer the core exports (`reduceConversation` below) has them at once.
 */

/**
 * Adds the interrupts of a `RUN_FINISHED` outcome (untrusted: entries without a string `id` and
 * `reason` are dropped, a repeated id is kept once) after the run's output. An id asked again after
 * it was resumed replaces the old one (message ids stay unique).
 */
export function addInterrupts(conversation: Conversation, interrupts: unknown): Conversation {
  if (!Array.isArray(interrupts)) return conversation;
  const added: InterruptMessage[] = [];
  // An id still waiting for its resume is a duplicate; one already resumed may be asked again.
  const seen = new Set(interruptsOf(conversation).filter((m) => !m.resumed).map((m) => m.id));
  for (const entry of interrupts as unknown[]) {
    const interrupt = entry as Interrupt | null;
    if (!interrupt || typeof interrupt !== 'object' || typeof interrupt.id !== 'string' || typeof interrupt.reason !== 'string') continue;
    const id = interruptMessageId(interrupt.id);
    if (seen.has(id)) continue;
    seen.add(id);
    added.push({
      role: 'interrupt',
      id,
      interrupt,
      status: 'open',
      resumed: false,
      runId: conversation.currentRunId,
      runKey: conversation.currentRunKey,
    });
  }
  if (added.length === 0) return conversation;
  const again = new Set(added.map((m) => m.id));
  return { ...conversation, messages: [...conversation.messages.filter((m) => !again.has(m.id)), ...added] };
}

/**
 * A text message the agent streams in another role than `assistant`: a `user` message (e.g. a
 * transcribed or relayed one) joins the conversation as the user's; `system` / `developer` as a notice.
 */
function startOtherRole(conversation: Conversation, id: string, role: 'user' | 'system' | 'developer'): Conversation {
  if (findIndex(conversation, id) >= 0) return conversation;
  const run = { runId: conversation.currentRunId, runKey: conversation.currentRunKey };
  const message: ChatMessage =
    role === 'user' ? { role, id, text: '', streaming: true, ...run } : { role, id, text: '', notice: true, streaming: true, ...run };
  return addMessage(conversation, message);
}

/** The rare event types' reduction: tool calls, then the rest (state deltas, steps, reasoning, activities, subagents). */
function reduceRare(conversation: Conversation, event: BaseEvent, warn: ReducerWarn): Conversation {
  return reduceToolCallEvent(conversation, event, warn) ?? reduceProtocolExtras(conversation, event, warn);
}

/** What conversation-reducer.ts calls for the rare paths, once provided. */
export const reducerExtras = { addInterrupts, reconcileSnapshot, turnCitations, reduceRare, startOtherRole, attributeEvent, mergeEventMetadata };
export type ReducerExtras = typeof reducerExtras;

/** Applies one AG-UI event, every path included (the engine's reducer, as the core exports it). */
export function reduceConversation(conversation: Conversation, event: BaseEvent, warn?: ReducerWarn): Conversation {
  provideReducerExtras(reducerExtras);
  return reduceLoaded(conversation, event, warn);
}

/** Reduces a whole event list, e.g. a stored run replayed from history. */
export function reduceEvents(conversation: Conversation, events: readonly BaseEvent[], warn?: ReducerWarn): Conversation {
  return events.reduce((acc, event) => reduceConversation(acc, event, warn), conversation);
}

import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import {
  ToolCallStatus,
  closeOpenMessages,
  isStreamingText,
  type AssistantMessage,
  type ChatMessage,
  type Conversation,
  type InstructionMessage,
  type ToolCall,
  type UserMessage,
} from './conversation.js';
import { appendCapped } from './text-limit.js';
import { mayCite, recordRunEnd } from './run-records.js';
import type { ReducerExtras } from './reducer-extras.js';
import { LazyModule } from '../lazy-module.js';

/**
 * The pure reducer from AG-UI events to the conversation. The live stream and history replays both go
 * through it. It is idempotent against replays: a START for a known id of an earlier run, or a content
 * delta for a message or call that already ended, changes nothing, so a replay never duplicates text
 * and never turns a finished call back into a pending one. Within one run a closed message is closed,
 * not sealed (AG-UI 1.1): a second START for its id reopens it and further text appends.
 */

/** Loose view of an event: fields are read defensively because the stream is untrusted. */
type AnyEvent = BaseEvent & Record<string, unknown>;

/** Receives warnings about events the reducer ignored (unknown ids, bad patches). */
export type ReducerWarn = (message: string) => void;

const defaultWarn: ReducerWarn = (message) => console.warn(`[soliplex-chat] ${message}`);

/*
 * The rare paths (tool calls, text streamed in another role than the assistant's, interrupts,
 * activities, subagents, encrypted values, event metadata, messages snapshots, state deltas with
 * their JSON Patch, the reading of citations from the state, the sources a tool result's content
 * parts name) live in
 * reducer-extras.ts and load on demand: the engine asks `needsReducerExtras` of each event and, when
 * it says yes, holds the run's events until `loadReducerExtras()` resolves (stream-run.ts). The
 * reducer the core exports is reducer-extras.ts's, which has them at once.
 */
let extras: ReducerExtras | undefined;
const extrasModule = new LazyModule(() => import('./reducer-extras.js'));

/** Gives the reducer its rare paths (reducer-extras.ts does, when it is used). */
export function provideReducerExtras(loaded: ReducerExtras): void {
  extras = loaded;
}

/** Loads the reducer's rare paths (once per page; a failed load is tried again on the next call). */
export async function loadReducerExtras(): Promise<void> {
  provideReducerExtras((await extrasModule.load()).reducerExtras);
}

const RARE_TYPES = new Set<string>([
  // A plain answer calls no tool; a call loads the tool machinery anyway (tool-call-events.ts).
  EventType.TOOL_CALL_START,
  EventType.TOOL_CALL_ARGS,
  EventType.TOOL_CALL_END,
  EventType.TOOL_CALL_CHUNK,
  EventType.TOOL_CALL_RESULT,
  EventType.ACTIVITY_SNAPSHOT,
  EventType.ACTIVITY_DELTA,
  EventType.SUBAGENT_STARTED,
  EventType.SUBAGENT_FINISHED,
  EventType.SUBAGENT_ERROR,
  EventType.REASONING_ENCRYPTED_VALUE,
  // A default turn's state comes whole (Soliplex's final STATE_SNAPSHOT); a patch is rarer (RAG citations).
  EventType.STATE_DELTA,
  // Neither Soliplex nor a plain answer sends steps.
  EventType.STEP_STARTED,
  EventType.STEP_FINISHED,
  // Reasoning messages (protocol-extras.ts): a plain answer has none.
  EventType.REASONING_START,
  EventType.REASONING_MESSAGE_START,
  EventType.REASONING_MESSAGE_CONTENT,
  EventType.REASONING_MESSAGE_END,
  EventType.REASONING_MESSAGE_CHUNK,
  EventType.REASONING_END,
]);

/** Whether `event` takes one of the rare paths while they are not loaded yet (see `loadReducerExtras`). */
export function needsReducerExtras(event: BaseEvent): boolean {
  if (extras) return false;
  const e = event as AnyEvent;
  if (e['subagentRunId'] !== undefined || e['metadata'] !== undefined || RARE_TYPES.has(event.type)) return true;
  if (event.type === EventType.RUN_FINISHED) return (e['outcome'] as { type?: unknown } | null | undefined)?.type === 'interrupt';
  // Text streamed as the user's, or as a notice (`startOtherRole`): an answer's text is the assistant's.
  if (event.type === EventType.TEXT_MESSAGE_START || event.type === EventType.TEXT_MESSAGE_CHUNK) return otherRole(e['role']) !== undefined;
  // Reading a run's citations from the agent state is there too: a state that may hold some brings it.
  if (event.type === EventType.STATE_SNAPSHOT) return mayCite(e['snapshot']);
  // A snapshot is reconciled there (a run that streams its answer never sends one).
  return event.type === EventType.MESSAGES_SNAPSHOT;
}

/** The rare paths; without them (an event reduced before they were loaded) the event's rare part is dropped, with a warning. */
function extrasFor(event: BaseEvent, warn: ReducerWarn): ReducerExtras | undefined {
  if (!extras) warn(`${event.type}: its rare part ignored (the reducer's extras are not loaded: loadReducerExtras())`);
  return extras;
}

/** Parses complete argument text: `""` means `{}`; `undefined` means not valid JSON. */
export function parseToolArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Ids are unique in a conversation; the message an event names is nearly always one of the last. */
export function findIndex(conversation: Conversation, id: string): number {
  return conversation.messages.findLastIndex((message) => message.id === id);
}

export function replaceMessage(conversation: Conversation, index: number, message: ChatMessage): Conversation {
  const messages = [...conversation.messages];
  messages[index] = message;
  return { ...conversation, messages };
}

export function addMessage(conversation: Conversation, message: ChatMessage): Conversation {
  return { ...conversation, messages: [...conversation.messages, message] };
}

/**
 * A START for a message this stream closed since its `RUN_STARTED` continues it (AG-UI 1.1: closed,
 * not sealed). Any other known id is left as it is: a replay of events already applied (its END
 * closed nothing, so it never becomes reopenable), or a message of another role.
 */
export function reopen(conversation: Conversation, index: number, role: 'assistant' | 'reasoning'): Conversation {
  const message = conversation.messages[index]!;
  if (message.role !== role || !message.complete || message.truncated || !conversation.closedInRun?.includes(message.id)) return conversation;
  return { ...replaceMessage(conversation, index, { ...message, complete: false }), closedInRun: conversation.closedInRun.filter((id) => id !== message.id) };
}

export function startAssistant(conversation: Conversation, id: string): Conversation {
  if (findIndex(conversation, id) >= 0) return conversation;
  const message: AssistantMessage = {
    role: 'assistant',
    id,
    text: '',
    toolCallIds: [],
    complete: false,
    runId: conversation.currentRunId,
    runKey: conversation.currentRunKey,
  };
  return addMessage(conversation, message);
}

export function appendText(conversation: Conversation, id: string, delta: string, warn: ReducerWarn): Conversation {
  const index = findIndex(conversation, id);
  const message = conversation.messages[index];
  if (!message) {
    warn(`Text for unknown message ${id} ignored`);
    return conversation;
  }
  if (!isStreamingText(message) || (message as AssistantMessage).truncated) return conversation;
  return replaceMessage(conversation, index, { ...(message as AssistantMessage), ...appendCapped((message as AssistantMessage).text, delta) });
}

export function endText(conversation: Conversation, id: string): Conversation {
  const index = findIndex(conversation, id);
  const message = conversation.messages[index];
  if (!message || !isStreamingText(message)) return conversation;
  if (message.role === 'assistant' || message.role === 'reasoning') {
    return { ...replaceMessage(conversation, index, { ...message, complete: true }), closedInRun: [...(conversation.closedInRun ?? []), id] };
  }
  const { streaming: _, ...closed } = message as UserMessage | InstructionMessage;
  return replaceMessage(conversation, index, closed as ChatMessage);
}

/** The role a `TEXT_MESSAGE_START` / `_CHUNK` names, when it is one the chat shows other than `assistant` (reducer-extras.ts starts it). */
function otherRole(role: unknown): 'user' | 'system' | 'developer' | undefined {
  return role === 'user' || role === 'system' || role === 'developer' ? role : undefined;
}

export function endToolCall(conversation: Conversation, id: string): Conversation {
  const call = conversation.toolCalls[id];
  if (!call || call.status !== ToolCallStatus.Streaming) return conversation;
  const ended: ToolCall = { ...call, status: ToolCallStatus.Pending, args: parseToolArguments(call.argsText) };
  return { ...conversation, toolCalls: { ...conversation.toolCalls, [id]: ended } };
}

/** At run end, whatever is still streaming is closed: open text completes, open calls become pending. */
function closeOpenParts(conversation: Conversation): Conversation {
  let next = conversation;
  for (const call of Object.values(conversation.toolCalls)) {
    if (call.status === ToolCallStatus.Streaming) next = endToolCall(next, call.id);
  }
  return closeOpenMessages(next);
}

/** Applies one AG-UI event. Unknown event types leave the conversation unchanged. */
export function reduceConversation(
  conversation: Conversation,
  event: BaseEvent,
  warn: ReducerWarn = defaultWarn,
): Conversation {
  const e = event as AnyEvent;
  let next = reduceCore(conversation, event, warn);
  // AG-UI 1.0 attribution: what a subagent's event created carries its subagentRunId.
  if (e['subagentRunId'] !== undefined) next = extrasFor(event, warn)?.attributeEvent(conversation, next, e) ?? next;
  // AG-UI 1.1 metadata lands on the item the event built (metadata.ts).
  return e['metadata'] === undefined ? next : (extrasFor(event, warn)?.mergeEventMetadata(next, e) ?? next);
}

function reduceCore(conversation: Conversation, event: BaseEvent, warn: ReducerWarn): Conversation {
  const e = event as AnyEvent;
  const messageId = str(e['messageId']);
  const delta = str(e['delta']) ?? '';
  switch (event.type) {
    case EventType.RUN_STARTED:
      return {
        ...conversation,
        currentRunId: str(e['runId']),
        runFinished: false,
        runError: undefined,
        pendingToolCallIds: undefined,
        runOutcome: undefined,
        steps: undefined,
        runStartState: conversation.state,
        runSources: undefined,
        closedInRun: undefined,
      };
    case EventType.RUN_FINISHED: {
      const outcome = e['outcome'] as { type?: string; pendingToolCallIds?: unknown; interrupts?: unknown } | undefined;
      const pending = outcome?.type === 'success' && Array.isArray(outcome.pendingToolCallIds)
        ? outcome.pendingToolCallIds.filter((id): id is string => typeof id === 'string')
        : undefined;
      const runOutcome = outcome?.type === 'interrupt' || outcome?.type === 'cancelled' ? outcome.type : 'success';
      const readCitations = (before: unknown, after: unknown) => extrasFor(event, warn)?.turnCitations(before, after) ?? [];
      const closed = { ...recordRunEnd(closeOpenParts(conversation), e['usage'], readCitations), runFinished: true, pendingToolCallIds: pending, runOutcome, steps: undefined, closedInRun: undefined } as const;
      return runOutcome === 'interrupt' ? (extrasFor(event, warn)?.addInterrupts(closed, outcome?.interrupts) ?? closed) : closed;
    }
    case EventType.RUN_ERROR:
      return {
        ...closeOpenParts(conversation),
        runError: { message: str(e['message']) ?? 'The agent reported an error', code: str(e['code']) },
      };
    case EventType.TEXT_MESSAGE_START: {
      if (!messageId) return conversation;
      const role = otherRole(e['role']);
      if (role) return extrasFor(event, warn)?.startOtherRole(conversation, messageId, role) ?? conversation;
      if (str(e['role']) && e['role'] !== 'assistant') return conversation; // a role AG-UI does not define
      const index = findIndex(conversation, messageId);
      return index >= 0 ? reopen(conversation, index, 'assistant') : startAssistant(conversation, messageId);
    }
    case EventType.TEXT_MESSAGE_CONTENT:
      return messageId ? appendText(conversation, messageId, delta, warn) : conversation;
    case EventType.TEXT_MESSAGE_END:
      return messageId ? endText(conversation, messageId) : conversation;
    case EventType.TEXT_MESSAGE_CHUNK: {
      const role = otherRole(e['role']);
      if (role && messageId) {
        const started = extrasFor(event, warn)?.startOtherRole(conversation, messageId, role);
        return started ? appendText(started, messageId, delta, warn) : conversation;
      }
      const id = messageId ?? lastOpen(conversation, 'assistant');
      if (!id) return conversation;
      return appendText(startAssistant(conversation, id), id, delta, warn);
    }
    case EventType.STATE_SNAPSHOT:
      // Any JSON value is a state (AG-UI 1.1): null, an array, false, 0 are kept as they are.
      return { ...conversation, state: e['snapshot'] };
    case EventType.MESSAGES_SNAPSHOT:
      return Array.isArray(e['messages']) ? (extrasFor(event, warn)?.reconcileSnapshot(conversation, e['messages'] as Message[]) ?? conversation) : conversation;
    default:
      // Tool calls (tool-call-events.ts), STATE_DELTA, steps and reasoning messages (protocol-extras.ts).
      return RARE_TYPES.has(event.type) ? (extrasFor(event, warn)?.reduceRare(conversation, event, warn) ?? conversation) : conversation;
  }
}

export function lastOpen(conversation: Conversation, role: 'assistant' | 'reasoning'): string | undefined {
  const message = conversation.messages.findLast((m) => m.role === role);
  return message && (message.role === 'assistant' || message.role === 'reasoning') && !message.complete
    ? message.id
    : undefined;
}


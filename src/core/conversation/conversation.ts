/**
 * The conversation model: immutable plain data, shared by the reducer, the orchestrator and the views.
 * Every update makes new objects along the changed path, so `===` tells what changed.
 */
import type { ContentPart, Interrupt } from '@ag-ui/core';
import type { ThreadToolState } from '../tools/tool-groups.js';
import type { ToolSetChanges } from '../tools/tool-augmentation.js';
import type { RunRecord } from './run-records.js';
import type { SoliplexCitation } from '../transport/soliplex/soliplex-citations.js';
import type { MessageVersions } from './message-versions.js';

/** Where a tool call is in its life. */
export const ToolCallStatus = {
  /** Arguments are still arriving. */
  Streaming: 'streaming',
  /** Arguments are complete; the call has not run. */
  Pending: 'pending',
  /** Held until the user approves or denies it. */
  AwaitingApproval: 'awaiting-approval',
  /** The page's tool is running. */
  Executing: 'executing',
  Completed: 'completed',
  Failed: 'failed',
  Denied: 'denied',
  /** Ended unfinished by Stop, a newer message, `dispose`, or a reload that left it unanswered. */
  Cancelled: 'cancelled',
  /**
   * The page's tool was running when the page went away (a reload): whether it finished is unknown.
   * It never runs again by itself (tools have side effects): the user runs it again (`runAgain`), or
   * continues without it (`continue`: the model is told it did not complete).
   */
  Interrupted: 'interrupted',
} as const;
export type ToolCallStatus = (typeof ToolCallStatus)[keyof typeof ToolCallStatus];

/** Statuses after which a call never changes again. */
export const settledToolCallStatuses: ReadonlySet<ToolCallStatus> = new Set([
  ToolCallStatus.Completed,
  ToolCallStatus.Failed,
  ToolCallStatus.Denied,
  ToolCallStatus.Cancelled,
]);

export interface ToolCall {
  readonly id: string;
  readonly name: string;
  readonly status: ToolCallStatus;
  /** The raw JSON text of the arguments as streamed. */
  readonly argsText: string;
  /** Set when the arguments passed MAX_TEXT_CHARS and were cut there: they are not valid JSON. */
  readonly argsTruncated?: true;
  /** Set when the result passed MAX_TEXT_CHARS and was cut there. */
  readonly resultTruncated?: true;
  /** The parsed arguments, once they are complete and valid JSON. */
  readonly args?: unknown;
  /** What goes back to the model (a string, as AG-UI tool messages carry). */
  readonly result?: string;
  /** The value the tool returned, for renderers in the page. */
  readonly resultValue?: unknown;
  /** Why the call failed or was denied; sent to the model as the tool message content. */
  readonly error?: string;
  /** True when the server ran the call (a `TOOL_CALL_RESULT` arrived): never executed here. */
  readonly serverRun: boolean;
  /** The id of the tool message that answers this call. */
  readonly resultMessageId?: string;
  /** The run that produced the call (the server's id; not trusted to be unique). */
  readonly runId?: string;
  /** The client's own key of that run, unique per run: what a retry replaces. */
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
  /**
   * Set on a `cancelled` call restored from history that was never answered (an approval or a tool
   * still open when the page was left): the conversation moved on without it.
   */
  readonly unanswered?: boolean;
  /** The subagent invocation that made the call (AG-UI `subagentRunId`). */
  readonly subagentRunId?: string;
  /** AG-UI 1.1 metadata of the call: what its `TOOL_CALL_START/ARGS/END` events carried, merged last-write-wins. */
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** Metadata of the tool message that answered it (`TOOL_CALL_RESULT.metadata`, or the snapshot's tool message). */
  readonly resultMetadata?: Readonly<Record<string, unknown>>;
  /** Opaque reasoning the agent attached (`REASONING_ENCRYPTED_VALUE`): sent back, never shown. */
  readonly encryptedValue?: string;
  /** The producer's name for what `encryptedValue` is (AG-UI 1.1): sent back with it, never read. */
  readonly encryptedValueType?: string;
  /** A structured result's AG-UI content parts: sent instead of `result` (see `ToolSettings.resultContent`). */
  readonly resultContent?: readonly ContentPart[];
  /** What the call changed in the thread's tools (a group expanded, a skill activated, augmentation). */
  readonly changes?: ToolSetChanges;
  /** True when the result came from the tool's result cache, not a new execution. */
  readonly cached?: boolean;
  /**
   * The user's answer to the interrupt that held this (server-side) call: it is shown as that
   * decision ("Approved", "Denied"), with the result when the agent sends one, never as a failure.
   */
  readonly decision?: ToolCallDecision;
  /**
   * The user's answer when the chat asked them to approve this (client) call, and when (ms since the
   * epoch); `always` when they allowed the tool for the rest of the thread.
   */
  readonly approval?: { readonly decision: ToolCallDecision; readonly always?: boolean; readonly at: number };
}

/** How the user answered an interrupt that asked to approve a call. */
export type ToolCallDecision = 'approved' | 'denied';

/** Fields a message may carry from AG-UI 1.0: who produced it, and opaque reasoning to send back. */
interface Attributed {
  /** The subagent invocation that produced it (AG-UI `subagentRunId`). */
  readonly subagentRunId?: string;
  /** Opaque reasoning the agent attached (`REASONING_ENCRYPTED_VALUE`): sent back, never shown. */
  readonly encryptedValue?: string;
  /** The producer's name for what `encryptedValue` is (AG-UI 1.1): sent back with it, never read. */
  readonly encryptedValueType?: string;
  /**
   * AG-UI 1.1 metadata: what the events that built it carried (merged key by key, last write
   * winning), or the message's own from a `MESSAGES_SNAPSHOT`. Open for renderers; sent back with it.
   */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface UserMessage extends Attributed {
  readonly role: 'user';
  readonly id: string;
  readonly text: string;
  /** Set when its text passed MAX_TEXT_CHARS and was cut there (the chat shows a notice). */
  readonly truncated?: true;
  /** Attachments (AG-UI content parts other than text: images, audio, video, documents), in order. */
  readonly parts?: readonly ContentPart[];
  /**
   * The content parts as the agent sent them, in order (a `MESSAGES_SNAPSHOT` user message whose text
   * comes in several parts): sent back as they are, so parts are never merged. Absent for a typed one.
   */
  readonly contentParts?: readonly ContentPart[];
  /** Set while the agent streams it (`TEXT_MESSAGE_START` with role `user`); a typed message has none. */
  readonly streaming?: boolean;
  /** The run that streamed it (only for a message the agent streamed). */
  readonly runId?: string;
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
}

export interface AssistantMessage extends Attributed {
  readonly role: 'assistant';
  readonly id: string;
  readonly text: string;
  /** Set when its text passed MAX_TEXT_CHARS and was cut there (the chat shows a notice). */
  readonly truncated?: true;
  /** The calls this message carries, in the order they started. */
  readonly toolCallIds: readonly string[];
  /** False while text is still streaming. */
  readonly complete: boolean;
  readonly runId?: string;
  /** The client's own key of the run that produced it. */
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
}

export interface ReasoningMessage extends Attributed {
  readonly role: 'reasoning';
  readonly id: string;
  readonly text: string;
  /** Set when its text passed MAX_TEXT_CHARS and was cut there (the chat shows a notice). */
  readonly truncated?: true;
  readonly complete: boolean;
  readonly runId?: string;
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
}

/**
 * A system or developer message: kept and sent back. One from a `MESSAGES_SNAPSHOT` is an instruction
 * and not rendered; one the agent streamed (`TEXT_MESSAGE_START` with this role) said something in the
 * conversation, and is shown as a notice (`notice`).
 */
export interface InstructionMessage {
  readonly role: 'system' | 'developer';
  readonly id: string;
  readonly text: string;
  /** Set when its text passed MAX_TEXT_CHARS and was cut there (the chat shows a notice). */
  readonly truncated?: true;
  /** True when the agent streamed it into the conversation: shown, as a notice. */
  readonly notice?: boolean;
  /** Set while its text streams. */
  readonly streaming?: boolean;
  /** AG-UI 1.1 metadata (see `AssistantMessage.metadata`). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly runId?: string;
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
}

/** How an interrupt stands: waiting for the user, answered, or cancelled (by the user, or expired). */
export type InterruptStatus = 'open' | 'resolved' | 'cancelled';

/**
 * A question the agent asked when its run ended with the `interrupt` outcome (server-side human in
 * the loop). It sits in the transcript after its run; the next run carries its answer in `resume`.
 */
export interface InterruptMessage {
  readonly role: 'interrupt';
  /** `interrupt:` + the interrupt's id, so it never collides with a message id. */
  readonly id: string;
  /** As the agent sent it (its `id` and `reason` are checked strings; the rest is untrusted). */
  readonly interrupt: Interrupt;
  readonly status: InterruptStatus;
  /** The user's answer, for a resolved interrupt. */
  readonly payload?: unknown;
  /** True when it was cancelled because its `expiresAt` passed. */
  readonly expired?: boolean;
  /** True once a run carrying its resume entry finished: it is never sent again. */
  readonly resumed: boolean;
  readonly runId?: string;
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
}

/** An `ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA` message: structured progress shown in the transcript, never sent back. */
export interface ActivityMessage {
  readonly role: 'activity';
  readonly id: string;
  readonly activityType: string;
  readonly content: Readonly<Record<string, unknown>>;
  readonly subagentRunId?: string;
  /** AG-UI 1.1 metadata: accumulated over its snapshots and deltas (a replacing snapshot keeps it). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly runId?: string;
  readonly runKey?: string;
  /** When it first appeared, in ms since the epoch (message-times.ts); absent in data saved before times were kept. */
  readonly createdAt?: number;
}

/**
 * Where stored runs could not be loaded (their requests failed): shown in their place as "part of this
 * conversation couldn't be loaded", with Retry; never sent back.
 */
export interface HistoryGapMessage {
  readonly role: 'history-gap';
  /** `history-gap:` + the first missing run's id. */
  readonly id: string;
  /** The runs missing here, oldest first. */
  readonly runIds: readonly string[];
  readonly runId?: undefined;
  readonly runKey?: undefined;
  readonly createdAt?: undefined;
}

export type ChatMessage = UserMessage | AssistantMessage | ReasoningMessage | InstructionMessage | InterruptMessage | ActivityMessage | HistoryGapMessage;

/** How a subagent invocation stands. */
export type SubagentStatus = 'running' | 'completed' | 'suspended' | 'failed';

/** A subagent invocation (`SUBAGENT_STARTED` … `SUBAGENT_FINISHED` / `SUBAGENT_ERROR`). */
export interface Subagent {
  readonly id: string;
  readonly name: string;
  readonly description?: string;
  readonly status: SubagentStatus;
  /** Why it failed (`SUBAGENT_ERROR.message`). */
  readonly error?: string;
  readonly parentSubagentRunId?: string;
}

export interface Conversation {
  readonly messages: readonly ChatMessage[];
  /** Tool calls by id; the order lives in `AssistantMessage.toolCallIds`. */
  readonly toolCalls: Readonly<Record<string, ToolCall>>;
  /** Agent state, kept from `STATE_SNAPSHOT` and `STATE_DELTA`. */
  readonly state: unknown;
  /** The run whose events are being reduced, set by `RUN_STARTED` (the server's id). */
  readonly currentRunId?: string;
  /**
   * The client's own key for the run being reduced, set before it streams and never by the wire:
   * server run ids are recorded, never trusted to be unique, so output is grouped by this key.
   */
  readonly currentRunKey?: string;
  /** The last `RUN_ERROR` message, if the last run ended with one. */
  readonly runError?: { readonly message: string; readonly code?: string };
  /** True once `RUN_FINISHED` arrived for the current run. */
  readonly runFinished: boolean;
  /** `RUN_FINISHED.outcome.pendingToolCallIds` when the server named them. */
  readonly pendingToolCallIds?: readonly string[];
  /** `RUN_FINISHED.outcome.type` of the current run (absent means success). */
  readonly runOutcome?: 'success' | 'interrupt' | 'cancelled';
  /** The steps of the current run that started and have not finished (`STEP_STARTED`), oldest first. */
  readonly steps?: readonly string[];
  /** Subagent invocations by `subagentRunId`. */
  readonly subagents?: Readonly<Record<string, Subagent>>;
  /** The thread's tool state (expanded groups, active skills, augmentation); see tool-groups.ts. */
  readonly tools?: ThreadToolState;
  /** The agent state when the current run started (what its citations are read against). */
  readonly runStartState?: unknown;
  /** Messages the current run's stream closed (`*_END`): a START for one of them reopens it. */
  readonly closedInRun?: readonly string[];
  /** Sources the current run's tool results named in their parts' metadata (metadata-sources.ts), until it finishes. */
  readonly runSources?: readonly SoliplexCitation[];
  /** What finished runs left for their answers (citations, token usage), by the server's run id. */
  readonly runRecords?: Readonly<Record<string, RunRecord>>;
  /**
   * The earlier (or later) versions of user turns that were regenerated or edited, by the user
   * message's id; `messages` is the branch on screen (see message-versions.ts). Absent when none.
   */
  readonly versions?: Readonly<Record<string, MessageVersions>>;
  /**
   * Calls that ran here (or were running) and that a `MESSAGES_SNAPSHOT` has since dropped from the
   * transcript (the server's own calls are not kept). Kept with the thread so that a replayed START of one never runs it again after a
   * reload (invariant 2): the engine's own record of what ran lives only in the page.
   */
  readonly retiredCallIds?: readonly string[];
}


// In a module of its own: an empty chat's first paint needs it, and none of the functions here.
export { emptyConversation } from './empty-conversation.js';

/** Whether a message or call came from the run being reduced (by client key when there is one). */
export function isOfCurrentRun(conversation: Conversation, item: { readonly runId?: string; readonly runKey?: string }): boolean {
  return conversation.currentRunKey !== undefined
    ? item.runKey === conversation.currentRunKey
    : item.runId === conversation.currentRunId;
}

/** Returns a conversation with one call replaced by `patch` applied to it. */
export function updateToolCall(
  conversation: Conversation,
  id: string,
  patch: Partial<Omit<ToolCall, 'id'>>,
): Conversation {
  const call = conversation.toolCalls[id];
  if (!call) return conversation;
  return { ...conversation, toolCalls: { ...conversation.toolCalls, [id]: { ...call, ...patch } } };
}

/**
 * Ends every call that is not settled with `reason` (as failed, or with the `patch` given: cancelled
 * for a stopped turn), so that each call in the transcript is answered by a tool message. Used when a
 * run fails, is cancelled or is superseded.
 */
export function settleOpenToolCalls(
  conversation: Conversation,
  reason: string,
  patch: Partial<Pick<ToolCall, 'status' | 'unanswered'>> = { status: ToolCallStatus.Failed },
): Conversation {
  let next = conversation;
  for (const call of Object.values(conversation.toolCalls)) {
    if (settledToolCallStatuses.has(call.status)) continue;
    // A call the user decided on is that decision, whether or not the agent sent a result for it.
    if (call.decision === 'approved') next = updateToolCall(next, call.id, { status: ToolCallStatus.Completed, result: 'The user approved this call.' });
    else if (call.decision === 'denied') next = updateToolCall(next, call.id, { status: ToolCallStatus.Denied, error: 'The user denied this call.' });
    else next = updateToolCall(next, call.id, { status: ToolCallStatus.Failed, ...patch, error: reason });
  }
  return next;
}

/** Ids of the calls that are not settled yet (what ending a turn will settle). */
export function openToolCallIds(conversation: Conversation): string[] {
  return Object.values(conversation.toolCalls)
    .filter((call) => !settledToolCallStatuses.has(call.status))
    .map((call) => call.id);
}

/**
 * The conversation up to and including the user message `messageId` (its text replaced by `text`
 * when given), without what followed it: what a regenerate or an edit runs again from. Unchanged
 * when there is no such user message.
 */
export function truncateAfterUserMessage(conversation: Conversation, messageId: string, text?: string): Conversation {
  const index = conversation.messages.findIndex((m) => m.id === messageId && m.role === 'user');
  if (index < 0) return conversation;
  const kept = conversation.messages.slice(0, index + 1);
  const dropped = conversation.messages.slice(index + 1);
  const toolCalls = { ...conversation.toolCalls };
  for (const message of dropped) {
    if (message.role === 'assistant') for (const id of message.toolCallIds) delete toolCalls[id];
  }
  if (text !== undefined) {
    // An edited message is its new text: the parts it came in no longer say it.
    const { contentParts: _, ...message } = kept[index] as UserMessage;
    kept[index] = { ...message, text };
  }
  return { ...conversation, messages: kept, toolCalls, runError: undefined, pendingToolCallIds: undefined };
}

export function appendUserMessage(conversation: Conversation, message: UserMessage): Conversation {
  return { ...conversation, messages: [...conversation.messages, message] };
}

/** Whether a message's text is still streaming in. */
export function isStreamingText(m: ChatMessage): boolean {
  if (m.role === 'assistant' || m.role === 'reasoning') return !m.complete;
  return (m.role === 'user' || m.role === 'system' || m.role === 'developer') && !!m.streaming;
}

/** Marks streaming text as complete, e.g. when a run is cut off. */
export function closeOpenMessages(conversation: Conversation): Conversation {
  if (!conversation.messages.some(isStreamingText)) return conversation;
  return {
    ...conversation,
    messages: conversation.messages.map((m) => {
      if (!isStreamingText(m)) return m;
      if (m.role === 'assistant' || m.role === 'reasoning') return { ...m, complete: true };
      const { streaming: _, ...closed } = m as UserMessage | InstructionMessage;
      return closed as ChatMessage;
    }),
  };
}

/**
 * Removes what one run produced (its messages and their calls), so a retry can replace it. `run` is
 * the run's client key; output without one (older data) is matched by its server run id.
 */
export function dropRunOutput(conversation: Conversation, run: string): Conversation {
  const dropped = conversation.messages.filter(
    // User and instruction messages carry a run only when the agent streamed them.
    (m) => m.role !== 'interrupt' && (m.runKey ?? m.runId) === run,
  );
  if (dropped.length === 0) return conversation;
  const toolCalls = { ...conversation.toolCalls };
  for (const message of dropped) {
    if (message.role === 'assistant') for (const id of message.toolCallIds) delete toolCalls[id];
  }
  return { ...conversation, messages: conversation.messages.filter((m) => !dropped.includes(m)), toolCalls };
}

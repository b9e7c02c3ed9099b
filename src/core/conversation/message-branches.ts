import {
  ToolCallStatus,
  closeOpenMessages,
  settleOpenToolCalls,
  type ChatMessage,
  type Conversation,
  type ToolCall,
  type UserMessage,
} from './conversation.js';
import type { BranchTail, MessageVersions } from './message-versions.js';

/*
 * Making and switching versions of a user turn (the model is message-versions.ts): the engine loads
 * this with the first regenerate or edit, or with a thread restored with versions.
 */

/** Said to the model of a call a left version had not finished (it never runs once its version is left). */
const LEFT_UNFINISHED = 'This call did not finish: the user ran this turn again.';

/**
 * Starts a new version of the user turn `messageId` (a regenerate, or an edit with `text`): what is on
 * screen from that message on is kept as a version, and the new branch is the conversation up to it,
 * the message itself last (its text replaced when `text` is given), its newest version. Unchanged when
 * there is no such user message. A turn that left nothing but the same message is not kept twice.
 */
export function branchFrom(conversation: Conversation, messageId: string, text?: string): Conversation {
  const index = userIndex(conversation, messageId);
  if (index < 0) return conversation;
  const { tail, rest } = cutTail(conversation, index);
  const message = conversation.messages[index] as UserMessage;
  const edited: UserMessage = text === undefined ? message : { ...withoutContentParts(message), text, createdAt: Date.now() };
  const group = rest.versions?.[messageId];
  const all = group ? [...group.others.slice(0, group.index), tail, ...group.others.slice(group.index)] : [tail];
  // A regenerate of a turn that had no output yet keeps no empty version.
  const worthKeeping = tail.messages.length > 1 || !!tail.versions || text !== undefined;
  const others = worthKeeping ? all : all.filter((t) => t !== tail);
  const versions = { ...rest.versions };
  if (others.length > 0) versions[messageId] = { others, index: others.length };
  else delete versions[messageId];
  return {
    ...rest,
    messages: [...rest.messages, edited],
    versions: Object.keys(versions).length ? versions : undefined,
    runError: undefined,
    pendingToolCallIds: undefined,
  };
}

/**
 * Puts version `target` (0-based) of the user turn `messageId` on screen, keeping the one there as a
 * version. Unchanged when the turn has no such version (or it is the one on screen).
 */
export function selectVersion(conversation: Conversation, messageId: string, target: number): Conversation {
  const group = conversation.versions?.[messageId];
  const index = userIndex(conversation, messageId);
  if (!group || index < 0 || !Number.isInteger(target) || target === group.index || target < 0 || target > group.others.length) return conversation;
  const { tail, rest } = cutTail(conversation, index);
  const all = [...group.others.slice(0, group.index), tail, ...group.others.slice(group.index)];
  const chosen = all[target]!;
  const versions: Record<string, MessageVersions> = { ...rest.versions, ...chosen.versions, [messageId]: { others: all.filter((_, i) => i !== target), index: target } };
  return {
    ...rest,
    messages: [...rest.messages, ...chosen.messages],
    toolCalls: { ...rest.toolCalls, ...chosen.toolCalls },
    versions,
    runError: undefined,
    pendingToolCallIds: undefined,
  };
}

/**
 * The versions of a conversation read from storage or a page, those that are well formed (a malformed
 * one is left out, never thrown on); undefined when none is.
 */
export function validVersions(value: unknown): Conversation['versions'] {
  if (!isObject(value)) return undefined;
  const kept: Record<string, MessageVersions> = {};
  for (const [id, group] of Object.entries(value)) {
    if (!isObject(group) || !Array.isArray(group.others) || group.others.length === 0) continue;
    const index = group.index;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > group.others.length) continue;
    const others: BranchTail[] = [];
    for (const tail of group.others as unknown[]) {
      if (!isObject(tail) || !Array.isArray(tail.messages) || !isObject(tail.toolCalls)) break;
      const first = tail.messages[0] as unknown;
      if (!isObject(first) || first.role !== 'user' || first.id !== id || typeof first.text !== 'string') break;
      if (!tail.messages.every((m: unknown) => isObject(m) && typeof m.id === 'string' && typeof m.role === 'string')) break;
      const nested = validVersions(tail.versions);
      // What was open when it was kept never runs: settled, as a version left now is.
      const settled = settleOpenToolCalls({ messages: tail.messages as ChatMessage[], toolCalls: tail.toolCalls as Record<string, ToolCall>, state: undefined, runFinished: true }, LEFT_UNFINISHED, {
        status: ToolCallStatus.Cancelled,
        unanswered: true,
      });
      others.push({ messages: settled.messages, toolCalls: settled.toolCalls, ...(nested ? { versions: nested } : {}) });
    }
    if (others.length === group.others.length) kept[id] = { others, index };
  }
  return Object.keys(kept).length ? kept : undefined;
}

function userIndex(conversation: Conversation, messageId: string): number {
  return conversation.messages.findIndex((m) => m.id === messageId && m.role === 'user');
}

/**
 * Cuts the conversation at message `index`: the tail from it (its calls, its later turns' versions,
 * its open calls and messages settled, since a version off screen never runs), and what stays.
 */
function cutTail(conversation: Conversation, index: number): { tail: BranchTail; rest: Conversation } {
  const messages = conversation.messages.slice(index);
  const callIds = new Set(messages.flatMap((m) => (m.role === 'assistant' ? m.toolCallIds : [])));
  const toolCalls: Record<string, ToolCall> = {};
  const restCalls: Record<string, ToolCall> = {};
  for (const [id, call] of Object.entries(conversation.toolCalls)) (callIds.has(id) ? toolCalls : restCalls)[id] = call;
  const laterTurns = new Set(messages.slice(1).flatMap((m) => (m.role === 'user' ? [m.id] : [])));
  const nested: Record<string, MessageVersions> = {};
  const restVersions: Record<string, MessageVersions> = {};
  for (const [id, group] of Object.entries(conversation.versions ?? {})) (laterTurns.has(id) ? nested : restVersions)[id] = group;
  const settled = closeOpenMessages(
    settleOpenToolCalls({ ...conversation, messages, toolCalls }, LEFT_UNFINISHED, { status: ToolCallStatus.Cancelled, unanswered: true }),
  );
  const tail: BranchTail = { messages: settled.messages, toolCalls: settled.toolCalls, ...(Object.keys(nested).length ? { versions: nested } : {}) };
  return { tail, rest: { ...conversation, messages: conversation.messages.slice(0, index), toolCalls: restCalls, versions: restVersions } };
}

function withoutContentParts(message: UserMessage): UserMessage {
  const { contentParts: _, ...rest } = message;
  return rest;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

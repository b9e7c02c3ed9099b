import { EventType, type ContentPart, type Message } from '@ag-ui/core';
import { ToolCallStatus, type AssistantMessage, type ChatMessage, type Conversation, type InstructionMessage, type ReasoningMessage } from './conversation.js';
import { applyActivitySnapshot } from './activities.js';
import { keepSnapshotEncryptedValues, startReasoning } from './protocol-extras.js';
import { addMessage, endToolCall, findIndex, replaceMessage, startAssistant } from './conversation-reducer.js';
import { appendToolArgs, attachmentParts, completeFromServer, contentText, startToolCall } from './tool-call-events.js';

/*
 * `MESSAGES_SNAPSHOT` reconciliation, one of the reducer's rare paths (reducer-extras.ts): a run that
 * streams its answer never sends a snapshot, so a chat loads this with the first one (the run's events
 * wait for it, in order: `needsReducerExtras`).
 */

/** Drops the message at `index`, with the calls it carries. */
function removeMessage(conversation: Conversation, index: number): Conversation {
  const message = conversation.messages[index];
  if (!message) return conversation;
  const toolCalls = { ...conversation.toolCalls };
  if (message.role === 'assistant') for (const id of message.toolCallIds) delete toolCalls[id];
  return { ...conversation, messages: conversation.messages.filter((_, i) => i !== index), toolCalls };
}

/** Drops a call and its place in the message that carries it. */
function removeToolCall(conversation: Conversation, id: string): Conversation {
  const { [id]: _, ...toolCalls } = conversation.toolCalls;
  const messages = conversation.messages.map((m) =>
    m.role === 'assistant' && m.toolCallIds.includes(id) ? { ...m, toolCallIds: m.toolCallIds.filter((c) => c !== id) } : m,
  );
  return { ...conversation, messages, toolCalls };
}


/**
 * Reconciles a `MESSAGES_SNAPSHOT` by id (AG-UI 1.1): a message it carries replaces the copy with its
 * id (or is appended), and a message it omits is gone, with its calls. Kept nonetheless: what is the
 * client's own (interrupts, history gaps), and — as `@ag-ui/client` does — activity and reasoning
 * messages when the snapshot carries none of that role (an agent that does not keep them in its
 * transcript has not retracted them).
 */
export function reconcileSnapshot(conversation: Conversation, snapshot: readonly Message[]): Conversation {
  let next = conversation;
  const named = new Set(snapshot.filter((m) => m && typeof m.id === 'string').map((m) => m.id));
  const namedCalls = new Set(snapshot.flatMap((m) => (m?.role === 'assistant' ? (m.toolCalls ?? []).map((c) => c?.id) : [])));
  const roles = new Set(snapshot.map((m) => m?.role));
  const omitted = conversation.messages.filter(
    (m) => !named.has(m.id) && m.role !== 'interrupt' && m.role !== 'history-gap' && !(m.role === 'activity' && !roles.has('activity')) && !(m.role === 'reasoning' && !roles.has('reasoning')),
  );
  if (omitted.length) {
    const toolCalls = { ...next.toolCalls };
    const retired = [...(next.retiredCallIds ?? [])];
    let ranOne = false;
    for (const m of omitted) {
      if (m.role !== 'assistant') continue;
      for (const id of m.toolCallIds) {
        const status = toolCalls[id]?.status;
        ranOne ||= status === ToolCallStatus.Completed;
        // Retired: a call that ran here (the server's own never ran here, and never runs here by itself).
        if (status && status !== ToolCallStatus.Streaming && status !== ToolCallStatus.Pending && !toolCalls[id]!.serverRun && !retired.includes(id)) retired.push(id);
        delete toolCalls[id];
      }
    }
    next = { ...next, messages: next.messages.filter((m) => !omitted.includes(m)), toolCalls, ...(retired.length ? { retiredCallIds: retired } : {}) };
    // The tool state (expanded groups, active skills) follows the calls that made it: with a call that ran
    // gone from the transcript, it is read again from the calls that remain (tool-groups.ts).
    if (ranOne && next.tools) {
      const { tools: _, ...rest } = next;
      next = rest;
    }
  }
  for (const message of snapshot) {
    if (!message || typeof message.id !== 'string') continue;
    // The snapshot's message is the one with its id: a copy of another role (a reasoning message the
    // agent's transcript now calls an assistant message, say) gives way rather than absorbing it.
    const copy = findIndex(next, message.id);
    // It keeps the copy's run: renamed, not produced by this run, so a retry of this run keeps it (invariant 7).
    let run: Pick<ChatMessage, 'runId' | 'runKey'> | undefined;
    if (copy >= 0 && message.role !== 'tool' && next.messages[copy]!.role !== message.role) {
      const { runId, runKey } = next.messages[copy]!;
      run = { runId, runKey };
      next = removeMessage(next, copy);
    }
    // A message's metadata is a stored field of its own: the snapshot's replaces the copy's.
    const metadata = message.metadata && typeof message.metadata === 'object' ? { metadata: message.metadata as Readonly<Record<string, unknown>> } : {};
    switch (message.role) {
      case 'user': {
        const index = findIndex(next, message.id);
        const parts = attachmentParts(message.content);
        // Text in several parts is kept as the parts, in order, so it goes back as it came.
        const texts = Array.isArray(message.content) ? message.content.filter((part) => part?.type === 'text').length : 0;
        const contentParts = texts > 1 ? { contentParts: message.content as ContentPart[] } : {};
        const user = { role: 'user', id: message.id, text: contentText(message.content), ...(parts ? { parts } : {}), ...contentParts, ...metadata } as const;
        next = index >= 0 ? replaceMessage(next, index, user) : addMessage(next, user);
        break;
      }
      case 'system':
      case 'developer': {
        const index = findIndex(next, message.id);
        // One the agent streamed stays a notice (shown); the snapshot's own instructions are not shown.
        const notice = index >= 0 && (next.messages[index] as InstructionMessage).notice ? { notice: true } : {};
        const instruction = { role: message.role, id: message.id, text: message.content, ...notice, ...metadata };
        next = index >= 0 ? replaceMessage(next, index, instruction) : addMessage(next, instruction);
        break;
      }
      case 'assistant': {
        next = startAssistant(next, message.id);
        const index = findIndex(next, message.id);
        const { metadata: _, ...current } = next.messages[index] as AssistantMessage;
        next = replaceMessage(next, index, { ...current, text: message.content ?? current.text, complete: true, ...metadata });
        // Its calls the snapshot no longer names are retracted, unless they ran (or wait on the user).
        for (const id of current.toolCallIds) {
          const status = next.toolCalls[id]?.status;
          if (!namedCalls.has(id) && (status === ToolCallStatus.Streaming || status === ToolCallStatus.Pending)) next = removeToolCall(next, id);
        }
        for (const toolCall of message.toolCalls ?? []) {
          const known = next.toolCalls[toolCall.id];
          // A call that has run (or waits on the user) stays as it is; one that has not is the snapshot's.
          if (known && known.status !== ToolCallStatus.Streaming && known.status !== ToolCallStatus.Pending) continue;
          if (known) next = removeToolCall(next, known.id);
          next = startToolCall(next, {
            type: EventType.TOOL_CALL_START,
            toolCallId: toolCall.id,
            toolCallName: toolCall.function.name,
            parentMessageId: message.id,
          });
          next = appendToolArgs(next, toolCall.id, toolCall.function.arguments, () => {});
          next = endToolCall(next, toolCall.id);
          const call = next.toolCalls[toolCall.id];
          if (call && toolCall.metadata) next = { ...next, toolCalls: { ...next.toolCalls, [call.id]: { ...call, metadata: toolCall.metadata } } };
        }
        break;
      }
      case 'reasoning': {
        next = startReasoning(next, message.id);
        const index = findIndex(next, message.id);
        const { metadata: _, ...current } = next.messages[index] as ReasoningMessage;
        next = replaceMessage(next, index, { ...current, text: message.content, complete: true, ...metadata });
        break;
      }
      case 'tool': {
        next = completeFromServer(next, message.toolCallId, message.content, message.id);
        const call = next.toolCalls[message.toolCallId];
        if (call && metadata.metadata) next = { ...next, toolCalls: { ...next.toolCalls, [call.id]: { ...call, resultMetadata: metadata.metadata } } };
        break;
      }
      default:
        break;
    }
    // An activity, and encrypted values.
    next = reconcileSnapshotExtras(next, message);
    const renamed = run ? findIndex(next, message.id) : -1;
    if (renamed >= 0) next = replaceMessage(next, renamed, { ...next.messages[renamed]!, ...run } as ChatMessage);
  }
  // The snapshot is authoritative for order; messages it does not name keep their place after it.
  const order = new Map(snapshot.map((message, index) => [message.id, index]));
  const rank = (message: ChatMessage) => order.get(message.id) ?? snapshot.length;
  return { ...next, messages: [...next.messages].sort((a, b) => rank(a) - rank(b)) };
}

/**
 * What a `MESSAGES_SNAPSHOT` message brings that only the rare paths keep, once the reducer has
 * reconciled it: an activity message's activity, and the encrypted values of a message and of its
 * tool calls, stored (and sent back) as a `REASONING_ENCRYPTED_VALUE` naming each would store them.
 */
function reconcileSnapshotExtras(conversation: Conversation, message: Message): Conversation {
  if (message.role === 'activity') return applyActivitySnapshot(conversation, { messageId: message.id, activityType: message.activityType, content: message.content });
  return keepSnapshotEncryptedValues(conversation, message);
}

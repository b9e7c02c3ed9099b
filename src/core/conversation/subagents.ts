import type { Conversation, Subagent, SubagentStatus } from './conversation.js';

/**
 * Subagents (AG-UI 1.0 `SUBAGENT_STARTED` / `FINISHED` / `ERROR`): each invocation, by its
 * `subagentRunId`, with its name and status. Messages and calls carry the id (see `attributeEvent`),
 * so a view can group a subagent's output under its name.
 */

type Loose = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function reduceSubagent(conversation: Conversation, event: Loose): Conversation {
  const id = str(event['subagentRunId']);
  if (!id) return conversation;
  const subagents = conversation.subagents ?? {};
  const current = subagents[id];
  let next: Subagent | undefined;
  switch (event['type']) {
    case 'SUBAGENT_STARTED':
      next = {
        id,
        name: str(event['name']) ?? id,
        status: 'running',
        ...(str(event['description']) ? { description: str(event['description']) } : {}),
        ...(str(event['parentSubagentRunId']) ? { parentSubagentRunId: str(event['parentSubagentRunId']) } : {}),
      };
      break;
    case 'SUBAGENT_FINISHED': {
      const outcome = event['outcome'] as { type?: unknown } | undefined;
      const status: SubagentStatus = outcome?.type === 'suspended' ? 'suspended' : 'completed';
      next = { ...(current ?? { id, name: id }), status };
      break;
    }
    case 'SUBAGENT_ERROR':
      next = { ...(current ?? { id, name: id }), status: 'failed', error: str(event['message']) ?? 'The subagent failed.' };
      break;
  }
  return next ? { ...conversation, subagents: { ...subagents, [id]: next } } : conversation;
}

/**
 * Tags the message or call an event created with the event's `subagentRunId` (the reducer builds
 * them without it). Only a new message or call is tagged: attribution never moves afterwards.
 */
export function attributeEvent(before: Conversation, after: Conversation, event: Loose): Conversation {
  const sub = str(event['subagentRunId']);
  if (!sub || before === after) return after;
  let next = after;
  const messageId = str(event['messageId']);
  if (messageId && !before.messages.some((m) => m.id === messageId)) {
    next = {
      ...next,
      messages: next.messages.map((m) =>
        m.id === messageId && (m.role === 'assistant' || m.role === 'reasoning') && !m.subagentRunId ? { ...m, subagentRunId: sub } : m,
      ),
    };
  }
  const callId = str(event['toolCallId']);
  const call = callId ? next.toolCalls[callId] : undefined;
  if (callId && call && !before.toolCalls[callId] && !call.subagentRunId) {
    next = { ...next, toolCalls: { ...next.toolCalls, [callId]: { ...call, subagentRunId: sub } } };
    // A call without a parent message made its own: that host message belongs to the subagent too.
    const host = next.messages.find((m) => m.role === 'assistant' && m.toolCallIds.includes(callId) && !before.messages.some((b) => b.id === m.id));
    if (host) next = { ...next, messages: next.messages.map((m) => (m === host ? { ...m, subagentRunId: sub } : m)) };
  }
  return next;
}

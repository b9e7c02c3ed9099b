import type { ChatMessage, Conversation, Subagent } from '../../core/index.js';

/** A run of consecutive messages one subagent produced, shown together under its name. */
export interface SubagentGroup<M extends ChatMessage> {
  readonly kind: 'subagent';
  readonly id: string;
  readonly subagent: Subagent;
  readonly messages: readonly M[];
}

function subagentOf(message: ChatMessage): string | undefined {
  return 'subagentRunId' in message ? message.subagentRunId : undefined;
}

/** Folds consecutive messages of one subagent into a group; others stay as they are. */
export function groupBySubagent<M extends ChatMessage>(messages: readonly M[], conversation: Conversation): (M | SubagentGroup<M>)[] {
  const out: (M | SubagentGroup<M>)[] = [];
  for (const message of messages) {
    const id = subagentOf(message);
    if (!id) {
      out.push(message);
      continue;
    }
    const last = out[out.length - 1];
    if (last && 'kind' in last && last.subagent.id === id) {
      out[out.length - 1] = { ...last, messages: [...last.messages, message] };
      continue;
    }
    const subagent = conversation.subagents?.[id] ?? { id, name: id, status: 'running' as const };
    out.push({ kind: 'subagent', id: `subagent-${id}-${message.id}`, subagent, messages: [message] });
  }
  return out;
}

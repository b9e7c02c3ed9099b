import type { Message } from '@ag-ui/core';
import type { ChatMessage, Conversation } from './conversation.js';
import { LazyModule } from '../lazy-module.js';

/*
 * The AG-UI `messages` of the next run. A default chat's conversation (the user's messages, notices
 * and the assistant's text answers) maps on the plain path below; one that holds a tool call,
 * reasoning, an attributed or encrypted item or 1.1 metadata needs the whole mapping
 * (message-mapper-full.ts), loaded on demand before the run's request is built (stream-run.ts).
 */
const full = new LazyModule(() => import('./message-mapper-full.js'));

/** Whether `message` carries what only the whole mapping sends back. */
function isRare(message: ChatMessage): boolean {
  const m = message as { subagentRunId?: unknown; encryptedValue?: unknown; metadata?: unknown };
  return message.role === 'reasoning' || m.subagentRunId !== undefined || m.encryptedValue !== undefined || m.metadata !== undefined;
}

/** Whether mapping `conversation` needs the whole mapping while it is not loaded yet. */
export function needsFullMapping(conversation: Conversation): boolean {
  if (full.loaded) return false;
  for (const _ in conversation.toolCalls) return true;
  return conversation.messages.some(isRare);
}

/** A user message's AG-UI content: its text, or with attachments content parts (the text first, then each attachment). */
export function userContent(message: Extract<ChatMessage, { role: 'user' }>): Extract<Message, { role: 'user' }>['content'] {
  if (message.contentParts) return [...message.contentParts];
  return message.parts?.length ? [...(message.text ? [{ type: 'text' as const, text: message.text }] : []), ...message.parts] : message.text;
}

/** The plain path: the same messages the whole mapping makes of a conversation without what `needsFullMapping` looks for. */
function plainMessages(conversation: Conversation): Message[] {
  const out: Message[] = [];
  for (const message of conversation.messages) {
    switch (message.role) {
      case 'user':
        out.push({ id: message.id, role: 'user', content: userContent(message) });
        break;
      case 'system':
      case 'developer':
        out.push({ id: message.id, role: message.role, content: message.text });
        break;
      case 'assistant':
        if (message.text) out.push({ id: message.id, role: 'assistant', content: message.text });
        break;
    }
  }
  return out;
}

/**
 * Maps the conversation to the AG-UI `messages` of the next run (message-mapper-full.ts says how); a
 * promise only when the whole mapping must load first.
 */
export function agUiMessagesOf(conversation: Conversation): Message[] | Promise<Message[]> {
  if (full.loaded) return full.loaded.toAgUiMessages(conversation);
  return needsFullMapping(conversation) ? full.load().then((m) => m.toAgUiMessages(conversation)) : plainMessages(conversation);
}

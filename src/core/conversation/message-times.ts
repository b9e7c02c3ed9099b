import type { ChatMessage, Conversation } from './conversation.js';

/**
 * When each message and call of a conversation first appeared (`createdAt`, ms since the epoch): the
 * transcript's times (an export shows them). The reducer stays pure: whoever applies an event stamps
 * what it created, with the event's own `timestamp` when it has one, else the time it arrived
 * (stream-run.ts), or the stored run's time on a history replay (conversation-history.ts). The times
 * live on the messages and calls, so they are saved and restored with the conversation.
 */

/** An AG-UI event's `timestamp` when it is a usable time, else `fallback`. */
export function eventTime(event: { readonly timestamp?: unknown }, fallback: number | undefined): number | undefined {
  const t = event.timestamp;
  return typeof t === 'number' && Number.isFinite(t) && t > 0 ? t : fallback;
}

/**
 * Stamps with `at` the messages `after` has that `before` did not (what one event created), and the
 * call `toolCallId` when the event created it. Cheap while nothing is created (a streamed token): only
 * a grown message list is looked through.
 */
export function stampCreated(before: Conversation, after: Conversation, at: number | undefined, toolCallId?: unknown): Conversation {
  if (at === undefined || before === after) return after;
  let next = after;
  if (after.messages !== before.messages && after.messages.length > before.messages.length) {
    const known = new Set(before.messages.map((m) => m.id));
    let changed = false;
    const messages = after.messages.map((m) => {
      if (known.has(m.id) || m.role === 'history-gap' || m.createdAt !== undefined) return m;
      changed = true;
      return { ...m, createdAt: at } as ChatMessage;
    });
    if (changed) next = { ...next, messages };
  }
  const call = typeof toolCallId === 'string' ? after.toolCalls[toolCallId] : undefined;
  if (call && !before.toolCalls[call.id] && call.createdAt === undefined) {
    next = { ...next, toolCalls: { ...next.toolCalls, [call.id]: { ...call, createdAt: at } } };
  }
  return next;
}

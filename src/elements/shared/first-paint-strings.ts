import type { SoliplexChatStrings, SoliplexChatStringsOverrides } from './chat-strings.js';

/** The strings an empty chat paints with (header, empty state, composer). */
export type FirstPaintStrings = Pick<SoliplexChatStrings, 'welcome' | 'inputLabel' | 'inputPlaceholder' | 'send' | 'stop' | 'newChat' | 'threadsLabel' | 'suggestionsLabel' | 'dictate' | 'roomUnavailable'>;

/**
 * The English defaults of `FirstPaintStrings`. They ship with the first paint; the rest of
 * `baseChatStrings` loads with the chat's other parts (chat-runtime.ts), the optional parts' with them.
 */
export const firstPaintStrings: Readonly<FirstPaintStrings> = Object.freeze({
  welcome: 'How can I help you today?',
  inputLabel: 'Message',
  inputPlaceholder: 'Write a message… (Enter sends, Shift+Enter adds a line)',
  send: 'Send',
  stop: 'Stop',
  newChat: 'New chat',
  threadsLabel: 'Chats',
  suggestionsLabel: 'Suggestions',
  dictate: 'Dictate',
  roomUnavailable: (reason: string) => `The room's details could not be loaded (${reason}). You can still send a message.`,
});

/** The page's overrides of the first-paint strings, over the defaults (until all strings have loaded). */
export function mergeFirstPaintStrings(overrides: SoliplexChatStringsOverrides | undefined): FirstPaintStrings {
  if (!overrides) return firstPaintStrings;
  const merged: Record<string, unknown> = { ...firstPaintStrings };
  for (const key of Object.keys(firstPaintStrings)) if (overrides[key as keyof FirstPaintStrings] !== undefined) merged[key] = overrides[key as keyof FirstPaintStrings];
  return merged as unknown as FirstPaintStrings;
}

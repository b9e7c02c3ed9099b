import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only dictation's failures (dictation.ts) use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const dictationStrings: Readonly<Pick<SoliplexChatStrings, 'microphoneBlocked' | 'dictationFailed'>> = Object.freeze({
  microphoneBlocked: 'The microphone is blocked for this page. Allow it in the browser (the icon in the address bar, or the site settings) to dictate.',
  dictationFailed: (reason: string) => `Dictation stopped: ${reason}`,
});

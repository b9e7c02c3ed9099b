import type { SoliplexChatStrings } from './chat-strings.js';

/**
 * The English defaults of the strings several optional parts share (the tool call, approval and
 * interrupt cards, activities, the list's cut-text notice): they load with those parts, not with the
 * chat (chat-strings.ts). A page's `strings` and the shipped translations still reach them (`partStrings`).
 */
export const rarePartStrings: Readonly<Pick<SoliplexChatStrings, 'truncated' | 'renderFailed' | 'arguments'>> = Object.freeze({
  truncated: 'Cut here: the rest was too long to show (over 100,000 characters).',
  renderFailed: 'This result could not be displayed.',
  arguments: 'Arguments',
});

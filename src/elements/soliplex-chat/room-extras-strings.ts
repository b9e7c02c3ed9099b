import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only Soliplex sign-in's and the documents picker's view (room-extras-view.ts) use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const roomExtrasStrings: Readonly<Pick<SoliplexChatStrings, 'signInPrompt' | 'signIn' | 'signInWith' | 'signOut' | 'documents' | 'documentsChosen' | 'documentsLegend'>> = Object.freeze({
  signInPrompt: 'Sign in to chat with this room.',
  signIn: 'Sign in',
  signInWith: (title: string) => `Sign in: ${title}`,
  signOut: 'Sign out',
  documents: 'Documents',
  documentsChosen: (count: number) => `Documents (${count})`,
  documentsLegend: 'The agent searches only the ticked documents (all of them when none is ticked).',
});

import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only the interrupt cards and their forms, and a transcript's answered interrupts use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const interruptStrings: Readonly<Pick<SoliplexChatStrings, 'interruptSubmit' | 'interruptCancel' | 'interruptExpired' | 'interruptAnswered' | 'interruptAnsweredWith' | 'interruptApproved' | 'interruptDenied' | 'interruptCancelled' | 'editArguments' | 'invalidArguments' | 'requiredField' | 'addItem' | 'removeItem'>> = Object.freeze({
  interruptSubmit: 'Send answer',
  interruptCancel: 'Cancel',
  interruptExpired: 'This request expired and can no longer be answered.',
  interruptAnswered: 'Answered.',
  interruptAnsweredWith: (summary: string) => `Answered: ${summary}`,
  interruptApproved: 'Approved.',
  interruptDenied: 'Denied.',
  interruptCancelled: 'Cancelled.',
  editArguments: 'Arguments (you can edit them)',
  invalidArguments: 'Write the arguments as a JSON object.',
  requiredField: 'required',
  addItem: 'Add',
  removeItem: 'Remove',
});

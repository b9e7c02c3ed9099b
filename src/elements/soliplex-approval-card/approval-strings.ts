import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only the approval cards (and the interrupt cards that ask to approve a call) use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const approvalStrings: Readonly<Pick<SoliplexChatStrings, 'approvalPrompt' | 'approve' | 'deny' | 'alwaysAllow'>> = Object.freeze({
  approvalPrompt: (name: string) => `The assistant wants to run ${name}. Allow it?`,
  approve: 'Approve',
  deny: 'Deny',
  alwaysAllow: 'Always allow this tool in this thread',
});

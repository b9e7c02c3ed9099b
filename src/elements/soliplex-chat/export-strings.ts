import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only Export's menu and a Markdown transcript's words (export-view.ts) use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const exportStrings: Readonly<Pick<SoliplexChatStrings, 'exportMarkdown' | 'exportJson' | 'transcriptArguments' | 'transcriptResult' | 'transcriptApproved'>> = Object.freeze({
  exportMarkdown: 'Markdown (.md)',
  exportJson: 'JSON (.json)',
  transcriptArguments: 'Arguments',
  transcriptResult: 'Result',
  transcriptApproved: 'approved by the user',
});

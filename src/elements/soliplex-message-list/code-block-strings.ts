import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of a code block's words (code-block.ts): they load with the block, not with the
 * chat (chat-strings.ts). A page's `strings` and the shipped translations still reach them (the list
 * passes the chat's strings to the Markdown; the block takes each word it has over these).
 */
export const codeBlockStrings: Readonly<Pick<SoliplexChatStrings, 'copyCode' | 'codeCopied' | 'codeCopyFailed'>> = Object.freeze({
  copyCode: 'Copy code',
  codeCopied: 'Copied',
  codeCopyFailed: 'Copy failed',
});

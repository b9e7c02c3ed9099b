import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only the attachment bar (soliplex-attachments.ts) use: they load
 * with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped translations
 * still reach them (`partStrings`).
 */
export const attachmentStrings: Readonly<Pick<SoliplexChatStrings, 'attach' | 'removeAttachment' | 'attachmentRefused'>> = Object.freeze({
  attach: 'Attach files',
  removeAttachment: (name: string) => `Remove ${name}`,
  attachmentRefused: (name: string, why: 'type' | 'size' | 'count', maxBytes: number) =>
    why === 'type'
      ? `${name}: this kind of file cannot be attached.`
      : why === 'size'
        ? `${name} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`
        : `${name}: no more files can be attached to one message.`,
});

import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only the message list's extras use (message-list-extras.ts: a
 * history gap, a turn's versions, the inline editor, subagent groups, a user message's attachments):
 * they load with that code, not with the chat (chat-strings.ts). A page's `strings` and the shipped
 * translations still reach them (`partStrings`).
 */
export const listExtrasStrings: Readonly<
  Pick<
    SoliplexChatStrings,
    'historyGap' | 'editLabel' | 'editSend' | 'editCancel' | 'previousVersion' | 'nextVersion' | 'versionPosition' | 'versionOf' | 'subagentStatus' | 'subagentLabel' | 'attachmentLabel'
  >
> = Object.freeze({
  historyGap: "Part of this conversation couldn't be loaded.",
  editLabel: 'Edit your message',
  editSend: 'Send',
  editCancel: 'Cancel',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionPosition: (number: number, count: number) => `${number} / ${count}`,
  versionOf: (number: number, count: number) => `Version ${number} of ${count}`,
  subagentStatus: { running: 'Running', completed: 'Done', suspended: 'Waiting', failed: 'Failed' },
  subagentLabel: (name: string, status: string) => `${name}: ${status}`,
  attachmentLabel: (name: string) => `Attachment: ${name}`,
});

import { baseChatStrings, mergeStrings, type SoliplexChatStrings, type SoliplexChatStringsOverrides } from './chat-strings.js';
import { answerDetailsStrings } from '../soliplex-answer-extras/answer-details-strings.js';
import { interruptStrings } from '../soliplex-interrupt-card/interrupt-strings.js';
import { approvalStrings } from '../soliplex-approval-card/approval-strings.js';
import { activityStrings } from '../soliplex-activity/activity-strings.js';
import { roomExtrasStrings } from '../soliplex-chat/room-extras-strings.js';
import { attachmentStrings } from '../soliplex-attachments/attachment-strings.js';
import { dictationStrings } from '../soliplex-composer/dictation-strings.js';
import { exportStrings } from '../soliplex-chat/export-strings.js';
import { toolCardStrings } from '../soliplex-tool-call-card/tool-card-strings.js';
import { runStatusStrings } from '../soliplex-run-status/run-status-strings.js';
import { listExtrasStrings } from '../soliplex-message-list/list-extras-strings.js';
import { codeBlockStrings } from '../soliplex-message-list/code-block-strings.js';
import { rarePartStrings } from './rare-part-strings.js';

/**
 * Every English UI string of the chat, what a page translates from (the npm entry and the CDN's
 * extras.js export it). The chat itself loads the optional parts' strings with those parts.
 */
export const defaultChatStrings: Readonly<SoliplexChatStrings> = Object.freeze({
  ...baseChatStrings,
  ...answerDetailsStrings,
  ...interruptStrings,
  ...approvalStrings,
  ...activityStrings,
  ...roomExtrasStrings,
  ...attachmentStrings,
  ...dictationStrings,
  ...exportStrings,
  ...toolCardStrings,
  ...runStatusStrings,
  ...listExtrasStrings,
  ...codeBlockStrings,
  ...rarePartStrings,
});

/** Merges a page's partial strings over the defaults (the nested `toolStatus` too). */
export function mergeChatStrings(partial: SoliplexChatStringsOverrides | undefined): SoliplexChatStrings {
  return mergeStrings<SoliplexChatStrings>(defaultChatStrings, partial);
}

/**
 * What only some conversations show, a chunk of its own loaded with the first of them: tool calls,
 * interrupts and activities (their cards' elements are chunks of their own again), reasoning, notices
 * (an agent's system messages, a history gap, a text cut at its limit), a turn's versions ("‹ 2 / 3 ›"),
 * the inline editor (on the first Edit), subagent groups, a user message's attachments, and their styles. A chat whose answers are plain text never loads it. Until it arrives
 * the list shows the messages themselves (a subagent's, ungrouped) and the rest a frame later.
 */
export { versionPosition } from '../../core/conversation/message-versions.js';
export { renderVersions, keepVersionFocus } from './message-versions.js';
export { renderEditor, Edits } from './message-editor.js';
export { renderNotice, renderHistoryGap, renderTruncated } from './message-notices.js';
export { renderSubagentGroup } from './subagent-view.js';
export { groupBySubagent } from './subagent-group.js';
export { renderAttachments } from './user-attachments.js';
export { renderCalls, renderInterrupt, renderActivity } from './agent-cards.js';
export { CardSlices } from './card-slices.js';
export { renderReasoning } from './reasoning-view.js';
export { messageListExtrasStyles } from './message-list-extras.styles.js';

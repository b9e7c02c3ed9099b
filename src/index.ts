/**
 * soliplex-chat: the `<soliplex-chat>` element, its parts, events and controllers, and the engine.
 * Importing this module defines the custom elements.
 */
// First (and dom-guard-end last): stand-ins for HTMLElement, document and customElements while this
// package's modules evaluate where there is no DOM (edge, SSR), so importing it does not throw.
import './dom-guard.js';
export * from './core/index.js';
export { SoliplexChat } from './elements/soliplex-chat/soliplex-chat.js';
// The chat's own engine and its later code (events, strings), ready before the first render (the CDN
// entry, src/cdn.ts, loads them on connect).
import './elements/soliplex-chat/own-engine.js';
import './elements/soliplex-chat/chat-runtime.js';
export { SoliplexMessageList } from './elements/soliplex-message-list/soliplex-message-list.js';
export { SoliplexToolCallCard } from './elements/soliplex-tool-call-card/soliplex-tool-call-card.js';
export { SoliplexApprovalCard } from './elements/soliplex-approval-card/soliplex-approval-card.js';
export { SoliplexInterruptCard } from './elements/soliplex-interrupt-card/soliplex-interrupt-card.js';
export { SoliplexActivity } from './elements/soliplex-activity/soliplex-activity.js';
export { SoliplexAttachments } from './elements/soliplex-attachments/soliplex-attachments.js';
export type { AttachmentOptions } from './elements/soliplex-attachments/attachment-parts.js';
export type {
  InterruptControls,
  InterruptRenderer,
  ActivityRenderer,
  InterruptRenderers,
  ActivityRenderers,
  ToolCallRenderer,
  ToolCallRenderers,
  StateRenderer,
} from './elements/shared/renderers.js';
export { SoliplexRunStatus } from './elements/soliplex-run-status/soliplex-run-status.js';
export { SoliplexComposer } from './elements/soliplex-composer/soliplex-composer.js';
export { SoliplexThreadList, type ThreadListServer } from './elements/soliplex-thread-list/soliplex-thread-list.js';
export { defaultThreadListStrings, type SoliplexThreadListStrings } from './elements/soliplex-thread-list/thread-list-strings.js';
export { renderMarkdown, safeHref, type MarkdownOptions } from './elements/soliplex-message-list/markdown.js';
export { defaultChatStrings, mergeChatStrings } from './elements/shared/default-chat-strings.js';
export type { SoliplexChatStrings, SoliplexChatStringsOverrides } from './elements/shared/chat-strings.js';
export type { ChatSuggestions } from './elements/soliplex-chat/suggestion-chips.js';
export type { SpeechToText, SpeechToTextSession } from './elements/soliplex-composer/speech-to-text.js';
export * from './events.js';
export { chatContext, type ChatContextValue } from './context.js';
export { ThreadController, type ThreadControllerConfig } from './controllers/thread-controller.js';
export { TurnEventsController, type TurnEventsControllerConfig } from './controllers/turn-events-controller.js';
export { ThreadIndexController } from './controllers/thread-index-controller.js';
import './dom-guard-end.js';

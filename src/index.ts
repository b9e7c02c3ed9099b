/**
 * soliplex-chat: the `<soliplex-chat>` element, its parts, events and controllers, and the engine.
 * Importing this module defines the custom elements.
 */
// First (and dom-guard-end last): stand-ins for HTMLElement, document and customElements while this
// package's modules evaluate where there is no DOM (edge, SSR), so importing it does not throw.
import './dom-guard.js';
export * from './core/index.js';
export { SoliplexChat } from './elements/soliplex-chat/soliplex-chat.js';
// The chat's own engine, ready before the first render (the CDN entry, src/cdn.ts, loads it on connect).
import './elements/soliplex-chat/own-engine.js';
export { SoliplexMessageList } from './elements/soliplex-message-list/soliplex-message-list.js';
export { SoliplexToolCallCard } from './elements/soliplex-tool-call-card/soliplex-tool-call-card.js';
export { SoliplexApprovalCard } from './elements/soliplex-approval-card/soliplex-approval-card.js';
export { SoliplexRunStatus } from './elements/soliplex-run-status/soliplex-run-status.js';
export { SoliplexComposer } from './elements/soliplex-composer/soliplex-composer.js';
export { renderMarkdown, safeHref } from './elements/soliplex-message-list/markdown.js';
export { defaultChatStrings, mergeChatStrings, type SoliplexChatStrings, type SoliplexChatStringsOverrides } from './elements/shared/chat-strings.js';
export * from './events.js';
export { chatContext, type ChatContextValue } from './context.js';
export { ThreadController, type ThreadControllerConfig } from './controllers/thread-controller.js';
export { TurnEventsController, type TurnEventsControllerConfig } from './controllers/turn-events-controller.js';
import './dom-guard-end.js';

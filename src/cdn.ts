/**
 * The CDN entry (`dist/cdn/soliplex-chat.js`): defines `<soliplex-chat>` and exports what a page needs
 * at once. It holds only what the first paint of an empty chat needs (the element, its composer,
 * the tool registry without its JSON Schema check and groups' resolution, which load with the first
 * tools, Lit); the engine, the message list with its Markdown and cards, and
 * the transports load when a chat connects (see elements/soliplex-chat/chat-parts.ts). The whole
 * engine API (`RunOrchestrator`, the transports, the reducer …) is the second CDN entry,
 * `dist/cdn/core.js`, sharing its chunks with this one.
 */
export { SoliplexChat } from './elements/soliplex-chat/soliplex-chat.js';
// A2UI surfaces are drawn on the CDN build (the renderer's chunk loads with the first surface); on npm it is opt-in.
import './a2ui.js';
export { ToolRegistry, type ClientTool, type ToolExecutionContext, type JsonSchema } from './core/tools/tool-registry.js';
export type { SoliplexChatStrings, SoliplexChatStringsOverrides } from './elements/shared/chat-strings.js';
// The event classes and the default strings are not needed to paint (events are heard by name): they
// are the CDN module `extras.js` (src/cdn-extras.ts), which the chat loads by itself once it connects.
/** Loads and defines `<soliplex-thread-list>` (a chat with `threads` loads it by itself). */
export { loadThreadList } from './elements/soliplex-chat/thread-panel.js';

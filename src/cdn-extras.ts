/**
 * The CDN module `dist/cdn/extras.js`: the chat's event classes (for `instanceof` checks and their
 * `eventName`s) and its UI strings (`defaultChatStrings`, `mergeChatStrings`). A page loads it only
 * when it wants them; it shares its code with the chunks the chat loads when it connects.
 */
export { defaultChatStrings, mergeChatStrings } from './elements/shared/default-chat-strings.js';
export type { SoliplexChatStrings, SoliplexChatStringsOverrides } from './elements/shared/chat-strings.js';
export * from './events.js';

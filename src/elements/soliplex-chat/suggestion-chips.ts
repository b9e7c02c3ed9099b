import type { Conversation } from '../../core/index.js';

/**
 * What the chat suggests the user say (`suggestions`): starter prompts (an array, shown while the chat
 * is empty), or a function of the conversation, possibly async, asked for an empty chat and again
 * after each answer (chat-suggestions.ts, made with the chat's runtime).
 */
export type ChatSuggestions = readonly string[] | ((conversation: Conversation) => readonly string[] | Promise<readonly string[]>);

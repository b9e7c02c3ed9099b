import type { Conversation } from './conversation.js';

/** A conversation with nothing in it yet. */
export const emptyConversation: Conversation = Object.freeze({
  messages: [],
  toolCalls: {},
  state: {},
  runFinished: false,
});

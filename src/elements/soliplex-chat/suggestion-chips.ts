import { html } from 'lit';
import type { Conversation } from '../../core/index.js';

/**
 * What the chat suggests the user say (`suggestions`): starter prompts (an array, shown while the chat
 * is empty), or a function of the conversation, possibly async, asked for an empty chat and again
 * after each answer (chat-suggestions.ts, loaded when the page gives one).
 */
export type ChatSuggestions = readonly string[] | ((conversation: Conversation) => readonly string[] | Promise<readonly string[]>);

/** At most this many chips, each at most this long: the function's answer is the page's, but may come from a model. */
const MAX_SUGGESTIONS = 6;
const MAX_LENGTH = 300;

/** Clickable suggestions: each sends its text. */
export function renderSuggestions(list: readonly string[], label: string, send: (text: string) => void, className = '') {
  return html`<div part="suggestions" class="suggestions ${className}" role="group" aria-label=${label}>
    ${list.map((text) => html`<button part="suggestion" type="button" @click=${() => send(text)}>${text}</button>`)}
  </div>`;
}

/** The texts worth offering: strings only, no blanks, at most six, none too long. */
export function suggestionTexts(list: unknown): readonly string[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .slice(0, MAX_SUGGESTIONS)
    .map((text) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text));
}

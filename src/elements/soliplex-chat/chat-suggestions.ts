import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Conversation } from '../../core/index.js';

/**
 * What the chat suggests the user say (`suggestions`): starter prompts (an array, shown while the chat
 * is empty), or a function of the conversation, possibly async, asked for an empty chat and again
 * after each answer.
 */
export type ChatSuggestions = readonly string[] | ((conversation: Conversation) => readonly string[] | Promise<readonly string[]>);

export interface ChatSuggestionsConfig {
  readonly source: () => ChatSuggestions | undefined;
  readonly conversation: () => Conversation;
  readonly threadId: () => string;
  /** The chat is at rest (no turn running, the last one not failed): a moment to suggest. */
  readonly atRest: () => boolean;
}

/** At most this many chips, each at most this long: the function's answer is the page's, but may come from a model. */
const MAX_SUGGESTIONS = 6;
const MAX_LENGTH = 300;

/**
 * Asks the page's `suggestions` function once per moment (a thread and its last message, at rest),
 * drops an answer that comes after the conversation moved on, and keeps what to show.
 */
export class ChatSuggestionsController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: ChatSuggestionsConfig;
  #moment?: string;
  #source?: ChatSuggestions;
  #asked = 0;
  #answer: readonly string[] = [];

  constructor(host: ReactiveControllerHost, config: ChatSuggestionsConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  /** What to offer now: the page's array, or the function's answer for this moment. */
  get list(): readonly string[] {
    const source = this.#config.source();
    return Array.isArray(source) ? clean(source) : this.#answer;
  }

  hostUpdate(): void {
    const source = this.#config.source();
    const conversation = this.#config.conversation();
    const moment = `${this.#config.threadId()}\n${conversation.messages.at(-1)?.id ?? ''}`;
    if (typeof source !== 'function' || !this.#config.atRest()) {
      // A turn runs (or the page has no function): what was suggested, or is still coming, answers nothing now.
      if (this.#moment !== undefined) this.#asked++;
      this.#answer = [];
      this.#moment = undefined;
      return;
    }
    if (moment === this.#moment && source === this.#source) return;
    this.#moment = moment;
    this.#source = source;
    this.#answer = [];
    const asked = ++this.#asked;
    Promise.resolve()
      .then(() => source(conversation))
      .then(
        (answer) => {
          if (asked !== this.#asked) return; // the conversation moved on
          this.#answer = clean(answer);
          this.#host.requestUpdate();
        },
        (error: unknown) => console.error('[soliplex-chat] the suggestions function threw', error),
      );
  }

  /** The chips after an answer (the empty state shows its own). */
  render(label: string, send: (text: string) => void) {
    const list = typeof this.#config.source() === 'function' ? this.#answer : [];
    return list.length ? renderSuggestions(list, label, send, 'follow-ups') : nothing;
  }
}

/** Clickable suggestions: each sends its text. */
export function renderSuggestions(list: readonly string[], label: string, send: (text: string) => void, className = '') {
  return html`<div part="suggestions" class="suggestions ${className}" role="group" aria-label=${label}>
    ${list.map((text) => html`<button part="suggestion" type="button" @click=${() => send(text)}>${text}</button>`)}
  </div>`;
}

function clean(list: unknown): readonly string[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .slice(0, MAX_SUGGESTIONS)
    .map((text) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text));
}

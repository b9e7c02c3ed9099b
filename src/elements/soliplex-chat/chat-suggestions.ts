import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { Conversation } from '../../core/index.js';
import { renderSuggestions, suggestionTexts, type ChatSuggestions } from './suggestion-chips.js';

export interface ChatSuggestionsConfig {
  readonly source: () => ChatSuggestions | undefined;
  readonly conversation: () => Conversation;
  readonly threadId: () => string;
  /** The chat is at rest (no turn running, the last one not failed): a moment to suggest. */
  readonly atRest: () => boolean;
}

/**
 * Loaded when the page sets `suggestions` to a function. Asks it once per moment (a thread and its last message, at rest),
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

  /** The function's answer for this moment. */
  get list(): readonly string[] {
    return this.#answer;
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
          this.#answer = suggestionTexts(answer);
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

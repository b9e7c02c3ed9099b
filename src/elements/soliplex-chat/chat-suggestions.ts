import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import { idleState, isRunning, threadKeyId } from '../../core/tool-loop/run-state.js';
import type { ChatSuggestions } from './suggestion-chips.js';
import type { ChatView } from './chat-runtime.js';

/** At most this many chips, each at most this long: the function's answer is the page's, but may come from a model. */
const MAX_SUGGESTIONS = 6;
const MAX_LENGTH = 300;

/**
 * The chat's suggestion chips (`suggestions`), made with its runtime: the page's starter prompts, or
 * what its function answers, asked once per moment (a thread and its last message, at rest: no turn
 * running, the last one not failed); an answer that comes after the conversation moved on is dropped.
 */
export class ChatSuggestionsController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #view: ChatView;
  readonly #source: () => ChatSuggestions | undefined;
  #moment?: string;
  #asked?: ChatSuggestions;
  #question = 0;
  #answer: readonly string[] = [];

  constructor(host: ReactiveControllerHost, view: ChatView, source: () => ChatSuggestions | undefined) {
    this.#host = host;
    this.#view = view;
    this.#source = source;
    host.addController(this);
  }

  hostUpdate(): void {
    const source = this.#source();
    const run = this.#view.snapshot()?.run ?? idleState;
    if (typeof source !== 'function' || isRunning(run) || run.status === 'failed') {
      // A turn runs (or the page has no function): what was suggested, or is still coming, answers nothing now.
      if (this.#moment !== undefined) this.#question++;
      this.#answer = [];
      this.#moment = undefined;
      return;
    }
    // Only at rest with a function (never per streamed token): which moment this is.
    const conversation = this.#view.snapshot()?.conversation ?? emptyConversation;
    const moment = `${threadKeyId(this.#view.threadKey())}\n${conversation.messages.at(-1)?.id ?? ''}`;
    if (moment === this.#moment && source === this.#asked) return;
    this.#moment = moment;
    this.#asked = source;
    this.#answer = [];
    const question = ++this.#question;
    Promise.resolve()
      .then(() => source(conversation))
      .then(
        (answer) => {
          if (question !== this.#question) return; // the conversation moved on
          this.#answer = suggestionTexts(answer);
          this.#host.requestUpdate();
        },
        (error: unknown) => console.error('[soliplex-chat] the suggestions function threw', error),
      );
  }

  /**
   * The chips: `starters` in the empty state (the page's array, else its function's answer, else the
   * room's suggestions); after an answer, the function's answer only.
   */
  render(label: string, send: (text: string) => void, starters?: readonly string[]) {
    const source = this.#source();
    const list = starters ? (Array.isArray(source) ? suggestionTexts(source) : this.#answer.length ? this.#answer : suggestionTexts(starters)) : typeof source === 'function' ? this.#answer : [];
    return list.length
      ? html`<div part="suggestions" class="suggestions ${starters ? '' : 'follow-ups'}" role="group" aria-label=${label}>
          ${list.map((text) => html`<button part="suggestion" type="button" @click=${() => send(text)}>${text}</button>`)}
        </div>`
      : nothing;
  }
}

/** The texts worth offering: strings only, no blanks, at most six, none too long. */
function suggestionTexts(list: unknown): readonly string[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '')
    .slice(0, MAX_SUGGESTIONS)
    .map((text) => (text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text));
}

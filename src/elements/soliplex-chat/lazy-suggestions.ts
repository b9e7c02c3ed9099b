import { nothing, type ReactiveControllerHost } from 'lit';
import { LazyModule } from '../../core/lazy-module.js';
import type { ChatSuggestions } from './suggestion-chips.js';
import type { ChatView } from './chat-runtime.js';
import type { ChatSuggestionsController } from './chat-suggestions.js';

/** The chips' code (chat-suggestions.ts): loaded by the first chat that has suggestions to show. */
const chipsCode = new LazyModule(() => import('./chat-suggestions.js'));

/**
 * The suggestion chips as the chat's runtime makes them: a chat without suggestions (no `suggestions`,
 * a room that sets none) never loads their code; one with some loads it with its first render that
 * could show them, and the chips appear a frame later (the empty state and the answers show meanwhile).
 */
export class LazySuggestions {
  readonly #host: ReactiveControllerHost;
  readonly #view: ChatView;
  readonly #source: () => ChatSuggestions | undefined;
  /** The chips' controller, once their code is in (it follows the host's updates itself). */
  #chips?: ChatSuggestionsController;

  constructor(host: ReactiveControllerHost, view: ChatView, source: () => ChatSuggestions | undefined) {
    this.#host = host;
    this.#view = view;
    this.#source = source;
  }

  /** The chips: `starters` in the empty state (the page's, else the room's), follow-ups after an answer. */
  render(label: string, send: (text: string) => void, starters?: readonly string[]) {
    if (this.#chips) return this.#chips.render(label, send, starters);
    const source = this.#source();
    // A function is asked at rest (after each answer too); an array or the room's list shows in the empty state only.
    if (typeof source === 'function' || (starters && (source?.length || starters.length))) this.#load();
    return nothing;
  }

  #load(): void {
    chipsCode.load().then(
      ({ ChatSuggestionsController }) => {
        this.#chips ??= new ChatSuggestionsController(this.#host, this.#view, this.#source);
        this.#host.requestUpdate();
      },
      (error: unknown) => console.error('[soliplex-chat] the suggestions could not be loaded', error),
    );
  }
}

import { LitElement, adoptStyles, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { chatContext, type ChatContextValue } from '../../context.js';
import type { AnswerTurn } from '../soliplex-message-list/answer-turns.js';
import { baseChatStrings, type ChatStrings } from '../shared/chat-strings.js';
import { LazyModule } from '../../core/lazy-module.js';
import { answerExtrasStyles } from './soliplex-answer-extras.styles.js';
import type { AnswerSources } from './answer-extras-view.js';

/** One observer for every answer of the page (a long thread has hundreds): marks each seen once on screen. */
const onScreen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    (entry.target as SoliplexAnswerExtras).markSeen();
    onScreen.unobserve(entry.target);
  }
});

/** The sources, the usage line and the reason field: loaded with the first answer that shows one. */
const view = new LazyModule(() => import('./answer-extras-view.js'));

const thumb = (down: boolean) =>
  html`<svg class=${down ? 'down' : 'up'} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    ${svg`<path d="M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"></path>`}
  </svg>`;

/**
 * What goes under one answer (the last assistant message of a user turn): its numbered sources, a
 * line of token usage, and "Good response" / "Bad response" with an optional reason. A source opens
 * to show its cited text and, on Soliplex, the page previews the server makes for it. The data comes
 * from the chat's context (`answers`, the conversation's `runRecords` through the `answer`); the
 * protocol calls are the controller's. The buttons are this element's own; the sources, the usage line
 * and the reason field render from answer-extras-view.ts, loaded with the first answer that shows one
 * (or the first rating: what a rating does is there too).
 * @summary An answer's sources, token usage and feedback.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @csspart sources - An answer's numbered sources (RAG citations on Soliplex), under the answer.
 * @csspart source - One source: its number, document title, headings and pages; opening it shows the cited chunk.
 * @csspart source-chunk - An open source's cited text and page previews.
 * @csspart source-preview - A page preview image of an open source, the cited passage highlighted.
 * @csspart usage - The tokens the answer used, and the thread (on the last answer) (`show-usage`), with their cost by `usagePrices`.
 * @csspart feedback - "Good response" and "Bad response" under an answer (not with `no-feedback`).
 * @csspart feedback-button - A feedback button (`aria-pressed` when chosen).
 * @csspart feedback-reason - The optional reason field after a rating, with its Send button.
 */
export class SoliplexAnswerExtras extends LitElement {
  static override styles = answerExtrasStyles;

  /** The answer this is under. */
  @property({ attribute: false }) answer?: AnswerTurn;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  /** The reason field is open (after a rating), with its draft (set by the view's rating code, as `sent`). */
  @state() reason?: string;
  /** How the last sending went: sent (with a reason), or failed. */
  @state() sent?: 'thanks' | 'failed';

  /** Set once the answer has been on screen: only then are its rating and usage asked of the server. */
  @state() private seen = false;

  #unsubscribe?: () => void;
  /** The sources (with their open previews), once the view's code is in. */
  #sources?: AnswerSources;
  /** The view's styles are adopted (once its code is in and this answer shows some of it). */
  #adopted = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe();
    if (!this.seen) onScreen.observe(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    onScreen.unobserve(this);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('chat')) this.#subscribe();
  }

  /** The answer has been on screen: its rating and usage may be asked of the server now. */
  markSeen(): void {
    this.seen = true;
  }

  /** Renders again when the controller learns something (a stored rating, a run's usage). */
  #subscribe(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = this.isConnected ? this.chat?.answers?.subscribe(() => this.requestUpdate()) : undefined;
  }

  /**
   * The view's code when this answer shows more than its buttons: there already, else loading (this
   * renders again once it is in, its styles adopted; until then the answer shows its buttons alone).
   */
  #view(): typeof view.loaded {
    const loaded = view.loaded;
    if (!loaded) {
      view.load().then(
        () => this.requestUpdate(),
        (error: unknown) => console.error('[soliplex-chat] an answer’s sources, usage or feedback form could not be loaded', error),
      );
      return undefined;
    }
    if (!this.#adopted) {
      this.#adopted = true;
      adoptStyles(this.renderRoot as ShadowRoot, [...SoliplexAnswerExtras.elementStyles, ...loaded.detailsStyles]);
    }
    return loaded;
  }

  override render() {
    const answer = this.answer;
    const chat = this.chat;
    if (!answer || !chat) return nothing;
    const strings = chat.strings ?? baseChatStrings;
    const more = answer.citations.length || chat.showUsage || this.reason !== undefined || this.sent ? this.#view() : undefined;
    if (more) this.#sources ??= new more.AnswerSources(this);
    return html`${answer.citations.length && this.#sources ? this.#sources.render(answer.citations, strings) : nothing}
      <div class="row">
        ${chat.noFeedback || !answer.runId ? nothing : this.#renderFeedback(answer.runId, strings, more)}
        ${chat.showUsage && more ? more.renderUsage(this, answer, this.seen, strings) : nothing}
      </div>`;
  }

  #renderFeedback(runId: string, strings: ChatStrings, more: typeof view.loaded) {
    const current = this.chat?.answers?.feedback(runId, this.seen);
    const button = (rating: 'up' | 'down', label: string) =>
      html`<button
        part="feedback-button"
        type="button"
        aria-label=${label}
        title=${label}
        aria-pressed=${current?.rating === rating ? 'true' : 'false'}
        @click=${() => this.#rate(runId, rating)}
      >
        ${thumb(rating === 'down')}
      </button>`;
    const open = this.reason !== undefined && !!current;
    const reason = open && current && more
      ? more.renderReason(
          {
            draft: this.reason ?? '',
            input: (draft) => (this.reason = draft),
            send: () => void more.sendReason(this, runId, current.rating),
            close: () => (this.reason = undefined),
          },
          strings,
        )
      : nothing;
    return html`<div part="feedback" class="feedback ${open ? 'open' : ''}" role="group" aria-label=${strings.feedbackLabel}>
      ${button('up', strings.goodResponse)}${button('down', strings.badResponse)} ${reason} ${this.sent && more ? more.renderSent(this.sent, strings) : nothing}
    </div>`;
  }

  /** A rating is sent at once (the first time once the view's code is in: it holds what rating does). */
  #rate(runId: string, rating: 'up' | 'down'): void {
    view.load().then(
      (loaded) => loaded.rate(this, runId, rating),
      (error: unknown) => console.error('[soliplex-chat] an answer’s rating could not be loaded', error),
    );
  }
}
if (!customElements.get('soliplex-answer-extras')) customElements.define('soliplex-answer-extras', SoliplexAnswerExtras);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-answer-extras': SoliplexAnswerExtras;
  }
}

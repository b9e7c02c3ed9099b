import { LitElement, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { consume } from '@lit/context';
import { chatContext, type ChatContextValue } from '../../context.js';
import type { SoliplexCitation } from '../../core/transport/soliplex/soliplex-citations.js';
import type { SoliplexChunk } from '../../core/transport/soliplex/soliplex-documents.js';
import type { TokenCount } from '../../controllers/answer-extras-controller.js';
import type { AnswerTurn } from '../soliplex-message-list/answer-turns.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { renderMarkdown } from '../soliplex-message-list/markdown.js';
import { markdownStyles } from '../soliplex-message-list/markdown.styles.js';
import { answerExtrasStyles } from './soliplex-answer-extras.styles.js';

/** A chunk's preview, as the element holds it while the source is open. */
type Preview = { readonly state: 'loading' } | { readonly state: 'done'; readonly chunk: SoliplexChunk | null } | { readonly state: 'failed' };

/** One observer for every answer of the page (a long thread has hundreds): marks each seen once on screen. */
const onScreen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    (entry.target as SoliplexAnswerExtras).markSeen();
    onScreen.unobserve(entry.target);
  }
});

type Pricing = typeof import('../../core/conversation/usage-cost.js');
/** The price table's code: loaded only for a chat that sets `usagePrices`. */
let pricing: Pricing | undefined;
let pricingLoad: Promise<Pricing> | undefined;
const loadPricing = () =>
  (pricingLoad ??= import('../../core/conversation/usage-cost.js').then(
    (module) => (pricing = module),
    (error: unknown) => {
      pricingLoad = undefined;
      throw error;
    },
  ));

/** Base64 only: a preview's data URL is built from it, never from other text the server sent. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const thumb = (down: boolean) =>
  html`<svg class=${down ? 'down' : 'up'} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
    ${svg`<path d="M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z"></path>`}
  </svg>`;

/**
 * What goes under one answer (the last assistant message of a user turn): its numbered sources, a
 * line of token usage, and "Good response" / "Bad response" with an optional reason. A source opens
 * to show its cited text and, on Soliplex, the page previews the server makes for it. The data comes
 * from the chat's context (`answers`, the conversation's `runRecords` through the `answer`); the
 * protocol calls are the controller's.
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
  static override styles = [markdownStyles, answerExtrasStyles];

  /** The answer this is under. */
  @property({ attribute: false }) answer?: AnswerTurn;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  /** The reason field is open (after a rating), with its draft. */
  @state() private reason?: string;
  /** How the last sending went: sent (with a reason), or failed. */
  @state() private sent?: 'thanks' | 'failed';
  /** The open sources' previews, by chunk id. */
  @state() private previews: ReadonlyMap<string, Preview> = new Map();

  /** Set once the answer has been on screen: only then are its rating and usage asked of the server. */
  @state() private seen = false;

  #unsubscribe?: () => void;

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

  override render() {
    const answer = this.answer;
    const chat = this.chat;
    if (!answer || !chat) return nothing;
    const strings = chat.strings ?? defaultChatStrings;
    return html`${answer.citations.length ? this.#renderSources(answer.citations, strings) : nothing}
      <div class="row">
        ${chat.noFeedback || !answer.runId ? nothing : this.#renderFeedback(answer.runId, strings)}
        ${chat.showUsage ? this.#renderUsage(answer, strings) : nothing}
      </div>`;
  }

  #renderFeedback(runId: string, strings: SoliplexChatStrings) {
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
    return html`<div part="feedback" class="feedback ${open ? 'open' : ''}" role="group" aria-label=${strings.feedbackLabel}>
      ${button('up', strings.goodResponse)}${button('down', strings.badResponse)}
      ${open && current
        ? html`<form part="feedback-reason" class="reason" @submit=${(e: Event) => this.#sendReason(e, runId, current.rating)}>
            <input
              type="text"
              aria-label=${strings.feedbackReason}
              placeholder=${strings.feedbackReason}
              maxlength="2000"
              .value=${this.reason ?? ''}
              @input=${(e: Event) => (this.reason = (e.target as HTMLInputElement).value)}
              @keydown=${this.#onReasonKeydown}
            />
            <button type="submit">${strings.feedbackSend}</button>
          </form>`
        : nothing}
      ${this.sent ? html`<span class="sent" role="status">${this.sent === 'thanks' ? strings.feedbackThanks : strings.feedbackFailed}</span>` : nothing}
    </div>`;
  }

  /** A rating is sent at once; the reason field opens for those who want to say more. */
  async #rate(runId: string, rating: 'up' | 'down'): Promise<void> {
    const answers = this.chat?.answers;
    if (!answers || !this.answer) return;
    const previous = answers.feedback(runId);
    this.reason = previous?.rating === rating ? (previous.reason ?? '') : '';
    this.sent = undefined;
    const ok = await answers.rate(this.answer.messageId, runId, { rating });
    if (!ok) this.sent = 'failed';
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLInputElement>('.reason input')?.focus();
  }

  async #sendReason(event: Event, runId: string, rating: 'up' | 'down'): Promise<void> {
    event.preventDefault();
    const answers = this.chat?.answers;
    if (!answers || !this.answer) return;
    const reason = this.reason ?? '';
    this.reason = undefined;
    const ok = await answers.rate(this.answer.messageId, runId, { rating, reason });
    this.sent = ok ? 'thanks' : 'failed';
    if (!ok) this.reason = reason; // kept, to send again
  }

  #onReasonKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation(); // not the chat's Stop
    this.reason = undefined;
  };

  #renderUsage(answer: AnswerTurn, strings: SoliplexChatStrings) {
    const answers = this.chat?.answers;
    const soliplex = !!answers?.soliplex;
    const own: TokenCount | undefined = soliplex ? answers!.usage(answer.runIds, this.seen) : answer.usage;
    const thread: TokenCount | undefined = answer.thread ? (soliplex ? answers!.usage(answer.thread.runIds, this.seen) : answer.thread.usage) : undefined;
    if (!own && !thread) return nothing;
    const parts = [own ? this.#priced(own, strings.usageAnswer(own.input, own.output), strings) : '', thread ? this.#priced(thread, strings.usageThread(thread.input, thread.output), strings) : ''].filter(Boolean);
    return html`<p part="usage" class="usage">${parts.join(' · ')}</p>`;
  }

  /** A usage line with its cost, by the page's price table (`usagePrices`), once the pricing code has loaded. */
  #priced(count: TokenCount, line: string, strings: SoliplexChatStrings): string {
    const prices = this.chat?.usagePrices;
    if (!prices) return line;
    if (!pricing) {
      void loadPricing().then(() => this.requestUpdate(), (error: unknown) => console.error('[soliplex-chat] the usage prices could not be loaded', error));
      return line;
    }
    // A count without entries (a Soliplex run's usage route names no model) is priced by the table's default.
    const amount = pricing.usageCost(count.entries ?? [{ inputTokens: count.input, outputTokens: count.output }], prices);
    const cost = amount === undefined ? undefined : pricing.formatCost(amount, prices.currency, this.chat?.lang);
    return cost ? strings.usageCost(line, cost) : line;
  }

  #renderSources(citations: readonly SoliplexCitation[], strings: SoliplexChatStrings) {
    return html`<ol part="sources" class="sources" aria-label=${strings.sourcesLabel}>
      ${repeat(
        citations,
        (c) => c.chunkId,
        (c, i) => {
          const preview = this.previews.get(c.chunkId);
          const meta = [c.headings.join(' › '), c.pageNumbers.length ? strings.sourcePages(c.pageNumbers) : ''].filter(Boolean).join(' · ');
          return html`<li part="source" class="source" data-chunk-id=${c.chunkId}>
            <details @toggle=${(e: Event) => this.#onToggle(e, c)}>
              <summary>
                <span class="number">${c.index ?? i + 1}</span>
                <span class="title">${c.documentTitle || c.documentUri || strings.sourceUntitled}</span>
                ${meta ? html`<span class="meta">${meta}</span>` : nothing}
              </summary>
              ${preview ? this.#renderChunk(c, preview, strings) : nothing}
            </details>
          </li>`;
        },
      )}
    </ol>`;
  }

  #renderChunk(citation: SoliplexCitation, preview: Preview, strings: SoliplexChatStrings) {
    const images = preview.state === 'done' ? (preview.chunk?.images_base_64 ?? []).filter((b) => typeof b === 'string' && BASE64.test(b)) : [];
    return html`<div part="source-chunk" class="chunk">
      <div class="text">${renderMarkdown(citation.content, { images: false, strings: this.chat?.strings ?? defaultChatStrings })}</div>
      ${citation.sourceUrl ? html`<a class="link" href=${citation.sourceUrl} target="_blank" rel="noopener noreferrer">${citation.sourceUrl}</a>` : nothing}
      ${citation.origin === 'metadata'
        ? nothing // a source named in metadata has no pages to preview
        : preview.state === 'loading'
        ? html`<p class="note" role="status">${strings.sourceLoading}</p>`
        : images.length
          ? images.map(
              (b, i) => html`<img part="source-preview" class="preview" src=${`data:image/png;base64,${b}`} alt=${strings.sourcePreview(citation.pageNumbers[i] ?? i + 1)} />`,
            )
          : html`<p class="note">${strings.sourceNoPreview}</p>`}
    </div>`;
  }

  /** Opening a source loads its page previews (once). */
  async #onToggle(event: Event, citation: SoliplexCitation): Promise<void> {
    if (!(event.target as HTMLDetailsElement).open || this.previews.has(citation.chunkId)) return;
    const answers = this.chat?.answers;
    const set = (preview: Preview) => (this.previews = new Map(this.previews).set(citation.chunkId, preview));
    if (!answers?.soliplex || citation.origin === 'metadata') return void set({ state: 'done', chunk: null });
    set({ state: 'loading' });
    try {
      set({ state: 'done', chunk: await answers.chunk(citation) });
    } catch (error) {
      console.error('[soliplex-chat] a source’s preview could not be loaded', error);
      set({ state: 'failed' });
    }
  }
}

if (!customElements.get('soliplex-answer-extras')) customElements.define('soliplex-answer-extras', SoliplexAnswerExtras);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-answer-extras': SoliplexAnswerExtras;
  }
}

import { html, nothing, type ReactiveControllerHost } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ChatContextValue } from '../../context.js';
import type { SoliplexCitation } from '../../core/transport/soliplex/soliplex-citations.js';
import type { SoliplexChunk } from '../../core/transport/soliplex/soliplex-documents.js';
import type { AnswerExtrasController, TokenCount } from '../../controllers/answer-extras-controller.js';
import type { AnswerTurn } from '../soliplex-message-list/answer-turns.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { answerDetailsStrings } from './answer-details-strings.js';
import { renderMarkdown } from '../soliplex-message-list/markdown.js';
import { markdownStyles } from '../soliplex-message-list/markdown.styles.js';
import { answerDetailsStyles } from './answer-extras-view.styles.js';

/*
 * What an answer shows under it besides the feedback buttons (soliplex-answer-extras.ts): its numbered
 * sources, the line of token usage (`show-usage`) and the reason field after a rating, with its
 * "thanks" or failure line, and what pressing a feedback button does. Loaded with the first answer
 * that has one of them, or the first rating (a chat whose answers cite nothing, without `show-usage`,
 * whose reader rates nothing, never loads it).
 */

/** The styles of what this module renders, adopted by the element once it is loaded. */
export const detailsStyles = [markdownStyles, answerDetailsStyles];

/** A chunk's preview, as the element holds it while the source is open. */
type Preview = { readonly state: 'loading' } | { readonly state: 'done'; readonly chunk: SoliplexChunk | null } | { readonly state: 'failed' };

/** Base64 only: a preview's data URL is built from it, never from other text the server sent. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** An answer's numbered sources; opening one loads its page previews (once). */
export class AnswerSources {
  readonly #host: ReactiveControllerHost & { readonly chat?: ChatContextValue };
  /** The open sources' previews, by chunk id. */
  #previews: ReadonlyMap<string, Preview> = new Map();

  constructor(host: ReactiveControllerHost & { readonly chat?: ChatContextValue }) {
    this.#host = host;
  }

  render(citations: readonly SoliplexCitation[], chatStrings: ChatStrings) {
    const strings = partStrings(chatStrings, answerDetailsStrings);
    return html`<ol part="sources" class="sources" aria-label=${strings.sourcesLabel}>
      ${repeat(
        citations,
        (c) => c.chunkId,
        (c, i) => {
          const preview = this.#previews.get(c.chunkId);
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

  #renderChunk(citation: SoliplexCitation, preview: Preview, strings: ChatStrings & typeof answerDetailsStrings) {
    const images = preview.state === 'done' ? (preview.chunk?.images_base_64 ?? []).filter((b) => typeof b === 'string' && BASE64.test(b)) : [];
    return html`<div part="source-chunk" class="chunk">
      <div class="text">${renderMarkdown(citation.content, { images: false, strings: this.#host.chat?.strings })}</div>
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
    if (!(event.target as HTMLDetailsElement).open || this.#previews.has(citation.chunkId)) return;
    const answers = this.#host.chat?.answers;
    const set = (preview: Preview) => {
      this.#previews = new Map(this.#previews).set(citation.chunkId, preview);
      this.#host.requestUpdate();
    };
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

/** What the reason field needs of its answer: its draft, and what to do with it. */
export interface ReasonField {
  readonly draft: string;
  readonly input: (draft: string) => void;
  readonly send: () => void;
  readonly close: () => void;
}

/** What a rating needs of its answer's element (soliplex-answer-extras.ts): its answer, and its reason field's state. */
export interface RatingHost extends ReactiveControllerHost {
  readonly answer?: AnswerTurn;
  readonly chat?: ChatContextValue;
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** The reason field is open (after a rating), with its draft. */
  reason?: string;
  /** How the last sending went: sent (with a reason), or failed. */
  sent?: 'thanks' | 'failed';
}

/** A rating is sent at once; the reason field opens (focused) for those who want to say more. */
export async function rate(host: RatingHost, runId: string, rating: 'up' | 'down'): Promise<void> {
  const answers = host.chat?.answers;
  if (!answers || !host.answer) return;
  const previous = answers.feedback(runId);
  host.reason = previous?.rating === rating ? (previous.reason ?? '') : '';
  host.sent = undefined;
  const ok = await answers.rate(host.answer.messageId, runId, { rating });
  if (!ok) host.sent = 'failed';
  await host.updateComplete;
  host.renderRoot.querySelector<HTMLInputElement>('.reason input')?.focus();
}

/** Sends the reason field's text with the rating; kept in the field when it could not be sent. */
export async function sendReason(host: RatingHost, runId: string, rating: 'up' | 'down'): Promise<void> {
  const answers = host.chat?.answers;
  if (!answers || !host.answer) return;
  const reason = host.reason ?? '';
  host.reason = undefined;
  const ok = await answers.rate(host.answer.messageId, runId, { rating, reason });
  host.sent = ok ? 'thanks' : 'failed';
  if (!ok) host.reason = reason; // kept, to send again
}

/** The optional reason after a rating, with its Send button. */
export function renderReason(field: ReasonField, chatStrings: ChatStrings) {
  const strings = partStrings(chatStrings, answerDetailsStrings);
  return html`<form
    part="feedback-reason"
    class="reason"
    @submit=${(e: Event) => {
      e.preventDefault();
      field.send();
    }}
  >
    <input
      type="text"
      aria-label=${strings.feedbackReason}
      placeholder=${strings.feedbackReason}
      maxlength="2000"
      .value=${field.draft}
      @input=${(e: Event) => field.input((e.target as HTMLInputElement).value)}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation(); // not the chat's Stop
        field.close();
      }}
    />
    <button type="submit">${strings.feedbackSend}</button>
  </form>`;
}

/** How the last sending of a rating went. */
export function renderSent(sent: 'thanks' | 'failed', chatStrings: ChatStrings) {
  const strings = partStrings(chatStrings, answerDetailsStrings);
  return html`<span class="sent" role="status">${sent === 'thanks' ? strings.feedbackThanks : strings.feedbackFailed}</span>`;
}

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

/**
 * The tokens `answer` used, and the thread's (on the last answer): on Soliplex from its runs' usage
 * routes (asked once `seen`), elsewhere from the conversation's run records; priced by `usagePrices`.
 */
export function renderUsage(host: ReactiveControllerHost & { readonly chat?: ChatContextValue }, answer: AnswerTurn, seen: boolean, chatStrings: ChatStrings) {
  const strings = partStrings(chatStrings, answerDetailsStrings);
  const answers = host.chat?.answers;
  const soliplex = !!answers?.soliplex;
  const own: TokenCount | undefined = soliplex ? runsUsage(answers!, answer.runIds, seen) : answer.usage;
  const thread: TokenCount | undefined = answer.thread ? (soliplex ? runsUsage(answers!, answer.thread.runIds, seen) : answer.thread.usage) : undefined;
  if (!own && !thread) return nothing;
  const priced = (count: TokenCount, line: string) => withCost(host, count, line, strings);
  const parts = [own ? priced(own, strings.usageAnswer(own.input, own.output)) : '', thread ? priced(thread, strings.usageThread(thread.input, thread.output)) : ''].filter(Boolean);
  return html`<p part="usage" class="usage">${parts.join(' · ')}</p>`;
}

/**
 * The tokens the Soliplex runs `runIds` used (a run without usage counts nothing): undefined until
 * every one is known, the controller loading what is not once the answer has been `seen`.
 */
function runsUsage(answers: AnswerExtrasController, runIds: readonly string[], seen: boolean): TokenCount | undefined {
  if (!seen || runIds.length === 0) return undefined;
  let input = 0;
  let output = 0;
  let complete = true;
  for (const runId of runIds) {
    const usage = answers.runUsage(runId);
    if (usage === undefined) complete = false;
    else {
      input += usage?.input_tokens ?? 0;
      output += usage?.output_tokens ?? 0;
    }
  }
  return complete ? { input, output } : undefined;
}

/** A usage line with its cost, by the page's price table (`usagePrices`), once the pricing code has loaded. */
function withCost(host: ReactiveControllerHost & { readonly chat?: ChatContextValue }, count: TokenCount, line: string, strings: typeof answerDetailsStrings): string {
  const prices = host.chat?.usagePrices;
  if (!prices) return line;
  if (!pricing) {
    void loadPricing().then(() => host.requestUpdate(), (error: unknown) => console.error('[soliplex-chat] the usage prices could not be loaded', error));
    return line;
  }
  // A count without entries (a Soliplex run's usage route names no model) is priced by the table's default.
  const amount = pricing.usageCost(count.entries ?? [{ inputTokens: count.input, outputTokens: count.output }], prices);
  const cost = amount === undefined ? undefined : pricing.formatCost(amount, prices.currency, host.chat?.lang);
  return cost ? strings.usageCost(line, cost) : line;
}

import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { expiryTime as interruptExpiryTime, isExpired as isInterruptExpired } from '../../core/conversation/interrupts.js';
import type { InterruptMessage, ToolCall } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { interruptStrings } from './interrupt-strings.js';
import { approvalStrings } from '../soliplex-approval-card/approval-strings.js';
import { rarePartStrings } from '../shared/rare-part-strings.js';
import { formatArguments } from '../shared/format.js';
import type { InterruptControls } from '../shared/renderers.js';
import { toolTitle } from '../shared/tool-label.js';
import { initialValue, payloadOf, renderSchemaForm, setAt, type Schema } from './schema-form.js';
import { interruptCardStyles } from './soliplex-interrupt-card.styles.js';

/** The English of the card's own strings (an interrupt that asks to approve a call words it as an approval card). */
const cardStrings = Object.freeze({ ...rarePartStrings, ...approvalStrings, ...interruptStrings });
type CardStrings = ChatStrings & typeof cardStrings;

/**
 * Internal: an open interrupt card appeared. The chat decides whether focus moves to it (as for an
 * approval card: when focus was in the chat or nowhere, and the user is not typing).
 */
export class SoliplexInterruptShownEvent extends Event {
  static readonly eventName = 'soliplex-interrupt-shown';
  constructor() {
    super(SoliplexInterruptShownEvent.eventName, { bubbles: true, composed: true });
  }
}

/** Internal: the engine took the user's answer (or cancel); the chat moves focus on. */
export class SoliplexInterruptSettledEvent extends Event {
  static readonly eventName = 'soliplex-interrupt-settled';
  constructor(readonly interruptId: string) {
    super(SoliplexInterruptSettledEvent.eventName, { bubbles: true, composed: true });
  }
}

/** setTimeout's limit; a later expiry re-renders when it fires and schedules again. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One interrupt of the agent (a run that ended waiting for the user): its message, and a form
 * generated from its `responseSchema`, or Approve / Deny when it concerns a tool call. An expired
 * interrupt says so and can only be dismissed. A page renderer registered for its `reason` replaces
 * the default body.
 * @summary Answer or cancel one interrupt of the agent.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @fires soliplex-interrupt-shown - Internal: an open card appeared (the chat may move focus to it).
 * @fires soliplex-interrupt-settled - Internal: the answer was taken (the chat moves focus on).
 * @csspart interrupt-card - A question of the agent (an AG-UI interrupt).
 * @csspart interrupt-message - The interrupt's message.
 * @csspart interrupt-form - The form generated from the interrupt's response schema.
 * @csspart interrupt-submit - Send the answer (Approve, for a tool call).
 * @csspart interrupt-cancel - Cancel the interrupt (Deny, for a tool call).
 * @csspart interrupt-status - How a settled or expired interrupt stands.
 * @csspart interrupt-custom - An interrupt renderer's output.
 */
export class SoliplexInterruptCard extends LitElement {
  static override styles = interruptCardStyles;

  /** The interrupt to show. */
  @property({ attribute: false }) message?: InterruptMessage;

  /** The tool call the interrupt concerns, when it names one. */
  @property({ attribute: false }) call?: ToolCall;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  /** The form's current value (the view's own draft, until it is sent). */
  @state() private draft: unknown;
  #draftFor?: string;
  #expiryTimer?: ReturnType<typeof setTimeout>;
  #announced = false;

  @query('.card') private card?: HTMLElement;

  /** Whether it still waits for an answer (open, not expired). */
  get answerable(): boolean {
    const message = this.message;
    return !!message && message.status === 'open' && !isInterruptExpired(message);
  }

  /**
   * Moves focus into the card: its first form field, else the card itself (not a button: a stray Enter
   * must not approve or send, as on the approval card).
   */
  override focus(options?: FocusOptions): void {
    const root = this.renderRoot;
    const field = root.querySelector<HTMLElement>('form input, form select, form textarea, .edit-arguments, [part=interrupt-custom] :is(input, select, textarea, button)');
    (field ?? this.card)?.focus(options);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#expiryTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const message = this.message;
    if (changed.has('message') && message && message.id !== this.#draftFor) {
      this.#draftFor = message.id;
      const schema = message.interrupt.responseSchema as Schema | undefined;
      this.draft = schema ? initialValue(schema) : undefined;
    }
  }

  protected override updated(): void {
    // Once per card, when it first shows an answerable interrupt (not for settled ones in a history).
    if (!this.#announced && this.answerable) {
      this.#announced = true;
      this.dispatchEvent(new SoliplexInterruptShownEvent());
    }
    // Re-render when the interrupt expires, so it says so without waiting for another change.
    clearTimeout(this.#expiryTimer);
    const message = this.message;
    const at = message && message.status === 'open' ? interruptExpiryTime(message.interrupt) : undefined;
    if (at !== undefined && at > Date.now()) {
      this.#expiryTimer = setTimeout(() => this.requestUpdate(), Math.min(at - Date.now() + 10, MAX_TIMER_MS));
    }
  }

  override render() {
    const message = this.message;
    if (!message) return nothing;
    const strings = partStrings(this.chat?.strings, cardStrings);
    const { interrupt } = message;
    const expired = isInterruptExpired(message);
    const open = message.status === 'open';
    const renderer = this.chat?.interruptRenderers?.[interrupt.reason];
    const label = interrupt.message ?? strings.interruptLabel;
    return html`
      <section part="interrupt-card" class="card" role="group" tabindex="-1" aria-label=${label} data-status=${expired && open ? 'expired' : message.status} data-reason=${interrupt.reason}>
        ${renderer ? this.#renderCustom(renderer, message, strings) : this.#renderDefault(message, strings, open, expired)}
        ${this.#renderStatus(message, strings, expired)}
      </section>
    `;
  }

  #renderCustom(renderer: NonNullable<ChatContextValue['interruptRenderers']>[string], message: InterruptMessage, strings: CardStrings) {
    const controls: InterruptControls = {
      answer: (payload?: unknown) => this.#send('resolved', payload),
      cancel: () => this.#send('cancelled'),
    };
    let output: unknown;
    try {
      output = renderer(message.interrupt, controls, message);
    } catch (error) {
      console.error(`[soliplex-chat] the interrupt renderer of "${message.interrupt.reason}" threw`, error);
      output = strings.renderFailed;
    }
    return html`<div part="interrupt-custom">${output}</div>`;
  }

  #renderDefault(message: InterruptMessage, strings: CardStrings, open: boolean, expired: boolean) {
    const { interrupt } = message;
    const prompt = html`<p part="interrupt-message" class="message">${interrupt.message ?? strings.interruptLabel}</p>`;
    if (!open) return prompt;
    if (expired) {
      return html`${prompt}
        <div class="actions"><button part="interrupt-cancel" type="button" @click=${() => this.#send('cancelled')}>${strings.interruptCancel}</button></div>`;
    }
    if (typeof interrupt.toolCallId === 'string') {
      const call = this.call;
      // The agent takes edited arguments back (`humanInTheLoop.approveWithEdits`): they are editable.
      const editable = !!call && this.chat?.capabilities?.humanInTheLoop?.approveWithEdits === true;
      const args = call ? formatArguments(call) : '';
      return html`${prompt}
        ${call ? html`<p class="tool">${strings.approvalPrompt(toolTitle(this.chat?.toolRegistry, call.name))}</p>` : nothing}
        ${editable
          ? html`<label class="field"
              >${strings.editArguments}<textarea class="edit-arguments" rows="4" spellcheck="false" .value=${args} @input=${(e: Event) => (e.target as HTMLTextAreaElement).setCustomValidity('')}></textarea
            ></label>`
          : call ? html`<pre class="arguments" role="group" aria-label=${strings.arguments}>${args}</pre>` : nothing}
        <div class="actions">
          <button part="interrupt-submit" class="primary" type="button" @click=${() => this.#approve(editable ? args : undefined, strings)}>${strings.approve}</button>
          <button part="interrupt-cancel" type="button" @click=${() => this.#send('resolved', { approved: false })}>${strings.deny}</button>
        </div>`;
    }
    const schema = interrupt.responseSchema as Schema | undefined;
    return html`${prompt}
      <form part="interrupt-form" novalidate @submit=${(e: Event) => this.#submit(e, schema)}>
        ${schema
          ? renderSchemaForm(schema, {
              value: this.draft,
              strings,
              idPrefix: `i-${interrupt.id}`.replace(/[^\w-]/g, '_'),
              disabled: false,
              onChange: (path, value) => (this.draft = setAt(this.draft, path, value)),
            })
          : nothing}
        <div class="actions">
          <button part="interrupt-submit" class="primary" type="submit">${strings.interruptSubmit}</button>
          <button part="interrupt-cancel" type="button" @click=${() => this.#send('cancelled')}>${strings.interruptCancel}</button>
        </div>
      </form>`;
  }

  #renderStatus(message: InterruptMessage, strings: CardStrings, expired: boolean) {
    const text =
      message.status === 'resolved' ? answeredText(message, strings)
      : expired ? strings.interruptExpired
      : message.status === 'cancelled' ? strings.interruptCancelled
      : undefined;
    return text ? html`<p part="interrupt-status" class="status" role="status">${text}</p>` : nothing;
  }

  #submit(event: Event, schema: Schema | undefined): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    // Required fields are checked by the browser, which also tells the user which one is missing.
    if (!form.reportValidity()) return;
    this.#send('resolved', schema ? payloadOf(schema, this.draft) : undefined);
  }

  /** Approve; with editable arguments that were changed, the answer carries them as `editedArgs`. */
  #approve(shown: string | undefined, strings: CardStrings): void {
    const field = this.renderRoot.querySelector<HTMLTextAreaElement>('.edit-arguments');
    if (shown === undefined || !field || field.value === shown) {
      this.#send('resolved', { approved: true });
      return;
    }
    let editedArgs: unknown;
    try {
      editedArgs = JSON.parse(field.value);
    } catch {
      editedArgs = undefined;
    }
    if (!editedArgs || typeof editedArgs !== 'object' || Array.isArray(editedArgs)) {
      field.setCustomValidity(strings.invalidArguments);
      field.reportValidity();
      return;
    }
    this.#send('resolved', { approved: true, editedArgs });
  }

  #send(status: 'resolved' | 'cancelled', payload?: unknown): boolean {
    const message = this.message;
    if (!message || message.status !== 'open') return false;
    const thread = this.chat?.thread;
    const id = message.interrupt.id;
    const accepted = !!thread && (status === 'resolved' ? thread.answerInterrupt(id, payload) : thread.cancelInterrupt(id));
    if (!accepted) this.requestUpdate(); // e.g. it expired meanwhile: show that
    else this.dispatchEvent(new SoliplexInterruptSettledEvent(id));
    return accepted;
  }
}

/** What an answered interrupt says: the decision on a call it held, or a short summary of the answer. */
function answeredText({ interrupt, payload }: InterruptMessage, strings: CardStrings): string {
  if (typeof interrupt.toolCallId === 'string') {
    return (payload as { approved?: unknown } | undefined)?.approved === false ? strings.interruptDenied : strings.interruptApproved;
  }
  const summary = answerSummary(payload);
  return summary ? strings.interruptAnsweredWith(summary) : strings.interruptAnswered;
}

const SUMMARY_LENGTH = 160;

/** `field: value, …` for an object answer (nested values as JSON), the text of any other; shortened. */
function answerSummary(payload: unknown): string {
  if (payload === undefined || payload === null || payload === '') return '';
  const text =
    typeof payload === 'object' && !Array.isArray(payload)
      ? Object.entries(payload)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join(', ')
      : typeof payload === 'string' ? payload : JSON.stringify(payload);
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;
}

if (!customElements.get('soliplex-interrupt-card')) customElements.define('soliplex-interrupt-card', SoliplexInterruptCard);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-interrupt-card': SoliplexInterruptCard;
  }
  interface HTMLElementEventMap {
    'soliplex-interrupt-shown': SoliplexInterruptShownEvent;
    'soliplex-interrupt-settled': SoliplexInterruptSettledEvent;
  }
}

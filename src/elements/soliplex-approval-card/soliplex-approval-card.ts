import { LitElement, html, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ToolCall } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { partStrings } from '../shared/chat-strings.js';
import { approvalStrings } from './approval-strings.js';
import { rarePartStrings } from '../shared/rare-part-strings.js';
import { formatArguments } from '../shared/format.js';
import { toolTitle } from '../shared/tool-label.js';
import { approvalCardStyles } from './soliplex-approval-card.styles.js';

import { SoliplexApprovalDecidedEvent, SoliplexApprovalShownEvent } from './approval-events.js';

export { SoliplexApprovalDecidedEvent, SoliplexApprovalShownEvent };

/** The English of the card's own strings, and of the one it shares with other parts (Arguments). */
const cardStrings = Object.freeze({ ...rarePartStrings, ...approvalStrings });

/**
 * Asks the user to approve or deny a tool call that awaits approval, showing its arguments. The
 * decision goes straight to the engine shared through context.
 * @summary Approve or deny one tool call.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @fires soliplex-approval-shown - Internal: the card appeared (the chat may move focus to it).
 * @fires soliplex-approval-decided - Internal: the user decided (the chat moves focus on).
 * @csspart approval-card - A card asking to approve a call (focusable, so focus can move to it when it appears).
 * @csspart approval-arguments - The arguments on an approval card.
 * @csspart approve-button - Approve.
 * @csspart always-allow-button - Approve, and allow the tool without asking again in this thread.
 * @csspart deny-button - Deny.
 */
export class SoliplexApprovalCard extends LitElement {
  static override styles = approvalCardStyles;

  /** The call awaiting approval. */
  @property({ attribute: false }) call?: ToolCall;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  @query('.card') private card?: HTMLElement;

  /** Moves focus to the card (not to a button: a stray Enter must not approve). */
  override focus(options?: FocusOptions): void {
    this.card?.focus(options);
  }

  override render() {
    const call = this.call;
    if (!call) return nothing;
    const strings = partStrings(this.chat?.strings, cardStrings);
    const promptId = `prompt-${call.id}`;
    return html`
      <div part="approval-card" class="card" role="group" tabindex="-1" aria-labelledby=${promptId}>
        <p id=${promptId}>${strings.approvalPrompt(toolTitle(this.chat?.toolRegistry, call.name))}</p>
        ${noArguments(call) ? nothing : html`<pre part="approval-arguments" role="group" aria-label=${strings.arguments}>${formatArguments(call)}</pre>`}
        <div class="actions">
          <button part="approve-button" class="approve" type="button" @click=${() => this.#decide(true)}>${strings.approve}</button>
          <button part="deny-button" class="deny" type="button" @click=${() => this.#decide(false)}>${strings.deny}</button>
          <button part="always-allow-button" class="always" type="button" @click=${() => this.#decide(true, true)}>${strings.alwaysAllow}</button>
        </div>
      </div>
    `;
  }

  protected override firstUpdated(): void {
    const shown = new SoliplexApprovalShownEvent();
    this.dispatchEvent(shown);
  }

  #decide(approved: boolean, always = false): void {
    const { call, chat } = this;
    if (!call || !chat) return;
    // On a thread restored after a reload no turn waits: the decision starts one, as the chat's own.
    if (approved) chat.thread.approve(call.id, always ? { always } : undefined);
    else chat.thread.deny(call.id);
    const decided = new SoliplexApprovalDecidedEvent(call.id, approved);
    this.dispatchEvent(decided);
  }
}

if (!customElements.get('soliplex-approval-card')) customElements.define('soliplex-approval-card', SoliplexApprovalCard);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-approval-card': SoliplexApprovalCard;
  }
  interface HTMLElementEventMap {
    'soliplex-approval-shown': SoliplexApprovalShownEvent;
    'soliplex-approval-decided': SoliplexApprovalDecidedEvent;
  }
}

/** A call with no arguments (`{}`) shows none: no empty box, as its card shows no `()`. */
function noArguments(call: ToolCall): boolean {
  const args = call.args;
  return typeof args === 'object' && args !== null && !Array.isArray(args) && Object.keys(args).length === 0;
}

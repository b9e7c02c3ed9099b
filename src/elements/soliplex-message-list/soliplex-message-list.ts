import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { consume } from '@lit/context';
import { emptyConversation, type AssistantMessage, type ChatMessage, type Conversation, type ReasoningMessage } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { renderMarkdown } from './markdown.js';
import { messageListStyles } from './soliplex-message-list.styles.js';
import '../soliplex-tool-call-card/soliplex-tool-call-card.js';
import '../soliplex-approval-card/soliplex-approval-card.js';

/** How close to the end (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 24;

const TOOL_CARD_PARTS = 'tool-card, tool-name, tool-status, tool-details, tool-result';
const APPROVAL_PARTS = 'approval-card, approval-arguments, approve-button, deny-button';

/**
 * The conversation: user and assistant messages (assistant Markdown rendered safely, streaming in),
 * collapsible reasoning, and each assistant message's tool calls with their approval cards. Stays
 * scrolled to the end while the reader is at the end, and leaves them alone once they scroll up.
 * @summary The messages and tool calls of a thread.
 * @csspart messages - The scrolling container.
 * @csspart message - Every message.
 * @csspart user-message - A message from the user.
 * @csspart assistant-message - A message from the assistant.
 * @csspart reasoning - The assistant's reasoning (collapsible).
 * @csspart tool-card - A tool call card (and its inner parts, see `<soliplex-tool-call-card>`).
 * @csspart approval-card - An approval card (and its inner parts, see `<soliplex-approval-card>`).
 */
export class SoliplexMessageList extends LitElement {
  static override styles = messageListStyles;

  /** The conversation to show. */
  @property({ attribute: false }) conversation: Conversation = emptyConversation;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  @query('.scroller') private scroller?: HTMLElement;

  /** Whether the reader is at the end; kept from scroll events, as it must be known before a render. */
  #atBottom = true;

  /** Scrolls to the latest message and sticks there again. */
  scrollToEnd(): void {
    this.#atBottom = true;
    if (this.scroller) this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  /** Focuses an approval card for another call than `callId`; false when there is none. */
  focusApprovalOtherThan(callId: string): boolean {
    const cards = this.renderRoot.querySelectorAll('soliplex-approval-card');
    const next = [...cards].find((card) => card.call && card.call.id !== callId);
    next?.focus();
    return !!next;
  }

  override render() {
    const strings = this.chat?.strings ?? defaultChatStrings;
    const visible = this.conversation.messages.filter((m) => m.role === 'user' || m.role === 'assistant' || m.role === 'reasoning');
    return html`
      <div part="messages" class="scroller" role="region" tabindex="0" aria-label=${strings.conversationLabel} @scroll=${this.#onScroll}>
        ${repeat(
          visible,
          (m) => m.id,
          // A token changes one message: guard skips re-rendering every other one.
          (m) => guard([m, strings, ...this.#callsOf(m)], () => this.#renderMessage(m, strings)),
        )}
      </div>
    `;
  }

  protected override updated(_changed: PropertyValues<this>): void {
    if (this.#atBottom && this.scroller) this.scroller.scrollTop = this.scroller.scrollHeight;
  }

  #onScroll = () => {
    const el = this.scroller;
    if (el) this.#atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
  };

  #renderMessage(message: ChatMessage, strings: SoliplexChatStrings) {
    switch (message.role) {
      case 'user':
        // One line on purpose: the bubble keeps the user's line breaks (pre-wrap), not the template's.
        return html`<div part="message user-message" class="message user" data-message-id=${message.id}><span class="sender">${strings.you}: </span>${message.text}</div>`;
      case 'assistant':
        return this.#renderAssistant(message, strings);
      case 'reasoning':
        return this.#renderReasoning(message, strings);
      default:
        return nothing;
    }
  }

  #callsOf(message: ChatMessage) {
    if (message.role !== 'assistant') return [];
    return message.toolCallIds.map((id) => this.conversation.toolCalls[id]).filter((c) => c !== undefined);
  }

  #renderAssistant(message: AssistantMessage, strings: SoliplexChatStrings) {
    const calls = this.#callsOf(message);
    if (!message.text && calls.length === 0) return nothing;
    return html`<div part="message assistant-message" class="message assistant" data-message-id=${message.id} aria-busy=${message.complete ? 'false' : 'true'}>
      ${message.text ? html`<span class="sender">${strings.assistant}: </span><div class="text">${renderMarkdown(message.text)}</div>` : nothing}
      ${calls.length
        ? html`<div class="calls">
            ${repeat(
              calls,
              (call) => call.id,
              (call) => html`
                <soliplex-tool-call-card exportparts=${TOOL_CARD_PARTS} data-call-id=${call.id} .call=${call}></soliplex-tool-call-card>
                ${call.status === 'awaiting-approval'
                  ? html`<soliplex-approval-card exportparts=${APPROVAL_PARTS} data-call-id=${call.id} .call=${call}></soliplex-approval-card>`
                  : nothing}
              `,
            )}
          </div>`
        : nothing}
    </div>`;
  }

  #renderReasoning(message: ReasoningMessage, strings: SoliplexChatStrings) {
    return html`<details part="message reasoning" class="message reasoning" data-message-id=${message.id}>
      <summary>${strings.reasoning}</summary>
      <div class="text">${message.text}</div>
    </details>`;
  }
}

if (!customElements.get('soliplex-message-list')) customElements.define('soliplex-message-list', SoliplexMessageList);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-message-list': SoliplexMessageList;
  }
}

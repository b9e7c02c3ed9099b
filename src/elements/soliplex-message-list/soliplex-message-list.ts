import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { consume } from '@lit/context';
import { emptyConversation, type AssistantMessage, type ChatMessage, type Conversation, type ReasoningMessage } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { StreamingMarkdown, renderMarkdown } from './markdown.js';
import { messageListStyles } from './soliplex-message-list.styles.js';
import '../soliplex-tool-call-card/soliplex-tool-call-card.js';
import '../soliplex-approval-card/soliplex-approval-card.js';

/** How close to the end (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 24;
/** When this many messages (or more) arrive at once (a history, a thread switch), the latest FIRST_WINDOW render first. */
const FIRST_WINDOW = 40;
/** Then older messages render this many at a time, in idle time, one task each. */
const CHUNK = 20;

type Visible = ChatMessage & { role: 'user' | 'assistant' | 'reasoning' };

const TOOL_CARD_PARTS = 'tool-card, tool-name, tool-status, tool-details, tool-result, tool-content, tool-changes, tool-cached';
const APPROVAL_PARTS = 'approval-card, approval-arguments, approve-button, always-allow-button, deny-button';

/**
 * The conversation: user and assistant messages (assistant Markdown rendered safely, streaming in),
 * collapsible reasoning, and each assistant message's tool calls with their approval cards. Stays
 * scrolled to the end while the reader is at the end, and leaves them alone once they scroll up.
 *
 * Built to keep up with a fast stream and a long history: a streaming message re-parses only its
 * open Markdown block; the view follows the end from a ResizeObserver (after layout, at most once a
 * frame), never by reading the layout in a render; messages off screen skip layout
 * (`content-visibility: auto`); a long conversation shows its latest messages first and the older
 * ones in idle chunks.
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
  @query('.content') private content?: HTMLElement;

  /** Whether the reader is at the end; kept from scroll events, as it must be known before a render. */
  #atBottom = true;
  /** The scroll position this view last set, so its own scroll is not taken for the reader's. */
  #pinnedTop = -1;
  /** Follows the end as the content grows: called after layout, so reading the sizes forces none. */
  readonly #resize = new ResizeObserver(() => this.#pin());
  #observed?: Element;

  /** The first message rendered (older ones wait for idle time); undefined: all of them. */
  #firstShown?: string;
  /** How many messages the last render had, and its first message, to tell a long jump. */
  #seen: { count: number; first?: string } = { count: 0 };
  #idle?: () => void;

  /** Streaming messages' Markdown, by message id: only the open block is parsed again per render. */
  readonly #markdown = new Map<string, StreamingMarkdown>();

  /** Scrolls to the latest message and sticks there again. */
  scrollToEnd(): void {
    this.#atBottom = true;
    this.#pin();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page: observe the content again, and finish rendering older messages.
    if (this.hasUpdated) this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
    this.#observed = undefined;
    this.#idle?.();
    this.#idle = undefined;
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
    const visible = this.conversation.messages.filter((m): m is Visible => m.role === 'user' || m.role === 'assistant' || m.role === 'reasoning');
    const shown = this.#shownPart(visible);
    this.#forgetMarkdown(visible);
    return html`
      <div part="messages" class="scroller" role="region" tabindex="0" aria-label=${strings.conversationLabel} @scroll=${this.#onScroll}>
        <div class="content">
          ${repeat(
            shown,
            (m) => m.id,
            // A token changes one message: guard skips re-rendering every other one.
            (m) => guard([m, strings, ...this.#callsOf(m)], () => this.#renderMessage(m, strings)),
          )}
        </div>
      </div>
    `;
  }

  protected override updated(_changed: PropertyValues<this>): void {
    // Layout is not read here: the ResizeObserver pins the end once the frame is laid out.
    const content = this.content;
    if (content && content !== this.#observed) {
      this.#resize.disconnect();
      this.#resize.observe(content);
      this.#observed = content;
    }
  }

  /** At the end while the reader is there. Called after layout (or on a send), so it forces none per render. */
  #pin(): void {
    const el = this.scroller;
    if (!el || !this.#atBottom) return;
    el.scrollTop = el.scrollHeight;
    this.#pinnedTop = el.scrollTop;
  }

  #onScroll = () => {
    const el = this.scroller;
    // The scroll this view made itself says nothing about where the reader is.
    if (!el || el.scrollTop === this.#pinnedTop) return;
    this.#pinnedTop = -1;
    this.#atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK;
  };

  /**
   * The messages to render now. When many arrive at once (a history, another thread), the latest
   * FIRST_WINDOW first; older ones follow CHUNK at a time in idle time (each a task of its own).
   */
  #shownPart(visible: Visible[]): Visible[] {
    const first = visible[0]?.id;
    const added = first === this.#seen.first ? visible.length - this.#seen.count : visible.length;
    this.#seen = { count: visible.length, first };
    if (added >= FIRST_WINDOW * 2) this.#firstShown = visible[visible.length - FIRST_WINDOW]!.id;
    if (this.#firstShown === undefined) return visible;
    const from = visible.findIndex((m) => m.id === this.#firstShown);
    if (from <= 0) {
      this.#firstShown = undefined;
      return visible;
    }
    this.#idle ??= whenIdle(() => {
      this.#idle = undefined;
      if (this.#firstShown === undefined) return;
      const messages = this.conversation.messages.filter((m) => m.role === 'user' || m.role === 'assistant' || m.role === 'reasoning');
      const at = messages.findIndex((m) => m.id === this.#firstShown);
      this.#firstShown = at > CHUNK ? messages[at - CHUNK]!.id : undefined;
      this.requestUpdate();
    });
    return visible.slice(from);
  }

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
      ${message.text ? html`<span class="sender">${strings.assistant}: </span><div class="text">${this.#markdownOf(message)}</div>` : nothing}
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

  /** A streaming message goes through its StreamingMarkdown; a complete one is parsed once (its last render drops the cache). */
  #markdownOf(message: AssistantMessage) {
    let stream = this.#markdown.get(message.id);
    if (message.complete) {
      this.#markdown.delete(message.id);
      return stream ? stream.render(message.text) : renderMarkdown(message.text);
    }
    if (!stream) this.#markdown.set(message.id, (stream = new StreamingMarkdown()));
    return stream.render(message.text);
  }

  /** Drops the Markdown of messages that left the conversation unfinished (a retry, another thread). */
  #forgetMarkdown(visible: Visible[]): void {
    if (this.#markdown.size <= 1) return;
    const open = new Set(visible.filter((m) => m.role === 'assistant' && !m.complete).map((m) => m.id));
    for (const id of this.#markdown.keys()) if (!open.has(id)) this.#markdown.delete(id);
  }

  #renderReasoning(message: ReasoningMessage, strings: SoliplexChatStrings) {
    return html`<details part="message reasoning" class="message reasoning" data-message-id=${message.id}>
      <summary>${strings.reasoning}</summary>
      <div class="text">${message.text}</div>
    </details>`;
  }
}

/** Runs `task` when the page is idle (soon, at the latest); returns its cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 16);
  return () => clearTimeout(id);
}

if (!customElements.get('soliplex-message-list')) customElements.define('soliplex-message-list', SoliplexMessageList);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-message-list': SoliplexMessageList;
  }
}

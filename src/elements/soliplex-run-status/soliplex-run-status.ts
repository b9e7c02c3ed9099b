import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import { isOfCurrentRun } from '../../core/conversation/conversation.js';
import { idleState } from '../../core/tool-loop/run-state.js';
import type { Conversation, RunState } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { baseChatStrings, type ChatStrings } from '../shared/chat-strings.js';
import { failureText, isMissingThread } from '../shared/failure-text.js';
import { toolTitle } from '../shared/tool-label.js';
import { runStatusStyles } from './soliplex-run-status.styles.js';
import { LazyModule } from '../../core/lazy-module.js';
import { adoptStyles } from '../soliplex-message-list/adopt-styles.js';
import type { RareStatus } from './run-status-extras.js';

/** The line's rarer states (a busy server's countdown, tools, an agent's questions, a reload's Continue): loaded with the first. */
const rareStatus = new LazyModule(() => import('./run-status-extras.js'));

/**
 * What the turn is doing: "Thinking…" while the model thinks ("Step: X" during an agent step),
 * "Writing…" while the answer streams, "Calling X…" while a call streams, "Waiting for your answer"
 * while interrupts are open, "Executing X and Y…" while tools run, waiting for approval or for a
 * connection; "The agent is busy. Trying again in 12 s…" and **Retry now** while a busy server (429,
 * 503) is waited for; after a failure, what it means to a person (the technical detail under "Details") and
 * Retry, or New chat when the thread is gone; "Stopped."; after a reload interrupted the turn, that it
 * did and **Continue** (also while a turn taken up again waits for the user's word on a tool call the
 * reload interrupted). Idle and completed show nothing. The engine keeps a turn running across its
 * tool hops, so the status does not flicker.
 * @summary The run's status line.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @fires soliplex-new-chat-request - Internal: the user pressed New chat.
 * @csspart status - The run status line; its `data-state` is the run status.
 * @csspart retry-button - Retry, after a failure (Retry now while a busy server is waited for).
 * @csspart continue-button - Continue, on a turn the page's reload interrupted (in the status line).
 * @csspart new-chat-button - "New chat", after a failure that a retry cannot fix (a thread gone from the server).
 * @csspart error-details - The technical detail of a failure (collapsible).
 */
export class SoliplexRunStatus extends LitElement {
  static override styles = runStatusStyles;

  @property({ attribute: false }) run: RunState = idleState;

  /** The conversation, for the names of the calls in flight. */
  @property({ attribute: false }) conversation: Conversation = emptyConversation;

  /** True on a Soliplex backend, where a 404 means the thread is gone (New chat, not Retry). */
  @property({ type: Boolean }) soliplex = false;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  override render() {
    const strings = this.chat?.strings ?? baseChatStrings;
    return html`<div part="status" class="status" role="status" data-state=${this.run.status}>${this.#content(strings)}</div>`;
  }

  // Retry acts on the thread on screen through the chat's handle.
  #requestRetry = () => this.chat?.thread.retry();

  /** The rare states' renderer, once their code is in. */
  #rare?: RareStatus;

  /** The rare states' renderer: there, or loading (the line renders again once it is in). */
  #rareStatus(): RareStatus | undefined {
    const loaded = rareStatus.loaded;
    if (!loaded) {
      rareStatus.load().then(
        () => this.requestUpdate(),
        (error: unknown) => console.error('[soliplex-chat] a state of the run status could not be loaded', error),
      );
      return undefined;
    }
    if (!this.#rare) {
      adoptStyles(this.renderRoot, loaded.rareStatusStyles);
      this.#rare = new loaded.RareStatus({
        title: (name) => this.#title(name),
        retry: () => this.chat?.thread.retry(),
        continue: () => this.chat?.thread.continue(),
        requestUpdate: () => this.requestUpdate(),
        streamingText: (strings) => this.#streamingText(strings),
        dispatchEvent: (event) => this.dispatchEvent(event),
      });
    }
    return this.#rare;
  }

  protected override updated(): void {
    this.#rare?.updated(this.run);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#rare?.stop();
  }

  /** A tool as people know it (the page's `title`, else its name). */
  #title(name: string): string {
    return toolTitle(this.chat?.toolRegistry, name);
  }

  /** Thinking until the current run's answer has text, writing while it streams in. */
  #streamingText(strings: ChatStrings): string {
    const last = this.conversation.messages.at(-1);
    const writing = last?.role === 'assistant' && !last.complete && !!last.text && isOfCurrentRun(this.conversation, last);
    return writing ? strings.writing : strings.thinking;
  }

  #content(strings: ChatStrings) {
    const run = this.run;
    const conversation = this.conversation;
    switch (run.status) {
      case 'running':
        // A plain answer's phases; a step, a call streaming, tools, a history loading come with the chunk.
        if (run.phase === 'streaming' && !run.attached && !conversation.steps?.length && !Object.values(conversation.toolCalls).some((c) => c.status === 'streaming')) return this.#streamingText(strings);
        if (run.phase === 'creating-thread') return strings.creatingThread;
        break;
      case 'failed': {
        // A thread gone from the server (Soliplex) offers New chat, from the chunk, rather than Retry.
        const missing = isMissingThread(run.error, this.soliplex);
        return html`<span class="reason">${strings.failed(failureText(run.error, strings, this.soliplex, run.stage))}</span>
          ${missing ? this.#rareStatus()?.newChatButton(strings) : html`<button part="retry-button" type="button" @click=${this.#requestRetry}>${strings.retry}</button>`}
          <details part="error-details" class="details">
            <summary>${strings.errorDetails}</summary>
            <code>${run.error.message}${run.error.status ? ` (${run.error.kind} ${run.error.status})` : ` (${run.error.kind})`}</code>
          </details>`;
      }
      case 'cancelled':
        if (!run.attached) return strings.cancelled;
        break;
      case 'interrupted':
        break;
      default:
        return nothing;
    }
    // The rest (a busy server's countdown, tools, questions, a followed or interrupted run) comes from its chunk.
    return this.#rareStatus()?.render(run, conversation, strings) ?? nothing;
  }
}

if (!customElements.get('soliplex-run-status')) customElements.define('soliplex-run-status', SoliplexRunStatus);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-run-status': SoliplexRunStatus;
  }
}

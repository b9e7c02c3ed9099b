import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import { isOfCurrentRun } from '../../core/conversation/conversation.js';
import { idleState } from '../../core/tool-loop/run-state.js';
import type { Conversation, RunState, WaitingToRetryState } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { failureText, isMissingThread } from '../shared/failure-text.js';
import { toolTitle } from '../shared/tool-label.js';
import { runStatusStyles } from './soliplex-run-status.styles.js';

/** Internal: the user pressed New chat (the thread is gone from the server). */
export class SoliplexNewChatRequestEvent extends Event {
  static readonly eventName = 'soliplex-new-chat-request';
  constructor() {
    super(SoliplexNewChatRequestEvent.eventName, { bubbles: true, composed: true });
  }
}

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
    const strings = this.chat?.strings ?? defaultChatStrings;
    return html`<div part="status" class="status" role="status" data-state=${this.run.status}>${this.#content(strings)}</div>`;
  }

  // Retry and Continue act on the thread on screen through the chat's handle.
  #requestRetry = () => this.chat?.thread.retry();

  #requestContinue = () => this.chat?.thread.continue();

  #continueButton(strings: SoliplexChatStrings) {
    return html`<button part="continue-button" class="continue" type="button" @click=${this.#requestContinue}>${strings.continue}</button>`;
  }

  #requestNewChat = () => {
    const request = new SoliplexNewChatRequestEvent();
    this.dispatchEvent(request);
  };

  /** The countdown's next tick while a busy server is waited for. */
  #tick?: ReturnType<typeof setTimeout>;
  /** What a screen reader hears of the wait: said once per wait, not every second. */
  #announced?: { readonly until: number; readonly text: string };

  /** A busy server: that it is, when the chat tries again (ticking), and Retry now. */
  #busy(run: WaitingToRetryState, strings: SoliplexChatStrings) {
    const seconds = Math.max(0, Math.ceil((run.until - Date.now()) / 1000));
    if (this.#announced?.until !== run.until) this.#announced = { until: run.until, text: strings.retryingIn(seconds) };
    return html`<span class="reason">${strings.busy(run.error.status ?? 503)}</span>
      <span class="countdown" aria-hidden="true">${strings.retryingIn(seconds)}</span
      ><span class="visually-hidden">${this.#announced.text}</span>
      <button part="retry-button" type="button" @click=${this.#requestRetry}>${strings.retryNow}</button>`;
  }

  protected override updated(): void {
    clearTimeout(this.#tick);
    const run = this.run;
    if (run.status !== 'running' || run.phase !== 'waiting-to-retry') return;
    const left = run.until - Date.now();
    // Re-rendered as each second of the countdown passes.
    if (left > 0) this.#tick = setTimeout(() => this.requestUpdate(), left % 1000 || 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#tick);
  }

  /** A tool as people know it (the page's `title`, else its name). */
  #title(name: string): string {
    return toolTitle(this.chat?.toolRegistry, name);
  }

  /** Thinking until the current run's answer has text, writing while it streams in. */
  #streamingText(strings: SoliplexChatStrings): string {
    const last = this.conversation.messages.at(-1);
    const writing = last?.role === 'assistant' && !last.complete && !!last.text && isOfCurrentRun(this.conversation, last);
    return writing ? strings.writing : strings.thinking;
  }

  #content(strings: SoliplexChatStrings) {
    const run = this.run;
    const calls = this.conversation.toolCalls;
    switch (run.status) {
      case 'running': {
        if (run.phase === 'streaming') {
          if (run.attached) return strings.attachedRun;
          const streaming = Object.values(calls).find((c) => c.status === 'streaming' && isOfCurrentRun(this.conversation, c));
          const step = this.conversation.steps?.at(-1);
          return streaming ? strings.calling(this.#title(streaming.name)) : step ? strings.step(step) : this.#streamingText(strings);
        }
        if (run.phase === 'awaiting-input') return strings.waitingForAnswer;
        if (run.phase === 'waiting-for-connection') return strings.waitingForConnection;
        if (run.phase === 'waiting-to-retry') return this.#busy(run, strings);
        if (run.phase === 'loading-history') return run.progress?.total ? strings.loadingHistoryProgress(run.progress.loaded, run.progress.total) : strings.loadingHistory;
        if (run.phase !== 'executing-tools') return strings.creatingThread;
        const inHop = run.toolCallIds.map((id) => calls[id]).filter((c) => c !== undefined);
        const waiting = inHop.filter((c) => c.status === 'awaiting-approval').map((c) => this.#title(c.name));
        if (waiting.length) return strings.awaitingApproval(waiting);
        // Taken up after a reload: calls it interrupted wait for Run again, or Continue without them.
        const interrupted = inHop.filter((c) => c.status === 'interrupted').map((c) => this.#title(c.name));
        if (interrupted.length) return html`<span class="reason">${strings.interruptedTools(interrupted)}</span> ${this.#continueButton(strings)}`;
        const executing = inHop.filter((c) => c.status !== 'completed' && c.status !== 'failed' && c.status !== 'denied');
        return strings.executing((executing.length ? executing : inHop).map((c) => this.#title(c.name)));
      }
      case 'failed': {
        const missing = isMissingThread(run.error, this.soliplex);
        return html`<span class="reason">${strings.failed(failureText(run.error, strings, this.soliplex, run.stage))}</span>
          ${missing
            ? html`<button part="new-chat-button" type="button" @click=${this.#requestNewChat}>${strings.newChat}</button>`
            : html`<button part="retry-button" type="button" @click=${this.#requestRetry}>${strings.retry}</button>`}
          <details part="error-details" class="details">
            <summary>${strings.errorDetails}</summary>
            <code>${run.error.message}${run.error.status ? ` (${run.error.kind} ${run.error.status})` : ` (${run.error.kind})`}</code>
          </details>`;
      }
      case 'cancelled':
        // Stopped following a run the server still writes: sending waits; Retry follows it again.
        return run.attached
          ? html`<span class="reason">${strings.attachedStopped}</span>
              <button part="retry-button" type="button" @click=${this.#requestRetry}>${strings.retry}</button>`
          : strings.cancelled;
      case 'interrupted':
        return html`<span class="reason">${strings.interrupted}</span> ${this.#continueButton(strings)}`;
      default:
        return nothing;
    }
  }
}

if (!customElements.get('soliplex-run-status')) customElements.define('soliplex-run-status', SoliplexRunStatus);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-run-status': SoliplexRunStatus;
  }
  interface HTMLElementEventMap {
    'soliplex-new-chat-request': SoliplexNewChatRequestEvent;
  }
}

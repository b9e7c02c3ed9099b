import { css, html, type TemplateResult } from 'lit';
import type { Conversation, RunState, ToolCall, WaitingToRetryState } from '../../core/index.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { runStatusStrings } from './run-status-strings.js';
import { visuallyHiddenStyles } from '../shared/shared-rules.styles.js';
import { isOfCurrentRun } from '../../core/conversation/conversation.js';

/**
 * The run status line's rarer states, a chunk of its own loaded with the first: a busy server's
 * countdown and Retry now, an agent's step, a tool call streaming, tools running, waiting for approval
 * or interrupted by a reload (Continue), an agent's questions, a wait for a connection, a stored
 * thread's history loading, a run followed after a reload, a turn the reload interrupted, and New chat
 * after a thread gone from the server. A chat whose agent writes plain text answers shows only
 * Starting, Thinking, Writing, Stopped or a failure with Retry, and never loads it; the line shows its
 * text a frame later the first time.
 */

/** Internal: the user pressed New chat (the thread is gone from the server). */
export class SoliplexNewChatRequestEvent extends Event {
  static readonly eventName = 'soliplex-new-chat-request';
  constructor() {
    super(SoliplexNewChatRequestEvent.eventName, { bubbles: true, composed: true });
  }
}

/** What the status line lends the rare states: tool titles, the thread's Retry and Continue, a render, its Thinking or Writing, and its events. */
export interface RareStatusHost {
  title(name: string): string;
  retry(): void;
  continue(): void;
  requestUpdate(): void;
  streamingText(strings: ChatStrings): string;
  dispatchEvent(event: Event): void;
}

/** Continue's accent (the status line's buttons are otherwise the failure's), and the countdown's spoken text. */
export const rareStatusStyles = css`
  ${visuallyHiddenStyles}
  button.continue {
    border-color: var(--_sc-accent);
    color: var(--_sc-accent);
  }
`;

type RareStrings = ChatStrings & typeof runStatusStrings;

/** One status line's rare states, with the busy wait's ticking countdown. */
export class RareStatus {
  readonly #host: RareStatusHost;
  /** The countdown's next tick while a busy server is waited for. */
  #tick?: ReturnType<typeof setTimeout>;
  /** What a screen reader hears of the wait: said once per wait, not every second. */
  #announced?: { readonly until: number; readonly text: string };

  constructor(host: RareStatusHost) {
    this.#host = host;
  }

  /** The line's content for a rare state (the status line renders Starting, Thinking, Writing, Stopped and a failure itself). */
  render(run: RunState, conversation: Conversation, chatStrings: ChatStrings): TemplateResult | string {
    const strings = partStrings(chatStrings, runStatusStrings);
    if (run.status === 'interrupted') return html`<span class="reason">${strings.interrupted}</span> ${this.#continueButton(strings)}`;
    if (run.status === 'cancelled') {
      // Stopped following a run the server still writes: sending waits; Retry follows it again.
      return html`<span class="reason">${strings.attachedStopped}</span>
        <button part="retry-button" type="button" @click=${() => this.#host.retry()}>${strings.retry}</button>`;
    }
    if (run.status !== 'running') return '';
    switch (run.phase) {
      case 'streaming': {
        if (run.attached) return strings.attachedRun;
        const streaming = Object.values(conversation.toolCalls).find((c) => c.status === 'streaming' && isOfCurrentRun(conversation, c));
        const step = conversation.steps?.at(-1);
        return streaming ? strings.calling(this.#host.title(streaming.name)) : step ? strings.step(step) : this.#host.streamingText(strings);
      }
      case 'loading-history':
        return run.progress?.total ? strings.loadingHistoryProgress(run.progress.loaded, run.progress.total) : strings.loadingHistory;
      case 'awaiting-input':
        return strings.waitingForAnswer;
      case 'waiting-for-connection':
        return strings.waitingForConnection;
      case 'waiting-to-retry':
        return this.#busy(run, strings);
      case 'executing-tools':
        return this.#executing(run.toolCallIds, conversation, strings);
      default:
        return '';
    }
  }

  /** After each render: the countdown renders again as each of its seconds passes. */
  updated(run: RunState): void {
    this.stop();
    if (run.status !== 'running' || run.phase !== 'waiting-to-retry') return;
    const left = run.until - Date.now();
    if (left > 0) this.#tick = setTimeout(() => this.#host.requestUpdate(), left % 1000 || 1000);
  }

  stop(): void {
    clearTimeout(this.#tick);
  }

  /** After a failure a retry cannot fix (the thread is gone from the server): New chat. */
  newChatButton(strings: ChatStrings) {
    return html`<button part="new-chat-button" type="button" @click=${() => this.#host.dispatchEvent(new SoliplexNewChatRequestEvent())}>${strings.newChat}</button>`;
  }

  #continueButton(strings: RareStrings) {
    return html`<button part="continue-button" class="continue" type="button" @click=${() => this.#host.continue()}>${strings.continue}</button>`;
  }

  /** A busy server: that it is, when the chat tries again (ticking), and Retry now. */
  #busy(run: WaitingToRetryState, strings: RareStrings) {
    const seconds = Math.max(0, Math.ceil((run.until - Date.now()) / 1000));
    if (this.#announced?.until !== run.until) this.#announced = { until: run.until, text: strings.retryingIn(seconds) };
    return html`<span class="reason">${strings.busy(run.error.status ?? 503)}</span>
      <span class="countdown" aria-hidden="true">${strings.retryingIn(seconds)}</span
      ><span class="visually-hidden">${this.#announced.text}</span>
      <button part="retry-button" type="button" @click=${() => this.#host.retry()}>${strings.retryNow}</button>`;
  }

  /** Tools of the hop running, waiting for approval, or interrupted by a reload. */
  #executing(ids: readonly string[], conversation: Conversation, strings: RareStrings) {
    const inHop = ids.map((id) => conversation.toolCalls[id]).filter((c): c is ToolCall => c !== undefined);
    const titles = (calls: readonly ToolCall[]) => calls.map((c) => this.#host.title(c.name));
    const waiting = inHop.filter((c) => c.status === 'awaiting-approval');
    if (waiting.length) return strings.awaitingApproval(titles(waiting));
    // Taken up after a reload: calls it interrupted wait for Run again, or Continue without them.
    const interrupted = inHop.filter((c) => c.status === 'interrupted');
    if (interrupted.length) return html`<span class="reason">${strings.interruptedTools(titles(interrupted))}</span> ${this.#continueButton(strings)}`;
    const executing = inHop.filter((c) => c.status !== 'completed' && c.status !== 'failed' && c.status !== 'denied');
    return strings.executing(titles(executing.length ? executing : inHop));
  }
}

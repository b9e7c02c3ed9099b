import { css, html, type TemplateResult } from 'lit';
import type { Conversation, RunState, ToolCall, WaitingToRetryState } from '../../core/index.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { runStatusStrings } from './run-status-strings.js';
import { visuallyHiddenStyles } from '../shared/shared-rules.styles.js';

/**
 * The run status line's rarer states, a chunk of its own loaded with the first: a busy server's
 * countdown and Retry now, tools waiting for approval or interrupted by a reload (Continue),
 * an agent's questions, a wait for a connection, a run followed after a reload, and a turn the reload
 * interrupted. A chat whose agent writes plain text answers shows only Thinking, Writing, Stopped or a
 * failure, and never loads it; the line shows its text a frame later the first time.
 */

/** What the status line lends the rare states: tool titles, the thread's Retry and Continue, and a render. */
export interface RareStatusHost {
  title(name: string): string;
  retry(): void;
  continue(): void;
  requestUpdate(): void;
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

  /** The line's content for a rare state (the status line knows which states are rare: see `isRareStatus`). */
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
      case 'streaming':
        return strings.attachedRun;
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

  /** Tools of the hop waiting for approval, or interrupted by a reload (the status line shows tools simply running). */
  #executing(ids: readonly string[], conversation: Conversation, strings: RareStrings) {
    const inHop = ids.map((id) => conversation.toolCalls[id]).filter((c): c is ToolCall => c !== undefined);
    const titles = (calls: readonly ToolCall[]) => calls.map((c) => this.#host.title(c.name));
    const waiting = inHop.filter((c) => c.status === 'awaiting-approval');
    if (waiting.length) return strings.awaitingApproval(titles(waiting));
    // Taken up after a reload: calls it interrupted wait for Run again, or Continue without them.
    const interrupted = inHop.filter((c) => c.status === 'interrupted');
    return html`<span class="reason">${strings.interruptedTools(titles(interrupted))}</span> ${this.#continueButton(strings)}`;
  }
}

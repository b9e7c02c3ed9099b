import { LitElement, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { emptyConversation, idleState, isOfCurrentRun, type Conversation, type RunState } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { runStatusStyles } from './soliplex-run-status.styles.js';

/** Internal: the user pressed Retry; the chat retries the turn. */
export class SoliplexRetryRequestEvent extends Event {
  static readonly eventName = 'soliplex-retry-request';
  constructor() {
    super(SoliplexRetryRequestEvent.eventName, { bubbles: true, composed: true });
  }
}

/**
 * What the turn is doing: "Thinking…" while the model streams, "Calling: X" while a call streams,
 * "Executing: X, Y" while tools run, the reason and a Retry button after a failure, "Cancelled."
 * Idle and completed show nothing. The engine keeps a turn running across its tool hops, so the
 * status does not flicker between runs.
 * @summary The run's status line.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @fires soliplex-retry-request - Internal: the user pressed Retry.
 * @csspart status - The status line; its `data-state` is the run status.
 * @csspart retry-button - The Retry button after a failure.
 */
export class SoliplexRunStatus extends LitElement {
  static override styles = runStatusStyles;

  @property({ attribute: false }) run: RunState = idleState;

  /** The conversation, for the names of the calls in flight. */
  @property({ attribute: false }) conversation: Conversation = emptyConversation;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  override render() {
    const strings = this.chat?.strings ?? defaultChatStrings;
    return html`<div part="status" class="status" role="status" data-state=${this.run.status}>${this.#content(strings)}</div>`;
  }

  #requestRetry = () => {
    const request = new SoliplexRetryRequestEvent();
    this.dispatchEvent(request);
  };

  #content(strings: SoliplexChatStrings) {
    const run = this.run;
    const calls = this.conversation.toolCalls;
    switch (run.status) {
      case 'running': {
        if (run.phase === 'streaming') {
          const streaming = Object.values(calls).find((c) => c.status === 'streaming' && isOfCurrentRun(this.conversation, c));
          return streaming ? strings.calling(streaming.name) : strings.thinking;
        }
        if (run.phase === 'waiting-for-connection') return strings.waitingForConnection;
        if (run.phase === 'loading-history') return run.progress?.total ? strings.loadingHistoryProgress(run.progress.loaded, run.progress.total) : strings.loadingHistory;
        if (run.phase !== 'executing-tools') return strings.creatingThread;
        const inHop = run.toolCallIds.map((id) => calls[id]).filter((c) => c !== undefined);
        const waiting = inHop.filter((c) => c.status === 'awaiting-approval').map((c) => c.name);
        if (waiting.length) return strings.awaitingApproval(waiting);
        const executing = inHop.filter((c) => c.status !== 'completed' && c.status !== 'failed' && c.status !== 'denied');
        return strings.executing((executing.length ? executing : inHop).map((c) => c.name));
      }
      case 'failed':
        return html`<span>${strings.failed(run.error.message)}</span>
          <button part="retry-button" type="button" @click=${this.#requestRetry}>
            ${strings.retry}
          </button>`;
      case 'cancelled':
        return strings.cancelled;
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
    'soliplex-retry-request': SoliplexRetryRequestEvent;
  }
}

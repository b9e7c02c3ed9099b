import { html } from 'lit';
import type { ExecutingToolsState, ToolCall, WaitingToRetryState } from '../../core/index.js';
import type { SoliplexChatStrings } from '../shared/chat-strings.js';

/*
 * What the status line says only while tools run or a busy server is waited for: a chunk of its own,
 * loaded with the first such turn (a chat whose agent only writes text never needs it). Until it
 * arrives the line says what it can without it (the busy server's reason; nothing for a frame else).
 */

/** What a screen reader hears of a busy wait: said once per wait, not every second. */
export interface BusyAnnouncement {
  readonly until: number;
  readonly text: string;
}

/**
 * A busy server: that it is, when the chat tries again (ticking), and Retry now. `last`: the wait's
 * announcement so far (kept while it is the same wait, so a screen reader hears it once, not every second).
 */
export function busyLine(run: WaitingToRetryState, strings: SoliplexChatStrings, last: BusyAnnouncement | undefined, retry: () => void) {
  const seconds = Math.max(0, Math.ceil((run.until - Date.now()) / 1000));
  const announced = last?.until === run.until ? last : { until: run.until, text: strings.retryingIn(seconds) };
  const line = html`<span class="reason">${strings.busy(run.error.status ?? 503)}</span>
    <span class="countdown" aria-hidden="true">${strings.retryingIn(seconds)}</span
    ><span class="visually-hidden">${announced.text}</span>
    <button part="retry-button" type="button" @click=${retry}>${strings.retryNow}</button>`;
  return { line, announced };
}

/**
 * The calls of a tool hop: waiting for approval, interrupted by a reload (with Continue), or executing.
 * `title`: a tool as people know it.
 */
export function toolsLine(
  run: ExecutingToolsState,
  calls: Readonly<Record<string, ToolCall>>,
  strings: SoliplexChatStrings,
  title: (name: string) => string,
  continueButton: () => unknown,
) {
  const inHop = run.toolCallIds.map((id) => calls[id]).filter((c) => c !== undefined);
  const waiting = inHop.filter((c) => c.status === 'awaiting-approval').map((c) => title(c.name));
  if (waiting.length) return strings.awaitingApproval(waiting);
  // Taken up after a reload: calls it interrupted wait for Run again, or Continue without them.
  const interrupted = inHop.filter((c) => c.status === 'interrupted').map((c) => title(c.name));
  if (interrupted.length) return html`<span class="reason">${strings.interruptedTools(interrupted)}</span> ${continueButton()}`;
  const executing = inHop.filter((c) => c.status !== 'completed' && c.status !== 'failed' && c.status !== 'denied');
  return strings.executing((executing.length ? executing : inHop).map((c) => title(c.name)));
}

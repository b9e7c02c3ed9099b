import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ActivityMessage, InterruptMessage, ToolCall } from '../../core/index.js';
import { loadOnce } from '../shared/load-once.js';
import { ACTIVITY_EXPORTPARTS, APPROVAL_CARD_EXPORTPARTS, INTERRUPT_CARD_EXPORTPARTS, TOOL_CALL_CARD_EXPORTPARTS } from './exportparts.js';

/*
 * What agents that use tools, interrupts and activities add to the list (part of message-list-extras).
 * Each card's element loads with the first one shown (it upgrades then, keeping the properties already
 * set on it).
 */
const loadToolCallCard = loadOnce(() => import('../soliplex-tool-call-card/soliplex-tool-call-card.js'));
const loadApprovalCard = loadOnce(() => import('../soliplex-approval-card/soliplex-approval-card.js'));
const loadInterruptCard = loadOnce(() => import('../soliplex-interrupt-card/soliplex-interrupt-card.js'));
const loadActivity = loadOnce(() => import('../soliplex-activity/soliplex-activity.js'));

/** An assistant message's tool calls, each with its approval card while it awaits approval. */
export function renderCalls(calls: readonly ToolCall[]) {
  loadToolCallCard();
  return html`<div class="calls">
    ${repeat(
      calls,
      (call) => call.id,
      (call) => html`
        <soliplex-tool-call-card exportparts=${TOOL_CALL_CARD_EXPORTPARTS} data-call-id=${call.id} .call=${call}></soliplex-tool-call-card>
        ${call.status === 'awaiting-approval' ? renderApprovalCard(call) : nothing}
      `,
    )}
  </div>`;
}

function renderApprovalCard(call: ToolCall) {
  loadApprovalCard();
  return html`<soliplex-approval-card exportparts=${APPROVAL_CARD_EXPORTPARTS} data-call-id=${call.id} .call=${call}></soliplex-approval-card>`;
}

/** A question of the agent (an AG-UI interrupt), with the call it asks about, if any. */
export function renderInterrupt(message: InterruptMessage, call: ToolCall | undefined) {
  loadInterruptCard();
  return html`<soliplex-interrupt-card exportparts=${INTERRUPT_CARD_EXPORTPARTS} data-message-id=${message.id} .message=${message} .call=${call}></soliplex-interrupt-card>`;
}

export function renderActivity(message: ActivityMessage) {
  loadActivity();
  return html`<soliplex-activity exportparts=${ACTIVITY_EXPORTPARTS} data-message-id=${message.id} .message=${message}></soliplex-activity>`;
}

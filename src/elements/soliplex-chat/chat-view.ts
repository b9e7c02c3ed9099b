import { html, nothing } from 'lit';
import type { LocalThreadProblem } from '../../core/index.js';
import type { SoliplexChatStrings } from '../shared/chat-strings.js';
import type { StateRenderer } from '../shared/renderers.js';

/**
 * The header bar: the title (`chat-title`), a Soliplex room's buttons (Documents, Sign out) and New
 * chat (unless `no-new-chat`), when any is shown.
 */
export function renderHeader(title: string, newChat: { label: string; disabled: boolean; onClick: () => void } | undefined, buttons?: unknown) {
  const hasButtons = buttons !== undefined && buttons !== nothing && buttons !== false;
  if (!title && !newChat && !hasButtons) return nothing;
  return html`<div part="header" class="header">
    ${title ? html`<h2 part="title" class="title">${title}</h2>` : nothing}${hasButtons ? buttons : nothing}
    ${newChat
      ? html`<button part="new-chat-button" class="new-chat" type="button" ?disabled=${newChat.disabled} @click=${newChat.onClick}>${newChat.label}</button>`
      : nothing}
  </div>`;
}

/** Said when this browser cannot keep the conversation, or another tab changed it (once the strings have loaded). */
export function renderStorageNotice(strings: SoliplexChatStrings | undefined, problem: LocalThreadProblem | undefined, outOfDate: boolean) {
  const text = !strings ? undefined : problem ? strings.storageFailed(problem.kind) : outOfDate ? strings.threadChangedElsewhere : undefined;
  return text ? html`<p part="storage-notice" class="storage-notice" role="status">${text}</p>` : nothing;
}

/** The page's view of the agent state; a renderer that throws shows nothing (and is reported). */
export function renderState(renderer: StateRenderer | undefined, state: unknown) {
  if (!renderer) return nothing;
  try {
    return html`<div part="state" class="state">${renderer(state)}</div>`;
  } catch (error) {
    console.error('[soliplex-chat] the state renderer threw', error);
    return nothing;
  }
}

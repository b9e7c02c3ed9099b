import { html, nothing } from 'lit';
import type { StateRenderer } from '../shared/renderers.js';

/**
 * The header bar: the thread list's drawer button (with `thread-list`), the title (`chat-title`), a
 * Soliplex room's buttons (Documents, Sign out) and New chat (unless `no-new-chat`), when any is shown.
 * Beside a thread list wide enough to show, the list's own New chat is the one shown
 * (thread-panel.styles.ts), and a header with nothing else goes.
 */
export function renderHeader(
  title: { readonly text: string; readonly level: number },
  newChat: { label: string; disabled: boolean; onClick: () => void } | undefined,
  threadsToggle: unknown = nothing,
  buttons?: unknown,
) {
  const hasButtons = buttons !== undefined && buttons !== nothing && buttons !== false;
  if (!title.text && !newChat && threadsToggle === nothing && !hasButtons) return nothing;
  const level = Math.min(6, Math.max(1, Math.round(title.level) || 2));
  return html`<div part="header" class="header ${title.text || hasButtons ? 'has-content' : ''}">
    ${threadsToggle}
    ${title.text ? html`<div part="title" class="title" role="heading" aria-level=${level}>${title.text}</div>` : nothing}${hasButtons ? buttons : nothing}
    ${newChat
      ? html`<button part="new-chat-button" class="new-chat" type="button" ?disabled=${newChat.disabled} @click=${newChat.onClick}>${newChat.label}</button>`
      : nothing}
  </div>`;
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

import { html } from 'lit';
import type { RunFailure, SoliplexRoom } from '../../core/index.js';
import type { FirstPaintStrings } from '../shared/first-paint-strings.js';

/**
 * What a chat shows before the first message: the `empty` slot, or by default a welcome message
 * (the Soliplex room's, if any) and the `suggestions` slot, filled with the room's suggestions.
 */
export function renderEmptyState(
  soliplex: { readonly room?: SoliplexRoom; readonly roomFailure?: RunFailure } | undefined,
  strings: FirstPaintStrings,
  send: (text: string) => void,
) {
  const room = soliplex?.room;
  return html`<div part="empty-state" class="empty">
    <slot name="empty">
      <p part="welcome" class="welcome">${room?.welcome_message || strings.welcome}</p>
      ${soliplex?.roomFailure ? html`<p class="room-failure">${strings.roomUnavailable(soliplex.roomFailure.message)}</p>` : ''}
      <div class="suggestions">
        <slot name="suggestions">
          ${(room?.suggestions ?? []).map(
            (text) => html`<button part="suggestion" type="button" @click=${() => send(text)}>${text}</button>`,
          )}
        </slot>
      </div>
    </slot>
  </div>`;
}

import { html } from 'lit';
import type { RunFailure, SoliplexRoom } from '../../core/index.js';
import type { FirstPaintStrings } from '../shared/first-paint-strings.js';

/**
 * What a chat shows before the first message: the `empty` slot, or by default a welcome message
 * (the Soliplex room's, if any) and the `suggestions` slot, filled with the page's `suggestions`, else
 * the room's.
 */
export function renderEmptyState(
  soliplex: { readonly room?: SoliplexRoom; readonly roomFailure?: RunFailure } | undefined,
  strings: FirstPaintStrings,
  /** The suggestion chips (the page's `suggestions`, else the room's; once the chat's runtime is there). */
  suggestions: unknown,
) {
  const room = soliplex?.room;
  return html`<div part="empty-state" class="empty">
    <slot name="empty">
      <p part="welcome" class="welcome">${room?.welcome_message || strings.welcome}</p>
      ${soliplex?.roomFailure ? html`<p class="room-failure">${strings.roomUnavailable(soliplex.roomFailure.message)}</p>` : ''}
      <slot name="suggestions">${suggestions}</slot>
    </slot>
  </div>`;
}

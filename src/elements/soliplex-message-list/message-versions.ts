import { html } from 'lit';
import type { VersionPosition } from '../../core/conversation/message-versions.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { listExtrasStrings } from './list-extras-strings.js';

/**
 * "‹ 2 / 3 ›" on a user message whose turn was regenerated or edited: the buttons show the previous
 * and the next version (disabled at either end, and while a turn runs). `select` gets the 0-based
 * version to show. The arrows are mirrored glyphs: they point the reading direction in RTL too.
 */
export function renderVersions(position: VersionPosition, chatStrings: ChatStrings, enabled: boolean, select: (index: number) => void) {
  const strings = partStrings(chatStrings, listExtrasStrings);
  const { index, count } = position;
  const go = (to: number) => () => select(to);
  return html`<span part="versions" class="versions" role="group" aria-label=${strings.versionOf(index + 1, count)}>
    <button type="button" aria-label=${strings.previousVersion} title=${strings.previousVersion} ?disabled=${!enabled || index === 0} @click=${go(index - 1)}>‹</button>
    <span class="position" aria-hidden="true">${strings.versionPosition(index + 1, count)}</span>
    <button type="button" aria-label=${strings.nextVersion} title=${strings.nextVersion} ?disabled=${!enabled || index === count - 1} @click=${go(index + 1)}>›</button>
  </span>`;
}

/**
 * After a switch, the arrow pressed may now be at its end (disabled): focus goes to the other arrow of
 * the turn's switcher rather than to the page.
 */
export function keepVersionFocus(root: ShadowRoot, messageId: string): void {
  const versions = root.querySelector(`[data-message-id="${CSS.escape(messageId)}"] + .actions .versions`);
  const active = root.activeElement;
  if (versions && (!active || (active instanceof HTMLButtonElement && active.disabled))) versions.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
}

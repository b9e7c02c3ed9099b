import { html } from 'lit';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { listExtrasStrings } from './list-extras-strings.js';
import { rarePartStrings } from '../shared/rare-part-strings.js';

/**
 * The list's notices, from its extras (message-list-extras.ts): what few conversations have, each
 * shown a frame later the first time.
 */

/** A system or developer message the agent streamed into the conversation (`note` is its cut notice). */
export function renderNotice(message: { readonly id: string; readonly role: string; readonly text: string }, strings: ChatStrings, note: unknown) {
  return html`<div part="message notice" class="message notice" role="note" data-message-id=${message.id} data-role=${message.role}><span class="visually-hidden">${strings.notice}: </span>${message.text}${note}</div>`;
}

/** Where stored runs could not be loaded, with Retry (off while a turn runs). */
export function renderHistoryGap(id: string, chatStrings: ChatStrings, busy: boolean, retry: () => void) {
  const strings = partStrings(chatStrings, listExtrasStrings);
  return html`<div part="message history-gap" class="message notice" role="note" data-message-id=${id}>
    ${strings.historyGap}
    <button part="history-gap-retry" type="button" ?disabled=${busy} @click=${retry}>${strings.retry}</button>
  </div>`;
}

/** Under a text cut at MAX_TEXT_CHARS: says so (as a note, so a screen reader hears it with the message). */
export function renderTruncated(chatStrings: ChatStrings) {
  return html`<p part="truncated-notice" class="truncated-notice" role="note">${partStrings(chatStrings, rarePartStrings).truncated}</p>`;
}

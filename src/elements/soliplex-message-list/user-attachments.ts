import { html, nothing } from 'lit';
import type { ContentPart } from '@ag-ui/core';
import { imagePreviewUrl, partLabel } from '../soliplex-attachments/part-preview.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { listExtrasStrings } from './list-extras-strings.js';

/** A user message's attachments: images as thumbnails (inline data or http(s) only), other files by name. */
export function renderAttachments(parts: readonly ContentPart[], chatStrings: ChatStrings) {
  const strings = partStrings(chatStrings, listExtrasStrings);
  return html`<span class="attachments">${parts.map((part) => {
    const label = strings.attachmentLabel(partLabel(part));
    const src = imagePreviewUrl(part);
    return src
      ? html`<img part="message-attachment" class="attachment-image" src=${src} alt=${label} />`
      : html`<span part="message-attachment" class="attachment-file" aria-label=${label}>${partLabel(part)}</span>`;
  })}</span>${nothing}`;
}

import type { ContentPart } from '@ag-ui/core';

/*
 * How the message list shows a part the user attached. Apart from attachment-parts.ts (reading and
 * checking files), which only the attachments picker needs: the list loads with every chat.
 */

/** A URL an `<img>` may show for a part: inline image data or an http(s) URL; never anything else. */
export function imagePreviewUrl(part: ContentPart): string | undefined {
  if (part.type !== 'image') return undefined;
  const { source } = part;
  if (source.type === 'data' && /^image\/[\w.+-]+$/.test(source.mimeType)) return `data:${source.mimeType};base64,${source.value}`;
  if (source.type === 'url' && /^https?:\/\//i.test(source.value)) return source.value;
  return undefined;
}

/** A part's label: its file name when known, else its kind. */
export function partLabel(part: ContentPart): string {
  const name = (part as { metadata?: { filename?: unknown } }).metadata?.filename;
  return typeof name === 'string' ? name : part.type;
}

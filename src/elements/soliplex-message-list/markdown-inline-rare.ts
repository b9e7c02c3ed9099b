/**
 * The rarer inline Markdown marks, a chunk of its own loaded with the first line that has one (until
 * then that line shows its source as text: lazy-markdown-inline.ts): images (and an image as a link's
 * whole text, a badge), `<scheme:…>` and bare `http(s)://` autolinks, and `~~strikethrough~~`. A plain
 * answer never loads it. Linear in the line, like the rest of the scanner (markdown-inline.ts).
 */
import { imageMayLoad } from '../shared/image-origins.js';
import { mdElement } from './markdown-dom.js';
import { emphasis, markAt, renderLink, safeHref, unescape, work, type Inline, type Line, type MarkdownOptions, type Span } from './markdown-inline.js';

/** `<scheme:…>`: an angle-bracket autolink (any scheme here; safeHref decides). */
const ANGLE_AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y;

/** The rare mark at i (markAt's arguments), if one closes before end. */
export function rareMarkAt(line: Line, i: number, start: number, plain: number, end: number, depth: number, inLink: boolean): Span | undefined {
  const { text } = line;
  switch (text[i]) {
    case '[': {
      // An image as the whole link text (a badge): [![alt](src)](href). Other brackets do not nest.
      const image = markAt(line, i + 1, start, plain, end, depth, true);
      const target = image && text[image.end] === ']' ? line.target(image.end) : null;
      return image && target && target.end <= end ? { node: renderLink([image.node], target.url), end: target.end } : undefined;
    }
    case '!': {
      if (text[i + 1] !== '[') return undefined;
      const close = line.next(']', i + 2);
      if (close >= end) return undefined;
      const target = line.target(close);
      if (!target || target.end > end) return undefined;
      return { node: renderImage(unescape(text.slice(i + 2, close)), target.url, line.options), end: target.end };
    }
    case '<': {
      if (inLink) return undefined;
      ANGLE_AUTOLINK.lastIndex = i;
      const match = ANGLE_AUTOLINK.exec(text);
      work.steps += (match ? ANGLE_AUTOLINK.lastIndex : i) - i;
      if (!match || ANGLE_AUTOLINK.lastIndex > end) return undefined;
      const href = safeHref(match[1]!);
      return href === undefined ? undefined : { node: renderLink([match[1]!], href), end: ANGLE_AUTOLINK.lastIndex };
    }
    case ':':
      return inLink ? undefined : bareUrl(line, i, plain, end);
    case '~':
      return emphasis(line, i, start, end, depth, inLink);
    default:
      return undefined;
  }
}

/**
 * A bare `http://` or `https://` URL whose `:` is at i (GFM's extended autolink): it runs to a space or
 * `<`, less trailing punctuation and any `)` it does not open.
 */
function bareUrl(line: Line, i: number, plain: number, end: number): Span | undefined {
  const { text } = line;
  if (text[i + 1] !== '/' || text[i + 2] !== '/') return undefined;
  const scheme = (length: number) => i >= length && text.slice(i - length, i).toLowerCase() === (length === 5 ? 'https' : 'http');
  const start = scheme(5) ? i - 5 : scheme(4) ? i - 4 : -1;
  if (start < plain || /[A-Za-z0-9]/.test(text[start - 1] ?? '')) return undefined;
  // Scanned only to `end`: a span's URL must not make each enclosing span rescan the rest of the line.
  let stop = i + 3;
  while (stop < end && !/[\s<]/.test(text[stop]!)) stop++;
  work.steps += stop - i;
  let unopened = 0;
  for (let k = i + 3; k < stop; k++) unopened += text[k] === '(' ? -1 : text[k] === ')' ? 1 : 0;
  for (;;) {
    const last = text[stop - 1]!;
    if ('?!.,:*_~\'";'.includes(last)) stop--;
    else if (last === ')' && unopened > 0) {
      stop--;
      unopened--;
    } else break;
  }
  if (stop <= i + 3) return undefined;
  const url = text.slice(start, stop);
  return { node: renderLink([url], url), start, end: stop };
}

/**
 * An image from an absolute http(s) URL only (anything else shows its alt text), loaded lazily and
 * without a referrer when its origin is allowed; with images off or from another origin, a link to it.
 */
function renderImage(alt: string, url: string, options: MarkdownOptions): Inline {
  const src = safeHref(unescape(url));
  if (src === undefined || !/^https?:\/\//i.test(src)) return mdElement('span', [alt]);
  if (options.images === false || !imageMayLoad(src, options.imageOrigins)) {
    return mdElement('a', [alt || src], { class: 'image-link', href: src, target: '_blank', rel: 'noopener noreferrer', title: src });
  }
  return mdElement('img', [], { src, alt, loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' });
}

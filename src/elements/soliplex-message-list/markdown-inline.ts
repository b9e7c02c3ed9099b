/**
 * Inline Markdown for markdown.ts: code, links, bold, italic and backslash escapes here; the rarer marks
 * (images, autolinks, strikethrough: markdown-inline-rare.ts) in a chunk loaded with the first line that
 * has one, the line showing its source as text until then (lazy-markdown-inline.ts). A scanner that stays
 * linear in a line's length (each mark's next closer is remembered, never searched for again per
 * opener) and caps nesting.
 */
import { mdElement, type MdNode } from './markdown-dom.js';
import { lazyInline, rareMarks } from './lazy-markdown-inline.js';

export type Inline = MdNode;

/** How Markdown is shown. */
export interface MarkdownOptions {
  /**
   * Whether `![alt](https://…)` shows the image (default true). When false, the image is a link to it
   * instead: nothing loads unless the reader follows it.
   */
  images?: boolean;
  /**
   * Where images may load from by themselves (`image-origins`: space-separated origins, or `*`); an
   * image from anywhere else is a link to it. Default none: no image loads unless the reader opens it.
   */
  imageOrigins?: string;
  /** The words of a code block's copy button (each default English; `<soliplex-chat>` passes its `strings`). */
  strings?: CodeBlockStrings;
}

/** The strings a code block shows (each one missing: its English). */
export interface CodeBlockStrings {
  readonly copyCode?: string;
  readonly codeCopied?: string;
  readonly codeCopyFailed?: string;
}

/** Quotes, lists and inline marks nest no deeper than this; deeper text shows as it is (no stack overflow). */
export const MAX_DEPTH = 16;

/** Work done so far (lines visited, characters scanned), shared by the block and inline parsers. */
export const work = { steps: 0 };

/** Work done so far (lines visited, characters scanned), for tests to check that it grows linearly with the input. */
export function markdownSteps(): number {
  return work.steps;
}

/**
 * Renders inline Markdown: `code`, [text](url "title"), ![alt](https://… "title"), <https://…> and bare
 * https:// URLs, **bold**, __bold__, *italic*, _italic_, ~~strikethrough~~ and backslash escapes.
 */
export function renderInline(text: string, options: MarkdownOptions = {}): Inline[] {
  const line = new Line(text, options);
  const nodes = inline(line, 0, text.length, 0, false);
  // A rare mark met before its chunk is in: the line shows as parsed without it (its source as text), then again with it.
  return line.waits ? [lazyInline(nodes, () => renderInline(text, options))] : nodes;
}

/** A piece of a line that a mark made, where it starts (when before the mark) and where the text after it starts. */
export type Span = { node: Inline; end: number; start?: number };

/**
 * One line being parsed, with the searches for closers. Openers are met left to right (nested spans
 * included), so each token is searched for from ever-later positions: reusing the last answer while it
 * still holds means each part of the line is searched at most once per token, not once per opener.
 */
export class Line {
  /** Whether the line has a rare mark that waits for its chunk (it shows as text meanwhile). */
  waits = false;
  readonly #last = new Map<string, { from: number; at: number }>();
  #target: { close: number; found: { url: string; end: number } | null } | undefined;
  constructor(
    readonly text: string,
    readonly options: MarkdownOptions,
  ) {}

  /**
   * The first index >= from where `token` starts, or text.length. A backslash-escaped token does not
   * count (except a backtick: code spans end at the first one), nor `_`, `__` with a word character after.
   */
  next(token: string, from: number): number {
    const last = this.#last.get(token);
    if (last && last.from <= from && from <= last.at) return last.at;
    const { text } = this;
    let at = text.indexOf(token, from);
    while (at !== -1 && ((token[0] === '_' && isWord(text, at + token.length)) || (token !== '`' && isEscaped(text, at)))) {
      at = text.indexOf(token, at + 1);
    }
    if (at === -1) at = text.length;
    work.steps += at - from + 1;
    this.#last.set(token, { from, at });
    return at;
  }

  /** The `(url "title")` right after the `]` at `close`, read once however many `[` share that `]`. */
  target(close: number): { url: string; end: number } | null {
    if (this.#target?.close !== close) {
      LINK_TARGET.lastIndex = close + 1;
      const match = LINK_TARGET.exec(this.text);
      this.#target = { close, found: match ? { url: match[1]!, end: LINK_TARGET.lastIndex } : null };
    }
    return this.#target.found;
  }
}

/** Sticky (anchored where it starts); no nested quantifiers, so no catastrophic backtracking. */
const LINK_TARGET = /\(\s*([^()\s]+)(?:\s+"[^"\n]*")?\s*\)/y;
/** ASCII punctuation, which a backslash escapes. */
const PUNCTUATION = /[!-/:-@[-`{-~]/;

/** Whether text[i] follows an odd run of backslashes (a run is walked once per candidate after it, so this stays linear). */
function isEscaped(text: string, i: number): boolean {
  let count = 0;
  while (i - count - 1 >= 0 && text.charCodeAt(i - count - 1) === 92) count++;
  work.steps += count;
  return count % 2 === 1;
}

/** `text` with its backslash escapes resolved (link targets, image alt text). */
export function unescape(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** ASCII letters, digits and `_`, like regex `\w` (`_` must not open or close inside a word: snake_case). */
export function isWord(text: string, i: number): boolean {
  const c = text.charCodeAt(i); // NaN outside the text
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The characters `inline` stops at: those that open a mark, `]` (which ends link text), and `:` (of a bare URL). */
const MARK_START = /[`[\]*_~\\!<:]/g;

/** Renders text[start, end) of a line; marks nested deeper than MAX_DEPTH stay text. `inLink`: no links inside. */
export function inline(line: Line, start: number, end: number, depth: number, inLink: boolean): Inline[] {
  const { text } = line;
  if (depth > MAX_DEPTH) return [text.slice(start, end)];
  const out: Inline[] = [];
  // Text joins up until a template comes: an escaped character is no text node of its own (a line of
  // backslashes would otherwise make half a million).
  let pending = '';
  let plain = start; // where the text not yet taken starts
  for (let i = start; i < end; ) {
    // Jump to the next such character. The scan stops at `end` at the latest: what follows a span (its closer or `]`) is one.
    MARK_START.lastIndex = i;
    const at = Math.min(MARK_START.exec(text)?.index ?? end, end);
    work.steps += at - i + 1;
    const span = at < end ? markAt(line, at, start, plain, end, depth, inLink) : undefined;
    if (!span) {
      i = at + 1;
      continue;
    }
    pending += text.slice(plain, span.start ?? at);
    if (typeof span.node === 'string') pending += span.node;
    else {
      if (pending) out.push(pending);
      pending = '';
      out.push(span.node);
    }
    i = plain = span.end;
  }
  pending += text.slice(plain, end);
  if (pending) out.push(pending);
  return out;
}

/**
 * The mark at i that closes before end, if any; the earliest opener wins, as in a regex scan. `start`:
 * where the text being scanned starts; `plain`: where its text not yet rendered starts (a bare URL
 * starts before its `:`, but not before that).
 */
export function markAt(line: Line, i: number, start: number, plain: number, end: number, depth: number, inLink: boolean): Span | undefined {
  const { text } = line;
  switch (text[i]) {
    case '\\':
      return i + 1 < end && PUNCTUATION.test(text[i + 1]!) ? { node: text[i + 1]!, end: i + 2 } : undefined;
    case '`': {
      const close = line.next('`', i + 1);
      if (close >= end || close === i + 1 || line.next('\n', i) < close) return undefined;
      return { node: mdElement('code', [text.slice(i + 1, close)]), end: close + 1 };
    }
    case '[': {
      // An image as the whole link text (a badge: [![alt](src)](href)) is a rare mark: text until its chunk is in.
      if (text[i + 1] === '!' && !inLink) {
        const badge = rare(line, i, start, plain, end, depth, inLink);
        if (badge || line.waits) return badge;
      }
      // An image's brackets while its chunk loads: its source stays text (not a link for that frame).
      if (line.waits && text[i - 1] === '!') return undefined;
      const close = line.next(']', i + 1);
      if (close >= end || close === i + 1 || line.next('\n', i) < close) return undefined;
      const target = line.target(close);
      if (!target || target.end > end || inLink) return undefined;
      return { node: renderLink(inline(line, i + 1, close, depth + 1, true), target.url), end: target.end };
    }
    case '*':
    case '_':
      return emphasis(line, i, start, end, depth, inLink);
    default:
      // `!`, `<`, `:`, `~`: an image, an autolink, a bare URL, strikethrough.
      return rare(line, i, start, plain, end, depth, inLink);
  }
}

/** What might open a rare mark at i (`![`, `<scheme:`, `http(s)://`, `~~`): its chunk loads for it, the line shows as text until then. */
const RARE_OPENER = /!\[|<[A-Za-z][A-Za-z0-9+.-]{1,31}:|:\/\/|~~/y;

/** The rare mark at i, from its chunk; when the chunk is not in yet and one may open here, the line waits for it. */
function rare(line: Line, i: number, start: number, plain: number, end: number, depth: number, inLink: boolean): Span | undefined {
  const loaded = rareMarks.loaded;
  if (loaded) return loaded.rareMarkAt(line, i, start, plain, end, depth, inLink);
  // A badge's `[` is followed by the image's `![`.
  RARE_OPENER.lastIndex = line.text[i] === '[' ? i + 1 : i;
  if (RARE_OPENER.test(line.text)) line.waits = true;
  return undefined;
}

/**
 * `**bold**`, `__bold__`, `*em*`, `_em_`, `~~strike~~`: the content starts with no space and runs to
 * the first closer (lazily, like `.+?`); `_` neither opens after nor closes before a word character.
 */
export function emphasis(line: Line, i: number, start: number, end: number, depth: number, inLink: boolean): Span | undefined {
  const { text } = line;
  const mark = text[i]!;
  const token = text[i + 1] === mark ? mark + mark : mark;
  if (token === '~') return undefined; // one tilde is text ("~5 minutes")
  const from = i + token.length;
  if (mark === '_' && i > start && isWord(text, i - 1)) return undefined;
  if (from >= end || /\s/.test(text[from]!)) return undefined;
  let close = line.next(token, from + 1);
  if (close + token.length > end) {
    // `next` judged "no word character after" on the whole line, but at the end of this span nothing follows.
    const last = end - token.length;
    close = mark === '_' && last > from && text.startsWith(token, last) ? last : -1;
  }
  if (close < 0) return undefined;
  const content = inline(line, from, close, depth + 1, inLink);
  const node = mdElement(mark === '~' ? 'del' : token.length === 2 ? 'strong' : 'em', content);
  return { node, end: close + token.length };
}

export function renderLink(content: Inline[], url: string): Inline {
  const href = safeHref(unescape(url));
  if (href === undefined) return mdElement('span', content);
  return mdElement('a', content, { href, target: '_blank', rel: 'noopener noreferrer' });
}

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The URL to link to, or undefined for a scheme that could run code (`javascript:`, `data:`,
 * `vbscript:`…). Browsers ignore control characters and spaces inside a scheme, so they are
 * removed before it is read, and the cleaned URL is the one used.
 */
export function safeHref(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (scheme && !ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase())) return undefined;
  return cleaned;
}

/**
 * Inline Markdown (code, links, bold, italic) for markdown.ts: a scanner that stays linear in a line's
 * length (each mark's next closer is remembered, never searched for again per opener) and caps nesting.
 */
import { html, type TemplateResult } from 'lit';

export type Inline = string | TemplateResult;

/** Quotes, lists and inline marks nest no deeper than this; deeper text shows as it is (no stack overflow). */
export const MAX_DEPTH = 16;

/** Work done so far (lines visited, characters scanned), shared by the block and inline parsers. */
export const work = { steps: 0 };

/** Work done so far (lines visited, characters scanned), for tests to check that it grows linearly with the input. */
export function markdownSteps(): number {
  return work.steps;
}

/** Renders inline Markdown: `code`, [text](url "title"), **bold**, __bold__, *italic*, _italic_. */
export function renderInline(text: string): Inline[] {
  return inline(new Line(text), 0, text.length, 0);
}

/** A piece of a line that a mark made, and where the text after it starts. */
type Span = { node: Inline; end: number };

/**
 * One line being parsed, with the searches for closers. Openers are met left to right (nested spans
 * included), so each token is searched for from ever-later positions: reusing the last answer while it
 * still holds means each part of the line is searched at most once per token, not once per opener.
 */
class Line {
  readonly #last = new Map<string, { from: number; at: number }>();
  #target: { close: number; found: { url: string; end: number } | null } | undefined;
  constructor(readonly text: string) {}

  /** The first index >= from where `token` starts (for `_`, `__`: with no word character after), or text.length. */
  next(token: string, from: number): number {
    const last = this.#last.get(token);
    if (last && last.from <= from && from <= last.at) return last.at;
    const { text } = this;
    let at = text.indexOf(token, from);
    while (at !== -1 && token[0] === '_' && isWord(text, at + token.length)) at = text.indexOf(token, at + 1);
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

/** ASCII letters, digits and `_`, like regex `\w` (`_` must not open or close inside a word: snake_case). */
function isWord(text: string, i: number): boolean {
  const c = text.charCodeAt(i); // NaN outside the text
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The characters `inline` stops at: those that open a mark, and `]` (which ends link text). */
const MARK_START = /[`[\]*_]/g;

/** Renders text[start, end) of a line; marks nested deeper than MAX_DEPTH stay text. */
function inline(line: Line, start: number, end: number, depth: number): Inline[] {
  const { text } = line;
  if (depth > MAX_DEPTH) return [text.slice(start, end)];
  const out: Inline[] = [];
  let plain = start; // where the text not yet pushed starts
  for (let i = start; i < end; ) {
    // Jump to the next such character. The scan stops at `end` at the latest: what follows a span (its closer or `]`) is one.
    MARK_START.lastIndex = i;
    const at = Math.min(MARK_START.exec(text)?.index ?? end, end);
    work.steps += at - i + 1;
    const span = at < end ? markAt(line, at, start, end, depth) : undefined;
    if (!span) {
      i = at + 1;
      continue;
    }
    if (at > plain) out.push(text.slice(plain, at));
    out.push(span.node);
    i = plain = span.end;
  }
  if (end > plain) out.push(text.slice(plain, end));
  return out;
}

/** The mark that starts at i and closes before end, if any; the earliest opener wins, as in a regex scan. */
function markAt(line: Line, i: number, start: number, end: number, depth: number): Span | undefined {
  const { text } = line;
  switch (text[i]) {
    case '`': {
      const close = line.next('`', i + 1);
      if (close >= end || close === i + 1 || line.next('\n', i) < close) return undefined;
      return { node: html`<code>${text.slice(i + 1, close)}</code>`, end: close + 1 };
    }
    case '[': {
      const close = line.next(']', i + 1);
      if (close >= end || close === i + 1 || line.next('\n', i) < close) return undefined;
      const target = line.target(close);
      if (!target || target.end > end) return undefined;
      return { node: renderLink(inline(line, i + 1, close, depth + 1), target.url), end: target.end };
    }
    case '*':
    case '_':
      return emphasis(line, i, start, end, depth);
    default:
      return undefined;
  }
}

/**
 * `**bold**`, `__bold__`, `*em*`, `_em_`: the content starts with no space and runs to the first
 * closer (lazily, like `.+?`); `_` neither opens after nor closes before a word character.
 */
function emphasis(line: Line, i: number, start: number, end: number, depth: number): Span | undefined {
  const { text } = line;
  const mark = text[i]!;
  const token = text[i + 1] === mark ? mark + mark : mark;
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
  const content = inline(line, from, close, depth + 1);
  return { node: token.length === 2 ? html`<strong>${content}</strong>` : html`<em>${content}</em>`, end: close + token.length };
}

function renderLink(content: Inline[], url: string): Inline {
  const href = safeHref(url);
  if (href === undefined) return html`<span>${content}</span>`;
  return html`<a href=${href} target="_blank" rel="noopener noreferrer">${content}</a>`;
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

/**
 * A small Markdown renderer that builds Lit templates, never HTML strings: every piece of model text
 * lands in a text binding, so raw HTML in it shows as text. Covers what chat answers use: paragraphs,
 * headings, bold/italic, inline code, fenced code, lists, links, blockquotes, rules.
 *
 * Model text is untrusted, so the parser is built to stay linear in its input: no regex that can
 * backtrack over a line, no rescan of the rest of a line per opening mark, nesting capped.
 */
import { html, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';

type Inline = string | TemplateResult;

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+/;
/** Quotes, lists and inline marks nest no deeper than this; deeper text shows as it is (no stack overflow). */
const MAX_DEPTH = 16;

let steps = 0;

/** Work done so far (lines visited, characters scanned), for tests to check that it grows linearly with the input. */
export function markdownSteps(): number {
  return steps;
}

/** Renders Markdown source (possibly still streaming) as a Lit template. */
export function renderMarkdown(source: string): TemplateResult {
  return html`${renderBlocks(splitLines(source).lines)}`;
}

/** The lines of a text (LF, CRLF or CR endings) and where each starts in it. */
function splitLines(text: string): { lines: string[]; starts: number[] } {
  const lines: string[] = [];
  const starts: number[] = [0];
  const breaks = /\r\n|\r|\n/g;
  let from = 0;
  for (let match = breaks.exec(text); match; match = breaks.exec(text)) {
    lines.push(text.slice(from, match.index));
    from = breaks.lastIndex;
    starts.push(from);
  }
  lines.push(text.slice(from));
  return { lines, starts };
}

/** A copy of `text` that shares no memory with the string it was sliced from (V8 keeps slices' parents alive). */
function detached(text: string): string {
  return (' ' + text).slice(1);
}

/**
 * Markdown that grows at its end, as a message streams in: each `render` shows the whole source, with
 * the same output as `renderMarkdown`, but re-parses only from the last top-level block that more text
 * could still change. A top-level block is final once the block after it has started on a complete
 * line (one a line break ends): a block's extent depends only on the lines up to the next block's first
 * line, and the parse from a block's first line does not depend on what came before it. Final blocks
 * are kept as templates (and skipped by Lit on re-render); a source that is not an extension of the
 * last one starts over.
 */
export class StreamingMarkdown {
  /** The source of the final blocks: it ends with the line break before the first line still parsed. */
  #prefix = '';
  /** The final blocks' templates, one group per render that completed some. */
  #final: TemplateResult[] = [];

  render(source: string): TemplateResult {
    if (!source.startsWith(this.#prefix)) {
      this.#prefix = '';
      this.#final = [];
    }
    // A copy: the strings parsed out of it (kept by the final blocks and the DOM) must not hold on to
    // the whole message text of this render, or memory grows with every delta.
    const tail = detached(source.slice(this.#prefix.length));
    const { lines, starts } = splitLines(tail);
    const blockStarts: number[] = [];
    const blocks = renderBlocks(lines, 0, blockStarts);
    // Blocks before the last one that starts on a complete line are final.
    let open = blocks.length - 1;
    while (open > 0 && blockStarts[open]! >= lines.length - 1) open--;
    if (open > 0) {
      const group = html`${blocks.slice(0, open)}`;
      this.#final.push(group);
      this.#prefix += tail.slice(0, starts[blockStarts[open]!]);
    }
    return html`${[...this.#final.map((group) => guard([group], () => group)), ...blocks.slice(Math.max(open, 0))]}`;
  }
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || isRule(line) || LIST_ITEM.test(line);
}

/** `---`, `* * *`, `___`: three or more of one mark and spaces. (A one-regex version backtracks.) */
function isRule(line: string): boolean {
  return /^ {0,3}[-*_]/.test(line) && /^(?:-{3,}|\*{3,}|_{3,})$/.test(line.replace(/\s+/g, ''));
}

/** A heading's text without its optional closing `#`s (`# Title ##`); `# C#` keeps its `#`. */
function headingText(rest: string): string {
  const text = rest.trimEnd();
  let cut = text.length;
  while (cut > 0 && text[cut - 1] === '#') cut--;
  return cut > 0 && cut < text.length && /\s/.test(text[cut - 1]!) ? text.slice(0, cut).trimEnd() : text;
}

/** Renders lines as blocks; `blockStarts` (if given) gets the line each block starts on. */
function renderBlocks(lines: string[], depth = 0, blockStarts?: number[]): TemplateResult[] {
  if (depth > MAX_DEPTH) return [html`<p>${lines.join('\n')}</p>`];
  const blocks: TemplateResult[] = [];
  let i = 0;
  while (i < lines.length) {
    steps++;
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    // Every pass from here renders exactly one block.
    blockStarts?.push(i);
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const code: string[] = [];
      i++;
      // An unclosed fence (still streaming) runs to the end.
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) code.push(lines[i++]!);
      i++;
      blocks.push(html`<pre><code data-language=${fence[2] ?? ''}>${code.join('\n')}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push(renderHeading(heading[1]!.length, renderInline(headingText(line.slice(heading[0].length)))));
      i++;
      continue;
    }
    if (isRule(line)) {
      blocks.push(html`<hr />`);
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) quoted.push(lines[i++]!.replace(QUOTE, ''));
      blocks.push(html`<blockquote>${renderBlocks(quoted, depth + 1)}</blockquote>`);
      continue;
    }
    if (LIST_ITEM.test(line)) {
      i = renderList(lines, i, blocks, depth);
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && (paragraph.length === 0 || !startsBlock(lines[i]!))) {
      paragraph.push(lines[i++]!.trim());
    }
    blocks.push(html`<p>${joinLines(paragraph)}</p>`);
  }
  return blocks;
}

/** Soft line breaks show as breaks: chat answers are written line by line. */
function joinLines(lines: string[]): Inline[] {
  return lines.flatMap((line, index) => (index === 0 ? renderInline(line) : [html`<br />`, ...renderInline(line)]));
}

function renderHeading(level: number, content: Inline[]): TemplateResult {
  switch (level) {
    case 1:
      return html`<h1>${content}</h1>`;
    case 2:
      return html`<h2>${content}</h2>`;
    case 3:
      return html`<h3>${content}</h3>`;
    case 4:
      return html`<h4>${content}</h4>`;
    case 5:
      return html`<h5>${content}</h5>`;
    default:
      return html`<h6>${content}</h6>`;
  }
}

/** Renders the list that starts at `start`; returns the index after it. */
function renderList(lines: string[], start: number, blocks: TemplateResult[], depth: number): number {
  const first = LIST_ITEM.exec(lines[start]!)!;
  const indent = first[1]!.length;
  const ordered = /\d/.test(first[2]!);
  const items: string[][] = [];
  let i = start;
  while (i < lines.length) {
    steps++;
    const line = lines[i]!;
    const item = LIST_ITEM.exec(line);
    if (item && item[1]!.length <= indent + 1 && /\d/.test(item[2]!) === ordered) {
      items.push([line.slice(item[0].length)]);
      i++;
      continue;
    }
    if (line.trim() === '') {
      // A blank line ends the list unless more of it (an item or indented text) follows.
      const next = lines[i + 1];
      if (next === undefined || !(/^\s+\S/.test(next) || LIST_ITEM.test(next))) break;
      items.at(-1)!.push('');
      i++;
      continue;
    }
    if (/^\s/.test(line) || !startsBlock(line)) {
      items.at(-1)!.push(line.replace(new RegExp(`^ {0,${indent + 4}}`), ''));
      i++;
      continue;
    }
    break;
  }
  const rendered = items.map((itemLines) => {
    const nested = itemLines.slice(1).some((l) => startsBlock(l));
    return nested || itemLines.includes('')
      ? html`<li>${renderBlocks(itemLines, depth + 1)}</li>`
      : html`<li>${joinLines(itemLines.map((l) => l.trim()))}</li>`;
  });
  const startNumber = ordered ? parseInt(first[2]!, 10) : 1;
  blocks.push(ordered ? html`<ol start=${startNumber}>${rendered}</ol>` : html`<ul>${rendered}</ul>`);
  return i;
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
    steps += at - from + 1;
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
    steps += at - i + 1;
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

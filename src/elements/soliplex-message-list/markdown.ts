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
import { MAX_DEPTH, markdownSteps, renderInline, safeHref, work, type Inline } from './markdown-inline.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+/;

export { markdownSteps, renderInline, safeHref };

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
    work.steps++;
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
    work.steps++;
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

/**
 * A small Markdown renderer that builds Lit templates, never HTML strings: every piece of model text
 * lands in a text binding, so raw HTML in it shows as text. Covers what chat answers use: paragraphs,
 * headings, tight and loose lists, blockquotes, rules, GFM tables (cells built by a chunk loaded with the first table), fenced code (with a language label,
 * "Copy code" and lazy highlighting: code-block.ts, loaded with the first block), and the inline marks of markdown-inline.ts.
 *
 * Model text is untrusted, so the parser is built to stay linear in its input: no regex that can
 * backtrack over a line, no rescan of the rest of a line per opening mark, nesting capped.
 */
import { html, type TemplateResult } from 'lit';
import { MAX_DEPTH, markdownSteps, renderInline, safeHref, work, type Inline, type MarkdownOptions } from './markdown-inline.js';
import { readTable, startsTable } from './markdown-table.js';
import { codeBlock } from './lazy-code-block.js';
import { isMdElement, markdownDom, mdElement, type MdNode } from './markdown-dom.js';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+/;

export { markdownSteps, renderInline, safeHref, type MarkdownOptions };

/**
 * Renders Markdown source (possibly still streaming) as a Lit template. Its DOM is built again only
 * when the source or the options change.
 */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): TemplateResult {
  const nodes = new Blocks(splitLines(source).lines, options).render();
  return html`${markdownDom({ key: source, images: options.images === false ? false : (options.imageOrigins ?? ''), strings: options.strings, nodes })}`;
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
 * line (one a line break ends; for a table, its delimiter row too): a block's extent depends only on the
 * lines up to the next block's first line (and a table's start on its second line), and the parse from
 * a block's first line does not depend on what came before it. A table or a code block still streaming
 * is the open block, parsed again with each delta. Final blocks
 * are kept as templates (and skipped by Lit on re-render); a source that is not an extension of the
 * last one starts over.
 */
export class StreamingMarkdown {
  /** The source of the final blocks: it ends with the line break before the first line still parsed. */
  #prefix = '';
  /** The final blocks, one group per render that completed some: each built once (see `markdownDom`). */
  #final: unknown[] = [];

  constructor(private readonly options: MarkdownOptions = {}) {}

  render(source: string): TemplateResult {
    if (!source.startsWith(this.#prefix)) {
      this.#prefix = '';
      this.#final = [];
    }
    // A copy: the strings parsed out of it (kept by the final blocks and the DOM) must not hold on to
    // the whole message text of this render, or memory grows with every delta.
    const tail = detached(source.slice(this.#prefix.length));
    const { lines, starts } = splitLines(tail);
    const parse = new Blocks(lines, this.options, true);
    const blocks = parse.render();
    const { blockStarts } = parse;
    // Blocks before the last one whose start is decided by complete lines only are final (a table's
    // start is decided by its second line, its delimiter row).
    let open = blocks.length - 1;
    while (open > 0 && blockStarts[open]!.decided >= lines.length - 1) open--;
    if (open > 0) {
      this.#final.push(markdownDom({ key: Symbol(), nodes: blocks.slice(0, open) }));
      this.#prefix += tail.slice(0, starts[blockStarts[open]!.line]);
    }
    // The open block is built anew with each render (it is the last one, and small), except a code block
    // still streaming: Lit updates that in place, so its "Copy code" button stays the one the reader is at.
    const shown = blocks.slice(Math.max(open, 0)).map((block) => (isMdElement(block) ? markdownDom({ key: Symbol(), nodes: [block] }) : block));
    return html`${[...this.#final, ...shown]}`;
  }
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

/** Whether a line starts a block (other than a paragraph), so that it ends a paragraph or a list's lazy lines. */
function startsBlock(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || isRule(line) || LIST_ITEM.test(line) || startsTable(lines, i);
}

/** The block parser over some lines (a message's, or a quote's or a list item's, parsed again inside). */
class Blocks {
  /** Where each top-level block starts, and the line whose content decided that it starts there (when recorded). */
  readonly blockStarts: { line: number; decided: number }[] = [];

  constructor(
    private readonly lines: readonly string[],
    private readonly options: MarkdownOptions,
    private readonly recordStarts = false,
    private readonly depth = 0,
    /** In a tight list item: paragraphs show as their text, with no `<p>` (and no margins) around it. */
    private readonly tight = false,
  ) {}

  render(): MdNode[] {
    const { lines, depth } = this;
    if (depth > MAX_DEPTH) return [mdElement('p', [lines.join('\n')])];
    const blocks: MdNode[] = [];
    let i = 0;
    while (i < lines.length) {
      work.steps++;
      const line = lines[i]!;
      if (line.trim() === '') {
        i++;
        continue;
      }
      // Every pass from here renders exactly one block.
      const table = startsTable(lines, i);
      if (this.recordStarts) this.blockStarts.push({ line: i, decided: table ? i + 1 : i });
      if (table) {
        i = readTable(lines, i, blocks, (row) => lines[row]!.trim() !== '' && !startsBlock(lines, row), this.options);
        continue;
      }
      const fence = FENCE.exec(line);
      if (fence) {
        const marker = fence[1]!;
        const code: string[] = [];
        i++;
        // An unclosed fence (still streaming) runs to the end.
        while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) code.push(lines[i++]!);
        const closed = i < lines.length;
        i++;
        blocks.push(codeBlock(code.join('\n'), fence[2] ?? '', closed, this.options.strings));
        continue;
      }
      const heading = HEADING.exec(line);
      if (heading) {
        blocks.push(renderHeading(heading[1]!.length, this.#inline(headingText(line.slice(heading[0].length)))));
        i++;
        continue;
      }
      if (isRule(line)) {
        blocks.push(mdElement('hr'));
        i++;
        continue;
      }
      if (QUOTE.test(line)) {
        const quoted: string[] = [];
        while (i < lines.length && QUOTE.test(lines[i]!)) quoted.push(lines[i++]!.replace(QUOTE, ''));
        blocks.push(mdElement('blockquote', this.#nested(quoted, false)));
        continue;
      }
      if (LIST_ITEM.test(line)) {
        i = this.#list(i, blocks);
        continue;
      }
      const paragraph: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && (paragraph.length === 0 || !startsBlock(lines, i))) {
        paragraph.push(lines[i++]!.trim());
      }
      blocks.push(mdElement(this.tight ? '' : 'p', this.#joinLines(paragraph)));
    }
    return blocks;
  }

  #inline(text: string): Inline[] {
    return renderInline(text, this.options);
  }

  #nested(lines: string[], tight: boolean): MdNode[] {
    return new Blocks(lines, this.options, false, this.depth + 1, tight).render();
  }

  /** Soft line breaks show as breaks: chat answers are written line by line. */
  #joinLines(lines: string[]): Inline[] {
    return lines.flatMap((line, index) => (index === 0 ? this.#inline(line) : [mdElement('br'), ...this.#inline(line)]));
  }

  /**
   * Renders the list that starts at `start`; returns the index after it. An item's lines lose the
   * item's content indent (marker and spaces), so a nested list or paragraph keeps its own. The list
   * is loose (its items' paragraphs in `<p>`) when a blank line separates two items or two blocks
   * directly in an item; tight otherwise, whatever its nested lists are.
   */
  #list(start: number, blocks: MdNode[]): number {
    const { lines } = this;
    const first = LIST_ITEM.exec(lines[start]!)!;
    const indent = first[1]!.length;
    const ordered = /\d/.test(first[2]!);
    // A list goes on with the same kind of marker: `-`, `*`, `+`, or a number and `.` or `)`.
    const kind = (marker: string) => marker.slice(-1);
    const items: string[][] = [];
    let contentIndent = 0;
    let i = start;
    while (i < lines.length) {
      work.steps++;
      const line = lines[i]!;
      const item = LIST_ITEM.exec(line);
      if (item && item[1]!.length <= indent + 1 && kind(item[2]!) === kind(first[2]!)) {
        items.push([line.slice(item[0].length)]);
        contentIndent = item[0].length;
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
      if (/^\s/.test(line) || !startsBlock(lines, i)) {
        items.at(-1)!.push(stripIndent(line, contentIndent));
        i++;
        continue;
      }
      break;
    }
    const loose = items.some((itemLines, index) =>
      itemLines.some((l, j) => l === '' && (j === itemLines.length - 1 ? index < items.length - 1 : directChild(itemLines[j + 1]!))),
    );
    const rendered = items.map((itemLines) => {
      // The common item, one line of text, skips a nested parse (the same output, as a paragraph).
      if (itemLines.length === 1 && this.depth < MAX_DEPTH && itemLines[0]!.trim() !== '' && !startsBlock(itemLines, 0)) {
        const text = this.#inline(itemLines[0]!.trim());
        return mdElement('li', loose ? [mdElement('p', text)] : text);
      }
      return mdElement('li', this.#nested(itemLines, !loose));
    });
    blocks.push(ordered ? mdElement('ol', rendered, { start: String(parseInt(first[2]!, 10)) }) : mdElement('ul', rendered));
    return i;
  }
}

/** `line` less up to `width` leading spaces. */
function stripIndent(line: string, width: number): string {
  let cut = 0;
  while (cut < width && line[cut] === ' ') cut++;
  return line.slice(cut);
}

/** Whether a line after a blank one in an item is a block of the item itself (not more of a nested list, not indented deeper). */
function directChild(line: string): boolean {
  return !/^\s/.test(line) && !LIST_ITEM.test(line);
}

function renderHeading(level: number, content: Inline[]): MdNode {
  return mdElement(`h${level}`, content);
}

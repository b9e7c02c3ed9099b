/**
 * A small Markdown renderer that builds Lit templates, never HTML strings: every piece of model text
 * lands in a text binding, so raw HTML in it shows as text. Covers what chat answers use: paragraphs,
 * headings, bold/italic, inline code, fenced code, lists, links, blockquotes, rules.
 */
import { html, type TemplateResult } from 'lit';

type Inline = string | TemplateResult;

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])\s+/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
/** Quotes and lists nest no deeper than this; deeper text shows as it is (no stack overflow). */
const MAX_DEPTH = 16;

/** Renders Markdown source (possibly still streaming) as a Lit template. */
export function renderMarkdown(source: string): TemplateResult {
  return html`${renderBlocks(source.replace(/\r\n?/g, '\n').split('\n'))}`;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || QUOTE.test(line) || RULE.test(line) || LIST_ITEM.test(line);
}

function renderBlocks(lines: string[], depth = 0): TemplateResult[] {
  if (depth > MAX_DEPTH) return [html`<p>${lines.join('\n')}</p>`];
  const blocks: TemplateResult[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
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
      blocks.push(renderHeading(heading[1]!.length, renderInline(heading[2]!)));
      i++;
      continue;
    }
    if (RULE.test(line)) {
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

// Alternatives, earliest match wins: `code`, [text](url "title"), **bold**, __bold__, *italic*, _italic_.
const INLINE =
  /`([^`\n]+)`|\[([^\]\n]+)\]\(\s*([^()\s]+)(?:\s+"[^"\n]*")?\s*\)|\*\*(?=\S)(.+?)\*\*|(?<!\w)__(?=\S)(.+?)__(?!\w)|\*(?=[^\s*])(.+?)\*|(?<!\w)_(?=[^\s_])(.+?)_(?!\w)/s;

/** Renders inline Markdown; text between the marks stays text. */
export function renderInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    if (match.index > 0) out.push(rest.slice(0, match.index));
    const [, code, linkText, url, bold1, bold2, em1, em2] = match;
    if (code !== undefined) out.push(html`<code>${code}</code>`);
    else if (linkText !== undefined) out.push(renderLink(linkText, url!));
    else if (bold1 !== undefined || bold2 !== undefined) out.push(html`<strong>${renderInline((bold1 ?? bold2)!)}</strong>`);
    else out.push(html`<em>${renderInline((em1 ?? em2)!)}</em>`);
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) out.push(rest);
  return out;
}

function renderLink(text: string, url: string): Inline {
  const href = safeHref(url);
  if (href === undefined) return html`<span>${renderInline(text)}</span>`;
  return html`<a href=${href} target="_blank" rel="noopener noreferrer">${renderInline(text)}</a>`;
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

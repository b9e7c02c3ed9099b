/**
 * GFM tables for markdown.ts: a header row, a delimiter row (`| :-- | :-: | --: |`) with as many cells,
 * then body rows up to a blank line or another block. Where a table starts and ends is decided here
 * (the parse needs it); its cells are built by markdown-table-render.ts, a chunk loaded with the first table.
 */
import type { MdNode } from './markdown-dom.js';
import { work, type MarkdownOptions } from './markdown-inline.js';
import { tableBlock } from './lazy-markdown-table.js';

/** More columns than this is not read as a table (a hostile header of a million pipes stays text). */
export const MAX_COLUMNS = 64;

/** A row's text between its optional leading and trailing pipes (a trailing `\|` is a pipe in the last cell). */
export function rowText(line: string): string {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  work.steps += text.length + 1;
  return text;
}

/** How many cells a row has: one more than its pipes a backslash does not escape. */
function cellCount(line: string): number {
  const text = rowText(line);
  let count = 1;
  for (let i = text.indexOf('|'); i !== -1; i = text.indexOf('|', i + 1)) if (text[i - 1] !== '\\') count++;
  return count;
}

/** Whether lines[i] is the header of a table: a pipe in it, and next a delimiter row with as many cells. */
export function startsTable(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  const next = lines[i + 1];
  // Cheap tests first: most lines have no pipe, and most next lines are no delimiter row. A delimiter
  // row has no backslash (no cell of one could match), so its cells are split on every pipe.
  if (next === undefined || !line.includes('|') || !next.includes('|') || !next.includes('-') || next.includes('\\') || !/^ {0,3}[|:-]/.test(next)) {
    return false;
  }
  const columns = cellCount(line);
  if (columns > MAX_COLUMNS) return false;
  const cells = rowText(next).split('|', columns + 1);
  return cells.length === columns && cells.every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/**
 * The table whose header is lines[start] (startsTable said so): its body runs while `isRow` accepts a
 * line. Pushes it as one block (plain text until its renderer's chunk arrives: lazy-markdown-table.ts)
 * and returns the index after it.
 */
export function readTable(
  lines: readonly string[],
  start: number,
  blocks: MdNode[],
  isRow: (i: number) => boolean,
  options: MarkdownOptions,
): number {
  let i = start + 2;
  for (; i < lines.length && isRow(i); i++) work.steps++;
  blocks.push(tableBlock(lines.slice(start, i), options));
  return i;
}

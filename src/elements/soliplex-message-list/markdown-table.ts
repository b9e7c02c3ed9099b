/**
 * GFM tables for markdown.ts: a header row, a delimiter row (`| :-- | :-: | --: |`) with as many cells,
 * then body rows up to a blank line or another block. Rows are split on unescaped pipes in one pass;
 * a short row gets empty cells, a long one loses its extra cells.
 */
import { mdElement, type MdNode } from './markdown-dom.js';
import { renderInline, work, type MarkdownOptions } from './markdown-inline.js';

type Align = 'left' | 'center' | 'right' | '';

/** More columns than this is not read as a table (a hostile header of a million pipes stays text). */
export const MAX_COLUMNS = 64;

/** The cells of a row: split on pipes a backslash does not escape; a leading and a trailing pipe are optional. */
export function splitRow(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  work.steps += text.length + 1;
  const cells: string[] = [];
  let cell = '';
  let from = 0;
  for (let i = text.indexOf('|'); i !== -1; i = text.indexOf('|', i + 1)) {
    if (text[i - 1] === '\\') {
      // `\|` is a pipe inside the cell (in code spans too).
      cell += text.slice(from, i - 1) + '|';
    } else {
      cells.push((cell + text.slice(from, i)).trim());
      cell = '';
    }
    from = i + 1;
  }
  cells.push((cell + text.slice(from)).trim());
  return cells;
}

/** The columns' alignments when `line` is a delimiter row for `columns` columns (`| :-- | --: |`). */
function delimiterRow(line: string, columns: number): Align[] | undefined {
  if (!line.includes('|') || !/^ {0,3}[|:-]/.test(line)) return undefined;
  const cells = splitRow(line);
  if (cells.length !== columns) return undefined;
  const aligns: Align[] = [];
  for (const cell of cells) {
    if (!/^:?-+:?$/.test(cell)) return undefined;
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    aligns.push(left && right ? 'center' : right ? 'right' : left ? 'left' : '');
  }
  return aligns;
}

/** Whether lines[i] is the header of a table (a pipe in it, and a delimiter row for it next). */
export function startsTable(lines: readonly string[], i: number): boolean {
  return tableHeader(lines, i) !== undefined;
}

function tableHeader(lines: readonly string[], i: number): { cells: string[]; aligns: Align[] } | undefined {
  const line = lines[i]!;
  const next = lines[i + 1];
  // Cheap tests first: most lines have no pipe, and most next lines are no delimiter row.
  if (next === undefined || !line.includes('|') || !next.includes('-') || !/^ {0,3}[|:-]/.test(next)) return undefined;
  const cells = splitRow(line);
  if (cells.length > MAX_COLUMNS) return undefined;
  const aligns = delimiterRow(next, cells.length);
  return aligns && { cells, aligns };
}

/**
 * Renders the table whose header is lines[start] (startsTable said so); its body runs while `isRow`
 * accepts a line. Returns the index after the table.
 */
export function renderTable(
  lines: readonly string[],
  start: number,
  blocks: MdNode[],
  isRow: (i: number) => boolean,
  options: MarkdownOptions,
): number {
  const { cells, aligns } = tableHeader(lines, start)!;
  const rows: string[][] = [];
  let i = start + 2;
  for (; i < lines.length && isRow(i); i++) {
    work.steps++;
    const row = splitRow(lines[i]!);
    rows.push(aligns.map((_, column) => row[column] ?? ''));
  }
  const cell = (text: string, column: number, header: boolean) => {
    const align = aligns[column] || undefined;
    const content = renderInline(text, options);
    return mdElement(header ? 'th' : 'td', content, align ? { 'data-align': align } : undefined);
  };
  const head = mdElement('thead', [mdElement('tr', cells.map((text, column) => cell(text, column, true)))]);
  const body = rows.map((row) => mdElement('tr', row.map((text, column) => cell(text, column, false))));
  const table = mdElement('table', rows.length ? [head, mdElement('tbody', body)] : [head]);
  blocks.push(mdElement('div', [table], { class: 'table' }));
  return i;
}

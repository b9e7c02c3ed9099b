/**
 * A GFM table's cells, in a chunk of its own (loaded with the first table: lazy-markdown-table.ts).
 * Rows are split on unescaped pipes in one pass; a short row gets empty cells, a long one loses its extra cells.
 */
import { mdElement, type MdNode } from './markdown-dom.js';
import { renderInline, work, type MarkdownOptions } from './markdown-inline.js';
import { rowText } from './markdown-table.js';

export { tableStyles } from './markdown-table.styles.js';

/** The cells of a row: split on pipes a backslash does not escape; a leading and a trailing pipe are optional. */
export function splitRow(line: string): string[] {
  const text = rowText(line);
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

/** The table of `lines`: its header, its delimiter row and its body rows (markdown-table.ts's startsTable and readTable found them). */
export function renderTable(lines: readonly string[], options: MarkdownOptions): MdNode {
  const [header, delimiter, ...body] = lines.map(splitRow);
  const aligns = delimiter!.map((cell) => {
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : right ? 'right' : left ? 'left' : '';
  });
  const row = (cells: string[], tag: string) =>
    mdElement(
      'tr',
      aligns.map((align, column) => mdElement(tag, renderInline(cells[column] ?? '', options), align ? { 'data-align': align } : undefined)),
    );
  const rows = body.map((cells) => {
    work.steps++;
    return row(cells, 'td');
  });
  const head = mdElement('thead', [row(header!, 'th')]);
  const table = mdElement('table', rows.length ? [head, mdElement('tbody', rows)] : [head]);
  return mdElement('div', [table], { class: 'table' });
}

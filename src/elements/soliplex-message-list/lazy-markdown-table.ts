/**
 * A GFM table in the Markdown renderer: its source lines show at once as plain preformatted text, and
 * become the table in place when its renderer (markdown-table-render.ts, a chunk of its own, with the
 * tables' styles) arrives.
 * A plain answer never loads it.
 */
import { html, type TemplateResult } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { LazyModule } from '../../core/lazy-module.js';
import { appendMarkdown } from './markdown-dom.js';
import { adoptStyles } from './adopt-styles.js';
import type { MarkdownOptions } from './markdown-inline.js';

const tables = new LazyModule(() => import('./markdown-table-render.js'));

/** The table's lines (header, delimiter row, body rows), plain until its chunk is there. */
class TableDirective extends AsyncDirective {
  #args?: Parameters<TableDirective['render']>;

  render(lines: readonly string[], options: MarkdownOptions): unknown {
    this.#args = [lines, options];
    const loaded = tables.loaded;
    if (loaded) {
      const fragment = document.createDocumentFragment();
      appendMarkdown(fragment, [loaded.renderTable(lines, options)]);
      // Its styles, in the shadow root it lands in: Lit puts it there in this same update, before any paint.
      const table = fragment.firstChild!;
      queueMicrotask(() => adoptStyles(table.getRootNode(), loaded.tableStyles));
      return fragment;
    }
    tables.load().then(
      () => {
        if (this.isConnected && this.#args) this.setValue(this.render(...this.#args));
      },
      (error: unknown) => console.error('[soliplex-chat] a table could not be loaded (it stays plain)', error),
    );
    return html`<pre class="table-plain" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
  }
}

const tableDirective = directive(TableDirective);

/** A table for the Markdown renderer: one live part that Lit updates in place while the table streams. */
export function tableBlock(lines: readonly string[], options: MarkdownOptions): TemplateResult {
  return html`${tableDirective(lines, options)}`;
}

/** Loads the tables' renderer now (a host or a test that shows tables at once). */
export function preloadTables(): Promise<unknown> {
  return tables.load();
}

/**
 * The rarer inline marks in the Markdown renderer (markdown-inline-rare.ts: images, autolinks,
 * strikethrough, a chunk of its own): a line with one shows at once as parsed without them (their
 * source as text), and is parsed again in place with them when the chunk arrives. A plain answer never
 * loads it.
 */
import { html, type TemplateResult } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { LazyModule } from '../../core/lazy-module.js';
import { appendMarkdown, type MdNode } from './markdown-dom.js';

export const rareMarks = new LazyModule(() => import('./markdown-inline-rare.js'));

const fragmentOf = (nodes: readonly MdNode[]) => {
  const fragment = document.createDocumentFragment();
  appendMarkdown(fragment, nodes);
  return fragment;
};

/** A line's nodes without its rare marks (`plain`), then `parsed()` (the line with them) once their chunk is in. */
class LazyInlineDirective extends AsyncDirective {
  render(plain: readonly MdNode[], parsed: () => MdNode[]): unknown {
    if (rareMarks.loaded) return fragmentOf(parsed());
    rareMarks.load().then(
      () => {
        if (this.isConnected) this.setValue(fragmentOf(parsed()));
      },
      (error: unknown) => console.error('[soliplex-chat] a part of the Markdown could not be loaded (it stays as text)', error),
    );
    return fragmentOf(plain);
  }
}

const lazyInlineDirective = directive(LazyInlineDirective);

/** A line with a rare mark, for the Markdown renderer: one live part, its text shown at once. */
export function lazyInline(plain: readonly MdNode[], parsed: () => MdNode[]): TemplateResult {
  return html`${lazyInlineDirective(plain, parsed)}`;
}

/** Loads the rare marks now (a host or a test that shows them at once). */
export function preloadRareMarks(): Promise<unknown> {
  return rareMarks.load();
}

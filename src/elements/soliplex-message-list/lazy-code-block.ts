/**
 * A fenced code block in the message list's own chunk: its code shows at once as plain preformatted,
 * selectable text, and becomes the full block (its language label, "Copy code", highlighting: code-block.ts,
 * a chunk of its own with its styles) in place when that chunk arrives. A plain answer never loads it.
 */
import { html, type TemplateResult } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { LazyModule } from '../../core/lazy-module.js';
import type { CodeBlockStrings } from './markdown-inline.js';

const codeBlocks = new LazyModule(() => import('./code-block.js'));

/** The block (its closing fence arrived: `closed`), plain until its chunk is there. */
class CodeBlockDirective extends AsyncDirective {
  #args?: Parameters<CodeBlockDirective['render']>;

  render(code: string, language: string, closed: boolean, strings: CodeBlockStrings | undefined): unknown {
    this.#args = [code, language, closed, strings];
    const loaded = codeBlocks.loaded;
    if (loaded) return loaded.renderCodeBlock(code, language, closed, strings);
    codeBlocks.load().then(
      () => {
        if (this.isConnected && this.#args) this.setValue(this.render(...this.#args));
      },
      (error: unknown) => console.error('[soliplex-chat] a code block could not be loaded (it stays plain)', error),
    );
    return html`<pre class="code-plain" tabindex="0"><code data-language=${language}>${code}</code></pre>`;
  }
}

const codeBlockDirective = directive(CodeBlockDirective);

/** A code block for the Markdown renderer: one live part that Lit updates in place while the block streams. */
export function codeBlock(code: string, language: string, closed: boolean, strings?: CodeBlockStrings): TemplateResult {
  return html`${codeBlockDirective(code, language, closed, strings)}`;
}

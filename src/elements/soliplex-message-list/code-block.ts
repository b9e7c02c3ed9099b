/**
 * A fenced code block: its language as a label, a "Copy code" button, and syntax highlighting that
 * loads lazily (code-highlighter.ts is a chunk of its own, imported with the first block in a bundled
 * language). The highlighter's token tree becomes Lit templates: model text only ever lands in text
 * bindings, never in HTML. This module is a chunk of its own too, loaded with the first code block
 * (lazy-code-block.ts shows the code plain until then); it brings its styles, added to the shadow root
 * a block connects in.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { grammarFor, type GrammarName } from './code-languages.js';
import { LazyModule } from '../../core/lazy-module.js';
import type { CodeBlockStrings } from './markdown-inline.js';
import { codeBlockStrings } from './code-block-strings.js';
import { adoptStyles } from './adopt-styles.js';
import { codeBlockStyles } from './code-block.styles.js';

type Highlighter = typeof import('./code-highlighter.js');
type CodeToken = import('./code-highlighter.js').CodeToken;

/** Longer code is shown plain: highlighting is a regex engine run over untrusted text, on the main thread. */
export const MAX_HIGHLIGHTED = 20_000;
/** Token spans nest no deeper than this; deeper tokens show as their text. */
const MAX_TOKEN_DEPTH = 16;
/** How long "Copied" shows after a copy. */
const COPIED_MS = 2000;

/** Kept once loaded, so a block shows its tokens in its first render; a block after a failed load tries again. */
const highlighter = new LazyModule<Highlighter>(() => import('./code-highlighter.js'));

/**
 * A code block. `closed`: its closing fence has arrived. Only a closed block is highlighted: the block
 * still streaming shows plain text, so a long block is not highlighted again for every token.
 */
export function renderCodeBlock(code: string, language: string, closed: boolean, given?: CodeBlockStrings): TemplateResult {
  const strings = { ...codeBlockStrings };
  for (const key of ['copyCode', 'codeCopied', 'codeCopyFailed'] as const) strings[key] = given?.[key] ?? strings[key];
  return html`<soliplex-code-block class="code-block">
    <div class="code-header">
      ${language ? html`<span class="code-language">${language}</span>` : nothing}
      <span class="copy-status" role="status"></span>
      <button type="button" class="copy-code" @click=${(event: Event) => copyCode(event, strings)}>${strings.copyCode}</button>
    </div>
    <pre tabindex="0"><code data-language=${language}>${closed ? highlighted(code, language) : code}</code></pre>
  </soliplex-code-block>`;
}

/**
 * The block's element (light DOM: its code stays in the list's root, for find-in-page and selection):
 * it brings the blocks' styles to the shadow root it connects in.
 * @internal Rendered by the Markdown of `<soliplex-chat>`; not a public tag.
 */
export class SoliplexCodeBlock extends HTMLElement {
  connectedCallback(): void {
    adoptStyles(this.getRootNode(), codeBlockStyles);
  }
}

if (!customElements.get('soliplex-code-block')) customElements.define('soliplex-code-block', SoliplexCodeBlock);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-code-block': SoliplexCodeBlock;
  }
}

/** Copies the block's code (its text, so highlighting spans do not matter) and says so next to the button. */
function copyCode(event: Event, strings: typeof codeBlockStrings): void {
  const block = (event.currentTarget as HTMLElement).closest('.code-block');
  const status = block?.querySelector<HTMLElement>('.copy-status');
  const code = block?.querySelector('code')?.textContent ?? '';
  const show = (text: string) => {
    if (!status) return;
    status.textContent = text;
    clearTimeout(statusTimers.get(status));
    statusTimers.set(status, setTimeout(() => (status.textContent = ''), COPIED_MS));
  };
  // navigator.clipboard is missing outside secure contexts.
  const write = navigator.clipboard?.writeText(code) ?? Promise.reject(new Error('no clipboard'));
  write.then(
    () => show(strings.codeCopied),
    () => show(strings.codeCopyFailed),
  );
}

const statusTimers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

/** Renders code as plain text, then as highlighted tokens once the highlighter and the grammar are there. */
class HighlightDirective extends AsyncDirective {
  #code = '';
  #grammar?: GrammarName;
  #plain = false;

  render(code: string, language: string): unknown {
    const grammar = code.length <= MAX_HIGHLIGHTED ? grammarFor(language) : undefined;
    this.#code = code;
    this.#grammar = grammar;
    this.#plain = false;
    if (!grammar) return code;
    const tree = highlighter.loaded?.highlight(code, grammar);
    if (tree) return renderTokens(tree);
    this.#plain = true;
    highlighter
      .load()
      .then((module) => module.loadGrammar(grammar))
      .then(
        () => this.#refresh(code, grammar),
        () => undefined, // the code stays plain
      );
    return code;
  }

  /** Shows the tokens, if this block still shows the same code, plain, and is on screen. */
  #refresh(code: string, grammar: GrammarName): void {
    if (!this.isConnected || !this.#plain || this.#code !== code || this.#grammar !== grammar) return;
    const tree = highlighter.loaded?.highlight(code, grammar);
    if (!tree) return;
    this.#plain = false;
    this.setValue(renderTokens(tree));
  }

  protected override reconnected(): void {
    if (this.#grammar) this.#refresh(this.#code, this.#grammar);
  }
}

const highlighted = directive(HighlightDirective);

/** Lit templates from a token tree: spans with the highlighter's class names, text in text bindings. */
function renderTokens(tokens: CodeToken[], depth = 0): unknown[] {
  return tokens.map((token) => {
    if (typeof token === 'string') return token;
    if (depth >= MAX_TOKEN_DEPTH) return textOf(token);
    return html`<span class=${token.className}>${renderTokens(token.children, depth + 1)}</span>`;
  });
}

/** The text under a token, walked without recursion (the tree may be deep). */
function textOf(token: CodeToken): string {
  let text = '';
  const stack: CodeToken[] = [token];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === 'string') text += next;
    else for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return text;
}

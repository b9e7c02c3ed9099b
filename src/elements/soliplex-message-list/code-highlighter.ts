/**
 * Syntax highlighting, a chunk of its own that the message list imports with the first code block in
 * a bundled language: highlight.js's core with an emitter that builds a token tree instead of HTML,
 * and one lazily imported grammar per language. code-block.ts turns the tree into Lit templates, so no
 * HTML string is ever made from model text.
 */
import hljs, { type HighlightEmitter, type LanguageFn } from '@highlightjs/cdn-assets/es/core.js';
import type { GrammarName } from './code-languages.js';

/** Highlighted code: text, and tokens (with the highlighter's CSS classes) holding more of it. */
export type CodeToken = string | { className: string; children: CodeToken[] };

type GrammarModule = Promise<{ default: LanguageFn }>;

/** One dynamic import per grammar, so each language is a chunk loaded only when a block needs it. */
const GRAMMARS: Record<GrammarName, () => GrammarModule> = {
  bash: () => import('@highlightjs/cdn-assets/es/languages/bash.min.js'),
  c: () => import('@highlightjs/cdn-assets/es/languages/c.min.js'),
  cpp: () => import('@highlightjs/cdn-assets/es/languages/cpp.min.js'),
  csharp: () => import('@highlightjs/cdn-assets/es/languages/csharp.min.js'),
  css: () => import('@highlightjs/cdn-assets/es/languages/css.min.js'),
  diff: () => import('@highlightjs/cdn-assets/es/languages/diff.min.js'),
  dockerfile: () => import('@highlightjs/cdn-assets/es/languages/dockerfile.min.js'),
  go: () => import('@highlightjs/cdn-assets/es/languages/go.min.js'),
  ini: () => import('@highlightjs/cdn-assets/es/languages/ini.min.js'),
  java: () => import('@highlightjs/cdn-assets/es/languages/java.min.js'),
  javascript: () => import('@highlightjs/cdn-assets/es/languages/javascript.min.js'),
  json: () => import('@highlightjs/cdn-assets/es/languages/json.min.js'),
  kotlin: () => import('@highlightjs/cdn-assets/es/languages/kotlin.min.js'),
  markdown: () => import('@highlightjs/cdn-assets/es/languages/markdown.min.js'),
  php: () => import('@highlightjs/cdn-assets/es/languages/php.min.js'),
  python: () => import('@highlightjs/cdn-assets/es/languages/python.min.js'),
  ruby: () => import('@highlightjs/cdn-assets/es/languages/ruby.min.js'),
  rust: () => import('@highlightjs/cdn-assets/es/languages/rust.min.js'),
  shell: () => import('@highlightjs/cdn-assets/es/languages/shell.min.js'),
  sql: () => import('@highlightjs/cdn-assets/es/languages/sql.min.js'),
  swift: () => import('@highlightjs/cdn-assets/es/languages/swift.min.js'),
  typescript: () => import('@highlightjs/cdn-assets/es/languages/typescript.min.js'),
  xml: () => import('@highlightjs/cdn-assets/es/languages/xml.min.js'),
  yaml: () => import('@highlightjs/cdn-assets/es/languages/yaml.min.js'),
};

type TokenNode = { className: string; children: CodeToken[] };

/** highlight.js's CSS classes for a scope: `title.function` is `hljs-title function_` (as its HTML output has it). */
function classesOf(scope: string): string {
  if (scope.startsWith('language:')) return `language-${scope.slice('language:'.length)}`;
  const [first, ...rest] = scope.split('.');
  return [`hljs-${first}`, ...rest.map((piece, i) => `${piece}${'_'.repeat(i + 1)}`)].join(' ');
}

/** Builds the token tree of one highlight run (highlight.js's emitter interface, as lowlight uses it). */
class TokenTreeEmitter implements HighlightEmitter {
  readonly root: TokenNode = { className: '', children: [] };
  readonly #open: TokenNode[] = [this.root];

  addText(text: string): void {
    if (!text) return;
    const { children } = this.#open.at(-1)!;
    const last = children.length - 1;
    if (typeof children[last] === 'string') children[last] += text;
    else children.push(text);
  }
  startScope(scope: string): void {
    this.openNode(scope);
  }
  endScope(): void {
    this.closeNode();
  }
  openNode(scope: string): void {
    const node: TokenNode = { className: classesOf(String(scope)), children: [] };
    this.#open.at(-1)!.children.push(node);
    this.#open.push(node);
  }
  closeNode(): void {
    if (this.#open.length > 1) this.#open.pop();
  }
  __addSublanguage(emitter: HighlightEmitter, name: string): void {
    const { children } = (emitter as TokenTreeEmitter).root;
    this.#open.at(-1)!.children.push({ className: name ? classesOf(`language:${name}`) : '', children });
  }
  finalize(): void {}
  toHTML(): string {
    return '';
  }
}

const highlighter = hljs.newInstance();
highlighter.configure({ __emitter: TokenTreeEmitter, classPrefix: 'hljs-' });
const loading = new Map<GrammarName, Promise<void>>();

/** Loads a grammar (once); resolves when `highlight` can use it. */
export function loadGrammar(name: GrammarName): Promise<void> {
  let load = loading.get(name);
  if (!load) {
    load = GRAMMARS[name]().then((module) => highlighter.registerLanguage(name, module.default));
    // A failed load (a network error) may be tried again by a later block.
    load.catch(() => loading.delete(name));
    loading.set(name, load);
  }
  return load;
}

/**
 * The tokens of `code`, or undefined while its grammar is not loaded, or when highlighting failed
 * (highlight.js then hands back a partial tree: the code would show cut short).
 */
export function highlight(code: string, name: GrammarName): CodeToken[] | undefined {
  if (!highlighter.getLanguage(name)) return undefined;
  try {
    const result = highlighter.highlight(code, { language: name, ignoreIllegals: true });
    const { root } = result._emitter as TokenTreeEmitter;
    return result.errorRaised || result.illegal || textLength(root) !== code.length ? undefined : root.children;
  } catch {
    return undefined;
  }
}

function textLength(token: CodeToken): number {
  let length = 0;
  const stack: CodeToken[] = [token];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === 'string') length += next.length;
    else for (const child of next.children) stack.push(child);
  }
  return length;
}

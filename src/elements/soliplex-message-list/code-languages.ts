/**
 * The languages a fenced code block is highlighted in, and the names a model writes after the fence
 * for them. Only these names: the table is small enough for the message list's own chunk, so a block
 * in another language (or none) never loads the highlighter at all. Each grammar loads on its own,
 * with the first block in that language (see code-highlighter.ts).
 */
export const GRAMMAR_ALIASES = {
  bash: ['sh', 'shell', 'zsh'],
  c: ['h'],
  cpp: ['c++', 'cc', 'cxx', 'hpp'],
  csharp: ['cs', 'c#'],
  css: [],
  diff: ['patch'],
  dockerfile: ['docker'],
  go: ['golang'],
  ini: ['toml'],
  java: [],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  json: ['jsonc', 'json5'],
  kotlin: ['kt'],
  markdown: ['md'],
  php: [],
  python: ['py'],
  ruby: ['rb'],
  rust: ['rs'],
  shell: ['console', 'shellsession'],
  sql: ['postgresql', 'postgres', 'mysql', 'sqlite'],
  swift: [],
  typescript: ['ts', 'tsx', 'mts', 'cts'],
  xml: ['html', 'xhtml', 'svg'],
  yaml: ['yml'],
} as const satisfies Record<string, readonly string[]>;

export type GrammarName = keyof typeof GRAMMAR_ALIASES;

const BY_NAME = new Map<string, GrammarName>(
  Object.entries(GRAMMAR_ALIASES).flatMap(([name, aliases]) => [name, ...aliases].map((alias) => [alias, name as GrammarName])),
);

/** The grammar for a fence's language name (case-insensitive), or undefined when none is bundled. */
export function grammarFor(language: string): GrammarName | undefined {
  return BY_NAME.get(language.toLowerCase());
}

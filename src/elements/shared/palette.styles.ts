import { unsafeCSS, type CSSResult } from 'lit';

/**
 * The chat's palette, once: `--soliplex-chat-<name>` → [light default, dark default]. The `@cssprop`
 * lines of `<soliplex-chat>` state the same defaults (test/node/palette.test.mjs holds them equal).
 * Code token colours are the Markdown's (`markdown.styles.ts`, with `light-dark()`).
 */
export const PALETTE = {
  background: ['#ffffff', '#0d1117'],
  foreground: ['#1f2328', '#e6edf3'],
  muted: ['#57606a', '#9198a1'],
  border: ['#c3cad2', '#3d444d'],
  surface: ['#ffffff', '#151b23'],
  accent: ['#0b5cad', '#4493f8'],
  'on-accent': ['#ffffff', '#0d1117'],
  link: ['#0b5cad', '#58a6ff'],
  'user-background': ['#ddf4ff', '#12263f'],
  'user-foreground': ['#1f2328', '#e6edf3'],
  'assistant-background': ['#f6f8fa', '#151b23'],
  'code-background': ['#eaeef2', '#262c36'],
  'input-background': ['#ffffff', '#0d1117'],
  success: ['#187733', '#3fb950'],
  warning: ['#8a5c00', '#d29922'],
  danger: ['#c4202b', '#ff7b72'],
  denied: ['#6639ba', '#ab7df8'],
} as const;

export type PaletteName = keyof typeof PALETTE;

/** One theme's declarations of the internal variables (`--_sc-<name>`): a page's `--soliplex-chat-*` property wins, else the theme's default. */
function declarations(theme: 0 | 1): string {
  const colours = Object.entries(PALETTE).map(([name, pair]) => `--_sc-${name}:var(--soliplex-chat-${name},${pair[theme]});`);
  return `${colours.join('')}color-scheme:${theme ? 'dark' : 'light'}`;
}

/**
 * The chat's theme rules: light by default, dark with `theme="dark"`, and dark with `auto` (or no
 * theme) under `prefers-color-scheme: dark`. CSS cannot share one block between a selector and a media
 * query, so the dark declarations are made once here and placed in both.
 */
export const paletteStyles: CSSResult = (() => {
  const dark = declarations(1);
  return unsafeCSS(
    `:host{${declarations(0)}}:host([theme='dark']){${dark}}@media (prefers-color-scheme:dark){:host(:not([theme='light'])){${dark}}}`,
  );
})();

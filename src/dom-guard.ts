/*
 * Imported first by the package entry, before Lit; `dom-guard-end.ts` is imported last. Where there
 * is no DOM (an edge worker, SSR, Node with the `browser` export condition, which picks Lit's browser
 * build), Lit's modules touch `HTMLElement` and `document`, and the element modules call
 * `customElements.define`, at import: each a ReferenceError. This puts stand-ins on `globalThis` for
 * the (synchronous) evaluation of the package's modules only, and `dom-guard-end` takes them away,
 * so other code never mistakes the runtime for a browser. Nothing upgrades or renders there; the
 * engine (`soliplex-chat/core`) needs no DOM at all. In a browser this does nothing.
 */
const g = globalThis as Record<string, unknown>;
const installed: string[] = [];

function standIn(name: string, value: unknown): void {
  if (typeof g[name] !== 'undefined') return;
  g[name] = value;
  installed.push(name);
}

standIn('HTMLElement', class HTMLElement {});
standIn('customElements', {
  get: () => undefined,
  define: () => undefined,
  whenDefined: () => new Promise<never>(() => {}),
});
// lit-html builds its template walker at import (its own Node build uses the same stand-in).
standIn('document', { createTreeWalker: () => ({}) });

/** Removes the stand-ins this module put on `globalThis`. */
export function removeDomStandIns(): void {
  for (const name of installed.splice(0)) delete g[name];
}

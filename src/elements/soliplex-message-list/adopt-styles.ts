import type { CSSResult } from 'lit';

/** The shadow roots each lazily loaded sheet has been added to. */
const adopted = new WeakMap<CSSResult, WeakSet<ShadowRoot>>();

/**
 * Adds the styles of a lazily loaded piece of Markdown (a code block, a table) to the shadow root it
 * lands in, once per root: the element that renders Markdown (the message list, an answer's sources)
 * does not carry them in its own styles, so a plain answer never loads them. Called when the piece
 * connects, so they are there before it is first painted. Outside a shadow root (a page that renders
 * the npm build's Markdown in its own DOM) the page styles it, as it does the rest.
 */
export function adoptStyles(root: Node, styles: CSSResult): void {
  if (!(root instanceof ShadowRoot)) return;
  let roots = adopted.get(styles);
  if (!roots) adopted.set(styles, (roots = new WeakSet()));
  if (roots.has(root)) return;
  roots.add(root);
  const sheet = styles.styleSheet;
  if (sheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  else {
    // No constructable sheets (Lit styles the root with <style> elements then): one more.
    const style = document.createElement('style');
    style.textContent = styles.cssText;
    root.appendChild(style);
  }
}

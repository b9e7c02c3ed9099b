import { fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, type ClientTool } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { ScriptedTransport, until, type ScriptedRun } from '../helpers/scripted-transport.js';
import '../../src/index.js';

/** A chat on an engine driven by a scripted transport. */
export async function chatWith(runs: ScriptedRun[], tools: ClientTool[] = []) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport });
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat .engine=${engine} .toolRegistry=${new ToolRegistry(tools)} thread="t1"></soliplex-chat>`,
  );
  return { el, engine, transport };
}

/** Every element matching `selector` in `root` and in the shadow roots below it. */
export function deepQueryAll<E extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): E[] {
  const found: E[] = [...root.querySelectorAll<E>(selector)];
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) found.push(...deepQueryAll<E>(el.shadowRoot, selector));
  }
  if (root instanceof Element && root.shadowRoot) found.push(...deepQueryAll<E>(root.shadowRoot, selector));
  return found;
}

export function deepQuery<E extends Element = HTMLElement>(root: Element | ShadowRoot, selector: string): E | undefined {
  return deepQueryAll<E>(root, selector)[0];
}

/** The status line element (inside <soliplex-run-status>). */
export function statusLine(el: SoliplexChat): HTMLElement {
  return deepQuery(el, '[part~="status"]')!;
}

/** Waits until a deep query finds something, and returns it. */
export async function waitFor<E extends Element = HTMLElement>(el: Element, selector: string, limitMs = 5000): Promise<E> {
  await until(() => deepQuery(el, selector) !== undefined, limitMs);
  return deepQuery<E>(el, selector)!;
}

export async function settled(el: SoliplexChat): Promise<void> {
  await el.updateComplete;
  for (const child of deepQueryAll<HTMLElement & { updateComplete?: Promise<unknown> }>(el, '*')) await child.updateComplete;
}

export { until };

import { fixture, html, oneEvent } from '@open-wc/testing';
import { RunOrchestrator, ThreadIndex, ToolRegistry, type ClientTool } from '../../src/index.js';
import { LocalThreadSync } from '../../src/core/threads/local-thread-sync.js';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
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

/** Sends `text` and resolves with the turn's `soliplex-run-finished` once the chat and its parts have rendered. */
export async function turn(el: SoliplexChat, text: string): Promise<SoliplexRunFinishedEvent> {
  const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
  el.send(text);
  const event = await done;
  await settled(el);
  return event;
}

/**
 * The chat leaves the page as on a reload (its engine is disposed); resolves once what it kept is written.
 * The storage code is a chunk of its own: on a loaded machine it may still be loading when a turn ends,
 * and a page that goes before it has loaded has nothing to keep. Tests of what a chat keeps once it can
 * wait for it first.
 */
export async function leave(el: SoliplexChat): Promise<void> {
  const engine = el.engine!;
  if (!el.noPersist) await until(() => !!LocalThreadSync.of(engine), 20_000);
  el.remove();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await ThreadIndex.for(engine).flush();
}

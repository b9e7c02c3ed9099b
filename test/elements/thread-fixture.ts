import { fixture, html } from '@open-wc/testing';
import { ToolRegistry, type SoliplexChat, type SoliplexRunFinishedEvent, type SoliplexThreadList, type ThreadKey } from '../../src/index.js';
import { deepQueryAll, until } from './chat-fixture.js';

/** The built-in list of a chat with `threads`. */
export async function panelOf(chat: SoliplexChat): Promise<SoliplexThreadList> {
  await until(() => !!chat.shadowRoot?.querySelector('soliplex-thread-list')?.shadowRoot);
  return chat.shadowRoot!.querySelector('soliplex-thread-list')!;
}

/** The list's thread buttons, in order. */
export function entryButtons(list: SoliplexThreadList): HTMLButtonElement[] {
  return [...list.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~="thread-button"]')];
}

/**
 * The entry's accessible name: the text of its button that assistive technology reads (the badges are
 * hidden from it; the title and the state words are not).
 */
export function nameOf(button: HTMLElement): string {
  return button.querySelector('.title')!.textContent!.trim();
}

/** The thread button whose accessible name starts with `title`. */
export function entry(list: SoliplexThreadList, title: string): HTMLButtonElement | undefined {
  return entryButtons(list).find((b) => nameOf(b).startsWith(title));
}

/** Waits until the entry titled `title` has an accessible name (and badge) matching `test`. */
export async function untilEntry(list: SoliplexThreadList, title: string, test: (name: string, badge: string) => boolean, limitMs = 5000) {
  await until(() => {
    const button = entry(list, title);
    if (!button) return false;
    const badge = button.querySelector('[part~="badge"]')?.textContent?.trim() ?? '';
    return test(nameOf(button), badge);
  }, limitMs);
  return entry(list, title)!;
}

export function newChatButton(list: SoliplexThreadList): HTMLButtonElement {
  return list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="new-chat-button"]')!;
}

/** The `soliplex-run-finished` events of one thread. */
export function finishedOn(el: EventTarget, thread: () => string | undefined) {
  const events: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => {
    if ((e as SoliplexRunFinishedEvent).threadKey.thread === thread()) events.push(e as SoliplexRunFinishedEvent);
  });
  return events;
}

/** A gate a test opens when it wants: `wait()` resolves once `open()` is called. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, wait: () => opened };
}

/** A chat with the built-in thread list on the demo server's generic endpoint. */
export async function threadsChat(agentUrl: string, tools: ToolRegistry = new ToolRegistry()) {
  const el = await fixture<SoliplexChat>(html`<soliplex-chat thread-list no-persist agent-url=${agentUrl} .toolRegistry=${tools}></soliplex-chat>`);
  return { el, list: await panelOf(el) };
}

/** The assistant messages' text. */
export const answers = (el: Element) =>
  deepQueryAll(el, '[part~="assistant-message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').replace('Assistant:', '').trim());

export type { ThreadKey };

import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, type SoliplexChat, type SoliplexChatStringsOverrides } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';

/** A marked translation of every string this test can bring on screen: «key». */
const mark = (key: string) => `«${key}»`;
const SHOWN = ['inputLabel', 'inputPlaceholder', 'send', 'newChat', 'threadsLabel', 'conversationLabel', 'you', 'assistant', 'copy', 'edit', 'regenerate', 'copyCode'] as const;
const LIST_SHOWN = ['listLabel', 'newChat'] as const;

/** What a person (or a screen reader) gets from the chat: text, accessible names, placeholders, titles. */
function onScreen(el: Element): string {
  const words: string[] = [];
  for (const node of deepQueryAll(el, '*')) {
    for (const child of node.childNodes) if (child.nodeType === Node.TEXT_NODE) words.push(child.textContent ?? '');
    for (const attr of ['aria-label', 'placeholder', 'title']) if (node.hasAttribute(attr)) words.push(node.getAttribute(attr)!);
  }
  return words.join('\n');
}

async function translatedChat(strings: SoliplexChatStringsOverrides) {
  const transport = new ScriptedTransport([[runStarted(), ...text('a1', 'Here:\n\n```js\nlet x = 1;\n```\n'), runFinished()]]);
  const engine = new RunOrchestrator({ transport });
  const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} .strings=${strings} thread="t1" thread-list></soliplex-chat>`);
  const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
  el.send('hi');
  await finished;
  await until(() => deepQuery(el, '.copy-code') !== undefined && deepQuery(el, '[part~="thread-list"]') !== undefined);
  await settled(el);
  return el;
}

describe('every UI string is translatable (strings)', () => {
  const strings: SoliplexChatStringsOverrides = {
    ...Object.fromEntries(SHOWN.map((key) => [key, mark(key)])),
    threadList: Object.fromEntries(LIST_SHOWN.map((key) => [key, mark(`threadList.${key}`)])),
    codeCopied: mark('codeCopied'),
    codeCopyFailed: mark('codeCopyFailed'),
  };

  it('shows each translated string, and not its English default', async () => {
    const el = await translatedChat(strings);
    const screen = onScreen(el);
    for (const key of SHOWN) expect(screen, key).to.contain(mark(key));
    for (const key of LIST_SHOWN) expect(screen, `threadList.${key}`).to.contain(mark(`threadList.${key}`));
    // The words that were hard-coded before: the drawer button, the code block's button, the list's label.
    for (const english of ['Chats', 'Copy code', 'New chat', 'Conversation']) expect(screen, english).not.to.contain(english);
  });

  it("says how a code block's copy went in the page's words, and follows a change of strings", async () => {
    const el = await translatedChat(strings);
    deepQuery<HTMLButtonElement>(el, '.copy-code')!.click();
    const status = deepQuery(el, '.copy-status')!;
    await until(() => status.textContent !== '');
    expect([mark('codeCopied'), mark('codeCopyFailed')]).to.include(status.textContent);

    el.strings = { ...strings, copyCode: mark('copyCode again'), threadsLabel: mark('threadsLabel again') };
    await settled(el);
    const screen = onScreen(el);
    expect(screen).to.contain(mark('copyCode again'));
    expect(screen).to.contain(mark('threadsLabel again'));
  });
});

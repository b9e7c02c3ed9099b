import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/index.js';
import { deepQuery, until } from './chat-fixture.js';
import { server } from '../helpers/agui-server.js';
import { panelOf } from './thread-fixture.js';

// Issue 24, item 11: a page's own rules for the host (`soliplex-chat { display: block }` is common) and
// its fonts must not undo the chat's layout.

const shown = (el: Element) => {
  const box = el.getBoundingClientRect();
  return getComputedStyle(el).visibility !== 'hidden' && box.width > 0 && box.height > 0;
};
const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** Every "New chat" a person can see: the header's and the list's. */
const visibleNewChats = (el: SoliplexChat, list: HTMLElement) =>
  [...el.shadowRoot!.querySelectorAll('[part~="new-chat-button"]'), ...list.shadowRoot!.querySelectorAll('[part~="new-chat-button"]')].filter(shown);

async function chatUnder(pageRule: string, width: number, title = 'Assistant') {
  const style = document.createElement('style');
  style.textContent = `body { font-family: serif; } .layout-host { ${pageRule} }`;
  document.head.append(style);
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat class="layout-host" thread-list no-persist chat-title=${title} agent-url=${`${server}/agent`} style="width: ${width}px; height: 480px"></soliplex-chat>`,
  );
  const list = await panelOf(el);
  await until(() => !!el.shadowRoot!.querySelector('[part~="threads-toggle"]'));
  return { el, list, cleanup: () => style.remove() };
}

describe('<soliplex-chat>: a layout that holds', () => {
  for (const display of ['block', 'flex', 'grid', 'inline-block', 'inline-flex']) {
    it(`a page's "display: ${display}" keeps the list beside the chat and the composer inside the chat`, async () => {
      const { el, list, cleanup } = await chatUnder(`display: ${display};`, 900);
      try {
        const root = el.shadowRoot!.querySelector('[part~="root"]')!.getBoundingClientRect();
        const panel = list.getBoundingClientRect();
        const host = el.getBoundingClientRect();
        expect(panel.right, 'the list is left of the chat').to.be.at.most(root.left);
        expect(Math.abs(panel.top - root.top), 'side by side, not stacked').to.be.below(2);
        const composer = deepQuery(el, '[part~="input"]')!.getBoundingClientRect();
        expect(composer.bottom, 'the composer is not pushed off the chat').to.be.at.most(host.bottom + 0.5);
        expect(root.width, 'the chat keeps most of the width').to.be.above(host.width / 2);
        expect(visibleNewChats(el, list), 'one New chat with the list shown').to.have.length(1);
      } finally {
        cleanup();
      }
    });
  }

  it('narrow: the drawer button sits in the header beside New chat (never over it) in the chat\'s font, and one New chat shows', async () => {
    const { el, list, cleanup } = await chatUnder('display: block;', 360);
    try {
      const toggle = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="threads-toggle"]')!;
      const newChat = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="header"] [part~="new-chat-button"]')!;
      await until(() => shown(toggle));
      expect(shown(newChat)).to.equal(true);
      expect(overlap(toggle.getBoundingClientRect(), newChat.getBoundingClientRect()), 'the toggle covers New chat').to.equal(false);
      expect(overlap(toggle.getBoundingClientRect(), el.shadowRoot!.querySelector('[part~="title"]')!.getBoundingClientRect())).to.equal(false);
      const font = getComputedStyle(toggle).fontFamily;
      expect(font).to.not.equal('serif');
      expect(font).to.equal(getComputedStyle(deepQuery(el, '[part~="input"]')!).fontFamily);
      expect(visibleNewChats(el, list), 'the drawer is closed: only the header\'s').to.deep.equal([newChat]);
      await expect(el).to.be.accessible();
    } finally {
      cleanup();
    }
  });

  it('narrow without a title: the header carries the drawer button; wide without a title: no empty header bar', async () => {
    const { el, cleanup } = await chatUnder('display: block;', 360, '');
    try {
      const header = el.shadowRoot!.querySelector<HTMLElement>('[part~="header"]')!;
      await until(() => shown(header));
      el.style.width = '900px';
      await until(() => !shown(header));
    } finally {
      cleanup();
    }
  });
});

import { expect } from '@open-wc/testing';
import { messagePages, PAGE_SIZE, type MessagePage } from '../../src/elements/soliplex-message-list/message-pages.js';

/**
 * The pages of the message list, cut again per render from the first changed item only (a streamed
 * token in a long chat), are the pages a cut of the whole list gives: the same boundaries, the same items.
 */

type Item = { readonly id: string; readonly v: number };

/** The whole cut, every call (the rule of `messagePages` without reuse). */
function reference() {
  let starts = new Set<string>();
  return (items: readonly Item[]): MessagePage<Item>[] => {
    const pages: MessagePage<Item>[] = [];
    let page: MessagePage<Item> | undefined;
    for (const item of items) {
      if (!page || page.items.length >= PAGE_SIZE || starts.has(item.id)) pages.push((page = { id: item.id, items: [] }));
      page.items.push(item);
    }
    starts = new Set(pages.map((p) => p.id));
    return pages;
  };
}

describe('message pages', () => {
  it('cut again from the first changed item, give the pages of a whole cut, through streaming, growth at both ends, edits and shrinking', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let next = 0;
    const item = (id = `m${next++}`): Item => ({ id, v: random() });
    let items: Item[] = Array.from({ length: 60 }, () => item());
    const cut = messagePages();
    const whole = reference();
    for (let step = 0; step < 2000; step++) {
      const r = random();
      if (r < 0.5 && items.length) items = [...items.slice(0, -1), item(items.at(-1)!.id)]; // a streamed token
      else if (r < 0.7) items = [...items, item()]; // a new message
      else if (r < 0.78) items = [...Array.from({ length: 1 + Math.floor(random() * 30) }, () => item()), ...items]; // older ones
      else if (r < 0.86 && items.length) {
        const at = Math.floor(random() * items.length); // an edit somewhere: that message anew
        items = [...items.slice(0, at), item(items[at]!.id), ...items.slice(at + 1)];
      } else if (r < 0.94) items = items.slice(0, Math.floor(random() * items.length)); // shrank (a version switch)
      else items = items.filter(() => random() < 0.9); // some removed
      const got = cut(items).map((p) => ({ id: p.id, items: p.items.map((i) => i.id + i.v) }));
      const want = whole(items).map((p) => ({ id: p.id, items: p.items.map((i) => i.id + i.v) }));
      expect(got, `step ${step}`).to.deep.equal(want);
    }
  });
});

// A generic chat keeps its conversation in this browser (local-threads chunk), but reading a kept copy
// back (local-thread-records.ts, with the sync's read-back half, local-thread-follow.ts) loads only when
// there is one: a first visit's saves never load it, a reload does. This file imports the CDN entry only
// (src/cdn.ts), not the package's index (whose core index imports that code statically): a fresh page
// here loads it as a CDN chat does. A file of its own: a module, once loaded, stays loaded.
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/cdn.js';
import '../../src/cdn.js';
import { LocalThreadSync } from '../../src/core/threads/local-thread-sync.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { loaded, until } from '../helpers/module-loads.js';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** Every element matching `selector` in `root` and the shadow roots below it. */
function deepAll(root: Element | ShadowRoot, selector: string): Element[] {
  const found: Element[] = [...root.querySelectorAll(selector)];
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) found.push(...deepAll(el.shadowRoot, selector));
  return found;
}
const texts = (el: SoliplexChat, part: string) => deepAll(el.shadowRoot!, `[part~="${part}"]`).map((m) => m.textContent ?? '');

describe('<soliplex-chat> a kept conversation read back, its code loaded with the first read (CDN entry)', function () {
  this.timeout(60_000);
  before(() => deleteDatabase('soliplex-chat-threads'));

  it('a first visit saves without the read-back code; a reload loads it and shows the conversation', async () => {
    const { agentUrl } = await script([[started, ...say('m1', 'Kept for later.'), finished]]);
    const thread = `readback-${Math.random().toString(36).slice(2)}`;
    const first = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
    let ended = false;
    first.addEventListener('soliplex-run-finished', () => (ended = true));
    await first.engineReady;
    await until(() => !!LocalThreadSync.of(first.engine!), 'the storage code');
    expect(first.send('remember this')).to.equal(true);
    await until(() => ended, 'the answer');
    const sync = LocalThreadSync.of(first.engine!)!;
    await sync.flush();
    expect(loaded('/local-thread-records'), 'a first visit reads nothing back').to.equal(false);
    expect(loaded('/local-thread-follow')).to.equal(false);

    // The reload: the chat leaves the page (what it kept is written), a new one opens on the same thread.
    first.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await sync.flush();
    const reloaded = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
    await until(() => texts(reloaded, 'assistant-message').some((t) => t.includes('Kept for later.')), 'the kept answer');
    expect(texts(reloaded, 'user-message').some((t) => t.includes('remember this'))).to.equal(true);
    expect(loaded('/local-thread-records')).to.equal(true);
    expect(loaded('/local-thread-follow')).to.equal(true);
  });
});

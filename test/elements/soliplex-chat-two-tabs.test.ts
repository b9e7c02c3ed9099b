import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/index.js';
import { deepQueryAll, leave, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * Following another tab's saves (LocalThreadSync, its BroadcastChannel): an idle tab shows what the
 * other saved. A page of its own, so that a later move of this path to a lazily loaded chunk is
 * proved from a fresh page. Two chats with their own engines on one thread are two tabs to the store
 * (each its own writer and BroadcastChannel).
 */

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

const open = (agentUrl: string, thread: string) => fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
const texts = (el: SoliplexChat, part: string) => deepQueryAll(el, `[part~="${part}"]`).map((m) => m.textContent ?? '');

describe('soliplex-chat in two tabs', () => {
  beforeEach(() => deleteDatabase('soliplex-chat-threads'));

  it('an idle tab on the same thread shows the turn the other tab saved', async () => {
    const { agentUrl } = await script([[started, ...say('m1', 'Saved in tab A.'), finished]]);
    const thread = `tabs-${Math.random().toString(36).slice(2)}`;
    const a = await open(agentUrl, thread);
    const b = await open(agentUrl, thread);
    const done: Event[] = [];
    a.addEventListener('soliplex-run-finished', (e) => done.push(e));
    a.send('asked in tab A');
    await until(() => done.length === 1);
    // B never ran a turn: it follows A's saved copy, the question and the answer.
    await until(() => texts(b, 'assistant-message').some((t) => t.includes('Saved in tab A.')), 8000);
    expect(texts(b, 'user-message').some((t) => t.includes('asked in tab A'))).to.equal(true);
    await leave(a);
    await leave(b);
  });
});

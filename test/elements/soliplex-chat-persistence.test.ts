import { expect, fixture, html } from '@open-wc/testing';
import { LocalThreadStore, ThreadIndex, ToolRegistry, type ClientTool, type SoliplexChat, type SoliplexErrorEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, leave, until, waitFor } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { toolCall } from '../helpers/agui-events.js';
import { provideOwnEngine } from '../../src/elements/soliplex-chat/chat-parts.js';
import { createOwnEngine, keepThreadsLocally } from '../../src/elements/soliplex-chat/own-engine.js';
import { LocalThreadSync } from '../../src/core/threads/local-thread-sync.js';

/**
 * Issue 20: every conversation of a generic endpoint is kept in this browser, with no thread list,
 * turns in flight included. A reload is simulated as a page would see it: the chat leaves the page
 * (its engine is disposed) and a new chat opens with the same `thread`.
 */

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

const hang = { $hang: true };

function open(agentUrl: string, thread?: string, tools: ClientTool[] = []) {
  return fixture<SoliplexChat>(
    thread
      ? html`<soliplex-chat agent-url=${agentUrl} thread=${thread} .toolRegistry=${new ToolRegistry(tools)}></soliplex-chat>`
      : html`<soliplex-chat agent-url=${agentUrl} .toolRegistry=${new ToolRegistry(tools)}></soliplex-chat>`,
  );
}

/** Resolves once the chat's storage code has loaded (its sync of the engine exists). */
const storageLoaded = (el: SoliplexChat) => until(() => !!LocalThreadSync.of(el.engine!), 20_000);

const texts = (el: SoliplexChat, part: string) => deepQueryAll(el, `[part~="${part}"]`).map((m) => m.textContent ?? '');
const userTexts = (el: SoliplexChat) => texts(el, 'user-message');
const assistantTexts = (el: SoliplexChat) => texts(el, 'assistant-message');

describe('soliplex-chat keeps its conversations (issue 20)', () => {
  beforeEach(() => deleteDatabase('soliplex-chat-threads'));

  it('without a thread list: a chat opened on the same thread after a reload shows the conversation', async () => {
    const { agentUrl } = await script([[started, ...say('m1', 'Kept without a list.'), finished]]);
    const first = await open(agentUrl);
    const done: Event[] = [];
    first.addEventListener('soliplex-run-finished', (e) => done.push(e));
    first.send('remember this');
    await until(() => done.length === 1);
    const thread = first.thread;
    await leave(first);

    const reloaded = await open(agentUrl, thread);
    await until(() => assistantTexts(reloaded).some((t) => t.includes('Kept without a list.')));
    expect(userTexts(reloaded).some((t) => t.includes('remember this'))).to.equal(true);
    expect(deepQuery(reloaded, '[part~="empty-state"]')).to.equal(undefined);
  });

  it('reopening a kept thread shows no empty state before the conversation (checked every frame)', async () => {
    const { agentUrl } = await script([[started, ...say('m1', 'No flash.'), finished]]);
    const first = await open(agentUrl);
    const done: Event[] = [];
    first.addEventListener('soliplex-run-finished', (e) => done.push(e));
    first.send('no empty state please');
    await until(() => done.length === 1);
    const thread = first.thread;
    await leave(first);

    const el = document.createElement('soliplex-chat');
    el.setAttribute('agent-url', agentUrl);
    el.setAttribute('thread', thread);
    let flashed = false;
    let watching = true;
    const watch = () => {
      if (deepQuery(el, '[part~="empty-state"]')) flashed = true;
      if (watching) requestAnimationFrame(watch);
    };
    // A slow disk: the kept thread takes 150 ms to read.
    const load = LocalThreadStore.prototype.load;
    LocalThreadStore.prototype.load = async function (key) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return load.call(this, key);
    };
    document.body.append(el);
    watch();
    try {
      await until(() => assistantTexts(el).some((t) => t.includes('No flash.')));
    } finally {
      LocalThreadStore.prototype.load = load;
      watching = false;
      el.remove();
    }
    expect(flashed, 'the empty state was painted before the kept conversation').to.equal(false);
  });

  it('no-persist keeps nothing', async () => {
    const { agentUrl } = await script([[started, ...say('m1', 'Not kept.'), finished]]);
    const first = await fixture<SoliplexChat>(html`<soliplex-chat no-persist agent-url=${agentUrl}></soliplex-chat>`);
    const done: Event[] = [];
    first.addEventListener('soliplex-run-finished', (e) => done.push(e));
    first.send('forget this');
    await until(() => done.length === 1);
    const thread = first.thread;
    await leave(first);
    const reloaded = await open(agentUrl, thread);
    await waitFor(reloaded, '[part~="empty-state"]');
    expect(userTexts(reloaded)).to.deep.equal([]);
  });

  it('persist turned off while the chat runs: later turns are not kept; turned on again, they are', async () => {
    const { agentUrl } = await script([
      [started, ...say('m1', 'Kept one.'), finished],
      [started, ...say('m2', 'Not kept.'), finished],
      [started, ...say('m3', 'Kept again.'), finished],
    ]);
    const el = await open(agentUrl);
    const done: Event[] = [];
    el.addEventListener('soliplex-run-finished', (e) => done.push(e));
    const turn = async (text: string, n: number) => {
      el.send(text);
      await until(() => done.length === n);
      await ThreadIndex.for(el.engine!).flush();
    };
    await storageLoaded(el);
    await turn('one', 1);
    el.noPersist = true;
    await el.updateComplete;
    await turn('two', 2);
    const thread = el.thread;
    el.remove();
    const reloaded = await open(agentUrl, thread);
    await until(() => assistantTexts(reloaded).some((t) => t.includes('Kept one.')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(assistantTexts(reloaded).join(' ')).not.to.contain('Not kept.');
    reloaded.remove();

    const again = await open(agentUrl);
    again.thread = thread;
    again.noPersist = true;
    await again.updateComplete;
    again.noPersist = false;
    await until(() => assistantTexts(again).some((t) => t.includes('Kept one.')));
    const doneAgain: Event[] = [];
    again.addEventListener('soliplex-run-finished', (e) => doneAgain.push(e));
    again.send('three');
    await until(() => doneAgain.length === 1);
    await leave(again);
    const last = await open(agentUrl, thread);
    await until(() => assistantTexts(last).some((t) => t.includes('Kept again.')));
  });

  it('persist turned off while the storage code still loads: nothing is kept', async () => {
    // The storage code arrives only after the turn ends (as on a slow network or a loaded machine).
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    provideOwnEngine(createOwnEngine, async (engine, wanted) => {
      await arrived;
      return keepThreadsLocally(engine, wanted);
    });
    let thread: string;
    try {
      const { agentUrl } = await script([[started, ...say('m1', 'Never kept.'), finished]]);
      const el = await open(agentUrl);
      el.noPersist = true;
      await el.updateComplete;
      const done: Event[] = [];
      el.addEventListener('soliplex-run-finished', (e) => done.push(e));
      el.send('private');
      await until(() => done.length === 1);
      release();
      await new Promise((resolve) => setTimeout(resolve, 200));
      thread = el.thread;
      await leave(el);
      const reloaded = await open(agentUrl, thread);
      await waitFor(reloaded, '[part~="empty-state"]');
      expect(assistantTexts(reloaded).join(' ')).not.to.contain('Never kept.');
    } finally {
      provideOwnEngine(createOwnEngine, keepThreadsLocally);
    }
  });

  it('a reload mid-stream keeps the user message and what streamed so far', async () => {
    const { agentUrl } = await script([
      [started, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half an ans' }, hang],
    ]);
    const first = await open(agentUrl);
    first.send('stream something');
    await until(() => assistantTexts(first).some((t) => t.includes('Half an ans')));
    const thread = first.thread;
    await leave(first);

    const reloaded = await open(agentUrl, thread);
    await until(() => assistantTexts(reloaded).some((t) => t.includes('Half an ans')));
    expect(userTexts(reloaded).some((t) => t.includes('stream something'))).to.equal(true);
  });

  it('a reload while a tool runs keeps the call, and the tool is not run again', async () => {
    const { agentUrl, requests } = await script([[started, ...toolCall('c1', 'slow_tool', {}), finished], [started, ...say('m2', 'never'), finished]]);
    let runs = 0;
    const slow: ClientTool = { name: 'slow_tool', description: 'Never ends', execute: () => (runs++, new Promise(() => {})) };
    const first = await open(agentUrl, undefined, [slow]);
    first.send('run the slow tool');
    await until(() => runs === 1);
    const thread = first.thread;
    await leave(first);

    const reloaded = await open(agentUrl, thread, [slow]);
    await until(() => !!deepQuery(reloaded, '[part~="tool-card"]'));
    expect(deepQuery(reloaded, '[part~="tool-name"]')!.textContent).to.contain('slow_tool');
    expect(userTexts(reloaded).some((t) => t.includes('run the slow tool'))).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs, 'the tool never runs twice').to.equal(1);
    expect(await requests()).to.have.length(1);
  });

  it('a reload after a tool returned, while the continuation streams, keeps the call with its result', async () => {
    const { agentUrl } = await script([
      [started, ...toolCall('c1', 'get_number', {}), finished],
      [started, { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' }, hang],
    ]);
    let runs = 0;
    const tool: ClientTool = { name: 'get_number', description: 'A number', execute: () => (runs++, 'forty-two') };
    const first = await open(agentUrl, undefined, [tool]);
    first.send('get the number');
    await until(() => deepQuery(first, '[part~="tool-card"]')?.dataset['status'] === 'completed');
    const thread = first.thread;
    await leave(first);

    const reloaded = await open(agentUrl, thread, [tool]);
    const card = await waitFor(reloaded, '[part~="tool-card"]');
    await until(() => card.dataset['status'] === 'completed');
    const { conversation } = reloaded.engine!.snapshot({ server: agentUrl, room: '', thread });
    expect(Object.values(conversation.toolCalls).map((c) => c.result)).to.deep.equal(['forty-two']);
    expect(conversation.messages.filter((m) => m.role === 'user').map((m) => (m as { text: string }).text)).to.deep.equal(['get the number']);
    expect(runs).to.equal(1);
  });

  it('a reload while an approval waits keeps the call; nothing runs without the user', async () => {
    const { agentUrl } = await script([[started, ...toolCall('c1', 'delete_note', {}), finished], [started, ...say('m2', 'deleted'), finished]]);
    let runs = 0;
    const tool: ClientTool = { name: 'delete_note', description: 'Deletes', requiresApproval: true, execute: () => (runs++, 'gone') };
    const first = await open(agentUrl, undefined, [tool]);
    first.send('delete the note');
    await waitFor(first, '[part~="approval-card"]');
    const thread = first.thread;
    await leave(first);

    const reloaded = await open(agentUrl, thread, [tool]);
    await until(() => !!deepQuery(reloaded, '[part~="tool-card"], [part~="approval-card"]'));
    expect(userTexts(reloaded).some((t) => t.includes('delete the note'))).to.equal(true);
    expect(runs).to.equal(0);
  });

  it('storage full: said once (an event and a notice), and the conversation goes on', async () => {
    const { agentUrl } = await script([
      [started, ...say('m1', 'First answer.'), finished],
      [started, ...say('m2', 'Second answer.'), finished],
    ]);
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    try {
      const el = await open(agentUrl);
      const errors: SoliplexErrorEvent[] = [];
      el.addEventListener('soliplex-error', (e) => errors.push(e));
      const done: Event[] = [];
      el.addEventListener('soliplex-run-finished', (e) => done.push(e));
      el.send('one');
      await until(() => done.length === 1);
      await ThreadIndex.for(el.engine!).flush();
      const notice = await waitFor(el, '[part~="storage-notice"]');
      expect(notice.textContent).to.match(/storage is full/i);
      el.send('two');
      await until(() => done.length === 2);
      await ThreadIndex.for(el.engine!).flush();
      await el.updateComplete;
      expect(errors).to.have.length(1);
      expect(errors[0]!.message).to.match(/storage is full/i);
      expect(deepQueryAll(el, '[part~="storage-notice"]')).to.have.length(1);
      expect(assistantTexts(el).join(' ')).to.contain('First answer.').and.to.contain('Second answer.');
      expect(userTexts(el).map((t) => t.trim())).to.have.length(2);
    } finally {
      IDBObjectStore.prototype.put = put;
    }
  });

  it('two tabs on one thread: an idle one follows the other; a tab whose turn ran meanwhile is told, and neither overwrites the other', async () => {
    const { agentUrl } = await script([
      [started, ...say('m1', 'Answer in A.'), finished],
      [
        started,
        { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: 'A streams' },
        { $delay: 1800 },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm2', delta: ' and more' },
        { type: 'TEXT_MESSAGE_END', messageId: 'm2' },
        finished,
      ],
      [started, ...say('m3', 'Answer in B.'), finished],
    ]);
    // Two chats with their own engines are two tabs to the store (each its own writer and channel).
    const thread = `two-tabs-${Math.random().toString(36).slice(2)}`;
    const a = await open(agentUrl, thread);
    const b = await open(agentUrl, thread);
    const doneA: Event[] = [];
    a.addEventListener('soliplex-run-finished', (e) => doneA.push(e));
    a.send('from A');
    await until(() => doneA.length === 1);
    // B was idle: it shows A's turn.
    await until(() => assistantTexts(b).some((t) => t.includes('Answer in A.')));

    // A's second turn streams; B sends meanwhile (it follows A's saved copy): A's later writes are refused.
    a.send('A again');
    await until(() => assistantTexts(a).some((t) => t.includes('A streams')));
    // A saves the first streamed text at once: B shows it.
    await until(() => assistantTexts(b).some((t) => t.includes('A streams')), 4000);
    const doneB: Event[] = [];
    b.addEventListener('soliplex-run-finished', (e) => doneB.push(e));
    await until(() => b.send('from B'));
    await until(() => doneB.length === 1 && doneA.length === 2);
    await ThreadIndex.for(a.engine!).flush();
    await ThreadIndex.for(b.engine!).flush();
    const notice = await waitFor(a, '[part~="storage-notice"]');
    expect(notice.textContent).to.match(/another tab/);

    expect(assistantTexts(a).join(' '), 'A keeps what it showed').to.contain('A streams and more');

    await leave(a);
    await leave(b);
    const reopened = await open(agentUrl, thread);
    await until(() => assistantTexts(reopened).some((t) => t.includes('Answer in B.')));
    expect(userTexts(reopened).some((t) => t.includes('from B'))).to.equal(true);
    expect(assistantTexts(reopened).join(' '), "A's refused write did not land").not.to.contain('and more');
  });
});

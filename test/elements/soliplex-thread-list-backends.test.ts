import { expect, fixture, html } from '@open-wc/testing';
import {
  LocalThreadStore,
  RunOrchestrator,
  SoliplexTransport,
  ThreadIndex,
  createAgUiHttpTransport,
  type SoliplexChat,
  type SoliplexThreadList,
  type SoliplexThreadSelectEvent,
  type ThreadKey,
  type Transport,
} from '../../src/index.js';
import { until } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';
import { answers, entry, entryButtons, finishedOn, nameOf, panelOf, untilEntry } from './thread-fixture.js';

/** An engine for several backends: a room means a Soliplex server, otherwise a generic endpoint. */
function multiEngine(options: { maxStreamsPerHost?: number } = {}) {
  const transports = new Map<string, Transport>();
  return new RunOrchestrator({
    ...options,
    transport: ({ server: url, room }) => {
      const id = JSON.stringify([url, room]);
      if (!transports.has(id)) {
        transports.set(id, room ? new SoliplexTransport({ serverUrl: url, room }) : createAgUiHttpTransport({ url }));
      }
      return transports.get(id)!;
    },
  });
}

async function seedThread(room: string, name: string | undefined, user: string, answer: string): Promise<string> {
  const response = await fetch(`${server}/api/test/threads`, {
    method: 'POST',
    body: JSON.stringify({
      room,
      ...(name ? { metadata: { name } } : {}),
      runs: [{ messages: [{ id: 'u1', role: 'user', content: user }], events: [started, ...say('a1', answer), finished] }],
    }),
  });
  return ((await response.json()) as { thread_id: string }).thread_id;
}

async function serverThreads(room: string): Promise<string[]> {
  const { threads } = (await (await fetch(`${server}/api/v1/rooms/${room}/agui`)).json()) as { threads: { thread_id: string }[] };
  return threads.map((t) => t.thread_id);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

async function putRecords(name: string, records: object[]): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('threads', { keyPath: 'id' });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const tx = db.transaction('threads', 'readwrite');
  for (const record of records) tx.objectStore('threads').put(record);
  await new Promise((resolve) => (tx.oncomplete = resolve));
  db.close();
}

describe('<soliplex-thread-list> with its backends', () => {
  it('deleting a running Soliplex thread cancels its turn first, then deletes it on the server', async () => {
    const { room } = await script([[started, { $hang: true }]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat thread-list server-url=${server} room=${room}></soliplex-chat>`);
    const list = await panelOf(el);
    const outcomes: string[] = [];
    el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e.outcome));
    el.send('hang on');
    await until(() => !!el.thread);
    const thread = el.thread;
    expect(await serverThreads(room)).to.deep.equal([thread]);
    const running = await untilEntry(list, 'hang on', (name, badge) => name === 'hang on, running, Streaming' && badge === 'Streaming');

    running.closest('li')!.querySelector<HTMLButtonElement>('[part~="delete-button"]')!.click();
    await list.updateComplete;
    expect(outcomes).to.deep.equal([], 'nothing happens before the confirmation');
    list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="confirm-delete-button"]')!.click();
    await until(() => !list.shadowRoot!.querySelector('ul')!.textContent!.includes('hang on'));
    expect(outcomes).to.deep.equal(['cancelled']);
    expect(await serverThreads(room)).to.deep.equal([]);
    // The deleted thread was on screen: the chat moves on to a new chat in the same room.
    expect(el.thread).to.equal('');
    expect(el.room).to.equal(room);
  });

  it('reload: threads of a generic endpoint come back from IndexedDB; corrupt and old-format records are skipped with a warning', async () => {
    await deleteDatabase('soliplex-chat-threads');
    const { agentUrl } = await script([[started, ...say('m1', 'Kept answer.'), finished]]);
    const first = await fixture<SoliplexChat>(html`<soliplex-chat thread-list agent-url=${agentUrl}></soliplex-chat>`);
    await panelOf(first);
    const done = finishedOn(first, () => first.thread);
    first.send('keep me');
    await until(() => done.length === 1);
    await ThreadIndex.for(first.engine!).flush();
    const thread = first.thread;
    first.remove();

    await putRecords('soliplex-chat-threads', [
      { id: 'broken', format: 1, key: { server: agentUrl, room: '', thread: 'x' }, lastActivity: 1, conversation: 'oops' },
      { id: 'old', format: 0, key: { server: agentUrl, room: '', thread: 'y' }, lastActivity: 1, messages: [] },
    ]);
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      const reloaded = await fixture<SoliplexChat>(html`<soliplex-chat thread-list agent-url=${agentUrl}></soliplex-chat>`);
      const list = await panelOf(reloaded);
      const kept = await untilEntry(list, 'keep me', (name) => name === 'keep me');
      expect(entryButtons(list)).to.have.length(1);
      expect(warnings.filter((w) => w.includes('a stored thread was skipped'))).to.have.length(2);
      kept.click();
      await until(() => reloaded.thread === thread);
      await until(() => answers(reloaded).includes('Kept answer.'));
    } finally {
      console.warn = warn;
    }
  });

  it('no-persist keeps nothing', async () => {
    await deleteDatabase('soliplex-chat-threads');
    const { agentUrl } = await script([[started, ...say('m1', 'Not kept.'), finished]]);
    const first = await fixture<SoliplexChat>(html`<soliplex-chat thread-list no-persist agent-url=${agentUrl}></soliplex-chat>`);
    await panelOf(first);
    const done = finishedOn(first, () => first.thread);
    first.send('forget me');
    await until(() => done.length === 1);
    await ThreadIndex.for(first.engine!).flush();
    first.remove();
    const reloaded = await fixture<SoliplexChat>(html`<soliplex-chat thread-list agent-url=${agentUrl}></soliplex-chat>`);
    const list = await panelOf(reloaded);
    // The list's restore has started already: this resolves when it is done (a later store is not used).
    await ThreadIndex.for(reloaded.engine!).persistLocally(new LocalThreadStore());
    await list.updateComplete;
    expect(entryButtons(list)).to.have.length(0);
  });

  it('two servers in one list: a generic endpoint and a Soliplex room, each thread keyed by its server', async () => {
    const generic = await script([[started, ...say('m1', 'Generic answer.'), finished]]);
    const soliplex = await script([]);
    await seedThread(soliplex.room, undefined, 'unnamed', 'Unnamed answer.');
    await seedThread(soliplex.room, 'Seeded chat', 'hello soliplex', 'Stored answer.');
    const engine = multiEngine();
    const servers = [
      { agentUrl: generic.agentUrl, label: 'Generic agent' },
      { serverUrl: server, room: soliplex.room, label: 'Soliplex' },
    ];
    const list = await fixture<SoliplexThreadList>(html`<soliplex-thread-list no-persist .engine=${engine} .servers=${servers}></soliplex-thread-list>`);
    await engine.send({ server: generic.agentUrl, room: '', thread: 'g1' }, 'hello generic');
    await until(() => !!entry(list, 'Seeded chat'));
    await untilEntry(list, 'hello generic', (name) => name === 'hello generic, unread');

    const sections = [...list.shadowRoot!.querySelectorAll('section')];
    expect(sections.map((s) => s.querySelector('[part~="server-label"]')!.textContent)).to.deep.equal(['Generic agent', 'Soliplex']);
    // Newest first; a stored thread the server gives no name is "Untitled chat" until it is loaded.
    expect(entryButtons(list).map(nameOf)).to.deep.equal(['hello generic, unread', 'Seeded chat', 'Untitled chat']);
    expect(sections[0]!.textContent).to.contain('hello generic');
    expect(sections[1]!.textContent).to.contain('Seeded chat');

    const selected: ThreadKey[] = [];
    list.addEventListener('soliplex-thread-select', (e: SoliplexThreadSelectEvent) => selected.push(e.threadKey));
    entry(list, 'Seeded chat')!.click();
    expect(selected[0]).to.include({ server, room: soliplex.room });
    expect(selected[0]!.thread).to.match(/^[0-9a-f-]{36}$/);
    // A chat on the same engine shows it, history loaded from the server.
    const chat = await fixture<SoliplexChat>(
      html`<soliplex-chat .engine=${engine} server-url=${server} room=${soliplex.room} thread=${selected[0]!.thread}></soliplex-chat>`,
    );
    await until(() => answers(chat).includes('Stored answer.'));
    engine.dispose();
  });

  it('renaming a Soliplex thread keeps the name on the server; a refused rename goes back and says why', async () => {
    const { room } = await script([]);
    const thread = await seedThread(room, 'Old name', 'hi', 'Hello.');
    const engine = multiEngine();
    const list = await fixture<SoliplexThreadList>(
      html`<soliplex-thread-list no-persist .engine=${engine} .servers=${[{ serverUrl: server, room }]}></soliplex-thread-list>`,
    );
    const rename = async (from: string, to: string) => {
      (await untilEntry(list, from, () => true)).closest('li')!.querySelector<HTMLButtonElement>('[part~="rename-button"]')!.click();
      await list.updateComplete;
      const input = list.shadowRoot!.querySelector<HTMLInputElement>('[part~="rename-input"]')!;
      input.value = to;
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    };
    await rename('Old name', 'Trip plans');
    await until(() => !!entry(list, 'Trip plans'));
    const named = async () => {
      const { threads } = (await (await fetch(`${server}/api/v1/rooms/${room}/agui`)).json()) as { threads: { thread_id: string; metadata: { name: string } | null }[] };
      return threads.find((t) => t.thread_id === thread)?.metadata?.name;
    };
    await until(async () => (await named()) === 'Trip plans');

    // The thread is gone on the server: the rename is refused, the old name comes back, the page hears why.
    await fetch(`${server}/api/v1/rooms/${room}/agui/${thread}`, { method: 'DELETE' });
    const errors: string[] = [];
    list.addEventListener('soliplex-error', (e) => errors.push(e.message));
    await rename('Trip plans', 'Lost');
    await until(() => errors.length === 1);
    expect(errors[0]).to.contain('404');
    await untilEntry(list, 'Trip plans', () => true);
    expect(list.shadowRoot!.querySelector('[part~="error"]')!.textContent).to.contain('404');
    engine.dispose();
  });

  it("a Soliplex server without a room offers its rooms, with the picked room's welcome and suggestions", async () => {
    const engine = multiEngine();
    const list = await fixture<SoliplexThreadList>(html`<soliplex-thread-list no-persist .engine=${engine} .servers=${[{ serverUrl: server }]}></soliplex-thread-list>`);
    await until(() => !!list.shadowRoot!.querySelector('[part~="room-picker"]'));
    const picker = list.shadowRoot!.querySelector<HTMLSelectElement>('[part~="room-picker"]')!;
    expect([...picker.options].map((o) => o.value)).to.include('demo');
    const selected: SoliplexThreadSelectEvent[] = [];
    list.addEventListener('soliplex-thread-select', (e) => selected.push(e));
    picker.value = 'demo';
    picker.dispatchEvent(new Event('change'));
    await list.updateComplete;
    expect(list.shadowRoot!.querySelector('[part~="room-welcome"]')!.textContent).to.contain('Welcome');
    expect(list.shadowRoot!.querySelector('[part~="room-suggestions"]')!.textContent).to.contain('secret number');
    expect(selected.map((e) => [e.threadKey.room, e.threadKey.thread, e.newChat])).to.deep.equal([['demo', '', true]]);
    engine.dispose();
  });

  it('10 threads on one host with 6 streams: the 4 queued show "Waiting for a free connection" until a stream frees up', async () => {
    const { agentUrl } = await script(Array.from({ length: 11 }, () => [started, { $hang: true }]));
    const engine = multiEngine({ maxStreamsPerHost: 6 });
    const list = await fixture<SoliplexThreadList>(html`<soliplex-thread-list no-persist .engine=${engine} .servers=${[{ agentUrl }]}></soliplex-thread-list>`);
    const keys = Array.from({ length: 10 }, (_, i) => ({ server: agentUrl, room: '', thread: `t${i}` }));
    keys.forEach((key, i) => void engine.send(key, `thread ${i}`));
    const badges = () => entryButtons(list).map((b) => b.querySelector('[part~="badge"]')?.textContent?.trim());
    const count = (text: string) => badges().filter((b) => b === text).length;
    await until(() => count('Streaming') === 6 && count('Waiting for a free connection') === 4);
    expect(entryButtons(list).every((b) => nameOf(b).includes(', running'))).to.equal(true);
    expect(entryButtons(list).filter((b) => nameOf(b).endsWith('Waiting for a free connection'))).to.have.length(4);

    engine.cancel(keys[0]!);
    await until(() => count('Streaming') === 6 && count('Waiting for a free connection') === 3);
    engine.dispose();
  });
});

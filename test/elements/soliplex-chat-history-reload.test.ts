import { expect, fixture, html } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import { RunOrchestrator, SoliplexTransport } from '../../src/core/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { deliveries, finished, sayInDeltas, script, server, started } from '../helpers/agui-server.js';
import type { SoliplexDelivery } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Reloading Soliplex threads in a chat: the chat's own engine keeps finished runs in IndexedDB (unless
 * `no-persist`), a reload shows them before asking the server, and the thread works as before
 * (regenerate, edit). The demo server counts the GETs it answered.
 */
const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

const answers = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="assistant-message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').replace('Assistant:', '').trim());

async function gets(thread: string): Promise<{ thread_gets: number; run_gets: number }> {
  return (await fetch(`${server}/api/test/threads/${thread}/requests`)).json();
}

const button = (el: SoliplexChat, name: string) => deepQueryAll<HTMLButtonElement>(el, 'button').filter((b) => b.textContent?.trim() === name);

/** How many threads the chat's history cache holds (what any script of the page can see). */
function cachedThreads(): Promise<number> {
  return new Promise((resolve) => {
    const opening = indexedDB.open('soliplex-chat-history');
    // Not there yet: leave it for the chat to create (with its stores).
    opening.onupgradeneeded = () => opening.transaction!.abort();
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains('meta')) return (db.close(), resolve(0));
      const counting = db.transaction('meta').objectStore('meta').count();
      counting.onsuccess = () => (db.close(), resolve(counting.result));
    };
    opening.onerror = () => resolve(0);
  });
}

/** A stored thread of two turns, made by a chat (so every run's input is the whole transcript). */
async function storedThread(delivery: SoliplexDelivery, extraRuns: object[][] = []) {
  const { room, requests } = await script(
    [[started, ...sayInDeltas('a1', 'One, as said.'), finished], [started, ...sayInDeltas('a2', 'Two, as said.'), finished], ...extraRuns],
    { delivery },
  );
  const first = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
  for (const text of ['one', 'two']) {
    const done = finishedOnce(first);
    first.send(text);
    await done;
  }
  const thread = first.thread;
  first.remove();
  return { room, thread, requests };
}

async function reload(room: string, thread: string, persist = true): Promise<SoliplexChat> {
  const el = await fixture<SoliplexChat>(
    persist
      ? html`<soliplex-chat server-url=${server} room=${room} thread=${thread}></soliplex-chat>`
      : html`<soliplex-chat server-url=${server} room=${room} thread=${thread} no-persist></soliplex-chat>`,
  );
  await until(() => answers(el).length === 2 && statusLine(el)?.textContent?.trim() === '');
  await settled(el);
  return el;
}

for (const delivery of deliveries) describe(`<soliplex-chat> reloading a Soliplex thread (${delivery} delivery)`, () => {
  it('a second reload reads the runs from the cache; regenerate and edit work after it', async () => {
    const { room, thread, requests } = await storedThread(delivery, [
      [started, ...sayInDeltas('a3', 'Two, again.'), finished],
      [started, ...sayInDeltas('a4', 'Deux.'), finished],
    ]);
    const cachedBefore = await cachedThreads();
    let before = await gets(thread);
    const first = await reload(room, thread);
    // The answers show from the thread's GET; the runs' GETs may still be on their way.
    await until(async () => (await gets(thread)).run_gets - before.run_gets >= 2).catch(() => {});
    first.remove();
    let after = await gets(thread);
    expect(after.run_gets - before.run_gets, 'the first reload fetches every run').to.equal(2);
    await until(async () => (await cachedThreads()) > cachedBefore);

    before = after;
    const el = await reload(room, thread);
    after = await gets(thread);
    expect(after.run_gets - before.run_gets, 'the second reads them from the cache').to.equal(0);
    expect(after.thread_gets - before.thread_gets).to.equal(1);
    expect(answers(el)).to.deep.equal(['One, as said.', 'Two, as said.']);

    let done = finishedOnce(el);
    button(el, 'Regenerate')[0]!.click();
    expect((await done).outcome).to.equal('success');
    await settled(el);
    const sent = (await requests()).map((r) => (r.body as { messages: Message[] }).messages.map((m) => [m.role, m.content ?? '']));
    expect(sent[2]).to.deep.equal([['user', 'one'], ['assistant', 'One, as said.'], ['user', 'two']]);
    // The server keeps every run it streamed, so the replaced answer is not shown in this session only.
    expect(answers(el)).to.deep.equal(['One, as said.', 'Two, again.']);

    button(el, 'Edit').at(-1)!.click(); // the last user message's (every user message has Edit)
    const editor = await waitFor<HTMLTextAreaElement>(el, 'textarea[aria-label="Edit your message"]');
    editor.value = 'deux';
    editor.dispatchEvent(new Event('input'));
    done = finishedOnce(el);
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    expect((await done).outcome).to.equal('success');
    await settled(el);
    const edited = (await requests())[3]!.body as { messages: Message[] };
    expect(edited.messages.map((m) => [m.role, m.content ?? ''])).to.deep.equal([['user', 'one'], ['assistant', 'One, as said.'], ['user', 'deux']]);
    expect(answers(el)).to.deep.equal(['One, as said.', 'Deux.']);
  });

  it('no-persist keeps no runs: every reload fetches them', async () => {
    const { room, thread } = await storedThread(delivery);
    for (let i = 0; i < 2; i++) {
      const before = await gets(thread);
      (await reload(room, thread, false)).remove();
      const after = await gets(thread);
      expect(after.run_gets - before.run_gets).to.equal(2);
    }
  });

  it('shows the thread from the thread GET at once, says how far the load got (role status), and frees the thread once the latest run is in, the older ones loading in the background', async () => {
    const { room, thread, requests } = await storedThread(delivery, [[started, ...sayInDeltas('a3', 'Three.'), finished]]);
    const stored = (await (await fetch(`${server}/api/v1/rooms/${room}/agui/${thread}`)).json()) as { runs: Record<string, { run_id: string; created: string }> };
    const [firstRun, latestRun] = Object.values(stored.runs).sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
    // The latest run's GET answers after a while, the first run's much later.
    let firstAnswered = false;
    const slow: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = String(input);
      if (url.endsWith(`/${latestRun!.run_id}`)) await new Promise((resolve) => setTimeout(resolve, 600));
      if (url.endsWith(`/${firstRun!.run_id}`)) {
        await new Promise((resolve) => setTimeout(resolve, 2500));
        firstAnswered = true;
      }
      return response;
    };
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room, fetch: slow }) });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} server-url=${server} room=${room} thread=${thread}></soliplex-chat>`);
    // Before any run GET answered: both questions, the first answer (from the latest input), and the progress.
    await until(() => /Loading the conversation… \(0 of 2\)/.test(statusLine(el)?.textContent ?? '') && answers(el).length === 1);
    expect(statusLine(el).getAttribute('role')).to.equal('status');
    expect(answers(el)).to.deep.equal(['One, as said.']);
    expect(deepQueryAll(el, '[part~="user-message"]').map((m) => m.textContent?.replace('You:', '').trim())).to.deep.equal(['one', 'two']);
    // The latest run is in: the thread is free while the first run still loads.
    await until(() => answers(el).length === 2 && statusLine(el).textContent?.trim() === '');
    expect(firstAnswered).to.equal(false);
    const done = finishedOnce(el);
    expect(el.send('three')).to.equal(true);
    expect((await done).outcome).to.equal('success');
    const sent = (await requests()).at(-1)!.body as { messages: Message[] };
    expect(sent.messages.map((m) => [m.role, m.content])).to.deep.equal([['user', 'one'], ['assistant', 'One, as said.'], ['user', 'two'], ['assistant', 'Two, as said.'], ['user', 'three']]);
    await until(() => firstAnswered);
    await settled(el);
    expect(answers(el)).to.deep.equal(['One, as said.', 'Two, as said.', 'Three.']);
  });
});

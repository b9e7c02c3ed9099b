// What the official Soliplex client offers besides the conversation, in the chat (issue 23): the
// documents the agent may search (sent as state.rag.document_filter, restored from the thread's
// newest run), server-made thread titles in the thread list, and the sign-in offer. Each is absent
// where the server lacks it. Sign-in's redirect round trip is the e2e test test/e2e/soliplex-sign-in.test.mjs.
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, until, waitFor } from './chat-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { finished, say, script, server, setServerToken, started } from '../helpers/agui-server.js';

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

interface StoredThread {
  runs: Record<string, { run_input?: { state?: { rag?: { document_filter?: string | null } } } }>;
  metadata: { name?: string | null } | null;
}

async function storedThread(room: string, thread: string): Promise<StoredThread> {
  return (await fetch(`${server}/api/v1/rooms/${room}/agui/${thread}`)).json();
}

/** The filter the server received with the thread's newest run. */
async function lastFilter(thread: string): Promise<string | null | undefined> {
  const runs = Object.values((await storedThread('demo', thread)).runs);
  return runs.at(-1)?.run_input?.state?.rag?.document_filter;
}

const roomDocuments = async () =>
  Object.values(((await (await fetch(`${server}/api/v1/rooms/demo/documents`)).json()) as { document_set: Record<string, { id: string; title: string }> }).document_set);

const checkboxes = (el: SoliplexChat) => deepQueryAll<HTMLInputElement>(el, '[part~="documents"] input[type="checkbox"]');

async function openPicker(el: SoliplexChat): Promise<HTMLInputElement[]> {
  const button = await waitFor(el, '[part~="documents-button"]');
  if (button.getAttribute('aria-expanded') !== 'true') button.click();
  await until(() => checkboxes(el).length > 0);
  return checkboxes(el);
}

describe('<soliplex-chat> documents picker', () => {
  it("sends the ticked documents as state.rag.document_filter on every run, and a reopened thread restores the choice", async function () {
    this.timeout(30_000); // three turns of the demo room's model on a shared machine
    const documents = await roomDocuments();
    expect(documents.length).to.be.greaterThan(2);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-persist></soliplex-chat>`);
    const boxes = await openPicker(el);
    expect(boxes.map((box) => box.closest('label')!.textContent!.trim())).to.deep.equal(documents.map((d) => d.title));
    expect(deepQuery(el, '[part~="documents-button"]')!.getAttribute('aria-expanded')).to.equal('true');
    await accessibleInBothThemes(el, 'the documents picker open');
    boxes[0].click();
    boxes[2].click();
    await until(() => deepQuery(el, '[part~="documents-button"]')!.textContent!.trim() === 'Documents (2)');
    let done = finishedOnce(el);
    el.send('hello documents');
    expect((await done).outcome).to.equal('success');
    const thread = el.thread;
    expect(await lastFilter(thread)).to.equal(`id IN ('${documents[0].id}', '${documents[2].id}')`);
    el.remove();

    // A new chat on the same thread (a reload): the choice comes back from the newest run's input.
    const reopened = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" thread=${thread} no-persist></soliplex-chat>`);
    await until(() => deepQuery(reopened, '[part~="documents-button"]')?.textContent!.trim() === 'Documents (2)');
    const again = await openPicker(reopened);
    expect(again.map((box) => box.checked)).to.deep.equal(documents.map((_, i) => i === 0 || i === 2));
    again[2].click();
    await waitFor(reopened, '[part~="assistant-message"]'); // the history has loaded
    await until(() => !deepQuery(reopened, '[part~="stop-button"]'));
    done = finishedOnce(reopened);
    expect(reopened.send('only the first one')).to.equal(true);
    expect((await done).outcome).to.equal('success');
    expect(await lastFilter(thread)).to.equal(`id = '${documents[0].id}'`);
    again[0].click();
    done = finishedOnce(reopened);
    expect(reopened.send('all of them again')).to.equal(true);
    expect((await done).outcome).to.equal('success');
    expect(await lastFilter(thread), 'none ticked: every document').to.equal(null);
  });

  it('is absent in a room without documents, and on a generic endpoint; no filter is sent there', async () => {
    const { room, requests } = await script([[started, ...say('a1', 'Fine.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-persist></soliplex-chat>`);
    await waitFor(el, '[part~="welcome"]');
    const done = finishedOnce(el);
    el.send('hello');
    expect((await done).outcome).to.equal('success');
    expect(deepQuery(el, '[part~="documents-button"]')).to.equal(undefined);
    const [sent] = await requests();
    expect((sent.body.state as Record<string, unknown>)?.rag, 'no rag state added').to.equal(undefined);

    const generic = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${`${server}/agent`} no-persist></soliplex-chat>`);
    await waitFor(generic, '[part~="input"]');
    expect(deepQuery(generic, '[part~="documents-button"]')).to.equal(undefined);
    expect(deepQuery(generic, '[part~="sign-in-button"]')).to.equal(undefined);
  });

  it('Escape closes the picker and gives focus back to its button (the running turn is not stopped)', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-persist></soliplex-chat>`);
    const [box] = await openPicker(el);
    box.focus();
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => checkboxes(el).length === 0);
    const button = deepQuery(el, '[part~="documents-button"]')!;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(el.shadowRoot!.activeElement).to.equal(button);
  });

  it('is hidden with no-documents', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-documents no-persist></soliplex-chat>`);
    await waitFor(el, '[part~="welcome"]');
    // The room's documents are listed for a chat without no-documents in the same time.
    const other = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-persist></soliplex-chat>`);
    await waitFor(other, '[part~="documents-button"]');
    expect(deepQuery(el, '[part~="documents-button"]')).to.equal(undefined);
  });
});

describe('<soliplex-chat> server-made thread titles', () => {
  it('shows the title the server gives a thread after its first turn in the built-in thread list', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" thread-list no-persist></soliplex-chat>`);
    const text = 'please write me a short poem about the sea and its waves';
    const done = finishedOnce(el);
    el.send(text);
    expect((await done).outcome).to.equal('success');
    const thread = el.thread;
    // The title's own text (the state words follow it in a visually hidden span).
    const titleOf = () => {
      const title = deepQuery(el, `[part~="thread-button"][data-id*="${thread}"] .title`);
      return title ? [...title.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim() : undefined;
    };
    // The demo server titles a thread with its first message's first 8 words, after the run.
    await until(() => titleOf() === 'please write me a short poem about the', 8000);
    expect((await storedThread('demo', thread)).metadata?.name).to.equal('please write me a short poem about the');
  });
});

describe('<soliplex-chat> sign-in offer', () => {
  it('offers "Sign in" where the server lists identity providers and the page gave no token; not with a token or no-sign-in', async function () {
    this.timeout(30_000); // axe in both themes on a shared machine
    const { room } = await script([]);
    await setServerToken('room-secret', room);
    try {
      const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-persist></soliplex-chat>`);
      const button = await waitFor(el, '[part~="sign-in-button"]');
      expect(button.textContent!.trim()).to.equal('Sign in');
      expect(button.title).to.equal('Demo identity provider');
      expect(deepQuery(el, '[part~="sign-out-button"]')).to.equal(undefined);
      await accessibleInBothThemes(el, 'Sign in offered');

      const withToken = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} .token=${'room-secret'} no-persist></soliplex-chat>`);
      const hidden = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-sign-in no-persist></soliplex-chat>`);
      await waitFor(withToken, '[part~="welcome"]'); // the room answered: the token works
      const third = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-persist></soliplex-chat>`);
      await waitFor(third, '[part~="sign-in-button"]'); // the providers were listed meanwhile
      expect(deepQuery(withToken, '[part~="sign-in-button"]')).to.equal(undefined);
      expect(deepQuery(hidden, '[part~="sign-in-button"]')).to.equal(undefined);
    } finally {
      await setServerToken(null, room);
    }
  });
});

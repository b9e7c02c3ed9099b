import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexErrorEvent, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';
import { deliveries, finished, sayInDeltas, script, server, setServerToken, started } from '../helpers/agui-server.js';
import type { SoliplexDelivery } from '../helpers/agui-server.js';

async function scriptRoom(runs: object[][], delivery?: SoliplexDelivery): Promise<string> {
  return (await script(runs, { delivery })).room;
}

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

/** The assistant messages' text, without the screen-reader label. */
const answers = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="assistant-message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').replace('Assistant:', '').trim());

describe('<soliplex-chat> on a Soliplex server', () => {
  it("fills the empty state from the room's welcome message and suggestions", async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo"></soliplex-chat>`);
    const suggestion = await waitFor(el, '[part~="suggestion"]');
    expect(deepQuery(el, '[part~="welcome"]')!.textContent).to.not.equal('How can I help you today?');
    expect(suggestion.textContent!.trim().length).to.be.greaterThan(0);
    expect(el.thread).to.equal('');
  });
});

for (const delivery of deliveries) describe(`<soliplex-chat> on a Soliplex server (${delivery} delivery)`, () => {
  it('creates the thread on the first send and keeps it for the next turn', async () => {
    const room = await scriptRoom(
      [
        [started, ...sayInDeltas('a1', 'First answer.'), finished],
        [started, ...sayInDeltas('a2', 'Second answer.'), finished],
      ],
      delivery,
    );
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    let done = finishedOnce(el);
    expect(el.send('one')).to.equal(true);
    expect((await done).outcome).to.equal('success');
    const thread = el.thread;
    expect(thread).to.match(/^[0-9a-f-]{36}$/);
    done = finishedOnce(el);
    el.send('two');
    expect((await done).outcome).to.equal('success');
    expect(el.thread).to.equal(thread);
    await settled(el);
    expect(answers(el)).to.deep.equal(['First answer.', 'Second answer.']);
  });

  it('reloads a stored thread named by the thread attribute', async () => {
    const room = await scriptRoom([[started, ...sayInDeltas('a1', 'Stored answer.'), finished]], delivery);
    const first = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    const done = finishedOnce(first);
    first.send('remember me');
    await done;
    const thread = first.thread;
    first.remove();

    const reloaded = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} thread=${thread}></soliplex-chat>`);
    await until(() => answers(reloaded).length === 1);
    expect(answers(reloaded)).to.deep.equal(['Stored answer.']);
    expect(deepQuery(reloaded, '[part~="user-message"]')!.textContent).to.contain('remember me');
  });

  it('shows that sign-in is needed and keeps the message when the token is refused', async () => {
    const room = await scriptRoom([[started, finished]], delivery);
    await setServerToken('right', room);
    try {
      const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} .getToken=${() => 'wrong'}></soliplex-chat>`);
      // The room's own GET is refused too, and may be heard first: the turn's error is the one in a person's words.
      const errors: SoliplexErrorEvent[] = [];
      el.addEventListener('soliplex-error', (event) => errors.push(event as SoliplexErrorEvent));
      const done = finishedOnce(el);
      el.send('my precious draft');
      expect((await done).outcome).to.equal('failed');
      const refused = errors.find((e) => e.message === 'The agent needs you to sign in again.');
      expect(refused, errors.map((e) => e.message).join(' | ')).to.not.equal(undefined);
      expect(refused!.technical).to.contain('Sign-in needed');
      await settled(el);
      expect(deepQuery(el, '[part~="status"]')!.textContent).to.contain('Sign-in needed');
      // Nothing is lost: the message stays in the conversation, and Retry sends it again.
      expect(deepQuery(el, '[part~="user-message"]')!.textContent).to.contain('my precious draft');
      expect(deepQuery(el, '[part~="retry-button"]')).to.not.equal(undefined);
    } finally {
      await setServerToken(null, room);
    }
  });
});

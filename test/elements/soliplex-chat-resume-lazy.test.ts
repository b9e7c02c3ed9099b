// Resuming a dropped Soliplex stream loads its code (soliplex-resume.ts) with the first drop
// (scripts/size.mjs lists it as optional); the stream's position is kept from the first frame, so the
// resume loses nothing. A file of its own: a module, once loaded, stays loaded for the page.
import { loaded } from '../helpers/module-loads.js';
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQueryAll, settled, statusLine, until } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

const RESUME = '/transport/soliplex/soliplex-resume';
const RUN_INPUT = '/transport/soliplex/soliplex-run-input';

const messages = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/^(You|Assistant): /, ''));

async function turn(el: SoliplexChat, text: string): Promise<void> {
  const done = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send(text);
  expect((await done).outcome).to.equal('success');
  await settled(el);
}

describe('<soliplex-chat> resuming a dropped stream (its code loaded on the first drop)', () => {
  it('a plain answer loads no resume code; a drop mid-answer then resumes with nothing lost or doubled, also after a reload', async function () {
    this.timeout(30_000);
    // The cut comes after a short delay: a browser discards bytes queued behind a network error.
    const { room, requests } = await script([
      [started, ...say('a1', 'A plain answer.'), finished],
      [started, ...say('a2', 'First part.'), { $delay: 100 }, { $cut: true }, ...say('a3', 'Second part.'), finished],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    await turn(el, 'hello');
    expect(messages(el)).to.deep.equal(['hello', 'A plain answer.']);
    expect(loaded(RESUME), 'resume code after a plain answer').to.equal(false);
    // A run of text messages only: its input needs no reshaping for the Python models (soliplex-plain-input.ts).
    expect(loaded(RUN_INPUT), 'run input reshaping for a text run').to.equal(false);

    await turn(el, 'go on');
    expect(loaded(RESUME), 'resume code after a drop').to.equal(true);
    expect(messages(el)).to.deep.equal(['hello', 'A plain answer.', 'go on', 'First part.', 'Second part.']);
    expect(statusLine(el).textContent?.trim()).to.equal('');
    expect(loaded(RUN_INPUT), 'run input reshaping for text runs').to.equal(false);
    const recorded = await requests(); // the run POSTs
    // The resume asks for the same run after the last event seen (`{run}:{index}`).
    expect(recorded.map((r) => r.headers['last-event-id'] ?? null).slice(0, 2)).to.deep.equal([null, null]);
    expect(recorded).to.have.length(3);
    expect(recorded[2]!.path).to.equal(recorded[1]!.path!);
    expect(recorded[2]!.headers['last-event-id']).to.match(/:\d+$/);
    // The second run sent the whole transcript, each message as the Python models take it (id, role, text).
    const sent = (recorded[1]!.body as { messages: Record<string, unknown>[] }).messages;
    expect(sent.map(({ id, ...rest }) => [typeof id, rest])).to.deep.equal([
      ['string', { role: 'user', content: 'hello' }],
      ['string', { role: 'assistant', content: 'A plain answer.' }],
      ['string', { role: 'user', content: 'go on' }],
    ]);

    const thread = el.thread;
    el.remove();
    const again = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} thread=${thread}></soliplex-chat>`);
    await until(() => messages(again).length === 5 && statusLine(again)?.textContent?.trim() === '');
    expect(messages(again)).to.deep.equal(['hello', 'A plain answer.', 'go on', 'First part.', 'Second part.']);
  });
});

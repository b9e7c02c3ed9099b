// `soliplex-error` is one of the page events a plain answer never fires (events-rare.ts): a failed turn
// loads its class, and the chat holds the turn's end meanwhile, so the page hears the error before
// `soliplex-run-finished`, in order. This file imports the CDN entry only (src/cdn.ts), not the package's
// index, which imports every event class statically. A file of its own: a module, once loaded, stays loaded.
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/cdn.js';
import '../../src/cdn.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import type { SoliplexErrorEvent, SoliplexRunFinishedEvent } from '../../src/events.js';
import { loaded, until } from '../helpers/module-loads.js';

describe('<soliplex-chat> soliplex-error, its class loaded with the first failure (CDN entry)', function () {
  this.timeout(30_000);

  it('a plain answer loads no error class; a failed turn loads it and fires soliplex-error before the turn’s end', async () => {
    const { agentUrl } = await script([
      [started, ...say('a1', 'Plain.'), finished],
      [started, ...say('a2', 'Partial'), { type: 'RUN_ERROR', message: 'model overloaded' }],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} no-persist></soliplex-chat>`);
    const seen: string[] = [];
    for (const type of ['run-started', 'message', 'error', 'run-finished', 'exchange-response']) el.addEventListener(`soliplex-${type}`, () => seen.push(type));
    const errors: SoliplexErrorEvent[] = [];
    const ends: SoliplexRunFinishedEvent[] = [];
    el.addEventListener('soliplex-error', (event) => errors.push(event));
    el.addEventListener('soliplex-run-finished', (event) => ends.push(event));
    await el.engineReady;

    expect(el.send('hello')).to.equal(true);
    await until(() => seen.includes('exchange-response'));
    expect(loaded('/src/events-rare'), 'a plain answer loads no rare event class').to.equal(false);

    seen.length = 0;
    expect(el.send('again')).to.equal(true);
    await until(() => seen.includes('exchange-response'));
    expect(loaded('/src/events-rare')).to.equal(true);
    // The partial answer is no whole message: the failure's error comes first, then the turn's end.
    expect(seen).to.deep.equal(['run-started', 'error', 'run-finished', 'exchange-response']);
    expect(errors).to.have.length(1);
    expect(errors[0]!.technical).to.contain('model overloaded');
    expect(errors[0]!.detail.technical).to.contain('model overloaded');
    expect(errors[0]!.message).to.be.a('string').and.not.equal('');
    expect(ends[1]!.outcome).to.equal('failed');
  });
});

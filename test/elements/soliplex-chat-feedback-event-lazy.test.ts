// `soliplex-feedback` is one of the page events a plain answer never fires (events-rare.ts): the first
// rating loads its class. This file imports the CDN entry only (src/cdn.ts), not the package's index,
// which imports every event class statically. A file of its own: a module, once loaded, stays loaded.
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/cdn.js';
import '../../src/cdn.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import type { SoliplexFeedbackEvent } from '../../src/events.js';
import { loaded, until } from '../helpers/module-loads.js';

/** Every element matching `selector` in `root` and the shadow roots below it. */
function deepAll<T extends Element>(root: Element | ShadowRoot, selector: string): T[] {
  const found: T[] = [...root.querySelectorAll<T>(selector)];
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) found.push(...deepAll<T>(el.shadowRoot, selector));
  return found;
}

describe('<soliplex-chat> soliplex-feedback, its class loaded with the first rating (CDN entry)', function () {
  this.timeout(60_000);

  it('an answer’s rating loads the class and fires soliplex-feedback with the answer and its run', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'A plain answer.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} no-persist></soliplex-chat>`);
    const events: SoliplexFeedbackEvent[] = [];
    document.addEventListener('soliplex-feedback', (event) => events.push(event));
    let ended = false;
    el.addEventListener('soliplex-run-finished', () => (ended = true));
    await el.engineReady;
    expect(el.send('hello')).to.equal(true);
    await until(() => ended, 'the answer');
    const good = () => deepAll<HTMLButtonElement>(el.shadowRoot!, 'button').find((b) => b.getAttribute('aria-label') === 'Good response');
    await until(() => !!good(), 'the feedback buttons');
    expect(loaded('/src/events-rare'), 'a plain answer loads no rare event class').to.equal(false);

    good()!.click();
    await until(() => events.length === 1, 'the feedback event');
    expect(loaded('/src/events-rare')).to.equal(true);
    expect(events[0]).to.include({ rating: 'up', messageId: 'a1' });
    expect(events[0]!.detail).to.include({ rating: 'up', messageId: 'a1' });
    expect(events[0]!.threadKey).to.deep.equal({ server: agentUrl, room: '', thread: el.thread });
    expect(events[0]!.runId).to.be.a('string').and.not.equal('');
  });
});

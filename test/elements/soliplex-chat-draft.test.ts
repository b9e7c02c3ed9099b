import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/index.js';
import { deepQuery, settled, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/** The composer's draft is kept per thread in this tab (sessionStorage), so a reload keeps it too. */

function input(el: SoliplexChat): HTMLTextAreaElement {
  return deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
}

function type(el: SoliplexChat, text: string) {
  const area = input(el);
  area.value = text;
  area.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('<soliplex-chat> drafts', () => {
  it('each thread keeps its own draft; a chat made anew on the thread shows it; a send clears it', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Sent.'), finished]]);
    const a = `draft-a-${Math.random().toString(36).slice(2)}`;
    const b = `draft-b-${Math.random().toString(36).slice(2)}`;
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${a}></soliplex-chat>`);
    await until(() => !!input(el));
    type(el, 'half a thought');
    el.thread = b;
    await settled(el);
    expect(input(el).value).to.equal('');
    el.thread = a;
    await settled(el);
    expect(input(el).value).to.equal('half a thought');
    el.remove(); // what a reload does to the element; the next page's chat reads the draft back

    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${a}></soliplex-chat>`);
    await until(() => input(again)?.value === 'half a thought');
    const finishedEvents: Event[] = [];
    again.addEventListener('soliplex-run-finished', (e) => finishedEvents.push(e));
    input(again).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await until(() => finishedEvents.length === 1);
    again.remove();
    const third = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${a}></soliplex-chat>`);
    await until(() => !!input(third));
    await settled(third);
    expect(input(third).value, 'a sent draft is gone').to.equal('');
  });

  it('no-persist keeps no draft', async () => {
    const { agentUrl } = await script([]);
    const thread = `draft-off-${Math.random().toString(36).slice(2)}`;
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread} no-persist></soliplex-chat>`);
    await until(() => !!input(el));
    type(el, 'not kept');
    expect(Object.keys(sessionStorage).some((key) => key.includes(thread))).to.equal(false);
  });
});

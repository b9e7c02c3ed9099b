import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { deepQuery, settled, statusLine, until } from './chat-fixture.js';

/** A chat on its own engine (`agent-url`), against the real demo server. */
async function chatOn(agentUrl: string): Promise<SoliplexChat> {
  return fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${crypto.randomUUID()}></soliplex-chat>`);
}

const busy = (status: number, retryAfter: string) => [{ $status: status, headers: { 'Retry-After': retryAfter } }];
const answer = [started, ...say('a1', 'Here I am.'), finished];
const visibleText = (el: SoliplexChat) => statusLine(el).querySelector('.reason')?.textContent?.trim() ?? '';
const countdown = (el: SoliplexChat) => statusLine(el).querySelector('.countdown')?.textContent?.trim() ?? '';

describe('<soliplex-chat>: a busy server', () => {
  it('says the agent is busy and counts down to the automatic retry, then answers', async () => {
    const { agentUrl, requests } = await script([busy(429, '3'), answer]);
    const el = await chatOn(agentUrl);
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    el.send('hello');
    await until(() => countdown(el) !== '', 5000);
    expect(visibleText(el)).to.equal('The agent is busy: too many requests right now.');
    const first = countdown(el);
    expect(first).to.match(/^Trying again in [23] s…$/);
    // A screen reader hears the wait once; the ticking number is hidden from it.
    expect(statusLine(el).querySelector('.countdown')!.getAttribute('aria-hidden')).to.equal('true');
    expect(statusLine(el).querySelector('.visually-hidden')!.textContent).to.match(/^Trying again in [23] s…$/);
    expect(deepQuery(el, '[part~="retry-button"]')!.textContent!.trim()).to.equal('Retry now');
    expect(deepQuery(el, '[part~="stop-button"]'), 'Stop is there while it waits').to.exist;
    await until(() => countdown(el) !== first && countdown(el) !== '', 2500);
    expect(countdown(el)).to.match(/^Trying again in [12] s…$/);
    expect((await done).outcome).to.equal('success');
    expect((await requests()).length).to.equal(2);
    await expect(el).to.be.accessible();
  });

  it('Retry now sends at once', async () => {
    const { agentUrl, requests } = await script([busy(503, '40'), answer]);
    const el = await chatOn(agentUrl);
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    el.send('hello');
    await until(() => deepQuery(el, '[part~="retry-button"]') !== undefined, 5000);
    expect(visibleText(el)).to.equal('The agent is busy or briefly unavailable.');
    expect(countdown(el)).to.match(/^Trying again in (39|40) s…$/);
    deepQuery<HTMLButtonElement>(el, '[part~="retry-button"]')!.click();
    expect((await done).outcome).to.equal('success');
    expect((await requests()).length).to.equal(2);
  });

  it('Stop cancels the wait; a long Retry-After fails at once and says when to try again', async () => {
    const { agentUrl, requests } = await script([busy(503, '40'), busy(429, '600'), answer]);
    const el = await chatOn(agentUrl);
    let done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    el.send('hello');
    await until(() => deepQuery(el, '[part~="retry-button"]') !== undefined, 5000);
    deepQuery<HTMLButtonElement>(el, '[part~="stop-button"]')!.click();
    expect((await done).outcome).to.equal('cancelled');
    await settled(el);
    expect(statusLine(el).textContent!.trim()).to.equal('Stopped.');

    done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    el.retry();
    expect((await done).outcome).to.equal('failed');
    await settled(el);
    expect(statusLine(el).querySelector('.reason')!.textContent!.trim()).to.equal('The agent is busy: too many requests right now. Try again in 10 min.');
    expect((await requests()).length).to.equal(2);
    // Retry is still there, and works.
    done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    deepQuery<HTMLButtonElement>(el, '[part~="retry-button"]')!.click();
    expect((await done).outcome).to.equal('success');
  });
});

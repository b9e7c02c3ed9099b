import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, statusLine, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * What a user sees when the server misbehaves, against the real demo server: the reason in the status
 * line, the conversation kept, and Retry (or Stop) working.
 */
const turnEnd = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

const messages = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/^(You|Assistant): /, ''));

async function generic(runs: object[][]) {
  const { agentUrl, requests } = await script(runs);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
  return Object.assign(el, { requests });
}

async function failOnce(el: SoliplexChat, text: string): Promise<string> {
  const end = turnEnd(el);
  el.send(text);
  expect((await end).outcome).to.equal('failed');
  await settled(el);
  return statusLine(el).textContent!.replace(/\s+/g, ' ');
}

async function retryToSuccess(el: SoliplexChat): Promise<void> {
  const end = turnEnd(el);
  (deepQuery(el, '[part~="retry-button"]') as HTMLButtonElement).click();
  expect((await end).outcome).to.equal('success');
  await settled(el);
}

describe('<soliplex-chat> when the server fails', () => {
  it('a stream cut mid-run on a generic endpoint: failed with the reason, Retry answers', async () => {
    const el = await generic([
      [started, ...say('a1', 'Half an'), { $delay: 100 }, { $cut: true }],
      [started, ...say('a2', 'A whole answer.'), finished],
    ]);
    expect(await failOnce(el, 'Tell me')).to.contain('dropped');
    expect(messages(el)).to.deep.equal(['Tell me', 'Half an']);
    await retryToSuccess(el);
    expect(messages(el)).to.deep.equal(['Tell me', 'A whole answer.']);
  });

  it('a 500: the reason is shown and the conversation survives', async () => {
    const el = await generic([[{ $status: 500, body: { error: 'database unavailable' } }], [started, ...say('a1', 'Recovered.'), finished]]);
    const status = await failOnce(el, 'Hello?');
    expect(status).to.contain('500').and.to.contain('database unavailable');
    expect(messages(el)).to.deep.equal(['Hello?']);
    await retryToSuccess(el);
    expect(messages(el)).to.deep.equal(['Hello?', 'Recovered.']);
  });

  it('a 401: the user is told to sign in', async () => {
    const el = await generic([[{ $status: 401, body: { detail: 'expired' } }]]);
    expect(await failOnce(el, 'Hello?')).to.match(/sign in/i);
    expect(messages(el)).to.deep.equal(['Hello?']);
  });

  it('malformed JSON in a frame: failed, with what arrived before it kept', async () => {
    const el = await generic([[started, ...say('a1', 'Before the junk.'), { $delay: 300 }, { $raw: 'data: {oops\n\n' }, finished]]);
    expect(await failOnce(el, 'Go')).to.contain('cannot follow');
    expect(messages(el)).to.deep.equal(['Go', 'Before the junk.']);
  });

  it('a server that never answers: Stop ends the turn, the conversation and Retry stay', async () => {
    const el = await generic([[{ $hang: true }], [started, ...say('a1', 'Finally.'), finished]]);
    const end = turnEnd(el);
    el.send('Anyone there?');
    // Stop only once the server has the request: a request still queued for a connection would be
    // cancelled before the server saw it, and the retry would meet the hanging script run instead.
    await until(async () => (await el.requests()).length === 1);
    await until(() => deepQuery(el, '[part~="stop-button"]') !== undefined);
    (deepQuery(el, '[part~="stop-button"]') as HTMLButtonElement).click();
    expect((await end).outcome).to.equal('cancelled');
    await settled(el);
    expect(statusLine(el).textContent).to.contain('Stopped.');
    expect(messages(el)).to.deep.equal(['Anyone there?']);
    const retried = turnEnd(el);
    expect(el.retry()).to.equal(true);
    expect((await retried).outcome).to.equal('success');
  });

  it('a stream cut mid-run on Soliplex is resumed: the user only sees the answer', async () => {
    const { room } = await script([[started, ...say('a1', 'First half,'), { $delay: 100 }, { $cut: true }, ...say('a2', 'second half.'), finished]]);
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat server-url=${(globalThis as { __AGUI_SERVER__?: string }).__AGUI_SERVER__!} room=${room}></soliplex-chat>`,
    );
    const end = turnEnd(el);
    el.send('Both halves');
    expect((await end).outcome).to.equal('success');
    await settled(el);
    expect(messages(el)).to.deep.equal(['Both halves', 'First half,', 'second half.']);
  });
});

import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, settled, until, waitFor } from './chat-fixture.js';
import { panelOf, newChatButton } from './thread-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/** New chat never stops a run (issue 20, item 3): the turn left behind finishes in the background. */

const slowAnswer = [started, ...say('a1', 'The first part.'), { $delay: 400 }, ...say('a2', 'Finished in the background.'), finished];

function outcomesOf(el: SoliplexChat) {
  const outcomes: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
  return outcomes;
}

function shownText(el: SoliplexChat): string {
  return deepQuery(el, '[part~="messages"]')?.textContent ?? '';
}

describe('<soliplex-chat> New chat leaves a running turn running', () => {
  it('the header button: the turn finishes as a success, and showing its thread again shows the answer', async () => {
    const { agentUrl } = await script([slowAnswer]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    const outcomes = outcomesOf(el);
    el.send('tell me');
    await until(() => shownText(el).includes('The first part.'));
    const left = el.thread;
    await settled(el);
    deepQuery<HTMLButtonElement>(el, '[part~="header"] [part~="new-chat-button"]')!.click();
    await settled(el);
    expect(el.thread).not.to.equal(left);
    expect(shownText(el)).not.to.contain('The first part.');
    await until(() => outcomes.length === 1);
    expect(outcomes[0]!.outcome).to.equal('success');
    expect(outcomes[0]!.threadKey.thread).to.equal(left);
    el.thread = left;
    await until(() => shownText(el).includes('Finished in the background.'));
  });

  it('newChat(): the same', async () => {
    const { agentUrl } = await script([slowAnswer]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    const outcomes = outcomesOf(el);
    el.send('tell me');
    await until(() => shownText(el).includes('The first part.'));
    el.newChat();
    await until(() => outcomes.length === 1);
    expect(outcomes.map((e) => e.outcome)).to.deep.equal(['success']);
  });

  it("the thread list's New chat: the same", async () => {
    const { agentUrl } = await script([slowAnswer]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread-list no-persist></soliplex-chat>`);
    const outcomes = outcomesOf(el);
    el.send('tell me');
    await until(() => shownText(el).includes('The first part.'));
    const list = await panelOf(el);
    newChatButton(list).click();
    await until(() => outcomes.length === 1);
    expect(outcomes.map((e) => e.outcome)).to.deep.equal(['success']);
  });

  it('Soliplex: a new chat while the first send creates its thread stays a new chat; that turn finishes on its thread', async () => {
    const { room } = await script([[started, ...say('a1', 'Answered on the created thread.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    const outcomes = outcomesOf(el);
    await waitFor(el, '[part~="input"]');
    el.send('first');
    el.newChat(); // the send is still creating the thread
    await until(() => outcomes.length === 1);
    expect(outcomes[0]!.outcome).to.equal('success');
    expect(outcomes[0]!.threadKey.thread).not.to.equal('');
    await settled(el);
    expect(el.thread).to.equal('');
    expect(shownText(el)).not.to.contain('Answered on the created thread.');
    el.thread = outcomes[0]!.threadKey.thread;
    await until(() => shownText(el).includes('Answered on the created thread.'));
  });
});

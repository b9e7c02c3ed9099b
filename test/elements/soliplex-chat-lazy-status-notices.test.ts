import { loaded } from '../helpers/module-loads.js';
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { deepQuery, deepQueryAll, settled, statusLine, until, turn } from './chat-fixture.js';

// The run status line's rarer states (run-status-extras.ts) and the list's notices (message-list-extras.ts)
// load with the first that shows: a plain answer loads neither. This file runs in a page of its own, so
// the loads below are the page's first (dynamic imports are real here, as they are in the CDN build).

async function chatOn(agentUrl: string): Promise<SoliplexChat> {
  return fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${crypto.randomUUID()}></soliplex-chat>`);
}

const ev = (type: EventType, fields: object = {}) => ({ type, ...fields }) as BaseEvent;

describe('<soliplex-chat>: the status line\'s rare states and the list\'s notices load on use', () => {
  it('a plain answer loads neither; a busy server then shows its countdown and Retry now, a streamed notice shows', async function () {
    this.timeout(20_000);
    const { agentUrl } = await script([
      [started, ...say('a1', 'A **plain** answer.'), finished],
      [{ $status: 503, headers: { 'Retry-After': '30' } }],
      [
        started,
        ev(EventType.TEXT_MESSAGE_START, { messageId: 'n1', role: 'system' }),
        ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: 'n1', delta: 'Handed over to billing.' }),
        ev(EventType.TEXT_MESSAGE_END, { messageId: 'n1' }),
        ...say('a2', 'Back again.'),
        finished,
      ],
    ]);
    const el = await chatOn(agentUrl);
    expect((await turn(el, 'hello')).outcome).to.equal('success');
    expect(deepQuery(el, '[part~="answer"] strong')!.textContent).to.equal('plain');
    expect(loaded('run-status-extras'), 'a plain answer does not load the rare states').to.equal(false);
    expect(loaded('message-list-extras'), 'nor the list\'s extras').to.equal(false);

    // A busy server: the line's wait, from its chunk, then Retry now sends at once.
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    el.send('again');
    await until(() => deepQuery(el, '[part~="retry-button"]') !== undefined, 5000);
    expect(loaded('run-status-extras')).to.equal(true);
    expect(statusLine(el).dataset['state']).to.equal('running');
    expect(statusLine(el).querySelector('.reason')!.textContent!.trim()).to.equal('The agent is busy or briefly unavailable.');
    expect(statusLine(el).querySelector('.countdown')!.textContent!.trim()).to.match(/^Trying again in (29|30) s…$/);
    const hidden = statusLine(el).querySelector<HTMLElement>('.visually-hidden')!;
    expect(hidden.getBoundingClientRect().width, 'its styles came with it: the spoken text takes no room').to.be.at.most(1);
    deepQuery<HTMLButtonElement>(el, '[part~="retry-button"]')!.click();
    expect((await done).outcome).to.equal('success');
    await settled(el);

    // The agent's notice, from the list's extras, styled as a notice.
    await until(() => deepQuery(el, '[part~="notice"]') !== undefined);
    const notice = deepQuery(el, '[part~="notice"]')!;
    expect(notice.textContent).to.contain('Handed over to billing.');
    expect(notice.getAttribute('role')).to.equal('note');
    expect(getComputedStyle(notice).textAlign).to.equal('center');
    expect(deepQueryAll(el, '[part~="answer"]').at(-1)!.textContent).to.contain('Back again.');
  });
});

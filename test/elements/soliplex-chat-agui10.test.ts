import { expect, fixture, html } from '@open-wc/testing';
import type {
  SoliplexChat,
  SoliplexCustomEvent,
  SoliplexInterruptEvent,
  SoliplexRunFinishedEvent,
} from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/** The AG-UI 1.0 features end to end: the chat against the real demo server on loopback. */

type Body = { protocolVersion?: string; resume?: unknown[]; messages: { role: string; id: string; encryptedValue?: string; toolCalls?: { id: string; encryptedValue?: string }[] }[] };

const interrupted = (...interrupts: object[]) => ({ type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts } });

const tripSchema = {
  type: 'object',
  required: ['city', 'nights'],
  properties: {
    city: { type: 'string', title: 'Destination city', description: 'Where you want to go' },
    nights: { type: 'integer', default: 2 },
    class: { type: 'string', enum: ['economy', 'business'], title: 'Travel class' },
    breakfast: { type: 'boolean', title: 'Breakfast included' },
    guests: { type: 'array', items: { type: 'string' }, title: 'Guests' },
    contact: { type: 'object', title: 'Contact', properties: { email: { type: 'string', title: 'E-mail' } } },
  },
};

async function chatOn(runs: object[][]) {
  const server = await script<Body>(runs);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${server.agentUrl}></soliplex-chat>`);
  const outcomes: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
  return { el, outcomes, requests: server.requests };
}

function field(el: SoliplexChat, label: string): HTMLInputElement {
  const card = deepQuery(el, 'soliplex-interrupt-card')!;
  const labelEl = [...card.shadowRoot!.querySelectorAll('label, legend')].find((l) => l.textContent!.trim().startsWith(label));
  if (!labelEl) throw new Error(`no field labelled ${label}`);
  return card.shadowRoot!.getElementById(labelEl.getAttribute('for')!) as HTMLInputElement;
}

function type(input: HTMLInputElement | HTMLSelectElement, value: string) {
  input.value = value;
  input.dispatchEvent(new Event(input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
}

describe('<soliplex-chat> AG-UI 1.0 against the real server', () => {
  it('interrupt: waits for the answer, shows a form from the responseSchema, resumes with every entry', async () => {
    const { el, outcomes, requests } = await chatOn([
      [started, ...say('a1', 'Let me book that.'), interrupted({ id: 'trip', reason: 'input_required', message: 'Where to?', responseSchema: tripSchema })],
      [started, ...say('a2', 'Booked.'), finished],
    ]);
    const interrupts: SoliplexInterruptEvent[] = [];
    el.addEventListener('soliplex-interrupt', (e) => interrupts.push(e));
    el.send('book a trip');
    await waitFor(el, '[part~="interrupt-form"]');
    // The phase change renders on the next frame (the card may come first on a loaded machine).
    await until(() => statusLine(el)?.textContent?.includes('Waiting for your answer') ?? false);
    expect(outcomes).to.have.length(0);
    expect(interrupts).to.have.length(1);
    expect(interrupts[0]!.threadKey.thread).to.equal(el.thread);
    expect(interrupts[0]!.interrupts.map((i) => i.id)).to.deep.equal(['trip']);
    expect(deepQuery(el, '[part~="interrupt-message"]')!.textContent).to.equal('Where to?');
    expect(deepQuery(el, '[role="log"]')!.textContent).to.contain('The agent asks: Where to?');

    // Labels: the property's title, else its name; required marked; defaults filled; help text linked.
    const city = field(el, 'Destination city');
    expect(city.required).to.equal(true);
    const help = city.getRootNode() as ShadowRoot;
    expect(help.getElementById(city.getAttribute('aria-describedby')!)!.textContent).to.equal('Where you want to go');
    expect(field(el, 'nights').value).to.equal('2');
    expect(field(el, 'nights').type).to.equal('number');
    expect(field(el, 'Travel class').tagName).to.equal('SELECT');

    // A required field left empty: the browser refuses, nothing is sent.
    deepQuery(el, '[part~="interrupt-submit"]')!.click();
    await new Promise((r) => setTimeout(r, 50));
    expect((await requests())).to.have.length(1);

    type(city, 'Oslo');
    type(field(el, 'Travel class') as unknown as HTMLInputElement, 'business');
    field(el, 'Breakfast included').click();
    const card = deepQuery(el, 'soliplex-interrupt-card')!;
    (card.shadowRoot!.querySelector('button[aria-label="Add: Guests"]') as HTMLButtonElement).click();
    await settled(el);
    type(field(el, 'Guests 1'), 'Ann');
    type(field(el, 'E-mail'), 'a@example.com');
    await settled(el);
    deepQuery(el, '[part~="interrupt-submit"]')!.click();
    await until(() => outcomes.length === 1);
    expect(outcomes[0]!.outcome).to.equal('success');
    const recorded = await requests();
    expect(recorded.map((r) => r.body.protocolVersion)).to.deep.equal(['1.1', '1.1']);
    expect(recorded[0]!.body.resume).to.equal(undefined);
    expect(recorded[1]!.body.resume).to.deep.equal([
      {
        interruptId: 'trip',
        status: 'resolved',
        payload: { city: 'Oslo', nights: 2, class: 'business', breakfast: true, guests: ['Ann'], contact: { email: 'a@example.com' } },
      },
    ]);
    await settled(el);
    expect(deepQuery(el, '[part~="interrupt-status"]')!.textContent).to.contain('Answered');
  });

  it('interrupt on a tool call: Approve / Deny; several interrupts resume together', async () => {
    const { el, outcomes, requests } = await chatOn([
      [
        started,
        { type: 'TOOL_CALL_START', toolCallId: 'srv1', toolCallName: 'delete_repo' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'srv1', delta: '{"name":"demo"}' },
        { type: 'TOOL_CALL_END', toolCallId: 'srv1' },
        interrupted({ id: 'ok-delete', reason: 'tool_approval', toolCallId: 'srv1', message: 'Delete the repo?' }, { id: 'note', reason: 'input_required', message: 'Any note?' }),
      ],
      [started, { type: 'TOOL_CALL_RESULT', messageId: 'tr', toolCallId: 'srv1', content: 'kept' }, ...say('a2', 'Not deleted.'), finished],
    ]);
    el.send('delete it');
    await waitFor(el, '[part~="interrupt-card"][data-reason="tool_approval"]');
    await settled(el);
    const cards = deepQueryAll(el, 'soliplex-interrupt-card');
    expect(cards).to.have.length(2);
    const toolCard = cards[0]!.shadowRoot!;
    expect(toolCard.textContent).to.contain('delete_repo');
    expect(toolCard.querySelector('[part~="interrupt-submit"]')!.textContent).to.contain('Approve');
    (toolCard.querySelector('[part~="interrupt-cancel"]') as HTMLButtonElement).click(); // Deny
    await new Promise((r) => setTimeout(r, 50));
    expect(await requests()).to.have.length(1); // the note is still open: no partial resume
    (cards[1]!.shadowRoot!.querySelector('[part~="interrupt-cancel"]') as HTMLButtonElement).click();
    await until(() => outcomes.length === 1);
    const recorded = await requests();
    expect(recorded[1]!.body.resume).to.deep.equal([
      { interruptId: 'ok-delete', status: 'resolved', payload: { approved: false } },
      { interruptId: 'note', status: 'cancelled' },
    ]);
    // The held call was never answered by the page.
    expect(recorded[1]!.body.messages.filter((m) => m.role === 'tool')).to.have.length(0);
  });

  it('an expired interrupt says so and can only be cancelled', async () => {
    const { el, outcomes, requests } = await chatOn([
      [started, interrupted({ id: 'old', reason: 'input_required', message: 'Too late?', expiresAt: '2000-01-01T00:00:00Z' })],
      [started, ...say('a2', 'OK.'), finished],
    ]);
    el.send('go');
    await waitFor(el, '[part~="interrupt-card"]');
    await until(() => deepQuery(el, '[part~="interrupt-status"]')?.textContent?.includes('expired') ?? false);
    expect(deepQuery(el, '[part~="interrupt-form"]')).to.equal(undefined);
    await until(() => outcomes.length === 1);
    expect((await requests())[1]!.body.resume).to.deep.equal([{ interruptId: 'old', status: 'cancelled' }]);
  });

  it('a host renderer by reason replaces the default card and answers through its controls', async () => {
    const { el, outcomes, requests } = await chatOn([
      [started, interrupted({ id: 'pick', reason: 'choose_color', message: 'Pick one' })],
      [started, ...say('a2', 'Red it is.'), finished],
    ]);
    el.interruptRenderers = {
      choose_color: (interrupt, controls) => {
        const button = document.createElement('button');
        button.className = 'red';
        button.textContent = `${interrupt.message}: red`;
        button.addEventListener('click', () => controls.answer({ color: 'red' }));
        return button;
      },
    };
    el.send('color?');
    const custom = await waitFor(el, '[part~="interrupt-custom"] button.red');
    expect(deepQuery(el, '[part~="interrupt-form"]')).to.equal(undefined);
    custom.click();
    await until(() => outcomes.length === 1);
    expect((await requests())[1]!.body.resume).to.deep.equal([{ interruptId: 'pick', status: 'resolved', payload: { color: 'red' } }]);
  });

  it('RUN_FINISHED outcome cancelled: soliplex-run-finished outcome cancelled', async () => {
    const { el, outcomes } = await chatOn([[started, ...say('a1', 'Stopping here.'), { type: 'RUN_FINISHED', outcome: { type: 'cancelled' } }]]);
    el.send('go');
    await until(() => outcomes.length === 1);
    expect(outcomes[0]!.outcome).to.equal('cancelled');
    await settled(el);
    expect(statusLine(el).textContent).to.contain('Stopped');
  });

  it('CUSTOM reaches the page as soliplex-custom-event; steps show in the status', async () => {
    const { el, outcomes } = await chatOn([
      [
        started,
        { type: 'CUSTOM', name: 'progress', value: { pct: 40 } },
        { type: 'STEP_STARTED', stepName: 'planning' },
        { $delay: 400 },
        { type: 'STEP_FINISHED', stepName: 'planning' },
        ...say('a1', 'Planned.'),
        finished,
      ],
    ]);
    const customs: SoliplexCustomEvent[] = [];
    el.addEventListener('soliplex-custom-event', (e) => customs.push(e));
    el.send('plan');
    await until(() => statusLine(el)?.textContent?.includes('Step: planning') ?? false);
    await until(() => outcomes.length === 1);
    expect(customs.map((c) => [c.name, c.value])).to.deep.equal([['progress', { pct: 40 }]]);
  });

  it('encrypted reasoning is kept, sent back on its entity, and never shown', async () => {
    const { el, outcomes, requests } = await chatOn([
      [
        started,
        { type: 'REASONING_START', messageId: 'r1' },
        { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'thinking hard' },
        { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r1', encryptedValue: 'SECRET-R1' },
        { type: 'REASONING_END', messageId: 'r1' },
        ...say('a1', 'Answer.'),
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'a1', encryptedValue: 'SECRET-A1' },
        finished,
      ],
      [started, ...say('a2', 'Again.'), finished],
    ]);
    el.send('think');
    await until(() => outcomes.length === 1);
    el.send('more');
    await until(() => outcomes.length === 2);
    await settled(el);
    const second = (await requests())[1]!.body.messages;
    expect(second.find((m) => m.id === 'r1')).to.include({ role: 'reasoning', encryptedValue: 'SECRET-R1' });
    expect(second.find((m) => m.id === 'a1')).to.include({ role: 'assistant', encryptedValue: 'SECRET-A1' });
    const shown = deepQueryAll(el, '[part~="message"]').map((m) => m.textContent).join(' ');
    expect(shown).to.contain('thinking hard');
    expect(shown).not.to.contain('SECRET');
  });

  it('activities: a snapshot and a JSON Patch delta, shown by default and by a host renderer', async () => {
    const { el, outcomes } = await chatOn([
      [
        started,
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'plan1', activityType: 'PLAN', content: { title: 'Trip plan', steps: ['flights'] } },
        { type: 'ACTIVITY_DELTA', messageId: 'plan1', activityType: 'PLAN', patch: [{ op: 'add', path: '/steps/-', value: 'hotel' }] },
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'search1', activityType: 'SEARCH', content: { query: 'hotels in Oslo' } },
        ...say('a1', 'Done.'),
        finished,
      ],
    ]);
    el.activityRenderers = {
      SEARCH: (content) => {
        const p = document.createElement('p');
        p.className = 'search';
        p.textContent = `Searching ${content['query'] as string}`;
        return p;
      },
    };
    el.send('plan');
    await until(() => outcomes.length === 1);
    await settled(el);
    const plan = deepQuery(el, '[part~="activity"][data-activity-type="PLAN"]')!;
    expect(plan.getAttribute('aria-label')).to.equal('Activity: PLAN');
    expect([...plan.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['flights', 'hotel']);
    expect(plan.textContent).to.contain('Trip plan');
    expect(deepQuery(el, '[part~="activity-custom"] p.search')!.textContent).to.equal('Searching hotels in Oslo');
  });

  it('subagents: their output grouped under the name, collapsible, with its own status', async () => {
    const { el, outcomes } = await chatOn([
      [
        started,
        ...say('a0', 'Asking my researcher.'),
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sub1', name: 'researcher' },
        { type: 'TEXT_MESSAGE_START', messageId: 's1', role: 'assistant', subagentRunId: 'sub1' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 's1', delta: 'Found three sources.', subagentRunId: 'sub1' },
        { type: 'TEXT_MESSAGE_END', messageId: 's1', subagentRunId: 'sub1' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub1' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sub2', name: 'checker' },
        { type: 'TEXT_MESSAGE_START', messageId: 's2', role: 'assistant', subagentRunId: 'sub2' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 's2', delta: 'Checking.', subagentRunId: 'sub2' },
        { type: 'TEXT_MESSAGE_END', messageId: 's2', subagentRunId: 'sub2' },
        { type: 'SUBAGENT_ERROR', subagentRunId: 'sub2', message: 'source offline' },
        ...say('a1', 'Summary.'),
        finished,
      ],
    ]);
    el.send('research');
    await until(() => outcomes.length === 1);
    await settled(el);
    // The groups' code loads with the first one: its messages show ungrouped until then.
    expect(deepQuery(el, '[data-message-id="s1"]')!.textContent).to.contain('Found three sources.');
    await until(() => deepQueryAll(el, '[part~="subagent"]').length === 2);
    const groups = deepQueryAll<HTMLDetailsElement>(el, '[part~="subagent"]');
    expect(groups[0]!.querySelector('summary')!.textContent).to.equal('researcher: Done');
    expect(groups[0]!.textContent).to.contain('Found three sources.');
    expect(groups[0]!.textContent).not.to.contain('Summary.');
    expect(groups[1]!.querySelector('summary')!.textContent).to.equal('checker: Failed');
    expect(groups[1]!.textContent).to.contain('source offline');
    groups[0]!.querySelector('summary')!.click();
    expect(groups[0]!.open).to.equal(false);
  });

  it('is accessible with an open interrupt form', async () => {
    const { el } = await chatOn([[started, interrupted({ id: 'x', reason: 'input_required', message: 'Which city?', responseSchema: tripSchema })]]);
    el.send('go');
    await waitFor(el, '[part~="interrupt-form"]');
    await settled(el);
    await expect(el).to.be.accessible();
  });

  it("the demo model's showcase: 'show interrupt' asks with a form, the answer resumes the run", async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${`${server}/agent`}></soliplex-chat>`);
    const outcomes: SoliplexRunFinishedEvent[] = [];
    el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
    el.send('show interrupt');
    await waitFor(el, '[part~="interrupt-form"]');
    await settled(el);
    type(field(el, 'Destination city'), 'Bergen');
    await settled(el);
    deepQuery(el, '[part~="interrupt-submit"]')!.click();
    await until(() => outcomes.length === 1);
    expect(outcomes[0]!.outcome).to.equal('success');
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').at(-1)?.textContent?.includes('"city":"Bergen"') ?? false);
  });
});

// The page events a plain answer never fires (tools, state, custom and raw AG-UI events: events-rare.ts)
// load with the first engine event that needs one (scripts/size.mjs lists their chunk as optional); the
// chat holds the later events meanwhile, so the page hears every event in order. This file imports the
// CDN entry only (src/cdn.ts), not the package's index, which imports every event class statically: a
// fresh page here loads them as a CDN chat does. A file of its own: a module, once loaded, stays loaded.
import { loaded, until } from '../helpers/module-loads.js';
import { expect, fixture, html } from '@open-wc/testing';
import { ToolRegistry, type SoliplexChat } from '../../src/cdn.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import type { SoliplexToolCallEvent, SoliplexToolResultEvent } from '../../src/events.js';

const RARE = '/src/events-rare';

/** Every `soliplex-*` event the chat fires, in order, as `type` (the tool events with their call's status). */
function record(el: SoliplexChat): string[] {
  const seen: string[] = [];
  const types = [
    'run-started', 'run-finished', 'message', 'error', 'tool-planned', 'tool-call', 'tool-executing', 'tool-result',
    'state-change', 'custom-event', 'agui-event', 'exchange-request', 'exchange-response',
  ];
  for (const type of types) el.addEventListener(`soliplex-${type}`, () => seen.push(type));
  return seen;
}

const lookup = (ran: string[]) => ({
  name: 'lookup',
  description: 'Looks it up',
  parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  execute: ({ q }: { q: string }) => {
    ran.push(q);
    return `found ${q}`;
  },
});

/** A run that calls `lookup` (after a state change and a custom event, with `extras`). */
const toolRun = (id: string, q: string, extras = false) => [
  started,
  ...(extras ? [{ type: 'STATE_SNAPSHOT', snapshot: { step: 1 } }, { type: 'CUSTOM', name: 'progress', value: { pct: 40 } }] : []),
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: 'lookup', parentMessageId: `a-${id}` },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify({ q }) },
  { type: 'TOOL_CALL_END', toolCallId: id },
  finished,
];

describe('<soliplex-chat> rare page events, loaded on demand (CDN entry)', function () {
  this.timeout(30_000);

  it('a plain answer fires its events without loading the rare ones; the first state change loads them, every event in order', async () => {
    const ran: string[] = [];
    const { agentUrl } = await script([
      [started, ...say('a1', 'Plain.'), finished],
      [started, { type: 'STATE_SNAPSHOT', snapshot: { step: 1 } }, { type: 'CUSTOM', name: 'progress', value: 40 }, ...say('a2', 'Noted.'), finished],
      toolRun('c1', 'north'),
      [started, ...say('a3', 'It is north.'), finished],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} no-persist></soliplex-chat>`);
    el.toolRegistry = new ToolRegistry([lookup(ran)]);
    const seen = record(el);
    await el.engineReady;

    expect(el.send('hello')).to.equal(true);
    await until(() => seen.includes('run-finished'), 'the plain turn');
    expect(seen).to.deep.equal(['run-started', 'exchange-request', 'message', 'run-finished', 'exchange-response']);
    expect(loaded(RARE), 'a plain answer loads no rare event class').to.equal(false);

    // The state change's class loads: the custom event, the message and the turn's end wait for it, in order.
    seen.length = 0;
    expect(el.send('note this')).to.equal(true);
    await until(() => seen.includes('run-finished'), 'the state turn');
    expect(loaded(RARE)).to.equal(true);
    expect(seen).to.deep.equal(['run-started', 'exchange-request', 'state-change', 'custom-event', 'message', 'run-finished', 'exchange-response']);

    seen.length = 0;
    const calls: SoliplexToolCallEvent[] = [];
    const results: SoliplexToolResultEvent[] = [];
    el.addEventListener('soliplex-tool-call', (event) => calls.push(event));
    el.addEventListener('soliplex-tool-result', (event) => results.push(event));
    expect(el.send('where?')).to.equal(true);
    await until(() => seen.includes('run-finished'), 'the tool turn');
    expect(ran).to.deep.equal(['north']);
    expect(seen).to.deep.equal([
      'run-started', 'exchange-request', 'tool-planned', 'tool-call', 'tool-executing', 'tool-result', 'message', 'message',
      'run-finished', 'exchange-response',
    ]);
    expect(calls[0]!.call.args).to.deep.equal({ q: 'north' });
    expect(results[0]!.call.status).to.equal('completed');
  });

  it('state and custom events come in order before the call; a page that vetoes the call stops it', async () => {
    const ran: string[] = [];
    const { agentUrl, requests } = await script([toolRun('v1', 'south', true), [started, ...say('a4', 'Blocked, then.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} no-persist></soliplex-chat>`);
    el.toolRegistry = new ToolRegistry([lookup(ran)]);
    const seen = record(el);
    el.addEventListener('soliplex-tool-call', (event) => event.preventDefault());
    await el.engineReady;
    expect(el.send('where?')).to.equal(true);
    await until(() => seen.includes('run-finished'), 'the vetoed turn');
    expect(ran).to.deep.equal([]);
    expect(seen).to.deep.equal([
      'run-started', 'exchange-request', 'state-change', 'custom-event', 'tool-planned', 'tool-call', 'tool-result', 'message',
      'message', 'run-finished', 'exchange-response',
    ]);
    // The model was told the page blocked it: the second run's input carries the call's result.
    const second = (await requests())[1]!.body as { messages: { role: string; toolCallId?: string }[] };
    expect(second.messages.some((m) => m.role === 'tool' && m.toolCallId === 'v1')).to.equal(true);
  });
});

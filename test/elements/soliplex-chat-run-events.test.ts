import { expect } from '@open-wc/testing';
import { domEventsFor, type EngineEvent } from '../../src/index.js';
import type { ClientTool, SoliplexChat, SoliplexExchangeRequestEvent, SoliplexExchangeResponseEvent, SoliplexRunFinishedEvent, SoliplexRunStartedEvent } from '../../src/index.js';
import { runError, runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import type { ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, until } from './chat-fixture.js';

// One event per moment (issue 22): soliplex-run-started carries the user's message and
// soliplex-run-finished the turn's stats; the exchange events still fire, deprecated, and a page
// that uses one hears about it once in the console. The deprecation warnings are once per page, and
// this file is one page: the tests that count them run in this order.

const lookup: ClientTool = { name: 'lookup', description: 'Looks it up', execute: () => 'found' };
const toolTurn = (): ScriptedRun[] => [
  [runStarted(), ...toolCall('c1', 'lookup', {}, 'a1'), runFinished()],
  [runStarted('r2'), ...text('a2', 'It is there.'), runFinished(undefined, 'r2')],
];

function collect<E extends Event>(target: EventTarget, type: string): E[] {
  const seen: E[] = [];
  target.addEventListener(type, (event) => seen.push(event as E));
  return seen;
}

/** The console warnings about a deprecated name while `body` runs. */
async function deprecationWarnings(body: () => unknown): Promise<string[]> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const line = args.map(String).join(' ');
    if (line.includes('deprecated')) warnings.push(line);
    else original.apply(console, args);
  };
  try {
    await body();
  } finally {
    console.warn = original;
  }
  return warnings;
}

async function turn(el: SoliplexChat, message: string, act: () => unknown = () => el.send(message)) {
  const started = collect<SoliplexRunStartedEvent>(el, 'soliplex-run-started');
  const finished = collect<SoliplexRunFinishedEvent>(el, 'soliplex-run-finished');
  await act();
  await until(() => finished.length === 1);
  return { started: started[0]!, finished: finished[0]! };
}

describe('<soliplex-chat> soliplex-run-started and soliplex-run-finished', () => {
  it("carry the user's message and the turn's stats, as fields and in detail", async () => {
    const { el } = await chatWith(toolTurn(), [lookup]);
    const { started, finished } = await turn(el, 'where is it?');
    expect([started.message?.role, started.message?.text, started.retry]).to.deep.equal(['user', 'where is it?', false]);
    expect(started.detail.message).to.equal(started.message);
    expect(finished.outcome).to.equal('success');
    expect([finished.stats?.runs, finished.stats?.toolCalls, finished.stats?.failedToolCalls]).to.deep.equal([2, 1, 0]);
    expect(finished.stats?.durationMs).to.be.a('number');
    expect(finished.detail.stats).to.equal(finished.stats);
  });

  it('a failed turn ends with its error and stats; its retry starts with the same message', async () => {
    const { el } = await chatWith([[runStarted(), runError('the model is down')], [runStarted('r2'), ...text('a1', 'Back.'), runFinished(undefined, 'r2')]]);
    const failed = await turn(el, 'hello');
    expect([failed.finished.outcome, failed.finished.error?.message, failed.finished.stats?.runs]).to.deep.equal(['failed', 'The agent reported an error: the model is down', 1]);
    const retried = await turn(el, 'hello', () => el.retry());
    expect([retried.started.retry, retried.started.message?.text]).to.deep.equal([true, 'hello']);
    expect(retried.finished.outcome).to.equal('success');
  });
});

describe('domEventsFor', () => {
  it("passes the engine's outcome word through, with the turn's stats", () => {
    const key = { server: 'http://agent', room: '', thread: 't1' };
    const stats = { durationMs: 5, runs: 1, toolCalls: 0, failedToolCalls: 0 };
    for (const outcome of ['success', 'failed', 'cancelled'] as const) {
      const event = { type: 'turn-finished', turnId: 'turn-1', key, outcome, reason: outcome === 'cancelled' ? 'user' : outcome, stats } as unknown as EngineEvent;
      const finished = (domEventsFor(event) as Event[]).find((e): e is SoliplexRunFinishedEvent => e.type === 'soliplex-run-finished');
      expect([finished!.outcome, finished!.stats]).to.deep.equal([outcome, stats]);
    }
  });
});

describe('<soliplex-chat> the deprecated exchange events', () => {
  // In this order: each warning is given once per page, and this file is one page.
  it('say nothing in the console while the page does not listen for them', async () => {
    const { el } = await chatWith(toolTurn(), [lookup]);
    const warnings = await deprecationWarnings(() => turn(el, 'where is it?'));
    expect(warnings).to.deep.equal([]);
  });

  it('a listener for soliplex-exchange-request on the chat (as frameworks add them) warns once, naming soliplex-run-started', async () => {
    const { el } = await chatWith(toolTurn(), [lookup]);
    const heard: string[] = [];
    const added = await deprecationWarnings(() => {
      el.addEventListener('soliplex-exchange-request', (event) => heard.push(event.message!.text));
      el.addEventListener('soliplex-exchange-request', { handleEvent: (event: Event) => heard.push(event.type) });
    });
    expect(added).to.have.length(1);
    expect(added[0]).to.contain('"soliplex-exchange-request"').and.to.contain('"soliplex-run-started"');
    const later = await deprecationWarnings(() => turn(el, 'where is it?'));
    expect(heard).to.deep.equal(['where is it?', 'soliplex-exchange-request']);
    expect(later).to.deep.equal([]);
  });

  it('a listener for soliplex-exchange-response on the document warns once, when it reads the event', async () => {
    const { el } = await chatWith(toolTurn(), [lookup]);
    const responses = collect<SoliplexExchangeResponseEvent>(document, 'soliplex-exchange-response');
    const unread = await deprecationWarnings(() => turn(el, 'where is it?'));
    expect(unread).to.deep.equal([]);
    const read = await deprecationWarnings(() => [responses[0]!.stats, responses[0]!.outcome, responses[0]!.detail]);
    expect(read).to.have.length(1);
    expect(read[0]).to.contain('"soliplex-exchange-response"').and.to.contain('"soliplex-run-finished"');
  });

  it('still fire right after run-started and run-finished, with the data those carry', async () => {
    const { el } = await chatWith(toolTurn(), [lookup]);
    const order: string[] = [];
    for (const type of ['soliplex-run-started', 'soliplex-exchange-request', 'soliplex-run-finished', 'soliplex-exchange-response']) {
      el.addEventListener(type, (event) => order.push(event.type));
    }
    const requests = collect<SoliplexExchangeRequestEvent>(el, 'soliplex-exchange-request');
    const responses = collect<SoliplexExchangeResponseEvent>(el, 'soliplex-exchange-response');
    const { started, finished } = await turn(el, 'where is it?');
    expect(order).to.deep.equal(['soliplex-run-started', 'soliplex-exchange-request', 'soliplex-run-finished', 'soliplex-exchange-response']);
    expect([requests[0]!.message, requests[0]!.retry, requests[0]!.detail.message]).to.deep.equal([started.message, false, started.message]);
    expect([responses[0]!.outcome, responses[0]!.stats, responses[0]!.detail.stats]).to.deep.equal(['success', finished.stats, finished.stats]);
    expect([...requests, ...responses].every((event) => event.bubbles && event.composed)).to.equal(true);
  });
});

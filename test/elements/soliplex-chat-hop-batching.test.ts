import { expect, fixture, html } from '@open-wc/testing';
import { ToolRegistry, type ClientTool } from '../../src/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import type { ThreadSnapshot } from '../../src/core/index.js';
import { deepQueryAll, leave, settled, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * The work of a tool hop does not grow with its calls where it need not (issue 26, item 7): the calls
 * of a hop that start and finish together reach a thread's subscriber as a few snapshots, not two per
 * call, while the page still hears every call's four events in their order, the continuation carries
 * every result, and the results' message ids stay unique across hops, threads and a reload.
 */

const CALLS = 20;
const PAGE_EVENTS = ['soliplex-tool-planned', 'soliplex-tool-call', 'soliplex-tool-executing', 'soliplex-tool-result'] as const;

const tools: ClientTool[] = Array.from({ length: CALLS }, (_, i) => ({
  name: `tool_${i}`,
  description: `Instant tool ${i}`,
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
  execute: ({ q }: { q?: string }) => `result ${i} for ${q}`,
}));

/** A run asking for CALLS tools (ids `${prefix}${i}`). */
const hop = (prefix: string, message: string) => [
  started,
  ...say(message, 'Let me check.'),
  ...Array.from({ length: CALLS }, (_, i) => [
    { type: 'TOOL_CALL_START', toolCallId: `${prefix}${i}`, toolCallName: `tool_${i}`, parentMessageId: message },
    { type: 'TOOL_CALL_ARGS', toolCallId: `${prefix}${i}`, delta: JSON.stringify({ q: `${prefix}${i}` }) },
    { type: 'TOOL_CALL_END', toolCallId: `${prefix}${i}` },
  ]).flat(),
  finished,
];

/**
 * Counts the snapshots a subscriber of the thread gets while the hop's calls run: from the run state
 * that says "executing tools" to the one that says the continuation streams.
 */
async function watchHops(el: SoliplexChat) {
  const engine = await el.engineReady;
  const hops: number[] = [];
  let counting = false;
  const stop = engine.registry.subscribe((snapshot: ThreadSnapshot) => {
    const { run } = snapshot;
    if (run.status === 'running' && run.phase === 'executing-tools') {
      if (!counting) hops.push(0);
      counting = true;
    } else if (counting && run.status === 'running' && run.phase === 'streaming') counting = false;
    if (counting) hops[hops.length - 1]!++;
  });
  return { hops, stop };
}

/** The page's tool events, as `event call-id`, in the order they fired. */
function recordPageEvents(el: SoliplexChat): string[] {
  const heard: string[] = [];
  for (const name of PAGE_EVENTS) {
    el.addEventListener(name, (event) => heard.push(`${name} ${(event as Event & { detail: { call: { id: string } } }).detail.call.id}`));
  }
  return heard;
}

async function turn(el: SoliplexChat, text: string): Promise<string> {
  const ended = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  expect(el.send(text)).to.equal(true);
  return (await ended).outcome;
}

type Body = { messages: { id: string; role: string; toolCallId?: string; content?: unknown }[] };

describe('soliplex-chat: a hop of many instant tools', () => {
  it('delivers its calls’ changes as a few snapshots, every page event in order, and unique result ids across a reload', async function () {
    this.timeout(60_000);
    const s = await script<Body>([hop('a', 'm1'), [started, ...say('m2', 'First done.'), finished], hop('b', 'm3'), [started, ...say('m4', 'Second done.'), finished]]);
    const thread = `hop-batching-${Math.random().toString(36).slice(2)}`;
    const open = () =>
      fixture<SoliplexChat>(html`<soliplex-chat style="height: 300px" agent-url=${s.agentUrl} thread=${thread} .toolRegistry=${new ToolRegistry(tools)}></soliplex-chat>`);

    const el = await open();
    const watched = await watchHops(el);
    const heard = recordPageEvents(el);
    expect(await turn(el, 'Go')).to.equal('success');
    watched.stop();

    // One hop: the run state, then all calls executing, then all completed (one snapshot each), not 2 × 20.
    expect(watched.hops).to.have.length(1);
    expect(watched.hops[0], `snapshots while ${CALLS} calls ran`).to.be.at.most(4);
    // Every call's four page events, in their order.
    for (let i = 0; i < CALLS; i++) {
      expect(heard.filter((line) => line.endsWith(` a${i}`))).to.deep.equal(PAGE_EVENTS.map((name) => `${name} a${i}`));
    }
    await settled(el);
    await until(() => deepQueryAll(el, '[part~="tool-status"]').filter((s) => s.textContent?.includes('Completed')).length === CALLS, 20_000);

    // As after a reload (what the chat kept written first): a new chat on the thread, another hop of 20.
    await leave(el);
    const reopened = await open();
    await until(() => deepQueryAll(reopened, '[part~="assistant-message"]').some((m) => m.textContent?.includes('First done.')), 20_000);
    const again = await watchHops(reopened);
    expect(await turn(reopened, 'Again')).to.equal('success');
    again.stop();
    expect(again.hops).to.have.length(1);
    expect(again.hops[0]).to.be.at.most(4);

    const requests = await s.requests();
    expect(requests).to.have.length(4);
    const last = requests[3]!.body.messages.filter((m) => m.role === 'tool');
    // Both hops' results, each once, with its content, under ids no other message has.
    expect(last.map((m) => m.toolCallId)).to.have.members([...Array.from({ length: CALLS }, (_, i) => `a${i}`), ...Array.from({ length: CALLS }, (_, i) => `b${i}`)]);
    expect(last.find((m) => m.toolCallId === 'b7')?.content).to.equal('result 7 for b7');
    const ids = requests[3]!.body.messages.map((m) => m.id);
    expect(new Set(ids).size, 'message ids are unique').to.equal(ids.length);
    reopened.remove();
  });
});

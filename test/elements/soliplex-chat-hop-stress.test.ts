import { expect, fixture, html } from '@open-wc/testing';
import { ToolRegistry, type ClientTool } from '../../src/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQueryAll, settled, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Tool hops under CPU contention (issue 26, item 7): several chats, each on its own thread, run turns
 * of many hops of instant client tools at once against the demo server, while a worker spins and
 * the page itself is kept busy between frames. Every hop must complete: each run's tool results reach
 * the server in the next request, and every turn ends in its final answer. The test's time limit
 * only says "it finished" (a hop that stalls fails it); nothing here measures time. Then each chat is
 * reopened on its thread (as after a reload) and shows the same answer and calls.
 */

const CHATS = 3;
const HOPS = 6;
const CALLS = 5;

const tools = (executed: string[]): ClientTool[] =>
  Array.from({ length: CALLS }, (_, i) => ({
    name: `tool_${i}`,
    description: `Instant tool ${i}`,
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
    execute: ({ q }: { q?: string }) => {
      executed.push(q ?? '');
      return `result ${i} for ${q}`;
    },
  }));

/** Run `hop` asks for CALLS tools; the run after the last hop answers. */
function runs(chat: number): object[][] {
  const hops = Array.from({ length: HOPS }, (_, hop) => [
    started,
    ...say(`m${hop}`, `Hop ${hop}.`),
    ...Array.from({ length: CALLS }, (_, i) => [
      { type: 'TOOL_CALL_START', toolCallId: `c${chat}-${hop}-${i}`, toolCallName: `tool_${i}`, parentMessageId: `m${hop}` },
      { type: 'TOOL_CALL_ARGS', toolCallId: `c${chat}-${hop}-${i}`, delta: JSON.stringify({ q: `${chat}-${hop}-${i}` }) },
      { type: 'TOOL_CALL_END', toolCallId: `c${chat}-${hop}-${i}` },
    ]).flat(),
    finished,
  ]);
  return [...hops, [started, ...say('answer', `All ${HOPS} hops done for chat ${chat}.`), finished]];
}

/** CPU contention: a worker that spins, and a page that burns ~12 ms of every frame and every other task. */
function contend(): () => void {
  const worker = new Worker(URL.createObjectURL(new Blob(['for (;;) {}'], { type: 'text/javascript' })));
  let stopped = false;
  const burn = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      /* busy */
    }
  };
  const frame = () => {
    if (stopped) return;
    burn(12);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  const timer = setInterval(() => burn(6), 4);
  return () => {
    stopped = true;
    clearInterval(timer);
    worker.terminate();
  };
}

const answerText = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="assistant-message"]')
    .map((m) => m.textContent ?? '')
    .join(' ');
/** Each card's status as read (an icon, then the word). */
const toolStatuses = (el: SoliplexChat) => deepQueryAll(el, '[part~="tool-status"]').map((s) => s.textContent?.replace(/^\W+/, '').trim() ?? '');

describe('soliplex-chat: tool hops under CPU contention', () => {
  it('completes every hop of several chats at once: each continuation carries the results, each turn ends', async function () {
    this.timeout(180_000);
    const scripts = await Promise.all(Array.from({ length: CHATS }, (_, chat) => script(runs(chat))));
    const executed = Array.from({ length: CHATS }, () => [] as string[]);
    const threads = Array.from({ length: CHATS }, (_, chat) => `hop-stress-${chat}-${Math.random().toString(36).slice(2)}`);
    const chats = await Promise.all(
      scripts.map((s, chat) =>
        fixture<SoliplexChat>(
          html`<soliplex-chat style="height: 300px" agent-url=${s.agentUrl} thread=${threads[chat]!} .toolRegistry=${new ToolRegistry(tools(executed[chat]!))}></soliplex-chat>`,
        ),
      ),
    );
    const stop = contend();
    let outcomes: string[];
    try {
      const ended = chats.map((el) => new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true })));
      chats.forEach((el, chat) => expect(el.send(`Go ${chat}`)).to.equal(true));
      outcomes = (await Promise.all(ended)).map((event) => event.outcome);
    } finally {
      stop();
    }
    expect(outcomes).to.deep.equal(chats.map(() => 'success'));

    for (let chat = 0; chat < CHATS; chat++) {
      const requests = await scripts[chat]!.requests();
      // The user's run, one continuation per hop: nothing more, nothing less.
      expect(requests, `chat ${chat}: requests`).to.have.length(HOPS + 1);
      for (let hop = 0; hop < HOPS; hop++) {
        const messages = (requests[hop + 1]!.body as { messages: { role: string; toolCallId?: string; content?: unknown }[] }).messages;
        const results = messages.filter((m) => m.role === 'tool' && m.toolCallId?.startsWith(`c${chat}-${hop}-`));
        expect(
          results.map((m) => m.content),
          `chat ${chat}, continuation of hop ${hop}`,
        ).to.deep.equal(Array.from({ length: CALLS }, (_, i) => `result ${i} for ${chat}-${hop}-${i}`));
      }
      // Each call ran once.
      expect(executed[chat]!.length, `chat ${chat}: executions`).to.equal(HOPS * CALLS);
      const el = chats[chat]!;
      await settled(el);
      expect(answerText(el)).to.contain(`All ${HOPS} hops done for chat ${chat}.`);
      expect(toolStatuses(el).filter((s) => s === 'Completed')).to.have.length(HOPS * CALLS);
    }

    // Reopened on their threads (as after a reload): the same answers and calls, nothing run again.
    chats.forEach((el) => el.remove());
    for (let chat = 0; chat < CHATS; chat++) {
      const reopened = await fixture<SoliplexChat>(
        html`<soliplex-chat style="height: 300px" agent-url=${scripts[chat]!.agentUrl} thread=${threads[chat]!} .toolRegistry=${new ToolRegistry(tools(executed[chat]!))}></soliplex-chat>`,
      );
      await until(() => answerText(reopened).includes(`All ${HOPS} hops done for chat ${chat}.`));
      await settled(reopened);
      expect(toolStatuses(reopened).filter((s) => s === 'Completed')).to.have.length(HOPS * CALLS);
      expect(executed[chat]!.length).to.equal(HOPS * CALLS);
      expect(await scripts[chat]!.requests()).to.have.length(HOPS + 1);
      reopened.remove();
    }
  });
});

import { expect, fixture, html } from '@open-wc/testing';
import { z } from 'zod';
import type { Message } from '@ag-ui/core';
import { RunOrchestrator, SoliplexHistoryCache, SoliplexTransport, ToolRegistry, findInterrupt, type ClientTool } from '../../src/core/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Reloads that survive, against the demo server's Soliplex API (issue 21 item 2, issue 20 item 2): a
 * run whose GET fails is a retryable gap, answered interrupts stay answered without `resume` on GET,
 * and a run still running on the server at reload is followed to its end. A "reload" here is the
 * chat removed and a fresh one made on a fresh engine (test/e2e/soliplex-reload.test.mjs does a real one).
 */
const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

const answers = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="assistant-message"]').map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').replace('Assistant:', '').trim());
const questions = (el: SoliplexChat) => deepQueryAll(el, '[part~="user-message"]').map((m) => (m.textContent ?? '').replace('You:', '').trim());

const user = (id: string, content: string): Message => ({ id, role: 'user', content });
const assistant = (id: string, content: string): Message => ({ id, role: 'assistant', content });
const sayRun = (id: string, text: string) => [{ type: 'RUN_STARTED' }, ...say(id, text), { type: 'RUN_FINISHED' }];

async function seed(room: string, runs: object[]): Promise<{ thread: string; runIds: string[] }> {
  const response = await fetch(`${server}/api/test/threads`, { method: 'POST', body: JSON.stringify({ room, runs }) });
  const { thread_id, run_ids } = (await response.json()) as { thread_id: string; run_ids: string[] };
  return { thread: thread_id, runIds: run_ids };
}

/** A chat showing `thread`, on a fresh engine of its own (what a reloaded page has). */
function reopen(room: string, thread: string, extra: { fetch?: typeof fetch; tools?: ToolRegistry } = {}) {
  const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room, ...(extra.fetch ? { fetch: extra.fetch } : {}) }) });
  return fixture<SoliplexChat>(
    html`<soliplex-chat .engine=${engine} .toolRegistry=${extra.tools ?? new ToolRegistry()} server-url=${server} room=${room} thread=${thread}></soliplex-chat>`,
  );
}

/**
 * A thread whose first answer the page left mid-run (the server runs on, pausing `pauseMs` between
 * its two messages); the next run answers "Next answer.". Soliplex holds a message's text until its
 * end (message delivery): the first message ends before the pause, so the page sees it mid-run.
 */
async function leftMidAnswer(pauseMs: number) {
  const { room, requests } = await script([
    [started, ...say('a1', 'The first half.'), { $delay: pauseMs }, ...say('a1b', 'Then the second half.'), finished],
    [started, ...say('a2', 'Next answer.'), finished],
  ]);
  const first = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-persist></soliplex-chat>`);
  first.send('tell me');
  await until(() => answers(first).some((text) => text.includes('The first half')));
  const thread = first.thread;
  first.remove(); // the page goes away mid-answer; the server runs on
  return { room, requests, thread };
}

const gapText = "Part of this conversation couldn't be loaded.";
const gap = (el: SoliplexChat) => deepQuery(el, '[part~="history-gap"]');

describe('<soliplex-chat> reloads that survive', () => {
  it('a run whose GET fails shows a notice with Retry in its place; the rest loads, the user can send, Retry loads it', async () => {
    const { room, requests } = await script([[started, ...say('n1', 'Fresh answer.'), finished]]);
    const { thread, runIds } = await seed(room, [
      { messages: [user('u1', 'one')], output: [assistant('a1', 'One.')], events: sayRun('a1', 'One.') },
      { messages: [user('u2', 'two')], output: [assistant('a2', 'Two.')], events: sayRun('a2', 'Two.') },
      { messages: [user('u3', 'three')], output: [assistant('a3', 'Three.')], events: sayRun('a3', 'Three.') },
    ]);
    // The middle run's GET answers 500 until the server "recovers".
    let broken = true;
    const flaky: typeof fetch = (input, init) =>
      broken && String(input).endsWith(`/${runIds[1]}`)
        ? Promise.resolve(new Response(JSON.stringify({ detail: 'boom' }), { status: 500 }))
        : fetch(input, init);
    const el = await reopen(room, thread, { fetch: flaky });
    await until(() => !!gap(el) && statusLine(el)?.textContent?.trim() === '');
    await settled(el);
    expect(gap(el)!.textContent).to.contain(gapText);
    expect(gap(el)!.getAttribute('role')).to.equal('note');
    expect(questions(el)).to.deep.equal(['one', 'two', 'three']);
    // Its answer as the next run's input carries it (what its events alone hold is what is missing).
    expect(answers(el)).to.deep.equal(['One.', 'Two.', 'Three.']);
    // In its place: after that run's question and answer, before the next question.
    const order = deepQueryAll(el, '[part~="user-message"], [part~="assistant-message"], [part~="history-gap"]').map((m) => m.getAttribute('part')!.split(' ').at(-1));
    expect(order).to.deep.equal(['user-message', 'assistant-message', 'user-message', 'assistant-message', 'history-gap', 'user-message', 'assistant-message']);

    // The thread works: a send goes out with the transcript the server has.
    const done = finishedOnce(el);
    expect(el.send('four')).to.equal(true);
    expect((await done).outcome).to.equal('success');
    const sent = (await requests())[0]!.body as { messages: Message[] };
    expect(sent.messages.map((m) => m.id)).to.deep.equal(['u1', 'a1', 'u2', 'a2', 'u3', 'a3', sent.messages.at(-1)!.id]);
    await settled(el);

    broken = false;
    const retry = gap(el)!.querySelector('button')!;
    expect(retry.textContent?.trim()).to.equal('Retry');
    retry.click();
    await until(() => !gap(el) && statusLine(el)?.textContent?.trim() === '');
    expect(answers(el)).to.deep.equal(['One.', 'Two.', 'Three.', 'Fresh answer.']);
  });

  it('an interrupt answered before the reload shows as answered, though the run GET carries no resume', async () => {
    const { room } = await script([]);
    const interrupted = [
      { type: 'RUN_STARTED' },
      ...say('a1', 'I need to ask first.'),
      { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [{ id: 'ask-1', reason: 'confirmation', message: 'Go ahead?' }] } },
    ];
    const { thread } = await seed(room, [
      { messages: [user('u1', 'do it')], output: [assistant('a1', 'I need to ask first.')], events: interrupted },
      // The resumed run: no new user message (Soliplex stores its input without `resume`).
      { messages: [], output: [assistant('a2', 'Done.')], events: sayRun('a2', 'Done.') },
      // A later interrupt the user moved on from, by sending a new message.
      {
        messages: [user('u3', 'again')],
        output: [assistant('a3', 'Ask again.')],
        events: [{ type: 'RUN_STARTED' }, ...say('a3', 'Ask again.'), { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [{ id: 'ask-2', reason: 'confirmation', message: 'Sure?' }] } }],
      },
      { messages: [user('u4', 'never mind')], output: [assistant('a4', 'OK.')], events: sayRun('a4', 'OK.') },
    ]);
    const el = await reopen(room, thread);
    await until(() => answers(el).length === 4 && statusLine(el)?.textContent?.trim() === '');
    await until(() => deepQueryAll(el, '[part~="interrupt-status"]').length === 2);
    const statuses = deepQueryAll(el, '[part~="interrupt-status"]').map((s) => s.textContent?.trim());
    expect(statuses).to.deep.equal(['Answered.', 'Cancelled.']);
  });

  it("what each interrupt was answered comes back from the widget's own record (answered with its payload, or cancelled)", async () => {
    const ask = (id: string) => ({ type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [{ id, reason: 'input_required', message: 'Which city?' }] } });
    const { room, requests } = await script([
      [started, ...say('a1', 'One question first.'), ask('ask-1')],
      [started, ...say('a2', 'Booked.'), finished],
      [started, ...say('a3', 'Another question.'), ask('ask-2')],
      [started, ...say('a4', 'Fine, never mind.'), finished],
    ]);
    const cache = new SoliplexHistoryCache({ dbName: `soliplex-chat-history-test-${Math.random().toString(36).slice(2)}` });
    // As the real server answers: stored inputs never carry `resume`.
    const withoutResume: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if ((init?.method ?? 'GET') !== 'GET' || !String(input).includes('/agui/')) return response;
      const body = (await response.json()) as { run_input?: { resume?: unknown }; runs?: Record<string, { run_input?: { resume?: unknown } }> };
      delete body.run_input?.resume;
      for (const run of Object.values(body.runs ?? {})) delete run.run_input?.resume;
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const engineOf = () => new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room, historyCache: cache, fetch: withoutResume }) });
    const first = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engineOf()} server-url=${server} room=${room}></soliplex-chat>`);
    let done = finishedOnce(first);
    first.send('book a trip');
    // Generous: on a loaded machine the room, the thread and the first run take a while to come.
    await until(() => !!findInterrupt(first.engine!.snapshot({ server, room, thread: first.thread }).conversation, 'ask-1'), 20_000);
    expect(first.answerInterrupt('ask-1', { city: 'Paris' })).to.equal(true);
    expect((await done).outcome).to.equal('success');
    done = finishedOnce(first);
    first.send('and another');
    await until(() => !!findInterrupt(first.engine!.snapshot({ server, room, thread: first.thread }).conversation, 'ask-2'), 20_000);
    expect(first.cancelInterrupt('ask-2')).to.equal(true);
    expect((await done).outcome).to.equal('success');
    expect((await requests()).map((r) => (r.body as { resume?: unknown }).resume)).to.deep.equal([
      undefined,
      [{ interruptId: 'ask-1', status: 'resolved', payload: { city: 'Paris' } }],
      undefined,
      [{ interruptId: 'ask-2', status: 'cancelled' }],
    ]);
    const thread = first.thread;
    first.remove();
    await cache.flushed();

    const engine = engineOf();
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} server-url=${server} room=${room} thread=${thread}></soliplex-chat>`);
    await until(() => deepQueryAll(el, '[part~="interrupt-status"]').length === 2 && statusLine(el)?.textContent?.trim() === '', 20_000);
    expect(deepQueryAll(el, '[part~="interrupt-status"]').map((s) => s.textContent?.trim())).to.deep.equal(['Answered: city: Paris', 'Cancelled.']);
    const conversation = engine.snapshot({ server, room, thread }).conversation;
    expect(findInterrupt(conversation, 'ask-1')).to.include({ status: 'resolved', resumed: true });
    expect(findInterrupt(conversation, 'ask-1')!.payload).to.deep.equal({ city: 'Paris' });
    expect(answers(el)).to.deep.equal(['One question first.', 'Booked.', 'Another question.', 'Fine, never mind.']);
  });

  it('a run still running at reload is followed from its start to its end, announced; sending waits for it; the next send carries the whole transcript', async () => {
    const { room, requests, thread } = await leftMidAnswer(1200);

    const el = await reopen(room, thread);
    const done = finishedOnce(el);
    await until(() => questions(el).includes('tell me'));
    // While the server's run is unfinished: no send, and the status line says why.
    await until(() => (statusLine(el)?.textContent ?? '').includes('still writing'));
    expect(el.send('too early')).to.equal(false);
    // The engine itself refuses: no run may start on the thread while the server's run is unfinished.
    const refused = await el.engine!.send({ server, room, thread }, 'too early').catch((error: Error) => error.message);
    expect(refused).to.match(/still being written on the server/);
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(answers(el)).to.deep.equal(['The first half.', 'Then the second half.']);
    expect(questions(el)).to.deep.equal(['tell me']);

    const next = finishedOnce(el);
    expect(el.send('and then?')).to.equal(true);
    expect((await next).outcome).to.equal('success');
    const posted = (await requests()).filter((r) => !(r.headers['last-event-id'] ?? ''));
    expect(posted).to.have.length(2, 'one run per send: the reload started none');
    const input = posted[1]!.body as { messages: Message[] };
    // No fork: the server sees the first turn, question and answer, before the new question.
    expect(input.messages.map((m) => [m.role, m.content])).to.deep.equal([
      ['user', 'tell me'],
      ['assistant', 'The first half.'],
      ['assistant', 'Then the second half.'],
      ['user', 'and then?'],
    ]);
  });

  it('a followed run that ends with client tool calls runs them once, and the loop goes on to the final answer', async () => {
    const calls: string[] = [];
    const lookup: ClientTool<{ name: string }> = {
      name: 'lookup',
      description: 'Looks a name up',
      parameters: z.object({ name: z.string() }),
      execute: ({ name }) => {
        calls.push(name);
        return `${name} is 42`;
      },
    };
    const { room, requests } = await script([
      [
        started,
        ...say('a1', 'Let me look.'),
        { $delay: 1200 },
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: 'a1' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"name":"alice"}' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        finished,
      ],
      [started, ...say('a2', 'Alice is 42.'), finished],
    ]);
    const first = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-persist .toolRegistry=${new ToolRegistry([lookup])}></soliplex-chat>`);
    first.send('who is alice?');
    await until(() => answers(first).some((text) => text.includes('Let me look')));
    const thread = first.thread;
    first.remove();

    const el = await reopen(room, thread, { tools: new ToolRegistry([lookup]) });
    const done = finishedOnce(el);
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(calls).to.deep.equal(['alice']);
    expect(answers(el).at(-1)).to.equal('Alice is 42.');
    const continuation = (await requests()).filter((r) => !(r.headers['last-event-id'] ?? ''))[1]!.body as { messages: Message[] };
    expect(continuation.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool']);
    expect(continuation.messages.at(-1)).to.include({ toolCallId: 'c1', content: 'alice is 42' });
    await waitFor(el, '[part~="tool-card"]');
  });

  it('Stop on a followed run does not free the thread: sending waits, the status says why, Retry follows it again; no fork', async () => {
    const { room, requests, thread } = await leftMidAnswer(1500);

    const el = await reopen(room, thread);
    await until(() => (statusLine(el)?.textContent ?? '').includes('still writing'));
    el.stop(); // Stop: the chat stops following; the server goes on
    await until(() => (statusLine(el)?.textContent ?? '').includes('Stopped following'));
    expect(el.send('too early')).to.equal(false);
    const done = finishedOnce(el);
    deepQuery<HTMLButtonElement>(el, '[part~="retry-button"]')!.click();
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(answers(el)).to.deep.equal(['The first half.', 'Then the second half.']);

    const next = finishedOnce(el);
    expect(el.send('and then?')).to.equal(true);
    expect((await next).outcome).to.equal('success');
    const posted = (await requests()).filter((r) => !(r.headers['last-event-id'] ?? ''));
    expect(posted).to.have.length(2, 'one run per send: neither the reload nor Retry started one');
    expect((posted[1]!.body as { messages: Message[] }).messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'assistant', 'user']);
  });
});

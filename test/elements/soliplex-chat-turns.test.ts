import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, type ClientTool, type Transport } from '../../src/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent, SoliplexToolCallEvent } from '../../src/index.js';
import { deepQuery, settled, statusLine, until } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred } from '../helpers/scripted-transport.js';

// The element's side of "every turn accounted for": each test failed before its fix.

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

describe('<soliplex-chat> follows the turns it starts', () => {
  it('a thread switch mid-turn: the page is still asked (its veto holds) and the turn still reports its end', async () => {
    const runs: string[] = [];
    const guarded: ClientTool = { name: 'guarded', description: '', execute: () => (runs.push('ran'), 'secret') };
    const transport = new ScriptedTransport([
      [runStarted(), { $wait: new Promise((resolve) => setTimeout(resolve, 200)) }, ...toolCall('c1', 'guarded', {}), runFinished()],
      [runStarted('r2'), ...text('a1', 'Understood.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} .toolRegistry=${new ToolRegistry([guarded])} thread="t1"></soliplex-chat>`);
    const asked: SoliplexToolCallEvent[] = [];
    el.addEventListener('soliplex-tool-call', (event) => (asked.push(event), event.preventDefault()));
    const done = finishedOnce(el);
    el.send('go');
    el.thread = 't2';
    const end = await done;
    expect(end.outcome).to.equal('success');
    expect(end.threadKey.thread).to.equal('t1');
    expect(asked.map((event) => event.call.name)).to.deep.equal(['guarded']);
    expect(runs).to.deep.equal([]);
    expect((transport.requests[1]!.messages.find((m) => m.role === 'tool') as { error?: string }).error).to.contain('blocked');
  });

  it('a chat that left the page vetoes its turn\'s calls instead of running them unasked', async () => {
    const runs: string[] = [];
    const tool: ClientTool = { name: 'act', description: '', execute: () => (runs.push('ran'), 'done') };
    const release = deferred<unknown>();
    const transport = new ScriptedTransport([
      [runStarted(), { $wait: release.promise }, ...toolCall('c1', 'act', {}), runFinished()],
      [runStarted('r2'), ...text('a1', 'OK.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} .toolRegistry=${new ToolRegistry([tool])} thread="t1"></soliplex-chat>`);
    const done = finishedOnce(el);
    el.send('go');
    el.remove();
    release.resolve(undefined);
    expect((await done).outcome).to.equal('success');
    expect(runs).to.deep.equal([]);
  });

  it('retry() after a completed turn does nothing and returns false', async () => {
    const { agentUrl, requests } = await script([[started, ...say('a1', 'The only answer.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    const done = finishedOnce(el);
    el.send('question');
    await done;
    expect(el.retry()).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await requests()).to.have.length(1);
  });

  it('chats sharing an engine share its tools: one registering does not drop the other\'s', async () => {
    const engine = new RunOrchestrator({ transport: new ScriptedTransport([]) });
    const a = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread="a"></soliplex-chat>`);
    const b = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread="b"></soliplex-chat>`);
    a.toolRegistry = a.toolRegistry.register({ name: 'from_a', description: '', execute: () => 'a' });
    b.toolRegistry = b.toolRegistry.register({ name: 'from_b', description: '', execute: () => 'b' });
    expect(engine.toolRegistry.tools.map((t) => t.name)).to.have.members(['from_a', 'from_b']);
    expect(a.toolRegistry).to.equal(engine.toolRegistry);
    // A registry given before the engine is merged in, not lost and not overwriting.
    const c = document.createElement('soliplex-chat');
    c.toolRegistry = new ToolRegistry([{ name: 'from_c', description: '', execute: () => 'c' }]);
    c.engine = engine;
    expect(engine.toolRegistry.tools.map((t) => t.name)).to.have.members(['from_a', 'from_b', 'from_c']);
  });
});

describe('<soliplex-chat> on Soliplex: one run status, the engine\'s', () => {
  it('a failed room request does not stick: later turns show their own status and Stop', async () => {
    const scripted = new ScriptedTransport([[runStarted(), { $wait: new Promise((resolve) => setTimeout(resolve, 300)) }, ...text('a1', 'Fine.'), runFinished()]]);
    const transport: Transport = { createThread: async () => ({ threadId: 'created-1' }), run: (request, onEvent) => scripted.run(request, onEvent) };
    const engine = new RunOrchestrator({ transport });
    const errors: string[] = [];
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat .engine=${engine} server-url=${server} room="no-such-room" @soliplex-error=${(e: Event) => errors.push((e as Event & { message: string }).message)}></soliplex-chat>`,
    );
    await until(() => errors.length > 0);
    await settled(el);
    expect(statusLine(el).textContent).not.to.contain('Failed');
    const done = finishedOnce(el);
    el.send('hello');
    await until(() => el.thread === 'created-1');
    await settled(el);
    expect(deepQuery(el, '[part~="stop-button"]')).to.not.equal(undefined);
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(statusLine(el).textContent!.trim()).to.equal('');
    expect(deepQuery(el, '[part~="retry-button"]')).to.equal(undefined);
  });

  it('Stop while the thread is being created cancels the turn: nothing is sent', async () => {
    const created = deferred<{ threadId: string }>();
    const scripted = new ScriptedTransport([]);
    const transport: Transport = { createThread: () => created.promise, run: (request, onEvent) => scripted.run(request, onEvent) };
    const engine = new RunOrchestrator({ transport });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} server-url=${server} room="demo"></soliplex-chat>`);
    const done = finishedOnce(el);
    el.send('hello');
    await settled(el);
    expect(statusLine(el).textContent).to.contain('Starting the conversation');
    (deepQuery(el, '[part~="stop-button"]') as HTMLButtonElement).click();
    expect((await done).outcome).to.equal('cancelled');
    created.resolve({ threadId: 'too-late' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scripted.requests).to.have.length(0);
    expect(el.thread).to.equal('');
    expect(el.retry()).to.equal(true);
  });

  it('server-url and room set from script after the first render: the made-up thread id is dropped, the first send creates a thread', async () => {
    const { room } = await script([[started, ...say('a1', 'Hello from Soliplex.'), finished]]);
    const errors: string[] = [];
    const el = await fixture<SoliplexChat>(html`<soliplex-chat @soliplex-error=${(e: Event) => errors.push((e as Event & { message: string }).message)}></soliplex-chat>`);
    const generated = el.thread;
    expect(generated).to.not.equal('');
    el.serverUrl = server;
    el.room = room;
    await settled(el);
    expect(el.thread).to.equal('');
    const done = finishedOnce(el);
    el.send('hi');
    const end = await done;
    expect(end.outcome, end.error?.message).to.equal('success');
    expect(el.thread).to.not.equal(generated);
    expect(errors).to.deep.equal([]);
  });
});

import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import { RunOrchestrator, SoliplexTransport, ToolRegistry, type ClientTool, type RunState, type ThreadKey } from '../../src/core/index.js';
import { toolCall } from '../helpers/agui-events.js';
import { until } from '../helpers/scripted-transport.js';
import { finished, say, script, server, setServerToken, started, type RecordedRequest } from '../helpers/agui-server.js';

type Recorded = RecordedRequest<{ threadId: string; runId: string; messages: Message[]; tools: { name: string }[]; state?: unknown }>;

async function scriptRoom(runs: object[][]) {
  const { room, requests } = await script(runs);
  return { room, requests: requests as () => Promise<Recorded[]> };
}

const lookup: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  execute: ({ name }) => ({ alice: 42, bob: 7 })[name],
};

async function setup(room: string, options: Partial<ConstructorParameters<typeof SoliplexTransport>[0]> = {}) {
  const transport = new SoliplexTransport({ serverUrl: server, room, resumeDelayMs: 20, ...options });
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([lookup]) });
  const key: ThreadKey = await engine.createThread(server, room);
  const states: RunState[] = [];
  engine.registry.subscribe((s) => states.push(s.run), key);
  return { transport, engine, key, states };
}

const texts = (engine: RunOrchestrator, key: ThreadKey) =>
  engine.snapshot(key).conversation.messages.map((m) => (m as { text: string }).text);

// Cuts come after a short delay: a browser discards bytes queued behind a network error, and a real
// drop happens mid-stream after frames were read.
describe('Soliplex transport against the demo server', () => {
  it('uses the initial run first, a fresh run for every continuation and turn', async () => {
    const { room, requests } = await scriptRoom([
      [started, ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), ...toolCall('c2', 'get_secret_number', { name: 'bob' }, 'a1'), finished],
      [started, ...say('a2', 'alice 42, bob 7'), finished],
      [started, ...say('a3', 'You are welcome.'), finished],
    ]);
    const { engine, key, states } = await setup(room);
    expect(await engine.send(key, 'Secret numbers for alice and bob?')).to.equal('success');
    expect(await engine.send(key, 'Thanks')).to.equal('success');

    const recorded = await requests();
    expect(recorded).to.have.length(3);
    const runIds = recorded.map((r) => r.body.runId);
    expect(new Set(runIds).size).to.equal(3);
    expect(recorded.every((r) => r.body.threadId === key.thread)).to.equal(true);
    expect(recorded[0]!.path).to.contain(`/agui/${key.thread}/${runIds[0]}`);
    const continuation = recorded[1]!.body;
    expect(continuation.tools.map((t) => t.name)).to.deep.equal(['get_secret_number']);
    expect(continuation.messages.filter((m) => m.role === 'tool').map((m) => m.content)).to.deep.equal(['42', '7']);
    expect(recorded[2]!.body.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'tool', 'assistant', 'user']);
    expect(texts(engine, key).at(-1)).to.equal('You are welcome.');
    expect(states.filter((s) => s.status !== 'running').map((s) => s.status)).to.deep.equal(['success', 'success']);
  });

  it('resumes a dropped stream with Last-Event-ID, without duplicates', async () => {
    const { room, requests } = await scriptRoom([
      [started, ...say('a1', 'First part.'), { $delay: 100 }, { $cut: true }, ...say('a2', 'Second part.'), finished],
    ]);
    const { engine, key } = await setup(room);
    expect(await engine.send(key, 'hello')).to.equal('success');
    expect(texts(engine, key)).to.deep.equal(['hello', 'First part.', 'Second part.']);
    const recorded = await requests();
    expect(recorded).to.have.length(2);
    expect(recorded[1]!.headers['last-event-id']).to.match(/:\d+$/);
    expect(recorded[1]!.path).to.equal(recorded[0]!.path);
  });

  it('gives up after the resume attempts and fails with the conversation kept', async () => {
    const { room } = await scriptRoom([[started, ...say('a1', 'Partial'), { $delay: 100 }, { $cut: true }, { $hang: true }]]);
    const { engine, key } = await setup(room, { resumeAttempts: 0 });
    expect(await engine.send(key, 'hello')).to.equal('failed');
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error.kind).to.equal('network');
    expect(texts(engine, key)).to.deep.equal(['hello', 'Partial']);
  });

  it('asks for a new token once on a 401 and retries; the source is asked before every request', async () => {
    const { room } = await scriptRoom([[started, ...say('a1', 'Signed in.'), finished]]);
    await setServerToken('fresh', room);
    try {
      const asked: boolean[] = [];
      // A source as pages write them: it answers its current token, and renews it when asked to refresh.
      let current = 'stale';
      const token = ({ refresh }: { refresh: boolean }) => {
        asked.push(refresh);
        if (refresh) current = 'fresh';
        return current;
      };
      const { engine, key } = await setup(room, { token });
      expect(await engine.send(key, 'hello')).to.equal('success');
      expect(asked.slice(0, 2)).to.deep.equal([false, true]);
      expect(asked.filter(Boolean), 'one refresh: the renewed token serves the later requests').to.have.length(1);
      expect(asked.length, 'asked before each request of the send (thread, run, stream)').to.be.greaterThan(2);
    } finally {
      await setServerToken(null, room);
    }
  });

  it('says sign-in is needed when the fresh token is refused too', async () => {
    const { room } = await scriptRoom([[started, finished]]);
    await setServerToken('secret', room);
    try {
      const transport = new SoliplexTransport({ serverUrl: server, room, token: () => 'wrong' });
      const engine = new RunOrchestrator({ transport });
      const error = await engine.createThread(server, room).catch((e: Error) => e);
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message).to.contain('Sign-in needed');
    } finally {
      await setServerToken(null, room);
    }
  });

  it('reloads a thread from its history and continues it', async () => {
    const { room, requests } = await scriptRoom([
      [started, ...toolCall('c1', 'get_secret_number', { name: 'bob' }), finished],
      [started, ...say('a2', 'Bob has 7.'), finished],
      [started, ...say('a3', 'Still 7.'), finished],
    ]);
    const first = await setup(room);
    expect(await first.engine.send(first.key, 'Bob?')).to.equal('success');

    // A new page: a fresh engine reloads the stored thread and continues it.
    let executions = 0;
    const transport = new SoliplexTransport({ serverUrl: server, room });
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([{ ...lookup, execute: () => (executions++, 0) }]) });
    expect(await engine.loadThread(first.key)).to.equal(true);
    expect(texts(engine, first.key)).to.deep.equal(['Bob?', '', 'Bob has 7.']);
    expect(engine.snapshot(first.key).conversation.toolCalls['c1']).to.include({ status: 'completed', result: '7' });
    expect(await engine.send(first.key, 'Sure?')).to.equal('success');
    expect(executions).to.equal(0);
    const last = (await requests()).at(-1)!.body.messages;
    expect(last.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant', 'user']);
  });

  it('a cancel during a resume never runs a tool', async () => {
    let executions = 0;
    const { room } = await scriptRoom([[started, ...toolCall('c1', 'get_secret_number', { name: 'bob' }), { $delay: 100 }, { $cut: true }, { $delay: 300 }, finished]]);
    const { engine, key } = await setup(room, { resumeDelayMs: 200 });
    engine.toolRegistry = new ToolRegistry([{ ...lookup, execute: () => (executions++, 0) }]);
    const outcome = engine.send(key, 'hello');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'pending');
    engine.cancel(key);
    expect(await outcome).to.equal('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(executions).to.equal(0);
  });

  it('ends the run with the listener\'s own error, never resuming it as a dropped stream', async () => {
    const { room, requests } = await scriptRoom([[started, ...say('a1', 'Hello'), ...say('a2', 'More'), finished]]);
    const transport = new SoliplexTransport({ serverUrl: server, room, resumeDelayMs: 0 });
    const signal = new AbortController().signal;
    const { threadId } = await transport.createThread(signal);
    const bug = new TypeError('listener bug');
    const seen: string[] = [];
    const request = { threadId, runId: 'r', messages: [{ id: 'u1', role: 'user' as const, content: 'hi' }], tools: [], state: {}, signal };
    const error = await transport
      .run(request, (event) => {
        seen.push(event.type);
        if (event.type === 'TEXT_MESSAGE_CONTENT') throw bug;
      })
      .catch((e: unknown) => e);
    expect(error).to.equal(bug);
    expect(seen).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT']);
    expect(await requests()).to.have.length(1);
  });
});

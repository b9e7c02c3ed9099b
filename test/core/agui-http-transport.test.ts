import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import { z } from 'zod';
import {
  RunOrchestrator,
  ToolRegistry,
  createAgUiHttpTransport,
  type ClientTool,
  type RunState,
  type ThreadKey,
} from '../../src/core/index.js';
import { toolCall } from '../helpers/agui-events.js';
import { until } from '../helpers/scripted-transport.js';
import { finished, say, script, started, type RecordedRequest } from '../helpers/agui-server.js';

type Recorded = RecordedRequest<{ threadId: string; runId: string; messages: Message[]; tools: { name: string; parameters: unknown }[] }>;

const getSecretNumber: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: z.object({ name: z.string() }),
  execute: ({ name }) => ({ alice: 42, bob: 7 })[name],
};

function engineFor(agentUrl: string) {
  const engine = new RunOrchestrator({
    transport: createAgUiHttpTransport({ url: agentUrl, headers: { Authorization: 'Bearer test-token' } }),
    toolRegistry: new ToolRegistry([getSecretNumber]),
  });
  const key: ThreadKey = { server: agentUrl, room: '', thread: crypto.randomUUID() };
  const states: RunState[] = [];
  engine.registry.subscribe((s) => states.push(s.run), key);
  return { engine, key, states };
}

const failure = (engine: RunOrchestrator, key: ThreadKey) => {
  const run = engine.snapshot(key).run;
  return run.status === 'failed' ? run.error : undefined;
};

describe('AG-UI HTTP transport against a real server', () => {
  it('runs the secret-number loop over SSE', async () => {
    const { agentUrl, requests } = await script([
      [started, ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), ...toolCall('c2', 'get_secret_number', { name: 'bob' }, 'a1'), finished],
      [started, ...say('a2', "alice's number is 42 and bob's is 7."), finished],
    ]);
    const { engine, key, states } = engineFor(agentUrl);
    expect(await engine.send(key, 'What are the secret numbers for alice and bob?')).to.equal('success');

    const recorded = (await requests()) as Recorded[];
    expect(recorded).to.have.length(2);
    const [first, second] = recorded as [Recorded, Recorded];
    expect(first.headers['authorization']).to.equal('Bearer test-token');
    expect(second.body.threadId).to.equal(first.body.threadId);
    expect(second.body.runId).to.not.equal(first.body.runId);
    expect(second.body.tools.map((t) => t.name)).to.deep.equal(['get_secret_number']);
    expect(second.body.tools[0]!.parameters).to.have.nested.property('properties.name.type', 'string');
    const roles = second.body.messages.map((m) => m.role);
    expect(roles).to.deep.equal(['user', 'assistant', 'tool', 'tool']);
    expect(second.body.messages.slice(2).map((m) => m.content)).to.deep.equal(['42', '7']);
    const last = engine.snapshot(key).conversation.messages.at(-1) as { text: string };
    expect(last.text).to.contain('42').and.to.contain('7');
    expect(states.slice(0, -1).every((s) => s.status === 'running')).to.equal(true);
  });

  it('shows an HTTP 500 as failed and retries on request', async () => {
    const { agentUrl, requests } = await script([
      [{ $status: 500, body: { error: 'database unavailable' } }],
      [started, ...say('a1', 'Back again.'), finished],
    ]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)).to.include({ kind: 'http', status: 500 });
    expect(failure(engine, key)!.message).to.contain('database unavailable');
    expect(engine.snapshot(key).conversation.messages[0]).to.include({ text: 'hello' });
    expect(await engine.retry(key)).to.equal('success');
    expect(((await requests()) as Recorded[])[1]!.body.messages.map((m) => m.content)).to.deep.equal(['hello']);
  });

  it('shows a 401 as a sign-in problem', async () => {
    const { agentUrl } = await script([[{ $status: 401, body: { detail: 'token expired' } }]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)).to.include({ kind: 'unauthorized', status: 401 });
  });

  it('fails on a malformed frame and keeps the conversation', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Some text'), { $delay: 300 }, { $raw: 'data: {not json\n\n' }, finished]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)!.kind).to.equal('protocol');
    const texts = engine.snapshot(key).conversation.messages.map((m) => (m as { text: string }).text);
    expect(texts).to.deep.equal(['hello', 'Some text']);
  });

  it('fails on events out of order (ARGS without START)', async () => {
    const { agentUrl } = await script([[started, { type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: '{}' }, finished]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)!.kind).to.equal('protocol');
  });

  it('fails on a dropped stream with pending calls, never running them', async () => {
    let runs = 0;
    const { agentUrl } = await script([[started, ...toolCall('c1', 'get_secret_number', { name: 'bob' }), { $delay: 150 }, { $cut: true }]]);
    const { engine, key } = engineFor(agentUrl);
    engine.toolRegistry = new ToolRegistry([{ ...getSecretNumber, execute: () => (runs++, 1) }]);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)!.kind).to.equal('network');
    expect(runs).to.equal(0);
    expect(engine.snapshot(key).conversation.toolCalls['c1']!.status).to.equal('failed');
  });

  it('reports RUN_ERROR from the agent', async () => {
    const { agentUrl } = await script([[started, { type: 'RUN_ERROR', message: 'rate limited' }]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)).to.include({ kind: 'agent' });
    expect(failure(engine, key)!.message).to.contain('rate limited');
  });

  it('cancels a run whose server never answers', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Thinking'), { $hang: true }]]);
    const { engine, key } = engineFor(agentUrl);
    const outcome = engine.send(key, 'hello');
    await until(() => engine.snapshot(key).conversation.messages.length === 2);
    engine.cancel(key);
    expect(await outcome).to.equal('cancelled');
    expect(engine.snapshot(key).run.status).to.equal('cancelled');
  });

  it('ends the run with the listener\'s own error instead of swallowing it', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello'), ...say('a2', 'More'), finished]]);
    const transport = createAgUiHttpTransport({ url: agentUrl });
    const bug = new TypeError('listener bug');
    const seen: string[] = [];
    const signal = new AbortController().signal;
    const request = { threadId: 't', runId: 'r', messages: [{ id: 'u1', role: 'user' as const, content: 'hi' }], tools: [], state: {}, signal };
    const error = await transport
      .run(request, (event) => {
        seen.push(event.type);
        if (event.type === 'TEXT_MESSAGE_CONTENT') throw bug;
      })
      .catch((e: unknown) => e);
    expect(error).to.equal(bug);
    expect(seen).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT']);
  });

  it('uses the given fetch and reads a headers function afresh for every run', async () => {
    const { agentUrl, requests } = await script([
      [started, ...say('a1', 'One.'), finished],
      [started, ...say('a2', 'Two.'), finished],
    ]);
    let calls = 0;
    let token = 0;
    const transport = createAgUiHttpTransport({
      url: agentUrl,
      headers: async () => ({ Authorization: `Bearer t${++token}` }),
      fetch: (input, init) => (calls++, fetch(input, init)),
    });
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry() });
    const key: ThreadKey = { server: agentUrl, room: '', thread: crypto.randomUUID() };
    expect(await engine.send(key, 'one')).to.equal('success');
    expect(await engine.send(key, 'two')).to.equal('success');
    expect(calls).to.equal(2);
    const recorded = (await requests()) as Recorded[];
    expect(recorded.map((r) => r.headers['authorization'])).to.deep.equal(['Bearer t1', 'Bearer t2']);
    expect(recorded[0]!.headers['accept']).to.equal('text/event-stream');
    expect(recorded[0]!.body).to.include.keys('threadId', 'runId', 'state', 'messages', 'tools', 'context', 'forwardedProps');
  });

  it('shows a 403 as a sign-in problem too', async () => {
    const { agentUrl } = await script([[{ $status: 403, body: { detail: 'forbidden' } }]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)).to.include({ kind: 'unauthorized', status: 403 });
  });

  it('fails on RUN_FINISHED with a call still open, naming it', async () => {
    const { agentUrl } = await script([[started, { type: 'TOOL_CALL_START', toolCallId: 'open1', toolCallName: 'get_secret_number' }, finished]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)!.kind).to.equal('protocol');
    expect(failure(engine, key)!.message).to.contain('open1');
  });

  it('fails on events after RUN_FINISHED', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Done.'), finished, ...say('a2', 'And more.')]]);
    const { engine, key } = engineFor(agentUrl);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    expect(failure(engine, key)!.kind).to.equal('protocol');
    expect(failure(engine, key)!.message).to.contain('after RUN_FINISHED');
  });

  it('reports an unreachable endpoint as a network failure', async () => {
    const transport = createAgUiHttpTransport({ url: 'http://127.0.0.1:9/agent', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    const request = { threadId: 't', runId: 'r', messages: [], tools: [], state: {}, signal: new AbortController().signal };
    const error = await transport.run(request, () => {}).catch((e: unknown) => e);
    expect(error).to.include({ kind: 'network' });
  });

  it('resolves quietly when aborted mid-stream', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Thinking'), { $hang: true }]]);
    const transport = createAgUiHttpTransport({ url: agentUrl });
    const abort = new AbortController();
    const seen: string[] = [];
    const request = { threadId: 't', runId: 'r', messages: [{ id: 'u1', role: 'user' as const, content: 'hi' }], tools: [], state: {}, signal: abort.signal };
    const done = transport.run(request, (event) => {
      seen.push(event.type);
      if (event.type === 'TEXT_MESSAGE_END') abort.abort();
    });
    expect(await done).to.deep.equal({ runId: 'r' });
    expect(seen).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END']);
  });
});


import { expect } from '@open-wc/testing';
import type { AssistantMessage as AgUiAssistant, Message } from '@ag-ui/core';
import { z } from 'zod';
import {
  RunOrchestrator,
  ToolRegistry,
  RunStatus,
  type ClientTool,
  type RunState,
  type ThreadKey,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolArgs, toolCall, toolEnd, toolResult, toolStart } from '../helpers/agui-events.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };

const secretNumbers: Record<string, number> = { alice: 42, bob: 7 };
const getSecretNumber: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: z.object({ name: z.string() }),
  execute: ({ name }) => secretNumbers[name],
};

function setup(runs: ScriptedRun[], tools: ClientTool[] = [getSecretNumber], options: { maxDepth?: number; toolTimeoutMs?: number } = {}) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry(tools), ...options });
  const states: RunState[] = [];
  engine.registry.subscribe((snapshot) => states.push(snapshot.run), key);
  return { transport, engine, states };
}

/** The messages of the n-th request, and the tool messages that follow its last assistant message. */
function continuation(transport: ScriptedTransport, n: number) {
  const messages = transport.requests[n]!.messages as Message[];
  const index = messages.findLastIndex((m) => m.role === 'assistant' && (m as AgUiAssistant).toolCalls?.length);
  const assistant = messages[index] as AgUiAssistant;
  const toolMessages = messages.slice(index + 1).filter((m) => m.role === 'tool');
  return { messages, assistant, toolMessages, tools: transport.requests[n]!.tools };
}

function answerText(engine: RunOrchestrator): string {
  return engine
    .snapshot(key)
    .conversation.messages.filter((m) => m.role === 'assistant')
    .map((m) => (m as { text: string }).text)
    .join('\n');
}

const finalAnswer: ScriptedRun = (request) => {
  const results = request.messages.filter((m) => m.role === 'tool').map((m) => m.content as string);
  return [runStarted('r2'), ...text('answer', `The numbers are ${results.join(' and ')}.`), runFinished()];
};

describe('tool loop: secret numbers', () => {
  const variants: Record<string, ScriptedRun> = {
    'sequential, with parentMessageId': [
      runStarted(),
      ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'),
      ...toolCall('c2', 'get_secret_number', { name: 'bob' }, 'a1'),
      runFinished(),
    ],
    'sequential, without parentMessageId': [
      runStarted(),
      ...toolCall('c1', 'get_secret_number', { name: 'alice' }),
      ...toolCall('c2', 'get_secret_number', { name: 'bob' }),
      runFinished(),
    ],
    interleaved: [
      runStarted(),
      toolStart('c1', 'get_secret_number', 'a1'),
      toolStart('c2', 'get_secret_number', 'a1'),
      toolArgs('c2', '{"name":'),
      toolArgs('c1', '{"name":"al'),
      toolArgs('c2', '"bob"}'),
      toolArgs('c1', 'ice"}'),
      toolEnd('c2'),
      toolEnd('c1'),
      runFinished(),
    ],
    'interleaved, without parentMessageId': [
      runStarted(),
      toolStart('c1', 'get_secret_number'),
      toolStart('c2', 'get_secret_number'),
      toolArgs('c1', '{"name":"alice"}'),
      toolArgs('c2', '{"name":"bob"}'),
      toolEnd('c1'),
      toolEnd('c2'),
      runFinished(),
    ],
  };

  for (const [name, firstRun] of Object.entries(variants)) {
    it(`runs both calls and answers in one continuation (${name})`, async () => {
      const { transport, engine, states } = setup([firstRun, finalAnswer]);
      const outcome = await engine.send(key, 'What are the secret numbers of alice and bob?');

      expect(outcome).to.equal('success');
      expect(transport.requests).to.have.length(2);
      const { assistant, toolMessages, tools, messages } = continuation(transport, 1);
      expect(tools.map((t) => t.name)).to.deep.equal(['get_secret_number']);
      expect(messages[0]).to.include({ role: 'user', content: 'What are the secret numbers of alice and bob?' });
      expect(assistant.toolCalls!.map((c) => [c.id, JSON.parse(c.function.arguments)])).to.deep.equal([
        ['c1', { name: 'alice' }],
        ['c2', { name: 'bob' }],
      ]);
      // The tool messages come right after the assistant message that carries the calls.
      expect(messages.indexOf(toolMessages[0]!)).to.equal(messages.indexOf(assistant) + 1);
      expect(toolMessages.map((m) => [m.role === 'tool' && m.toolCallId, m.content])).to.deep.equal([
        ['c1', '42'],
        ['c2', '7'],
      ]);
      expect(messages.every((m) => typeof m.id === 'string' && m.id.length > 0)).to.equal(true);
      expect(answerText(engine)).to.contain('42').and.to.contain('7');

      // Between the send and the answer, the public state only ever says "running".
      const last = states.at(-1)!;
      expect(last.status).to.equal(RunStatus.Completed);
      expect(states.slice(0, -1).every((s) => s.status === RunStatus.Running)).to.equal(true);
      expect(states.some((s) => s.status === 'running' && s.phase === 'executing-tools')).to.equal(true);
      expect(states.some((s) => s.status === 'running' && s.phase === 'streaming' && s.continued)).to.equal(true);
      const calls = engine.snapshot(key).conversation.toolCalls;
      expect(calls['c1']).to.include({ status: 'completed', result: '42' });
      expect(calls['c1']!.resultValue).to.equal(42);
    });
  }

  it('announces one turn: started once, continued once, finished once', async () => {
    const { engine } = setup([variants['interleaved']!, finalAnswer]);
    const events: string[] = [];
    engine.on((e) => events.push(e.type));
    await engine.send(key, 'numbers?');
    expect(events.filter((e) => e === 'turn-started')).to.have.length(1);
    expect(events.filter((e) => e === 'run-continued')).to.have.length(1);
    expect(events.filter((e) => e === 'turn-finished')).to.have.length(1);
    expect(events.filter((e) => e === 'tool-call')).to.have.length(2);
    expect(events.filter((e) => e === 'tool-result')).to.have.length(2);
  });
});

describe('tool loop: shapes of calls', () => {
  it('runs a zero-argument tool with {} and sends "{}" as its arguments', async () => {
    let received: unknown;
    const tool: ClientTool = { name: 'get_time', description: 'now', execute: (args) => ((received = args), 'noon') };
    const { transport, engine } = setup([[runStarted(), ...toolCall('c1', 'get_time', ''), runFinished()], finalAnswer], [tool]);
    await engine.send(key, 'time?');
    expect(received).to.deep.equal({});
    const { assistant, toolMessages } = continuation(transport, 1);
    expect(assistant.toolCalls![0]!.function.arguments).to.equal('{}');
    expect(toolMessages[0]!.content).to.equal('noon');
    expect(transport.requests[0]!.tools[0]!.parameters).to.deep.equal({ type: 'object', properties: {} });
  });

  it('keeps text and calls of one run in one assistant message', async () => {
    const { transport, engine } = setup([
      [runStarted(), ...text('a1', 'Let me look.'), ...toolCall('c1', 'get_secret_number', { name: 'bob' }), runFinished()],
      finalAnswer,
    ]);
    await engine.send(key, 'bob?');
    const { assistant } = continuation(transport, 1);
    expect(assistant).to.include({ id: 'a1', content: 'Let me look.' });
    expect(assistant.toolCalls).to.have.length(1);
  });

  it('never executes a call the server already ran', async () => {
    let runs = 0;
    const tool = { ...getSecretNumber, execute: () => (runs++, 1) };
    const { transport, engine } = setup(
      [[runStarted(), ...toolCall('c1', 'get_secret_number', { name: 'bob' }), toolResult('c1', '99'), ...text('a2', 'It is 99.'), runFinished()]],
      [tool],
    );
    expect(await engine.send(key, 'bob?')).to.equal('success');
    expect(runs).to.equal(0);
    expect(transport.requests).to.have.length(1);
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'completed', serverRun: true, result: '99' });
  });

  it('answers a call to a tool the page lacks with a failed tool message', async () => {
    const { transport, engine } = setup([[runStarted(), ...toolCall('c1', 'open_door', {}), runFinished()], finalAnswer]);
    expect(await engine.send(key, 'open')).to.equal('success');
    const message = continuation(transport, 1).toolMessages[0] as Message & { error?: string };
    expect(message.error).to.contain('"open_door" is not available').and.to.contain('get_secret_number');
    expect(engine.snapshot(key).conversation.toolCalls['c1']!.status).to.equal('failed');
  });
});

describe('tool loop: failures of tools', () => {
  const two = [runStarted(), ...toolCall('c1', 'good', {}), ...toolCall('c2', 'bad', {}), runFinished()];

  it('isolates a throwing tool from a succeeding one', async () => {
    const tools: ClientTool[] = [
      { name: 'good', description: '', execute: async () => ({ ok: true }) },
      { name: 'bad', description: '', execute: () => { throw new Error('disk on fire'); } },
    ];
    const { transport, engine } = setup([two, finalAnswer], tools);
    await engine.send(key, 'go');
    const [good, bad] = continuation(transport, 1).toolMessages as (Message & { error?: string })[];
    expect(good!.content).to.equal('{"ok":true}');
    expect(good!.error).to.equal(undefined);
    expect(bad!.error).to.contain('disk on fire');
    expect(bad!.content).to.equal(bad!.error);
  });

  it('sends all results back even when every tool fails', async () => {
    const tools: ClientTool[] = [
      { name: 'good', description: '', execute: () => Promise.reject(new Error('nope 1')) },
      { name: 'bad', description: '', execute: () => { throw 'nope 2'; } },
    ];
    const { transport, engine } = setup([two, finalAnswer], tools);
    expect(await engine.send(key, 'go')).to.equal('success');
    const errors = continuation(transport, 1).toolMessages.map((m) => (m as { error?: string }).error);
    expect(errors[0]).to.contain('nope 1');
    expect(errors[1]).to.contain('nope 2');
  });

  it('times out a hanging tool, aborting its signal', async () => {
    let signal: AbortSignal | undefined;
    const tools: ClientTool[] = [
      { name: 'good', description: '', execute: () => 'fine' },
      { name: 'bad', description: '', timeoutMs: 50, execute: (_a, ctx) => ((signal = ctx.signal), new Promise(() => {})) },
    ];
    const { transport, engine } = setup([two, finalAnswer], tools);
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(signal!.aborted).to.equal(true);
    const [good, bad] = continuation(transport, 1).toolMessages as (Message & { error?: string })[];
    expect(good!.content).to.equal('fine');
    expect(bad!.error).to.contain('timed out after 50 ms');
  });

  it('fails invalid and malformed arguments with a message the model can act on', async () => {
    let runs = 0;
    const tool = { ...getSecretNumber, execute: () => (runs++, 0) };
    const { transport, engine } = setup(
      [[runStarted(), ...toolCall('c1', 'get_secret_number', { name: 5 }), ...toolCall('c2', 'get_secret_number', '{"name": "al'), runFinished()], finalAnswer],
      [tool],
    );
    await engine.send(key, 'go');
    expect(runs).to.equal(0);
    const [invalid, malformed] = continuation(transport, 1).toolMessages.map((m) => (m as { error?: string }).error!);
    expect(invalid).to.contain('"name"').and.to.contain('expected string');
    expect(malformed).to.contain('not valid JSON');
  });
});

describe('tool loop: hops', () => {
  it('follows multi-hop: run 2 calls a tool, run 3 answers', async () => {
    const { transport, engine, states } = setup([
      [runStarted(), ...toolCall('c1', 'get_secret_number', { name: 'alice' }), runFinished()],
      [runStarted(), ...toolCall('c2', 'get_secret_number', { name: 'bob' }), runFinished()],
      finalAnswer,
    ]);
    expect(await engine.send(key, 'both, one by one')).to.equal('success');
    expect(transport.requests).to.have.length(3);
    const third = transport.requests[2]!.messages;
    expect(third.filter((m) => m.role === 'tool').map((m) => m.content)).to.deep.equal(['42', '7']);
    expect(transport.requests[2]!.tools).to.have.length(1);
    expect(states.slice(0, -1).every((s) => s.status === 'running')).to.equal(true);
    expect(answerText(engine)).to.contain('42 and 7');
  });

  it('sends the continuation in the task its run ended in when the tools answer at once (no frame can render between)', async () => {
    // Fresh tools with JSON Schema parameters: their validators are made during this hop.
    const tools: ClientTool[] = Array.from({ length: 5 }, (_, i) => ({
      name: `instant_${i}`,
      description: 'Answers at once',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      execute: ({ q }: { q: string }) => `${q}!`,
    }));
    let taskRan = false;
    let taskRanBeforeContinuation: boolean | undefined;
    const engine = new RunOrchestrator({
      toolRegistry: new ToolRegistry(tools),
      transport: {
        async run(request, onEvent) {
          if (taskRanBeforeContinuation === undefined && request.messages.some((m) => m.role === 'tool')) {
            taskRanBeforeContinuation = taskRan;
            for (const event of [runStarted(), ...text('a', 'done'), runFinished()]) onEvent(event);
            return { runId: request.runId };
          }
          await new Promise((resolve) => setTimeout(resolve, 0));
          const calls = tools.flatMap((tool, i) => toolCall(`call-${i}`, tool.name, { q: `${i}` }));
          for (const event of [runStarted(), ...calls, runFinished()]) onEvent(event);
          // The run's stream has ended: a task queued now runs after whatever the engine does at once
          // (a MessageChannel task: it runs before a timer, or a frame, would).
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (taskRan = true);
          channel.port2.postMessage(undefined);
          return { runId: request.runId };
        },
      },
    });
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(taskRanBeforeContinuation).to.equal(false);
  });

  it('stops an endless loop at the depth limit with a clear failure', async () => {
    let n = 0;
    const loop: ScriptedRun = () => [runStarted(), ...toolCall(`c${n++}`, 'get_secret_number', { name: 'bob' }), runFinished()];
    const { transport, engine } = setup(Array.from({ length: 10 }, () => loop), [getSecretNumber], { maxDepth: 3 });
    expect(await engine.send(key, 'loop')).to.equal('failed');
    expect(transport.requests).to.have.length(4);
    const run = engine.snapshot(key).run;
    expect(run.status).to.equal('failed');
    expect(run.status === 'failed' && run.error.kind).to.equal('depth-limit');
    expect(run.status === 'failed' && run.error.message).to.contain('3 tool rounds');
  });
});

import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import {
  RunOrchestrator,
  ToolRegistry,
  TransportError,
  type ClientTool,
  type RunState,
  type ThreadKey,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred, until, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const callsRun = (...names: string[]): BaseEvent[] => [
  runStarted(),
  ...names.flatMap((name, i) => toolCall(`c-${name}-${i}`, name, {})),
  runFinished(),
];
const answer = (content = 'Done.'): ScriptedRun => [runStarted('r2'), ...text(`a-${content}`, content), runFinished()];

function setup(runs: ScriptedRun[], tools: ClientTool[]) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry(tools) });
  const states: RunState[] = [];
  engine.registry.subscribe((snapshot) => states.push(snapshot.run), key);
  return { transport, engine, states };
}

describe('turn control: cancel, dispose, supersede', () => {
  it('cancel during execution aborts the tool signal and sends no continuation', async () => {
    const started = deferred();
    let signal: AbortSignal | undefined;
    const slow: ClientTool = {
      name: 'slow',
      description: '',
      execute: (_args, ctx) => {
        signal = ctx.signal;
        started.resolve();
        return new Promise(() => {});
      },
    };
    const { transport, engine } = setup([callsRun('slow'), answer()], [slow]);
    const outcome = engine.send(key, 'go');
    await started.promise;
    engine.cancel(key);
    expect(await outcome).to.equal('cancelled');
    expect(signal!.aborted).to.equal(true);
    expect(transport.requests).to.have.length(1);
    const snapshot = engine.snapshot(key);
    expect(snapshot.run.status).to.equal('cancelled');
    // Stopped, not failed: the call was ended by the user.
    expect(snapshot.conversation.toolCalls['c-slow-0']).to.include({ status: 'cancelled' });
    expect(snapshot.conversation.messages[0]).to.include({ role: 'user', text: 'go' });
  });

  it('dispose mid-await makes no further request and no further state', async () => {
    const started = deferred();
    const release = deferred<string>();
    const tool: ClientTool = { name: 'wait', description: '', execute: () => (started.resolve(), release.promise) };
    const { transport, engine, states } = setup([callsRun('wait'), answer()], [tool]);
    const outcome = engine.send(key, 'go');
    await started.promise;
    engine.dispose();
    const count = states.length;
    release.resolve('late');
    expect(await outcome).to.equal('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(transport.requests).to.have.length(1);
    expect(states).to.have.length(count);
    expect(engine.snapshot(key).run.status).to.equal('cancelled');
  });

  it('a new send during execution supersedes the old loop', async () => {
    const started = deferred();
    const release = deferred<string>();
    const tool: ClientTool = { name: 'wait', description: '', execute: () => (started.resolve(), release.promise) };
    const { transport, engine } = setup([callsRun('wait'), answer('Second answer.')], [tool]);
    const first = engine.send(key, 'first');
    await started.promise;
    const second = engine.send(key, 'second');
    release.resolve('late result');
    expect(await second).to.equal('success');
    await first;
    // The old loop dropped out: its late result started no continuation of its own.
    expect(transport.requests).to.have.length(2);
    const secondRequest = transport.requests[1]!.messages;
    expect(secondRequest.at(-1)).to.include({ role: 'user', content: 'second' });
    const toolMessage = secondRequest.find((m) => m.role === 'tool') as { error?: string };
    expect(toolMessage.error).to.contain('superseded');
    const snapshot = engine.snapshot(key);
    expect(snapshot.run.status).to.equal('success');
    expect(snapshot.conversation.toolCalls['c-wait-0']!.status).to.equal('cancelled');
  });

  it('runs tools on two threads at once, each finishing on its own', async () => {
    const keyB: ThreadKey = { ...key, thread: 't2' };
    const releaseA = deferred<string>();
    const releaseB = deferred<string>();
    const tool: ClientTool<{ thread: string }> = {
      name: 'lookup',
      description: '',
      execute: ({ thread }) => (thread === 'a' ? releaseA.promise : releaseB.promise),
    };
    const byThread = new Map<string, ScriptedTransport>([
      ['t1', new ScriptedTransport([[runStarted(), ...toolCall('ca', 'lookup', { thread: 'a' }), runFinished()], answer('A done')])],
      ['t2', new ScriptedTransport([[runStarted(), ...toolCall('cb', 'lookup', { thread: 'b' }), runFinished()], answer('B done')])],
    ]);
    const engine = new RunOrchestrator({ transport: (k) => byThread.get(k.thread)!, toolRegistry: new ToolRegistry([tool]) });
    const viewA = engine.registry.view(key);
    const a = engine.send(key, 'a');
    const b = engine.send(keyB, 'b');
    await until(() => engine.snapshot(key).conversation.toolCalls['ca']?.status === 'executing');
    await until(() => engine.snapshot(keyB).conversation.toolCalls['cb']?.status === 'executing');
    releaseB.resolve('b-result');
    expect(await b).to.equal('success');
    expect(engine.snapshot(key).run.status).to.equal('running');
    releaseA.resolve('a-result');
    expect(await a).to.equal('success');
    expect(byThread.get('t1')!.requests[1]!.messages.find((m) => m.role === 'tool')!.content).to.equal('a-result');
    expect(byThread.get('t2')!.requests[1]!.messages.find((m) => m.role === 'tool')!.content).to.equal('b-result');
    // The thread on screen is read; the background one is marked unread.
    expect(engine.snapshot(key).unread).to.equal(false);
    expect(engine.snapshot(keyB).unread).to.equal(true);
    viewA();
  });
});

describe('turn control: failures and retry', () => {
  const tool: ClientTool = { name: 'lookup', description: '', execute: () => 'result-1' };

  it('a failing continuation ends as failed; retry re-sends the tool results', async () => {
    let executions = 0;
    const counted = { ...tool, execute: () => (executions++, 'result-1') };
    const { transport, engine } = setup(
      [callsRun('lookup'), [{ $throw: new TransportError('http', 'The agent server answered 500.', 500) }], answer('Recovered.')],
      [counted],
    );
    expect(await engine.send(key, 'go')).to.equal('failed');
    const failed = engine.snapshot(key);
    expect(failed.run.status === 'failed' && failed.run.error).to.include({ kind: 'http', status: 500 });
    expect(failed.conversation.messages[0]).to.include({ text: 'go' });

    expect(await engine.retry(key)).to.equal('success');
    expect(transport.requests).to.have.length(3);
    const retried = transport.requests[2]!.messages;
    expect(retried.find((m) => m.role === 'tool')).to.include({ content: 'result-1' });
    expect(executions).to.equal(1);
    expect(engine.snapshot(key).conversation.messages.at(-1)).to.include({ text: 'Recovered.' });
  });

  it('a stream error with pending calls abandons them and keeps the conversation', async () => {
    let executions = 0;
    const counted = { ...tool, execute: () => (executions++, 'x') };
    const { transport, engine } = setup(
      [
        [runStarted(), ...text('a1', 'Partial'), ...toolCall('c1', 'lookup', {}), { $throw: new TransportError('network', 'The connection to the agent failed.') }],
        answer('Fresh answer.'),
      ],
      [counted],
    );
    expect(await engine.send(key, 'go')).to.equal('failed');
    expect(executions).to.equal(0);
    const failed = engine.snapshot(key);
    expect(failed.conversation.toolCalls['c1']!.status).to.equal('failed');
    expect(failed.conversation.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(failed.run.status === 'failed' && failed.run.error.message).to.contain('connection');

    expect(await engine.retry(key)).to.equal('success');
    // The failed run's partial output is replaced, not sent back.
    expect(transport.requests[1]!.messages.map((m) => m.role)).to.deep.equal(['user']);
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text: string }).text)).to.deep.equal(['go', 'Fresh answer.']);
  });

  it('a RUN_ERROR ends the turn as failed with the agent message', async () => {
    const { engine } = setup([[runStarted(), ...text('a1', 'Hm'), { type: 'RUN_ERROR', message: 'model overloaded' } as BaseEvent]], []);
    expect(await engine.send(key, 'go')).to.equal('failed');
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error).to.include({ kind: 'agent' });
    expect(run.status === 'failed' && run.error.message).to.contain('model overloaded');
  });

  it('a stream that ends without RUN_FINISHED fails as cut off', async () => {
    const { engine } = setup([[runStarted(), ...text('a1', 'Half an ans')]], []);
    expect(await engine.send(key, 'go')).to.equal('failed');
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error.kind).to.equal('stream-ended');
  });

  it('replayed events never execute a call twice', async () => {
    let executions = 0;
    const counted = { ...tool, execute: () => (executions++, 'once') };
    const first = callsRun('lookup');
    // The continuation replays the first run's events (a server resending history) before answering.
    const { transport, engine } = setup([first, [...first.slice(0, -1), ...text('a2', 'ok'), runFinished()]], [counted]);
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(executions).to.equal(1);
    expect(transport.requests).to.have.length(2);
    const conversation = engine.snapshot(key).conversation;
    expect(Object.keys(conversation.toolCalls)).to.have.length(1);
    expect(conversation.toolCalls['c-lookup-0']).to.include({ status: 'completed', result: 'once' });
  });
});

describe('turn control: approval', () => {
  function approvalSetup(onRun: () => void = () => {}) {
    const tool: ClientTool = { name: 'delete_file', description: '', requiresApproval: true, execute: () => (onRun(), 'deleted') };
    return setup([callsRun('delete_file'), answer()], [tool]);
  }
  const awaiting = (engine: RunOrchestrator) => engine.snapshot(key).conversation.toolCalls['c-delete_file-0']?.status === 'awaiting-approval';

  it('approve runs the call', async () => {
    let ran = false;
    const { transport, engine, states } = approvalSetup(() => (ran = true));
    const outcome = engine.send(key, 'go');
    await until(() => awaiting(engine));
    expect(engine.snapshot(key).run).to.include({ status: 'running', phase: 'executing-tools' });
    engine.approve(key, 'c-delete_file-0');
    expect(await outcome).to.equal('success');
    expect(ran).to.equal(true);
    expect(transport.requests[1]!.messages.find((m) => m.role === 'tool')).to.include({ content: 'deleted' });
    expect(states.slice(0, -1).every((s) => s.status === 'running')).to.equal(true);
  });

  it('deny tells the model the call was denied', async () => {
    let ran = false;
    const { transport, engine } = approvalSetup(() => (ran = true));
    const outcome = engine.send(key, 'go');
    await until(() => awaiting(engine));
    engine.deny(key, 'c-delete_file-0');
    expect(await outcome).to.equal('success');
    expect(ran).to.equal(false);
    const message = transport.requests[1]!.messages.find((m) => m.role === 'tool') as { error?: string };
    expect(message.error).to.contain('denied');
    expect(engine.snapshot(key).conversation.toolCalls['c-delete_file-0']!.status).to.equal('denied');
  });

  it('cancel while awaiting approval never runs the call', async () => {
    let ran = false;
    const { transport, engine } = approvalSetup(() => (ran = true));
    const outcome = engine.send(key, 'go');
    await until(() => awaiting(engine));
    engine.cancel(key);
    expect(await outcome).to.equal('cancelled');
    engine.approve(key, 'c-delete_file-0');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ran).to.equal(false);
    expect(transport.requests).to.have.length(1);
    expect(engine.snapshot(key).run.status).to.equal('cancelled');
  });

  it('a veto from beforeToolCall is sent to the model as a denial', async () => {
    let ran = false;
    const plain: ClientTool = { name: 'lookup', description: '', execute: () => (ran = true) };
    const { transport, engine } = setup([callsRun('lookup'), answer()], [plain]);
    engine.beforeToolCall = (call) => call.name !== 'lookup';
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(ran).to.equal(false);
    expect((transport.requests[1]!.messages.find((m) => m.role === 'tool') as { error?: string }).error).to.contain('blocked');
  });

  it('asks every added veto hook as well as beforeToolCall, until one is removed', async () => {
    let ran = 0;
    const plain: ClientTool = { name: 'lookup', description: '', execute: () => ran++ };
    const again: BaseEvent[] = [runStarted(), ...toolCall('c-second', 'lookup', {}), runFinished()];
    const { engine } = setup([callsRun('lookup'), answer(), again, answer()], [plain]);
    const asked: string[] = [];
    engine.beforeToolCall = () => void asked.push('page');
    const remove = engine.addToolCallVeto(() => (asked.push('view'), false));
    await engine.send(key, 'one');
    expect(asked).to.deep.equal(['page', 'view']);
    expect(ran).to.equal(0);
    remove();
    await engine.send(key, 'two');
    expect(ran).to.equal(1);
  });
});

import { expect } from '@open-wc/testing';
import {
  RunOrchestrator,
  RunRegistry,
  ToolRegistry,
  TransportError,
  type ClientTool,
  type EngineEvent,
  type RunRequest,
  type ThreadKey,
  type Transport,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall, toolResult } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred, until, type ScriptedRun } from '../helpers/scripted-transport.js';

// One test per defect the correctness issue lists for the engine; each failed before its fix.

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const answer = (content = 'Done.', runId = 'r2'): ScriptedRun => [runStarted(runId), ...text(`a-${content}`, content), runFinished()];

function counting(name: string, options: Partial<ClientTool> = {}) {
  const runs: string[] = [];
  const tool: ClientTool = {
    name,
    description: '',
    execute: (_args, { toolCall }) => {
      runs.push(toolCall.id);
      return 'ok';
    },
    ...options,
  };
  return { tool, runs };
}

function setup(runs: ScriptedRun[], tools: ClientTool[], options: { maxDepth?: number } = {}) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry(tools), ...options });
  const events: EngineEvent[] = [];
  engine.on((event) => events.push(event));
  return { transport, engine, events };
}

describe('loop defects: pendingToolCallIds is untrusted input', () => {
  it('a duplicated id runs its call once', async () => {
    const { tool, runs } = counting('lookup');
    const { engine, transport } = setup(
      [[runStarted(), ...toolCall('c1', 'lookup', {}), runFinished({ type: 'success', pendingToolCallIds: ['c1', 'c1'] })], answer()],
      [tool],
    );
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(runs).to.deep.equal(['c1']);
    expect(transport.requests[1]!.messages.filter((m) => m.role === 'tool')).to.have.length(1);
  });

  it('a duplicated id of a call that needs approval: one approval settles the turn', async () => {
    const { tool, runs } = counting('guarded', { requiresApproval: true });
    const { engine } = setup(
      [[runStarted(), ...toolCall('c1', 'guarded', {}), runFinished({ type: 'success', pendingToolCallIds: ['c1', 'c1'] })], answer()],
      [tool],
    );
    const outcome = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    engine.approve(key, 'c1');
    expect(await outcome).to.equal('success');
    expect(runs).to.deep.equal(['c1']);
  });

  it('an empty list means "derive the calls from the stream"', async () => {
    const { tool, runs } = counting('lookup');
    const { engine } = setup(
      [[runStarted(), ...toolCall('c1', 'lookup', {}), ...toolCall('c2', 'lookup', {}), runFinished({ type: 'success', pendingToolCallIds: [] })], answer()],
      [tool],
    );
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(runs).to.deep.equal(['c1', 'c2']);
  });

  it('ids the stream never started, or the server answered, are ignored', async () => {
    const { tool, runs } = counting('lookup');
    const { engine, transport } = setup(
      [
        [
          runStarted(),
          ...toolCall('c1', 'lookup', {}),
          ...toolCall('s1', 'lookup', {}),
          toolResult('s1', 'server did it'),
          runFinished({ type: 'success', pendingToolCallIds: ['ghost', 's1', 'c1'] }),
        ],
        answer(),
      ],
      [tool],
    );
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(runs).to.deep.equal(['c1']);
    const contents = transport.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => (m as { content: string }).content);
    expect(contents).to.have.members(['ok', 'server did it']);
  });
});

describe('loop defects: every turn accounted for', () => {
  it('a superseded turn finishes cancelled (superseded) before the new turn starts, and its promise says so', async () => {
    const { engine, events } = setup([[runStarted(), { $hang: true }], answer()], []);
    const first = engine.send(key, 'first');
    await until(() => events.length > 0);
    const second = engine.send(key, 'second');
    expect(await first).to.equal('cancelled');
    expect(await second).to.equal('success');
    const summary = events
      .filter((e) => e.type === 'turn-started' || e.type === 'turn-finished')
      .map((e) => (e.type === 'turn-finished' ? `finished:${e.outcome}:${e.reason}` : 'started'));
    expect(summary).to.deep.equal(['started', 'finished:cancelled:superseded', 'started', 'finished:success:success']);
    const [start1, end1, start2, end2] = events.filter((e) => e.type === 'turn-started' || e.type === 'turn-finished');
    expect(end1!.turnId).to.equal(start1!.turnId);
    expect(end2!.turnId).to.equal(start2!.turnId);
    expect(start2!.turnId).not.to.equal(start1!.turnId);
  });

  it('cancel then dispose in one tick: the promise and the event both say cancelled', async () => {
    const { engine, events } = setup([[runStarted(), { $hang: true }]], []);
    const outcome = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.currentRunId === 'run');
    engine.cancel(key);
    engine.dispose();
    expect(await outcome).to.equal('cancelled');
    const finished = events.filter((e) => e.type === 'turn-finished');
    expect(finished.map((e) => e.type === 'turn-finished' && e.outcome)).to.deep.equal(['cancelled']);
  });

  it('dispose called again from a turn-finished listener has ended every turn when it returns', async () => {
    const transport = new ScriptedTransport([[runStarted(), { $hang: true }], [runStarted(), { $hang: true }]]);
    const engine = new RunOrchestrator({ transport });
    const finished: string[] = [];
    let seenByInner: string[] | undefined;
    engine.on((event) => {
      if (event.type !== 'turn-finished') return;
      finished.push(event.key.thread);
      if (finished.length === 1) {
        engine.dispose();
        seenByInner = [...finished];
      }
    });
    const a = engine.send({ ...key, thread: 'a' }, 'one');
    const b = engine.send({ ...key, thread: 'b' }, 'two');
    await until(() => transport.requests.length === 2);
    engine.dispose();
    expect(seenByInner).to.have.members(['a', 'b']);
    expect([await a, await b]).to.deep.equal(['cancelled', 'cancelled']);
  });

  it('dispose ends a running turn with one turn-finished (cancelled, disposed)', async () => {
    const { engine, events } = setup([[runStarted(), { $hang: true }]], []);
    const outcome = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.currentRunId === 'run');
    engine.dispose();
    expect(await outcome).to.equal('cancelled');
    expect(events.at(-1)).to.include({ type: 'turn-finished', outcome: 'cancelled', reason: 'disposed' });
  });
});

describe('loop defects: run identity and retry', () => {
  it('a server that reuses one runId: retry after a dropped continuation keeps earlier output', async () => {
    const { tool } = counting('lookup');
    const { engine, transport } = setup(
      [
        [runStarted('same'), ...text('m1', 'Let me look.'), ...toolCall('c1', 'lookup', {}, 'm1'), runFinished()],
        [runStarted('same'), ...text('m2', 'Half an ans'), { $throw: new TransportError('network', 'dropped') }],
        [runStarted('same'), ...text('m3', 'The whole answer.'), runFinished()],
      ],
      [tool],
    );
    expect(await engine.send(key, 'go')).to.equal('failed');
    expect(await engine.retry(key)).to.equal('success');
    const { conversation } = engine.snapshot(key);
    expect(conversation.messages.map((m) => m.id)).to.include.members(['m1', 'm3']);
    expect(conversation.messages.map((m) => m.id)).not.to.include('m2');
    expect(conversation.toolCalls['c1']).to.include({ status: 'completed', result: 'ok' });
    // The retried run carries the call and its result.
    const retried = transport.requests[2]!.messages;
    expect(retried.find((m) => m.role === 'tool')).to.include({ toolCallId: 'c1', content: 'ok' });
  });

  it('retry on a completed thread does nothing (rejects, no request)', async () => {
    const { engine, transport } = setup([answer('First.')], []);
    expect(await engine.send(key, 'go')).to.equal('success');
    let rejected = false;
    await engine.retry(key).catch(() => (rejected = true));
    expect(rejected).to.equal(true);
    expect(transport.requests).to.have.length(1);
    expect(engine.snapshot(key).conversation.messages.filter((m) => m.role === 'assistant')).to.have.length(1);
  });
});

describe('loop defects: smaller', () => {
  it('dispose of one engine keeps the listeners of a registry shared with another', async () => {
    const registry = new RunRegistry();
    const seen: string[] = [];
    registry.subscribe((snapshot) => seen.push(snapshot.run.status), key);
    const a = new RunOrchestrator({ transport: new ScriptedTransport([]), registry });
    const b = new RunOrchestrator({ transport: new ScriptedTransport([answer()]), registry });
    a.dispose();
    expect(await b.send(key, 'go')).to.equal('success');
    expect(seen.at(-1)).to.equal('success');
  });

  it('maxDepth: NaN still ends an endless loop (at the default depth)', async () => {
    const { tool } = counting('again');
    const endless: ScriptedRun = (request: RunRequest) => [runStarted(), ...toolCall(`c${request.messages.length}`, 'again', {}), runFinished()];
    const { engine, transport } = setup(Array.from({ length: 30 }, () => endless), [tool], { maxDepth: NaN });
    expect(await engine.send(key, 'go')).to.equal('failed');
    expect(engine.snapshot(key).run).to.deep.include({ status: 'failed' });
    expect(transport.requests).to.have.length(11);
  });

  it('a turn that lost its slot while its thread was being created never starts a stream', async () => {
    const created = deferred<{ threadId: string }>();
    const requests: RunRequest[] = [];
    const transport: Transport = {
      createThread: () => created.promise,
      run: async (request) => {
        requests.push(request);
        return { runId: request.runId };
      },
    };
    const engine = new RunOrchestrator({ transport });
    const fresh: ThreadKey = { server: 's', room: 'r', thread: '' };
    const outcome = engine.send(fresh, 'hello');
    expect(engine.snapshot(fresh).run).to.include({ status: 'running', phase: 'creating-thread' });
    engine.cancel(fresh);
    created.resolve({ threadId: 'late' });
    expect(await outcome).to.equal('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).to.have.length(0);
    expect(engine.snapshot(fresh).conversation.messages[0]).to.include({ role: 'user', text: 'hello' });
  });

  it('an internal error in one call fails the turn at once and aborts its sibling tools', async () => {
    let sibling: AbortSignal | undefined;
    const started = deferred();
    const broken = {
      name: 'broken',
      description: '',
      execute: () => 'never',
      // A page object whose getter throws: past every guard, an error inside the loop itself.
      get requiresApproval(): boolean {
        throw new Error('boom');
      },
    };
    const tools: ClientTool[] = [
      { name: 'slow', description: '', execute: (_a, { signal }) => ((sibling = signal), started.resolve(), new Promise(() => {})) },
      broken,
    ];
    const { engine, events } = setup([[runStarted(), ...toolCall('s1', 'slow', {}), ...toolCall('b1', 'broken', {}), runFinished()]], tools);
    const outcome = engine.send(key, 'go');
    expect(await outcome).to.equal('failed');
    await started.promise;
    expect(sibling!.aborted).to.equal(true);
    expect(events.filter((e) => e.type === 'turn-finished')).to.have.length(1);
    expect(engine.snapshot(key).run).to.deep.include({ status: 'failed' });
  });

  it('a retry after a failure in the tool phase keeps the results already obtained', async () => {
    const { tool, runs } = counting('fast');
    const broken: ClientTool = {
      name: 'broken',
      description: '',
      requiresApproval: true,
      execute: () => 'never',
      get timeoutMs(): number {
        throw new Error('boom');
      },
    };
    const { engine, transport } = setup(
      [[runStarted(), ...toolCall('f1', 'fast', {}), ...toolCall('b1', 'broken', {}), runFinished()], answer('Recovered.')],
      [tool, broken],
    );
    const outcome = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.toolCalls['b1']?.status === 'awaiting-approval');
    await until(() => engine.snapshot(key).conversation.toolCalls['f1']?.status === 'completed');
    engine.approve(key, 'b1');
    expect(await outcome).to.equal('failed');
    expect(await engine.retry(key)).to.equal('success');
    expect(runs).to.deep.equal(['f1']);
    expect(transport.requests[1]!.messages.find((m) => m.role === 'tool' && m.toolCallId === 'f1')).to.include({ content: 'ok' });
  });

  it('a history load is the thread\'s running state, with the progress the backend reports', async () => {
    const release = deferred<void>();
    const transport: Transport = {
      run: async (request) => ({ runId: request.runId }),
      loadHistory: async (_thread, _signal, onProgress) => {
        onProgress?.(0, 2);
        onProgress?.(1, 2);
        await release.promise;
        onProgress?.(2, 2);
        return [{ runId: 'h1', messages: [{ id: 'u1', role: 'user', content: 'stored question' }], events: [] }];
      },
    };
    const engine = new RunOrchestrator({ transport });
    const loaded = engine.loadThread(key);
    expect(engine.snapshot(key).run).to.deep.include({ status: 'running', phase: 'loading-history' });
    // The replay's code loads first (a chat that only starts new threads never needs it), then the backend reports.
    await until(() => 'progress' in engine.snapshot(key).run);
    expect(engine.snapshot(key).run).to.deep.include({ phase: 'loading-history', progress: { loaded: 1, total: 2 } });
    release.resolve();
    expect(await loaded).to.equal(true);
    expect(engine.snapshot(key).run.status).to.equal('idle');
    expect(engine.snapshot(key).conversation.messages[0]).to.include({ role: 'user', text: 'stored question' });
  });

  it('a thread created by the first send: running while created, then announced and moved', async () => {
    const created = deferred<{ threadId: string }>();
    const scripted = new ScriptedTransport([answer('Hi.')]);
    const transport: Transport = { createThread: () => created.promise, run: (request, onEvent) => scripted.run(request, onEvent) };
    const engine = new RunOrchestrator({ transport });
    const events: EngineEvent[] = [];
    engine.on((event) => events.push(event));
    const fresh: ThreadKey = { server: 's', room: 'r', thread: '' };
    const outcome = engine.send(fresh, 'hello');
    created.resolve({ threadId: 'T9' });
    expect(await outcome).to.equal('success');
    // 'message' (the assistant's answer) is a layered event between them.
    expect(events.map((e) => e.type)).to.deep.equal(['turn-started', 'thread-created', 'message', 'turn-finished']);
    expect(events[3]!.key.thread).to.equal('T9');
    expect(scripted.requests[0]!.threadId).to.equal('T9');
    expect(engine.snapshot({ ...fresh, thread: 'T9' }).conversation.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(engine.snapshot(fresh).conversation.messages).to.have.length(0);
  });
});

import { expect } from '@open-wc/testing';
import {
  RunOrchestrator,
  ToolRegistry,
  TransportError,
  type ClientTool,
  type EngineEvent,
  type HistoryRun,
  type ThreadKey,
  type Transport,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred, until, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const answer = (id = 'a1', content = 'Done.'): ScriptedRun => [runStarted(`r-${id}`), ...text(id, content), runFinished()];
const hang: ScriptedRun = [runStarted('r-hang'), { $hang: true }];

function setup(runs: ScriptedRun[], tools: ClientTool[] = []) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry(tools) });
  const events: EngineEvent[] = [];
  engine.on((event) => events.push(event));
  return { transport, engine, events };
}

/** Collects unhandled rejections while `body` runs (and a little after, for late ones). */
async function unhandledRejections(body: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const onRejection = (event: PromiseRejectionEvent) => {
    seen.push(event.reason);
    event.preventDefault();
  };
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return seen;
}

describe('engine.thread(key, options): one thread\'s commands, guarded once', () => {
  it('send: refuses empty text and a send while a turn runs; the accepted one runs with the handle\'s options', async () => {
    const { engine, transport, events } = setup([hang, answer()]);
    const view = {};
    const handle = engine.thread(key, { initiator: view });
    expect(handle.key).to.equal(key);
    expect(handle.canSend()).to.equal(true);
    expect(handle.send('   ')).to.equal(false);
    expect(handle.send({ text: '' })).to.equal(false);
    expect(handle.turn).to.equal(undefined);
    expect(transport.requests).to.have.length(0);

    expect(handle.send('first')).to.equal(true);
    const first = handle.turn!;
    await until(() => transport.requests.length === 1);
    expect(handle.canSend()).to.equal(false);
    expect(engine.thread(key).send('second')).to.equal(false);
    // The refused send neither superseded the running turn nor added a message.
    expect(engine.snapshot(key).conversation.messages.map((m) => m.role === 'user' && m.text)).to.deep.equal(['first']);
    expect(events.find((e) => e.type === 'turn-started')?.initiator).to.equal(view);

    expect(handle.canStop()).to.equal(true);
    expect(handle.stop()).to.equal(true);
    expect(await first).to.equal('cancelled');
    expect(handle.canStop()).to.equal(false);
    expect(handle.stop()).to.equal(false);

    expect(handle.send('again')).to.equal(true);
    expect(await handle.turn).to.equal('success');
    expect(transport.requests).to.have.length(2);
  });

  it('retry: only after a failed or cancelled turn', async () => {
    const { engine, transport } = setup([[runStarted(), { $throw: new TransportError('network', 'dropped') }], answer()]);
    const handle = engine.thread(key);
    expect(handle.canRetry()).to.equal(false);
    expect(handle.retry()).to.equal(false);
    handle.send('hello');
    expect(await handle.turn).to.equal('failed');
    expect(handle.canRetry()).to.equal(true);
    expect(handle.retry()).to.equal(true);
    expect(await handle.turn).to.equal('success');
    expect(handle.canRetry()).to.equal(false);
    expect(handle.retry()).to.equal(false);
    expect(transport.requests).to.have.length(2);
  });

  it('regenerate and edit: refused while a turn runs, without a user message, for an unknown or non-user message and for empty text', async () => {
    const { engine, transport } = setup([answer('a1', 'One.'), hang, answer('a3', 'Three.'), answer('a4', 'Four.')]);
    const handle = engine.thread(key);
    expect(handle.canRegenerate()).to.equal(false);
    expect(handle.regenerate()).to.equal(false);
    handle.send('one');
    await handle.turn;
    const [user, assistant] = engine.snapshot(key).conversation.messages;
    expect(handle.canEdit('nope')).to.equal(false);
    expect(handle.edit('nope', 'x')).to.equal(false);
    expect(handle.canEdit(assistant!.id)).to.equal(false);
    expect(handle.edit(assistant!.id, 'x')).to.equal(false);
    expect(handle.edit(user!.id, '  ')).to.equal(false);
    expect(transport.requests).to.have.length(1);

    expect(handle.canRegenerate()).to.equal(true);
    expect(handle.regenerate()).to.equal(true);
    const running = handle.turn!;
    await until(() => transport.requests.length === 2);
    expect(handle.canRegenerate()).to.equal(false);
    expect(handle.regenerate()).to.equal(false);
    expect(handle.canEdit(user!.id)).to.equal(false);
    expect(handle.edit(user!.id, 'changed')).to.equal(false);
    handle.stop();
    expect(await running).to.equal('cancelled');

    expect(handle.canEdit(user!.id)).to.equal(true);
    expect(handle.edit(user!.id, 'one, edited')).to.equal(true);
    expect(await handle.turn).to.equal('success');
    const messages = engine.snapshot(key).conversation.messages;
    expect(messages.map((m) => (m.role === 'user' || m.role === 'assistant' ? m.text : m.role))).to.deep.equal(['one, edited', 'Three.']);
  });

  it('continue: only for a turn a reload interrupted', async () => {
    const { engine, transport } = setup([answer('a1', 'Go on.')]);
    const handle = engine.thread(key);
    expect(handle.canContinue()).to.equal(false);
    expect(handle.continue()).to.equal(false);
    const conversation = { ...engine.snapshot(key).conversation, messages: [{ role: 'user' as const, id: 'u1', text: 'hi' }] };
    expect(engine.restore(key, { conversation, inFlight: true })).to.equal(true);
    expect(handle.canContinue()).to.equal(true);
    expect(handle.continue()).to.equal(true);
    expect(await handle.turn).to.equal('success');
    expect(transport.requests).to.have.length(1);
    expect(handle.canContinue()).to.equal(false);
  });

  it('approve, deny, runAgain, answerInterrupt, cancelInterrupt: true only when something waits for that answer', async () => {
    const asks: ClientTool = { name: 'asks', description: '', requiresApproval: true, execute: () => 'ran' };
    const interrupt = runFinished({ type: 'interrupt', interrupts: [{ id: 'q1', reason: 'confirm' }] });
    const { engine, transport } = setup(
      [[runStarted(), ...toolCall('c1', 'asks', {}), runFinished()], answer('a2', 'Asked.'), [runStarted('r3'), interrupt], answer('a4', 'Resumed.')],
      [asks],
    );
    const handle = engine.thread(key);
    expect(handle.approve('c1')).to.equal(false);
    expect(handle.deny('c1')).to.equal(false);
    expect(handle.runAgain('c1')).to.equal(false);
    handle.send('ask');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    expect(handle.approve('other')).to.equal(false);
    expect(handle.approve('c1')).to.equal(true);
    expect(await handle.turn).to.equal('success');
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'completed' });
    expect(handle.deny('c1')).to.equal(false);

    handle.send('interrupt me');
    await until(() => engine.snapshot(key).run.status === 'running' && (engine.snapshot(key).run as { phase?: string }).phase === 'awaiting-input');
    expect(handle.answerInterrupt('unknown', {})).to.equal(false);
    expect(handle.cancelInterrupt('unknown')).to.equal(false);
    expect(handle.answerInterrupt('q1', { ok: true })).to.equal(true);
    expect(handle.answerInterrupt('q1', { ok: true })).to.equal(false); // settled already
    expect(await handle.turn).to.equal('success');
    expect(transport.requests.at(-1)!.resume).to.deep.equal([{ interruptId: 'q1', status: 'resolved', payload: { ok: true } }]);
  });

  it('reloadHistory: refused when the backend keeps no history, or while a turn runs; otherwise the history loads again', async () => {
    const generic = setup([]).engine.thread(key);
    expect(generic.reloadHistory()).to.equal(false);

    const loaded = deferred<readonly HistoryRun[]>();
    let loads = 0;
    const history: HistoryRun[] = [{ runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'stored' }], events: [runStarted('r1'), ...text('a1', 'Stored answer.'), runFinished()] }];
    const transport: Transport = {
      run: () => Promise.reject(new Error('no runs here')),
      loadHistory: () => (++loads === 1 ? loaded.promise : Promise.resolve(history)),
    };
    const engine = new RunOrchestrator({ transport });
    const handle = engine.thread(key);
    expect(engine.thread({ ...key, thread: '' }).reloadHistory()).to.equal(false); // no thread yet
    const first = engine.loadThread(key);
    expect(handle.canStop()).to.equal(true);
    expect(handle.reloadHistory()).to.equal(false);
    loaded.resolve(history);
    expect(await first).to.equal(true);
    expect(handle.reloadHistory()).to.equal(true);
    await until(() => loads === 2 && engine.snapshot(key).run.status === 'idle');
    expect(engine.snapshot(key).conversation.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
  });

  it('a run the server has not finished: no send, regenerate or edit until it ends; retry follows it again', async () => {
    const attached: (() => void)[] = [];
    const transport: Transport = {
      run: () => Promise.reject(new Error('no new runs while attached')),
      loadHistory: async () => [
        { runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'hi' }], events: [runStarted('r1'), ...text('a1', 'Hello.'), runFinished()] },
        { runId: 'r2', messages: [{ id: 'u2', role: 'user', content: 'more' }], events: [], unfinished: true },
      ],
      attachRun: (_thread, _run, signal) =>
        new Promise<void>((resolve) => {
          attached.push(resolve);
          signal.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    const engine = new RunOrchestrator({ transport });
    const handle = engine.thread(key);
    await engine.loadThread(key);
    await until(() => attached.length === 1);
    expect(handle.stop()).to.equal(true);
    await until(() => engine.snapshot(key).run.status === 'cancelled');
    expect(engine.hasUnfinishedServerRun(key)).to.equal(true);
    expect(handle.canSend()).to.equal(false);
    expect(handle.send('another')).to.equal(false);
    expect(handle.canRegenerate()).to.equal(false);
    expect(handle.regenerate()).to.equal(false);
    expect(handle.canEdit('u1')).to.equal(false);
    expect(handle.edit('u1', 'changed')).to.equal(false);
    expect(handle.canRetry()).to.equal(true);
    expect(handle.retry()).to.equal(true);
    await until(() => attached.length === 2);
    expect(handle.canStop()).to.equal(true);
    handle.stop();
    expect(await handle.turn).to.equal('cancelled');
  });

  it('after dispose every action is refused, and nothing rejects unhandled', async () => {
    const { engine } = setup([answer()]);
    const handle = engine.thread(key);
    handle.send('hi');
    await handle.turn;
    const rejections = await unhandledRejections(async () => {
      engine.dispose();
      expect(handle.canSend()).to.equal(false);
      expect(handle.send('more')).to.equal(false);
      expect(handle.retry()).to.equal(false);
      expect(handle.regenerate()).to.equal(false);
      expect(handle.edit(engine.snapshot(key).conversation.messages[0]!.id, 'x')).to.equal(false);
      expect(handle.continue()).to.equal(false);
      expect(handle.reloadHistory()).to.equal(false);
      expect(handle.approve('c1')).to.equal(false);
      expect(handle.runAgain('c1')).to.equal(false);
      expect(handle.stop()).to.equal(false);
    });
    expect(rejections).to.deep.equal([]);
  });

  it('a turn the engine refuses after the checks passed (a race they cannot see) leaves no unhandled rejection', async () => {
    /** An engine whose retry refuses late, as the engine does when something changed between the check and the call. */
    class LateRefusal extends RunOrchestrator {
      override retry(): Promise<never> {
        return Promise.reject(new Error('Nothing to retry: the last turn did not fail or get cancelled'));
      }
    }
    const engine = new LateRefusal({ transport: new ScriptedTransport([[runStarted(), { $throw: new TransportError('network', 'dropped') }]]) });
    const handle = engine.thread(key);
    handle.send('hi');
    expect(await handle.turn).to.equal('failed');
    const rejections = await unhandledRejections(async () => {
      expect(handle.retry()).to.equal(true);
    });
    expect(rejections).to.deep.equal([]);
    // The caller that awaits the turn hears the refusal.
    let heard: unknown;
    await handle.turn!.catch((error: unknown) => (heard = error));
    expect((heard as Error).message).to.contain('Nothing to retry');
  });

  it('a handle per call: handles hold nothing of the thread, so two handles see the same state', async () => {
    const { engine } = setup([answer()]);
    const a = engine.thread(key);
    const b = engine.thread(key);
    expect(a).to.not.equal(b);
    a.send('hi');
    expect(b.canSend()).to.equal(false);
    expect(b.snapshot()).to.equal(a.snapshot());
    await a.turn;
    expect(b.canSend()).to.equal(true);
  });
});

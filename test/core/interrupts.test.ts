import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { z } from 'zod';
import {
  RunOrchestrator,
  ToolRegistry,
  interruptsOf,
  type ClientTool,
  type EngineEvent,
  type RunState,
  type ThreadKey,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, until, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };

const interrupted = (...interrupts: object[]) => runFinished({ type: 'interrupt', interrupts });
const ask = { id: 'i1', reason: 'input_required', message: 'Which city?', responseSchema: { type: 'object', properties: { city: { type: 'string' } } } };
const confirm = { id: 'i2', reason: 'confirmation', message: 'Book it?' };

const lookup: ClientTool<{ q: string }> = {
  name: 'lookup',
  description: 'Looks something up',
  parameters: z.object({ q: z.string() }),
  execute: ({ q }) => `found ${q}`,
};

function setup(runs: ScriptedRun[], tools: ClientTool[] = []) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry(tools) });
  const states: RunState[] = [];
  const events: EngineEvent[] = [];
  engine.registry.subscribe((snapshot) => states.push(snapshot.run), key);
  engine.on((event) => events.push(event));
  return { transport, engine, states, events };
}

const answered: ScriptedRun = [runStarted('r2'), ...text('a2', 'Booked.'), runFinished()];

describe('interrupts', () => {
  it('a run that ends with interrupts waits for the user, then resumes with an entry for every one', async () => {
    const { transport, engine, states, events } = setup([[runStarted('r1'), ...text('a1', 'Some questions.'), interrupted(ask, confirm)], answered]);
    const done = engine.send(key, 'book a trip');
    await until(() => engine.snapshot(key).run.status === 'running' && (engine.snapshot(key).run as { phase?: string }).phase === 'awaiting-input');
    // Waiting, not succeeded: no completed state, no turn-finished yet.
    expect(states.some((s) => s.status === 'success')).to.equal(false);
    expect(events.filter((e) => e.type === 'turn-finished')).to.have.length(0);
    const interrupt = events.find((e) => e.type === 'interrupt');
    expect(interrupt && interrupt.type === 'interrupt' ? interrupt.interrupts.map((i) => i.id) : []).to.deep.equal(['i1', 'i2']);
    expect(interruptsOf(engine.snapshot(key).conversation).map((m) => m.status)).to.deep.equal(['open', 'open']);

    // One answer is not enough: partial resumes are impossible.
    expect(engine.answerInterrupt(key, 'i1', { city: 'Oslo' })).to.equal(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(transport.requests).to.have.length(1);

    expect(engine.cancelInterrupt(key, 'i2')).to.equal(true);
    expect(await done).to.equal('success');
    expect(transport.requests).to.have.length(2);
    expect(transport.requests[1]!.resume).to.deep.equal([
      { interruptId: 'i1', status: 'resolved', payload: { city: 'Oslo' } },
      { interruptId: 'i2', status: 'cancelled' },
    ]);
    expect(transport.requests[0]!.resume).to.equal(undefined);
    expect(interruptsOf(engine.snapshot(key).conversation).every((m) => m.resumed)).to.equal(true);
    // Interrupts are UI-only: they are not sent as messages.
    expect(transport.requests[1]!.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
  });

  it('an interrupt answered as soon as it shows, before the run that asked has ended, still resumes the run', async () => {
    const { transport, engine } = setup([[runStarted('r1'), ...text('a1', 'One question.'), interrupted(confirm)], answered]);
    // The card is answerable the moment the interrupt is in the conversation: answer it right there,
    // while the turn is still reading the end of its run (before it waits for answers).
    let answeredEarly = false;
    engine.registry.subscribe((snapshot) => {
      if (answeredEarly || !interruptsOf(snapshot.conversation).some((m) => m.status === 'open')) return;
      answeredEarly = engine.cancelInterrupt(key, 'i2');
    }, key);
    expect(await engine.send(key, 'book it')).to.equal('success');
    expect(answeredEarly).to.equal(true);
    expect(transport.requests).to.have.length(2);
    expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'i2', status: 'cancelled' }]);
  });

  it('an interrupt cannot be answered twice, nor an unknown one', async () => {
    const { engine } = setup([[runStarted('r1'), interrupted(ask)], answered]);
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length === 1);
    expect(engine.answerInterrupt(key, 'nope', 1)).to.equal(false);
    expect(engine.answerInterrupt(key, 'i1', { city: 'Rome' })).to.equal(true);
    expect(engine.answerInterrupt(key, 'i1', { city: 'Paris' })).to.equal(false);
    expect(await done).to.equal('success');
  });

  it('client tools still run at run end, and a run may leave both calls and interrupts', async () => {
    const { transport, engine } = setup(
      [[runStarted('r1'), ...toolCall('c1', 'lookup', { q: 'flights' }), interrupted(confirm)], answered],
      [lookup],
    );
    const done = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'completed');
    expect((engine.snapshot(key).run as { phase?: string }).phase).to.equal('awaiting-input');
    engine.answerInterrupt(key, 'i2', true);
    expect(await done).to.equal('success');
    const second = transport.requests[1]!;
    expect(second.messages.find((m) => m.role === 'tool')!.content).to.equal('found flights');
    expect(second.resume).to.deep.equal([{ interruptId: 'i2', status: 'resolved', payload: true }]);
  });

  it('a call an interrupt holds is never run in the page and gets no tool message before the resume', async () => {
    const { transport, engine } = setup(
      [[runStarted('r1'), ...toolCall('c9', 'lookup', { q: 'x' }), interrupted({ id: 'i3', reason: 'tool_approval', toolCallId: 'c9' })], answered],
      [lookup],
    );
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length === 1);
    engine.answerInterrupt(key, 'i3', { approved: true });
    expect(await done).to.equal('success');
    // Never run here: no page result; the call shows the user's decision (issue 20: "Approved", not "Failed").
    const call = engine.snapshot(key).conversation.toolCalls['c9']!;
    expect(call.result).not.to.equal('found x');
    expect(call.decision).to.equal('approved');
    expect(transport.requests[1]!.messages.filter((m) => m.role === 'tool')).to.have.length(0);
  });

  it('an expired interrupt cannot be answered; it is sent as cancelled', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const { transport, engine } = setup([[runStarted('r1'), interrupted({ ...ask, expiresAt: past }, confirm)], answered]);
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length === 2);
    await until(() => interruptsOf(engine.snapshot(key).conversation)[0]!.status === 'cancelled');
    expect(interruptsOf(engine.snapshot(key).conversation)[0]!.expired).to.equal(true);
    expect(engine.answerInterrupt(key, 'i1', { city: 'late' })).to.equal(false);
    engine.answerInterrupt(key, 'i2', true);
    await done;
    expect(transport.requests[1]!.resume).to.deep.equal([
      { interruptId: 'i1', status: 'cancelled' },
      { interruptId: 'i2', status: 'resolved', payload: true },
    ]);
  });

  it('an interrupt expires while the turn waits', async () => {
    const soon = new Date(Date.now() + 150).toISOString();
    const { transport, engine } = setup([[runStarted('r1'), interrupted({ ...ask, expiresAt: soon })], answered]);
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'i1', status: 'cancelled' }]);
  });

  it('Stop while waiting cancels the turn; a new message then cancels the open interrupts in its resume', async () => {
    const { transport, engine } = setup([[runStarted('r1'), interrupted(ask)], answered]);
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length === 1);
    engine.cancel(key);
    expect(await done).to.equal('cancelled');
    expect(await engine.send(key, 'never mind')).to.equal('success');
    expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'i1', status: 'cancelled' }]);
  });

  it('answering the last open interrupt with no turn waiting (stopped, or reloaded) starts the resume run', async () => {
    const { transport, engine, events } = setup([[runStarted('r1'), interrupted(ask)], answered]);
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length === 1);
    engine.cancel(key);
    await done;
    engine.answerInterrupt(key, 'i1', { city: 'Oslo' }, { initiator: 'me' });
    await until(() => events.filter((e) => e.type === 'turn-finished').length === 2);
    const last = events.findLast((e) => e.type === 'turn-finished');
    expect(last && last.type === 'turn-finished' ? [last.outcome, last.initiator] : []).to.deep.equal(['success', 'me']);
    expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { city: 'Oslo' } }]);
  });

  it('untrusted interrupt lists: entries without id or reason are dropped, repeated ids kept once', async () => {
    const { engine } = setup([[runStarted('r1'), interrupted(ask, { reason: 'x' }, { id: 7, reason: 'y' }, ask)], answered]);
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length > 0);
    expect(interruptsOf(engine.snapshot(key).conversation).map((m) => m.interrupt.id)).to.deep.equal(['i1']);
    engine.cancelInterrupt(key, 'i1');
    expect(await done).to.equal('success');
  });

  it('a retry after the resume run failed sends the same resume entries again', async () => {
    const failing: ScriptedRun = [runStarted('r2'), { type: 'RUN_ERROR', message: 'boom' } as BaseEvent];
    const { transport, engine } = setup([[runStarted('r1'), interrupted(ask)], failing, answered]);
    const done = engine.send(key, 'go');
    await until(() => interruptsOf(engine.snapshot(key).conversation).length === 1);
    engine.answerInterrupt(key, 'i1', { city: 'Oslo' });
    expect(await done).to.equal('failed');
    expect(await engine.retry(key)).to.equal('success');
    expect(transport.requests[2]!.resume).to.deep.equal(transport.requests[1]!.resume);
  });
});

describe('run outcomes and relayed events', () => {
  it('RUN_FINISHED with outcome cancelled ends the turn cancelled (reason agent)', async () => {
    const { engine, events } = setup([[runStarted('r1'), ...text('a1', 'Stopping.'), runFinished({ type: 'cancelled' })]]);
    expect(await engine.send(key, 'go')).to.equal('cancelled');
    expect(engine.snapshot(key).run.status).to.equal('cancelled');
    const finished = events.find((e) => e.type === 'turn-finished');
    expect(finished && finished.type === 'turn-finished' ? finished.reason : '').to.equal('agent');
  });

  it('CUSTOM and RAW reach engine listeners as custom and raw events', async () => {
    const { engine, events } = setup([
      [
        runStarted('r1'),
        { type: 'CUSTOM', name: 'progress', value: { pct: 50 } } as BaseEvent,
        { type: 'RAW', event: { vendor: 'x' }, source: 'lang' } as BaseEvent,
        runFinished(),
      ],
    ]);
    await engine.send(key, 'go');
    const custom = events.find((e) => e.type === 'custom');
    expect(custom && custom.type === 'custom' ? [custom.name, custom.value] : []).to.deep.equal(['progress', { pct: 50 }]);
    const raw = events.find((e) => e.type === 'raw');
    expect(raw && raw.type === 'raw' ? (raw.event as unknown as { source: string }).source : '').to.equal('lang');
  });

  it('a RUN_STARTED declaring a newer protocol version is reported clearly; an older one is accepted', async () => {
    const warnings: string[] = [];
    const { warn } = console;
    console.warn = (...args: unknown[]) => void warnings.push(String(args[0]));
    try {
      const { engine } = setup([
        [{ ...runStarted('r1'), protocolVersion: '0.9' } as BaseEvent, ...text('a1', 'old'), runFinished()],
        [{ ...runStarted('r2'), protocolVersion: '2.1' } as BaseEvent, ...text('a2', 'new'), runFinished()],
      ]);
      expect(await engine.send(key, 'one')).to.equal('success');
      expect(warnings.filter((w) => w.includes('AG-UI'))).to.deep.equal([]);
      expect(await engine.send(key, 'two')).to.equal('success');
      expect(warnings.find((w) => w.includes('AG-UI 2.1'))).to.contain("newer than this chat's 1.1");
    } finally {
      console.warn = warn;
    }
  });
});

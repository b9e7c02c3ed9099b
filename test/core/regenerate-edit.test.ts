import { expect } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, type ClientTool, type EngineEvent, type ThreadKey } from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };

describe('regenerate and edit', () => {
  it('regenerate re-runs the last turn from its user message, replacing the answer and its calls; a reused call id runs again', async () => {
    let runs = 0;
    const lookup: ClientTool = { name: 'lookup', description: '', execute: () => `result ${++runs}` };
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...toolCall('c1', 'lookup', {}), runFinished()],
      [runStarted('r2'), ...text('a1', 'First answer.'), runFinished()],
      // The server numbers its calls per turn: the same id comes again.
      [runStarted('r3'), ...toolCall('c1', 'lookup', {}), runFinished()],
      [runStarted('r4'), ...text('a2', 'Second answer.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([lookup]) });
    expect(await engine.send(key, 'look it up')).to.equal('success');
    const events: EngineEvent['type'][] = [];
    engine.on((e) => events.push(e.type));
    expect(await engine.regenerate(key)).to.equal('success');
    expect(runs, 'the call ran again').to.equal(2);
    expect(transport.requests[2]!.messages.map((m) => m.role)).to.deep.equal(['user']);
    const { conversation } = engine.snapshot(key);
    expect(conversation.messages.map((m) => [m.role, (m as { text?: string }).text])).to.deep.equal([
      ['user', 'look it up'],
      ['assistant', ''],
      ['assistant', 'Second answer.'],
    ]);
    expect(conversation.toolCalls['c1']).to.include({ status: 'completed', result: 'result 2' });
    expect(events[0]).to.equal('turn-started');
    expect(events.at(-1)).to.equal('turn-finished');
  });

  it('edit replaces a user message and what followed it, and runs the turn from it', async () => {
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...text('a1', 'Cats.'), runFinished()],
      [runStarted('r2'), ...text('a2', 'More cats.'), runFinished()],
      [runStarted('r3'), ...text('a3', 'Dogs.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    await engine.send(key, 'cats');
    await engine.send(key, 'more');
    const first = engine.snapshot(key).conversation.messages[0]!;
    expect(await engine.edit(key, first.id, 'dogs')).to.equal('success');
    expect(transport.requests[2]!.messages.map((m) => [m.role, m.content])).to.deep.equal([['user', 'dogs']]);
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text)).to.deep.equal(['dogs', 'Dogs.']);
    await engine.edit(key, 'no-such-message', 'x').then(
      () => expect.fail('an unknown message must reject'),
      (error: Error) => expect(error.message).to.contain('no-such-message'),
    );
  });

  it('regenerate during a running turn supersedes it (its open calls end cancelled, reported as results)', async () => {
    const started = deferred();
    const slow: ClientTool = { name: 'slow', description: '', execute: () => (started.resolve(), new Promise(() => {})) };
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...toolCall('c1', 'slow', {}), runFinished()],
      [runStarted('r2'), ...text('a2', 'Fresh.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([slow]) });
    const results: string[] = [];
    engine.on((e) => e.type === 'tool-result' && results.push(`${e.call.id}:${e.call.status}`));
    const first = engine.send(key, 'go');
    await started.promise;
    const second = engine.regenerate(key);
    expect(await first).to.equal('cancelled');
    expect(results).to.deep.equal(['c1:cancelled']);
    expect(await second).to.equal('success');
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text)).to.deep.equal(['go', 'Fresh.']);
  });
});

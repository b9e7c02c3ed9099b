import { expect } from '@open-wc/testing';
import { EventType } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, type EngineEvent, type ThreadKey } from '../../src/core/index.js';
import { runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const finishedWithUsage = (inputTokens: number) =>
  ({ type: EventType.RUN_FINISHED, threadId: 't', runId: 'r', usage: [{ model: 'm', inputTokens, outputTokens: 2 }] }) as never;
const runs: ScriptedRun[] = [
  [runStarted(), ...text('a1', 'Let me look.'), ...toolCall('c1', 'lookup', {}, 'a1'), ...toolCall('c2', 'broken', {}, 'a1'), finishedWithUsage(10)],
  [runStarted(), ...text('a2', 'Done.'), finishedWithUsage(20)],
];

function setup() {
  const transport = new ScriptedTransport(runs);
  const registry = new ToolRegistry([
    { name: 'lookup', description: 'l', execute: () => 'found' },
    { name: 'broken', description: 'b', execute: () => Promise.reject(new Error('no')) },
  ]);
  const engine = new RunOrchestrator({ transport, toolRegistry: registry });
  const events: EngineEvent[] = [];
  engine.on((e) => events.push(e));
  return { engine, events };
}

describe('layered engine events', () => {
  it('announces planned calls, whole messages with settled calls, and the turn stats with token usage', async () => {
    const { engine, events } = setup();
    await engine.send(key, 'look it up');
    // The two calls run in parallel: their tool-call / tool-result events may interleave either way.
    const types = events.map((e) => e.type).filter((t) => t !== 'agui-event');
    expect(types.filter((t) => t === 'tool-call' || t === 'tool-result')).to.have.length(4);
    expect(types.filter((t) => t !== 'tool-call' && t !== 'tool-result')).to.deep.equal([
      'turn-started',
      'tool-planned',
      'tool-planned',
      'message',
      'run-continued',
      'message',
      'turn-finished',
    ]);
    const started = events[0]!;
    expect(started.type === 'turn-started' && started.userMessage?.text).to.equal('look it up');
    const [first, second] = events.filter((e) => e.type === 'message');
    expect(first!.type === 'message' && [first!.message.text, first!.calls.map((c) => c.status)]).to.deep.equal(['Let me look.', ['completed', 'failed']]);
    expect(second!.type === 'message' && second!.calls).to.deep.equal([]);
    const finished = events.at(-1)!;
    if (finished.type !== 'turn-finished') throw new Error('no turn-finished');
    expect(finished.stats).to.include({ runs: 2, toolCalls: 2, failedToolCalls: 1 });
    expect(finished.stats!.usage!.map((u) => u.inputTokens)).to.deep.equal([10, 20]);
    expect(finished.stats!.durationMs).to.be.a('number');
    expect(events.some((e) => e.type === 'agui-event')).to.equal(false);
  });

  it('announces raw AG-UI events only while observed', async () => {
    const { engine, events } = setup();
    const stop = engine.observeAgUiEvents();
    await engine.send(key, 'look it up');
    stop();
    const raw = events.filter((e) => e.type === 'agui-event');
    expect(raw.map((e) => e.type === 'agui-event' && e.event.type)).to.include.members(['RUN_STARTED', 'TOOL_CALL_START', 'TEXT_MESSAGE_CONTENT', 'RUN_FINISHED']);
    expect(raw).to.have.length(runs.flat().length);
  });
});

import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, interruptsOf, type EngineEvent, type ThreadKey } from '../../src/core/index.js';
import { runFinished, runStarted } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';

/*
 * The reducer's rare paths (interrupts, activities, subagents, encrypted values, event metadata) are a
 * module the engine loads with the first event that needs one: the run's events wait for it, in order.
 * This file's page has not loaded them before its first test (nothing here calls the core's
 * `reduceConversation`, which would), so that test takes the loading path.
 */

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const ev = (type: EventType, fields: object = {}) => ({ type, ...fields }) as BaseEvent;

describe('the reducer rare paths, loaded on demand', () => {
  it('hold the run from the first event that needs them, then reduce every event in the order it came', async () => {
    const sent = [
      runStarted('r1'),
      ev(EventType.TEXT_MESSAGE_START, { messageId: 'a1', role: 'assistant' }),
      ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: 'a1', delta: 'Planning' }),
      // The first rare event: everything from here waits for the module.
      ev(EventType.ACTIVITY_SNAPSHOT, { messageId: 'plan', activityType: 'plan', content: { steps: ['search'] } }),
      ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: 'a1', delta: ' a trip.' }),
      ev(EventType.ACTIVITY_DELTA, { messageId: 'plan', activityType: 'plan', patch: [{ op: 'add', path: '/steps/-', value: 'book' }] }),
      ev(EventType.SUBAGENT_STARTED, { subagentRunId: 's1', name: 'booker' }),
      ev(EventType.TEXT_MESSAGE_START, { messageId: 'b1', role: 'assistant', subagentRunId: 's1', metadata: { lane: 'booking' } }),
      ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: 'b1', delta: 'Booking.', subagentRunId: 's1' }),
      ev(EventType.TEXT_MESSAGE_END, { messageId: 'b1', subagentRunId: 's1' }),
      ev(EventType.SUBAGENT_FINISHED, { subagentRunId: 's1' }),
      ev(EventType.TEXT_MESSAGE_END, { messageId: 'a1' }),
      runFinished({ type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirmation', message: 'Book it?' }] }, 'r1'),
    ];
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    const engine = new RunOrchestrator({ transport: new ScriptedTransport([sent]), toolRegistry: new ToolRegistry() });
    const events: EngineEvent[] = [];
    engine.observeAgUiEvents();
    engine.on((event) => events.push(event));
    try {
      void engine.send(key, 'book a trip');
      await new Promise<void>((resolve) => engine.on((e) => e.type === 'interrupt' && resolve()));
    } finally {
      console.warn = warn;
    }
    expect(warnings.filter((w) => w.includes('soliplex-chat'))).to.deep.equal([]);
    // The page saw the events in the order the agent sent them.
    const seen = events.flatMap((e) => (e.type === 'agui-event' ? [e.event.type] : []));
    expect(seen).to.deep.equal(sent.map((e) => e.type));

    const conversation = engine.snapshot(key).conversation;
    expect(conversation.messages.map((m) => `${m.role}:${m.id}`)).to.deep.equal([
      `user:${conversation.messages[0]!.id}`,
      'assistant:a1',
      'activity:plan',
      'assistant:b1',
      'interrupt:interrupt:i1',
    ]);
    const [, a1, plan, b1] = conversation.messages;
    expect(a1!.role === 'assistant' && a1.text).to.equal('Planning a trip.');
    expect(plan!.role === 'activity' && plan.content).to.deep.equal({ steps: ['search', 'book'] });
    expect(b1!.role === 'assistant' && [b1.text, b1.subagentRunId, b1.metadata]).to.deep.equal(['Booking.', 's1', { lane: 'booking' }]);
    expect(conversation.subagents?.['s1']).to.deep.include({ name: 'booker', status: 'completed' });
    expect(interruptsOf(conversation).map((m) => [m.interrupt.id, m.status])).to.deep.equal([['i1', 'open']]);
    engine.dispose();
  });
});

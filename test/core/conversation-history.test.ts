import { expect } from '@open-wc/testing';
import { interruptsOf, replayHistory, resumeEntries, type AssistantMessage } from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';

describe('history replay', () => {
  it('rebuilds user turns, tool results and answers from stored runs', () => {
    const conversation = replayHistory([
      {
        runId: 'r1',
        messages: [{ id: 'u1', role: 'user', content: 'Numbers of alice?' }],
        events: [runStarted('r1'), ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), runFinished()],
        state: { step: 1 },
      },
      {
        runId: 'r2',
        messages: [
          { id: 'u1', role: 'user', content: 'Numbers of alice?' },
          { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'get_secret_number', arguments: '{"name":"alice"}' } }] },
          { id: 't1', role: 'tool', toolCallId: 'c1', content: '42' },
        ],
        events: [runStarted('r2'), ...text('a2', 'It is 42.'), runFinished()],
      },
      {
        runId: 'r3',
        messages: [{ id: 'u2', role: 'user', content: 'And bob?' }],
        events: [runStarted('r3'), ...toolCall('c2', 'get_secret_number', { name: 'bob' }), runFinished()],
      },
    ]);
    expect(conversation.messages.map((m) => [m.role, m.id])).to.deep.equal([
      ['user', 'u1'],
      ['assistant', 'a1'],
      ['assistant', 'a2'],
      ['user', 'u2'],
      ['assistant', 'assistant-c2'],
    ]);
    expect(conversation.toolCalls['c1']).to.include({ status: 'completed', result: '42', serverRun: false });
    expect((conversation.messages[2] as AssistantMessage).text).to.equal('It is 42.');
    // The last run stopped on a call the page never answered: it is settled, never run later.
    // Not a failure: nobody answered it before the page was left.
    expect(conversation.toolCalls['c2']).to.include({ status: 'cancelled', unanswered: true });
    expect(conversation.state).to.deep.equal({ step: 1 });
  });

  it('interrupts: a later run closes the earlier ones (by its stored resume); only the last run\'s stay open', () => {
    const interrupt = (id: string) => runFinished({ type: 'interrupt', interrupts: [{ id, reason: 'input_required' }] });
    const conversation = replayHistory([
      { runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'go' }], events: [runStarted('r1'), interrupt('i1')] },
      { runId: 'r2', messages: [], resume: [{ interruptId: 'i1', status: 'resolved', payload: { ok: 1 } }], events: [runStarted('r2'), interrupt('i2')] },
      { runId: 'r3', messages: [], events: [runStarted('r3'), interrupt('i3')] },
    ]);
    const byId = Object.fromEntries(interruptsOf(conversation).map((m) => [m.interrupt.id, m]));
    expect(byId['i1']).to.include({ status: 'resolved', resumed: true });
    expect(byId['i1']!.payload).to.deep.equal({ ok: 1 });
    // r3 started without answering i2: it was left behind, never to be sent again.
    expect(byId['i2']).to.include({ status: 'cancelled', resumed: true });
    expect(byId['i3']).to.include({ status: 'open', resumed: false });
    expect(resumeEntries(conversation)).to.deep.equal([]);
  });
});

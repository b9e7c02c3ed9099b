import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { emptyConversation, emptyToolState, reduceEvents, toAgUiMessages, MAX_TEXT_CHARS, ToolCallStatus, type AssistantMessage, type Conversation } from '../../src/core/index.js';
import { dropRunOutput } from '../../src/core/conversation/conversation.js';
import { runError, runFinished, runStarted, text, toolCall, toolResult, toolStart, toolArgs } from '../helpers/agui-events.js';

const ev = (type: EventType, fields: object = {}) => ({ type, ...fields }) as BaseEvent;

describe('conversation reducer', () => {
  it('keeps MAX_TEXT_CHARS of a message, of arguments and of a result, marks the cut, and drops later deltas', () => {
    const half = 'a'.repeat(MAX_TEXT_CHARS / 2);
    const content = (delta: string) => ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: 'm1', delta });
    // A surrogate pair across the limit is not split: the cut falls before it.
    const next = reduceEvents(emptyConversation, [
      runStarted(),
      ev(EventType.TEXT_MESSAGE_START, { messageId: 'm1', role: 'assistant' }),
      content(half),
      content(`${half.slice(1)}😀tail`),
      content('more'),
      toolStart('c1', 'lookup', 'm1'),
      toolArgs('c1', `{"q":"${half}${half}`),
      toolArgs('c1', 'more'),
      ev(EventType.TOOL_CALL_END, { toolCallId: 'c1' }),
      toolResult('c1', `${half}${half}${half}`, 'r1'),
    ]);
    const message = next.messages[0] as AssistantMessage;
    expect(message.text.length).to.equal(MAX_TEXT_CHARS - 1);
    expect(message.truncated).to.equal(true);
    const call = next.toolCalls['c1']!;
    expect(call).to.include({ argsTruncated: true, resultTruncated: true, status: 'completed' });
    expect(call.argsText.length).to.equal(MAX_TEXT_CHARS);
    expect(call.result!.length).to.equal(MAX_TEXT_CHARS);
    expect(call.resultValue).to.equal(call.result);
  });

  it('streams a call: START → streaming, ARGS append, END → pending with parsed arguments', () => {
    const start = reduceEvents(emptyConversation, [runStarted(), toolStart('c1', 'lookup', 'a1'), toolArgs('c1', '{"q":')]);
    expect(start.toolCalls['c1']).to.include({ status: 'streaming', argsText: '{"q":', name: 'lookup' });
    const ended = reduceEvents(start, [toolArgs('c1', '"x"}'), ev(EventType.TOOL_CALL_END, { toolCallId: 'c1' })]);
    expect(ended.toolCalls['c1']).to.include({ status: 'pending' });
    expect(ended.toolCalls['c1']!.args).to.deep.equal({ q: 'x' });
    expect(ended.messages).to.have.length(1);
    expect((ended.messages[0] as AssistantMessage).toolCallIds).to.deep.equal(['c1']);
  });

  it('ignores arguments for an unknown id, with a warning', () => {
    const warnings: string[] = [];
    const next = reduceEvents(emptyConversation, [toolArgs('ghost', '{}')], (w) => warnings.push(w));
    expect(next.toolCalls).to.deep.equal({});
    expect(warnings[0]).to.contain('ghost');
  });

  it('marks a call with TOOL_CALL_RESULT completed and server-run', () => {
    const next = reduceEvents(emptyConversation, [runStarted(), ...toolCall('c1', 'search', { q: 1 }), toolResult('c1', 'found', 'm9')]);
    expect(next.toolCalls['c1']).to.include({ status: 'completed', serverRun: true, result: 'found', resultMessageId: 'm9' });
  });

  it('never duplicates a message or call when events are replayed', () => {
    const events = [runStarted(), ...text('a1', 'Hello there'), ...toolCall('c1', 'lookup', { q: 1 }, 'a1'), runFinished()];
    const once = reduceEvents(emptyConversation, events);
    const twice = reduceEvents(once, events);
    expect(twice.messages).to.have.length(1);
    expect((twice.messages[0] as AssistantMessage).text).to.equal('Hello there');
    expect((twice.messages[0] as AssistantMessage).toolCallIds).to.deep.equal(['c1']);
    expect(Object.keys(twice.toolCalls)).to.deep.equal(['c1']);
  });

  it('does not turn a settled call back into a pending one on replay', () => {
    const events = [runStarted(), ...toolCall('c1', 'lookup', {}), toolResult('c1', 'r')];
    const replayed = reduceEvents(reduceEvents(emptyConversation, events), events);
    expect(replayed.toolCalls['c1']!.status).to.equal('completed');
  });

  it('expands chunk events into messages and calls', () => {
    const next = reduceEvents(emptyConversation, [
      runStarted(),
      ev(EventType.TEXT_MESSAGE_CHUNK, { messageId: 'a1', delta: 'Hel' }),
      ev(EventType.TEXT_MESSAGE_CHUNK, { delta: 'lo' }),
      ev(EventType.TOOL_CALL_CHUNK, { toolCallId: 'c1', toolCallName: 'lookup', delta: '{"a"' }),
      ev(EventType.TOOL_CALL_CHUNK, { delta: ':1}' }),
      runFinished(),
    ]);
    expect((next.messages[0] as AssistantMessage).text).to.equal('Hello');
    expect(next.toolCalls['c1']).to.include({ status: 'pending', argsText: '{"a":1}' });
  });

  it('keeps reasoning text and agent state (snapshot and delta)', () => {
    const next = reduceEvents(emptyConversation, [
      ev(EventType.REASONING_MESSAGE_START, { messageId: 'r1', role: 'reasoning' }),
      ev(EventType.REASONING_MESSAGE_CONTENT, { messageId: 'r1', delta: 'Hmm.' }),
      ev(EventType.REASONING_MESSAGE_END, { messageId: 'r1' }),
      ev(EventType.STATE_SNAPSHOT, { snapshot: { count: 1, items: ['a'] } }),
      ev(EventType.STATE_DELTA, { delta: [{ op: 'replace', path: '/count', value: 2 }, { op: 'add', path: '/items/-', value: 'b' }] }),
    ]);
    expect(next.messages[0]).to.include({ role: 'reasoning', text: 'Hmm.', complete: true });
    expect(next.state).to.deep.equal({ count: 2, items: ['a', 'b'] });
  });

  it('keeps the state when a delta does not apply', () => {
    const next = reduceEvents(
      emptyConversation,
      [ev(EventType.STATE_SNAPSHOT, { snapshot: { a: 1 } }), ev(EventType.STATE_DELTA, { delta: [{ op: 'remove', path: '/missing' }] })],
      () => {},
    );
    expect(next.state).to.deep.equal({ a: 1 });
  });

  it('records RUN_ERROR and RUN_FINISHED pending ids', () => {
    expect(reduceEvents(emptyConversation, [runStarted(), runError('boom', 'E1')]).runError).to.deep.equal({ message: 'boom', code: 'E1' });
    const finished = reduceEvents(emptyConversation, [runStarted(), runFinished({ type: 'success', pendingToolCallIds: ['x'] })]);
    expect(finished).to.include({ runFinished: true });
    expect(finished.pendingToolCallIds).to.deep.equal(['x']);
  });

  it('a MESSAGES_SNAPSHOT message whose id a message of another role holds replaces that message, calls kept', () => {
    // Found by the property suite (seed 297446884): the snapshot's assistant took the reasoning message's
    // id, was merged into it as reasoning, and its pending call was lost.
    const next = reduceEvents(emptyConversation, [
      runStarted(),
      ev(EventType.REASONING_MESSAGE_START, { messageId: 'm3', role: 'reasoning' }),
      ev(EventType.REASONING_MESSAGE_CONTENT, { messageId: 'm3', delta: 'thinking' }),
      ev(EventType.REASONING_MESSAGE_END, { messageId: 'm3' }),
      toolStart('c0', 'kit'),
      ev(EventType.TOOL_CALL_END, { toolCallId: 'c0' }),
      ev(EventType.MESSAGES_SNAPSHOT, {
        messages: [{ id: 'm3', role: 'assistant', toolCalls: [{ id: 'c0', type: 'function', function: { name: 'alpha', arguments: '{}' } }] }],
      }),
    ]);
    expect(next.messages.map((m) => `${m.role}:${m.id}`)).to.deep.equal(['assistant:m3']);
    expect((next.messages[0] as AssistantMessage).toolCallIds).to.deep.equal(['c0']);
    expect(next.toolCalls['c0']).to.include({ name: 'alpha', status: 'pending' });
  });

  it('a message a MESSAGES_SNAPSHOT gives another role stays with its run: a retry of the snapshot\'s run keeps it', () => {
    // Found by the property suite (seed 1527766085, invariant 7): the reasoning message of run r1 became
    // an assistant message of run r2 by a snapshot, so retrying r2 (which drops r2's output) lost it.
    const next = reduceEvents(emptyConversation, [
      runStarted('r1'),
      ev(EventType.REASONING_MESSAGE_START, { messageId: 'm3', role: 'reasoning' }),
      ev(EventType.REASONING_MESSAGE_END, { messageId: 'm3' }),
      runFinished(undefined, 'r1'),
      runStarted('r2'),
      ev(EventType.MESSAGES_SNAPSHOT, { messages: [{ id: 'm3', role: 'assistant', content: 'An answer' }] }),
      ev(EventType.TEXT_MESSAGE_START, { messageId: 'm4', role: 'assistant' }),
    ]);
    expect(next.messages.map((m) => `${m.role}:${m.id}`)).to.deep.equal(['assistant:m3', 'assistant:m4']);
    expect(dropRunOutput(next, 'r2').messages.map((m) => `${m.role}:${m.id}`)).to.deep.equal(['assistant:m3']);
  });

  it('a MESSAGES_SNAPSHOT that carries a call not yet run under another message and name makes it the snapshot\'s', () => {
    // Found by the property suite (seed -1015058415): the call stayed as streamed (an unknown tool, broken
    // arguments) under its first message, so the call the agent's transcript names never ran.
    const next = reduceEvents(emptyConversation, [
      runStarted(),
      ...text('m1', 'Checking.'),
      toolStart('c1', 'ghost', 'm1'),
      toolArgs('c1', '{"broken'),
      ev(EventType.TOOL_CALL_END, { toolCallId: 'c1' }),
      ev(EventType.MESSAGES_SNAPSHOT, {
        messages: [
          { id: 'm1', role: 'assistant', content: 'Checking.' },
          { id: 'm0', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'alpha', arguments: '{"q":1}' } }] },
        ],
      }),
    ]);
    const byId = Object.fromEntries(next.messages.map((m) => [m.id, m as AssistantMessage]));
    expect(byId['m1']!.toolCallIds).to.deep.equal([]);
    expect(byId['m0']!.toolCallIds).to.deep.equal(['c1']);
    expect(next.toolCalls['c1']).to.include({ name: 'alpha', status: 'pending' });
    expect(next.toolCalls['c1']!.args).to.deep.equal({ q: 1 });
  });

  it('a MESSAGES_SNAPSHOT retracts a call not yet run that it no longer names; a later START with its id is a new call', () => {
    // Found by the property suite (seed 1938171752): the retracted call stayed, so the new START was
    // taken for a replay and the call the agent then sent never ran.
    const next = reduceEvents(emptyConversation, [
      runStarted(),
      toolStart('c2', 'kit', 'm2'),
      toolArgs('c2', '{"broken'),
      ev(EventType.TOOL_CALL_END, { toolCallId: 'c2' }),
      ev(EventType.MESSAGES_SNAPSHOT, {
        messages: [{ id: 'm2', role: 'assistant', toolCalls: [{ id: 'c0', type: 'function', function: { name: 'alpha', arguments: '{}' } }] }],
      }),
      toolStart('c2', 'alpha', 'm2'),
      toolArgs('c2', '{}'),
      ev(EventType.TOOL_CALL_END, { toolCallId: 'c2' }),
    ]);
    expect((next.messages[0] as AssistantMessage).toolCallIds).to.deep.equal(['c0', 'c2']);
    expect(next.toolCalls['c2']).to.include({ name: 'alpha', status: 'pending' });
  });

  it('a MESSAGES_SNAPSHOT that drops a call which ran drops the tool state it made (read again from the calls left)', () => {
    // Found by the property suite (seed 1201487150): a replayed older snapshot took the group's expanding
    // call out of the transcript, yet the next run still offered the group expanded.
    const streamed = reduceEvents(emptyConversation, [runStarted(), toolStart('c0', 'kit', 'm2'), toolArgs('c0', '{}'), ev(EventType.TOOL_CALL_END, { toolCallId: 'c0' })]);
    const ran: Conversation = {
      ...streamed,
      toolCalls: { c0: { ...streamed.toolCalls['c0']!, status: ToolCallStatus.Completed, result: 'kit expanded.' } },
      tools: { ...emptyToolState, groups: { kit: 'expanded' } },
    };
    const kept = reduceEvents(ran, [ev(EventType.MESSAGES_SNAPSHOT, { messages: [{ id: 'm2', role: 'assistant', toolCalls: [{ id: 'c0', type: 'function', function: { name: 'kit', arguments: '{}' } }] }] })]);
    expect(kept.tools).to.deep.equal(ran.tools);
    const dropped = reduceEvents(ran, [ev(EventType.MESSAGES_SNAPSHOT, { messages: [{ id: 'u1', role: 'user', content: 'Hi' }] })]);
    expect(dropped.toolCalls['c0']).to.equal(undefined);
    expect(dropped.tools).to.equal(undefined);
    expect(dropped.retiredCallIds, 'the call that ran is remembered with the thread').to.deep.equal(['c0']);
    const unrun = reduceEvents(streamed, [ev(EventType.MESSAGES_SNAPSHOT, { messages: [{ id: 'u1', role: 'user', content: 'Hi' }] })]);
    expect(unrun.retiredCallIds, 'a call that never ran is simply gone (a later START with its id runs)').to.equal(undefined);
    // Seed -261949672 (invariant 12): the server's own call never ran here, so it is not remembered as
    // such; a later client call with its id (a group's entry) must not count as an expansion that ran.
    const serverRan: Conversation = { ...streamed, toolCalls: { c0: { ...streamed.toolCalls['c0']!, status: ToolCallStatus.Completed, result: 'kit expanded.', serverRun: true } } };
    const serverDropped = reduceEvents(serverRan, [ev(EventType.MESSAGES_SNAPSHOT, { messages: [{ id: 'u1', role: 'user', content: 'Hi' }] })]);
    expect(serverDropped.retiredCallIds, 'the server’s call is simply gone').to.equal(undefined);
  });

  it('merges MESSAGES_SNAPSHOT without duplicates', () => {
    const live = reduceEvents(emptyConversation, [runStarted(), ...text('a1', 'Hi')]);
    const next = reduceEvents(live, [
      ev(EventType.MESSAGES_SNAPSHOT, {
        messages: [
          { id: 'u1', role: 'user', content: 'Hello' },
          { id: 'a1', role: 'assistant', content: 'Hi', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { id: 't1', role: 'tool', toolCallId: 'c1', content: 'done' },
        ],
      }),
    ]);
    expect(next.messages.map((m) => m.id)).to.deep.equal(['u1', 'a1']);
    expect(next.toolCalls['c1']).to.include({ status: 'completed', result: 'done' });
  });
});

describe('message mapper', () => {
  it('puts every call in its assistant message, each answered right after it', () => {
    let conversation = reduceEvents(emptyConversation, [
      runStarted(),
      ...text('a1', 'Checking.'),
      ...toolCall('c1', 'ok_tool', ''),
      ...toolCall('c2', 'bad_tool', { x: 1 }),
      runFinished(),
    ]);
    conversation = {
      ...conversation,
      messages: [{ role: 'user', id: 'u1', text: 'Go' }, ...conversation.messages],
      toolCalls: {
        ...conversation.toolCalls,
        c1: { ...conversation.toolCalls['c1']!, status: 'completed', result: 'fine' },
        c2: { ...conversation.toolCalls['c2']!, status: 'denied', error: 'The user denied this tool call.' },
      },
    };
    const messages = toAgUiMessages(conversation);
    expect(messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'tool']);
    expect(messages[1]).to.deep.include({ id: 'a1', content: 'Checking.' });
    const calls = (messages[1] as { toolCalls: { function: { arguments: string } }[] }).toolCalls;
    expect(calls.map((c) => c.function.arguments)).to.deep.equal(['{}', '{"x":1}']);
    expect(messages[2]).to.include({ toolCallId: 'c1', content: 'fine' });
    expect(messages[3]).to.include({ toolCallId: 'c2', error: 'The user denied this tool call.', content: 'The user denied this tool call.' });
    expect(messages.every((m) => m.id)).to.equal(true);
  });

  it('answers a call that never settled as failed', () => {
    const conversation = reduceEvents(emptyConversation, [runStarted(), toolStart('c1', 'lookup')]);
    const tool = toAgUiMessages(conversation).find((m) => m.role === 'tool') as { error?: string };
    expect(tool.error).to.contain('did not run');
  });
  it('keeps text messages the agent streams as user, system or developer, and sends them back', () => {
    const start = (messageId: string, role: string) => ev(EventType.TEXT_MESSAGE_START, { messageId, role });
    const content = (messageId: string, delta: string) => ev(EventType.TEXT_MESSAGE_CONTENT, { messageId, delta });
    const end = (messageId: string) => ev(EventType.TEXT_MESSAGE_END, { messageId });
    const streaming = reduceEvents(emptyConversation, [
      runStarted(),
      start('u1', 'user'),
      content('u1', 'Relayed '),
      content('u1', 'question'),
      start('s1', 'system'),
      content('s1', 'Switched to the billing agent.'),
      end('s1'),
      ev(EventType.TEXT_MESSAGE_CHUNK, { messageId: 'd1', role: 'developer', delta: 'Debug mode on.' }),
      start('x1', 'narrator'), // not an AG-UI role: ignored, as before
    ]);
    expect(streaming.messages.map((m) => [m.role, m.id])).to.deep.equal([['user', 'u1'], ['system', 's1'], ['developer', 'd1']]);
    expect(streaming.messages[0]).to.include({ text: 'Relayed question', streaming: true });
    expect(streaming.messages[1]).to.include({ text: 'Switched to the billing agent.', notice: true });
    expect(streaming.messages[1]).to.not.have.property('streaming');
    const done = reduceEvents(streaming, [end('u1'), content('u1', ' late'), runFinished()]);
    expect(done.messages[0]).to.include({ role: 'user', text: 'Relayed question' });
    expect(done.messages.some((m) => 'streaming' in m)).to.equal(false); // the run's end closes the chunked one
    expect(toAgUiMessages(done)).to.deep.equal([
      { id: 'u1', role: 'user', content: 'Relayed question' },
      { id: 's1', role: 'system', content: 'Switched to the billing agent.' },
      { id: 'd1', role: 'developer', content: 'Debug mode on.' },
    ]);
    // A snapshot's instructions stay hidden instructions; a streamed notice stays a notice.
    const snap = reduceEvents(done, [
      ev(EventType.MESSAGES_SNAPSHOT, { messages: [{ id: 's1', role: 'system', content: 'Switched.' }, { id: 's2', role: 'system', content: 'Be brief.' }] }),
    ]);
    expect(snap.messages.find((m) => m.id === 's1')).to.include({ notice: true, text: 'Switched.' });
    expect(snap.messages.find((m) => m.id === 's2')).to.not.have.property('notice');
  });
});

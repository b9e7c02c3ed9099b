import { expect } from '@open-wc/testing';
import { EventType } from '@ag-ui/core';
import { AgUiEventVerifier } from '../../src/core/transport/agui-event-verifier.js';
import { TransportError } from '../../src/core/index.js';
import { loadStripStage } from '../../src/core/transport/agui-strip-stage.js';

// The verifier is synchronous; the transports load its strip stage before an event needs it (agui-strip-stage.ts).
before(() => loadStripStage());

const started = { type: 'RUN_STARTED', threadId: 't', runId: 'r' };
const finished = { type: 'RUN_FINISHED', threadId: 't', runId: 'r' };

/** Runs frames through one verifier; returns the event types delivered, or the error thrown. */
function check(frames: object[]): { types: string[]; events: object[]; error?: TransportError } {
  const verifier = new AgUiEventVerifier();
  const events: object[] = [];
  try {
    for (const frame of frames) events.push(...verifier.accept(frame));
  } catch (error) {
    expect(error).to.be.instanceOf(TransportError);
    return { types: events.map((e) => (e as { type: string }).type), events, error: error as TransportError };
  }
  return { types: events.map((e) => (e as { type: string }).type), events };
}

const protocolError = (frames: object[]) => {
  const { error } = check(frames);
  expect(error, 'expected a protocol error').to.exist;
  expect(error!.kind).to.equal('protocol');
  expect(error!.message).to.contain('cannot follow');
  return error!.message;
};

describe('AgUiEventVerifier', () => {
  it('accepts every AG-UI 1.0 event type in a legal stream, and every run outcome', () => {
    const sub = { subagentRunId: 's1' };
    const frames = [
      { ...started, protocolVersion: '1.0' },
      { type: 'STEP_STARTED', stepName: 'plan' },
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm2', delta: 'chunk' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'x' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c2', toolCallName: 'y', delta: '{}' },
      { type: 'TOOL_CALL_RESULT', messageId: 'tr', toolCallId: 'c2', content: 'ok' },
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/a', value: 2 }] },
      { type: 'MESSAGES_SNAPSHOT', messages: [] },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'PLAN', content: { s: [] } },
      { type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'PLAN', patch: [{ op: 'add', path: '/s/-', value: 1 }] },
      { type: 'RAW', event: { x: 1 }, source: 'vendor' },
      { type: 'CUSTOM', name: 'n', value: 1 },
      { type: 'REASONING_START', messageId: 'r1' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'hm' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r2', delta: 'more' },
      { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r1', encryptedValue: 'opaque' },
      { type: 'REASONING_END', messageId: 'r1' },
      { type: 'SUBAGENT_STARTED', ...sub, name: 'helper' },
      { type: 'SUBAGENT_FINISHED', ...sub, outcome: { type: 'suspended', interruptIds: ['i1'] } },
      { type: 'SUBAGENT_STARTED', subagentRunId: 's2', name: 'other' },
      { type: 'SUBAGENT_ERROR', subagentRunId: 's2', message: 'failed' },
      { type: 'STEP_FINISHED', stepName: 'plan' },
      { ...finished, outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'input_required' }] } },
      { ...started, runId: 'r2' },
      { ...finished, runId: 'r2', outcome: { type: 'cancelled' } },
      { ...started, runId: 'r3' },
      { ...finished, runId: 'r3', outcome: { type: 'success', pendingToolCallIds: [] } },
      { ...started, runId: 'r4' },
      { type: 'RUN_ERROR', message: 'bad' },
    ];
    const { types, error } = check(frames);
    expect(error).to.equal(undefined);
    // Every type arrives, but the *_CHUNK ones, which arrive expanded into start/content/end.
    const expected = Object.values(EventType).filter((t) => !t.endsWith('_CHUNK'));
    expect([...new Set(types)].sort()).to.deep.equal(expected.sort());
    expect(frames.map((f) => f.type).sort()).to.include.members(Object.values(EventType));
  });

  it('passes a well-formed run through as the same objects', () => {
    const frames = [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'hi' },
      { type: 'TEXT_MESSAGE_END', messageId: 'm' },
      { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'x' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c' },
      { type: 'STEP_STARTED', stepName: 's' },
      { type: 'STEP_FINISHED', stepName: 's' },
      finished,
    ];
    const { events, error } = check(frames);
    expect(error).to.equal(undefined);
    events.forEach((e, i) => expect(e).to.equal(frames[i])); // no copies
  });

  it('rejects ARGS and END with no open START, and a second START for an open id', () => {
    expect(protocolError([started, { type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: '{}' }])).to.contain("'nope'");
    protocolError([started, { type: 'TOOL_CALL_END', toolCallId: 'nope' }]);
    protocolError([started, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'x' }]);
    protocolError([started, { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'x' }, { type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'x' }]);
  });

  it('rejects RUN_FINISHED while a call, message or step is open', () => {
    expect(protocolError([started, { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'x' }, finished])).to.contain('tool calls are still open: c1');
    protocolError([started, { type: 'TEXT_MESSAGE_START', messageId: 'm' }, finished]);
    protocolError([started, { type: 'STEP_STARTED', stepName: 's' }, finished]);
  });

  it('allows only RUN_ERROR or a new RUN_STARTED after RUN_FINISHED, and only RUN_STARTED after RUN_ERROR', () => {
    expect(protocolError([started, finished, { type: 'TEXT_MESSAGE_START', messageId: 'm' }])).to.contain('after RUN_FINISHED');
    expect(check([started, finished, { type: 'RUN_ERROR', message: 'late' }]).error).to.equal(undefined);
    expect(check([started, finished, { ...started, runId: 'r2' }, finished]).error).to.equal(undefined);
    protocolError([started, { type: 'RUN_ERROR', message: 'x' }, { type: 'TEXT_MESSAGE_START', messageId: 'm' }]);
  });

  it('requires RUN_STARTED first, and no second RUN_STARTED while a run is active', () => {
    protocolError([{ type: 'TEXT_MESSAGE_START', messageId: 'm' }]);
    protocolError([started, started]);
    expect(check([{ type: 'RUN_ERROR', message: 'no run' }]).error).to.equal(undefined);
  });

  it('checks required fields per event type', () => {
    expect(protocolError([started, { type: 'TOOL_CALL_START', toolCallId: 'c' }])).to.contain("'toolCallName'");
    protocolError([{ type: 'RUN_STARTED', runId: 'r' }]);
    protocolError([started, { type: 'STATE_DELTA', delta: {} }]);
    protocolError([started, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 5 }]);
    protocolError([started, { type: 'TEXT_MESSAGE_START', messageId: 'm', subagentRunId: null }]);
    protocolError([started, { ...finished, outcome: [{ type: 'success' }] }]);
    protocolError(['not an object' as unknown as object]);
    protocolError([{ runId: 'no type' }]);
  });

  it('drops unknown event types', () => {
    expect(check([started, { type: 'SOMETHING_NEW', x: 1 }, finished]).types).to.deep.equal(['RUN_STARTED', 'RUN_FINISHED']);
  });

  it('expands chunks into START / CONTENT / END, closing them at the next event', () => {
    const { types, events, error } = check([
      started,
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm', delta: 'Hel' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'lo' },
      { type: 'TOOL_CALL_CHUNK', toolCallId: 'c', toolCallName: 'x', delta: '{"a"' },
      { type: 'TOOL_CALL_CHUNK', delta: ':1}' },
      finished,
    ]);
    expect(error).to.equal(undefined);
    expect(types).to.deep.equal([
      'RUN_STARTED',
      'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
      'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_ARGS', 'TOOL_CALL_END',
      'RUN_FINISHED',
    ]);
    expect(events[1]).to.deep.equal({ type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' });
    expect(events[5]).to.deep.equal({ type: 'TOOL_CALL_START', toolCallId: 'c', toolCallName: 'x' });
    protocolError([started, { type: 'TEXT_MESSAGE_CHUNK', delta: 'no id' }]);
  });

  it('translates pre-1.0 THINKING events into REASONING ones', () => {
    const { types, error } = check([
      started,
      { type: 'THINKING_START' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'hmm' },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
      finished,
    ]);
    expect(error).to.equal(undefined);
    expect(types.slice(1, -1)).to.deep.equal(['REASONING_START', 'REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END', 'REASONING_END']);
  });
});

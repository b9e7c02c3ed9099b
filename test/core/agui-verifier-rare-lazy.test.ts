import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { createAgUiHttpTransport, type ThreadKey, type Transport } from '../../src/core/index.js';
import { stripStage } from '../../src/core/transport/agui-strip-stage.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { chatWarnings, engineOn } from '../helpers/observed-engine.js';

/**
 * The verifier's rare rules (agui-verifier-rare.ts: chunks, tool calls, reasoning, activities, subagents, a declared version)
 * load with the strip stage's chunk: a run of plain text never loads them, and the first event that
 * takes one waits for them without the events losing their order. The tests run in order, in a page
 * of their own (module state is this file's).
 */

describe("the verifier's rare rules load on demand", () => {
  it('a run of plain text and a whole state over HTTP, declaring AG-UI 1.0, does not load them', async () => {
    const { agentUrl } = await script([[{ ...started, protocolVersion: '1.0' }, ...say('a1', 'Hello.'), { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } }, finished]]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(events.map((e) => e.type)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'STATE_SNAPSHOT', 'RUN_FINISHED']);
    expect(stripStage).to.equal(undefined);
  });

  it('a RUN_STARTED declaring a newer protocol version is read by the stage, with a warning, and the run goes on', async () => {
    const { agentUrl } = await script([[{ ...started, protocolVersion: '1.10' }, ...say('a1', 'Hi.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const { value, warnings } = await chatWarnings(() => engine.send({ server: agentUrl, room: '', thread: 'newer' }, 'go'));
    expect(value).to.equal('success');
    expect(stripStage).not.to.equal(undefined);
    expect(warnings.join('\n')).to.contain("The agent speaks AG-UI 1.10, newer than this chat's 1.1");
  });

  it('a call left open fails the run by the rare rules', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Looking.'), { type: 'TOOL_CALL_START', toolCallId: 'c0', toolCallName: 'search' }, finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'open-call' };
    expect(await engine.send(key, 'go')).to.equal('failed');
    expect(stripStage).not.to.equal(undefined);
    const { run } = engine.snapshot(key);
    expect(run.status === 'failed' && run.error.message).to.contain('tool calls are still open: c0');
  });

  it('a server-side tool call over HTTP keeps its order and is checked', async () => {
    const call = [
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'found' },
    ];
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), ...call, ...say('a2', 'Done.'), finished]]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'call' }, 'hi')).to.equal('success');
    expect(events.map((e) => e.type)).to.deep.equal([
      'RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
      'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT',
      'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED',
    ]);
  });

  it("a page's own synchronous transport: a chunk mid-stream and the events after it wait for the rules, in order, and are expanded", async () => {
    const ids = { threadId: 'own', runId: 'r1' };
    const stream: object[] = [
      { type: 'RUN_STARTED', ...ids },
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'one' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'TEXT_MESSAGE_CHUNK', messageId: 'a2', delta: 'two ' },
      { type: 'TEXT_MESSAGE_CHUNK', delta: 'three' },
      { type: 'RUN_FINISHED', ...ids },
    ];
    // No await between events: the sink is called as a synchronous source would.
    const own: Transport = { run: async (request, onEvent) => (stream.forEach((e) => onEvent(e as BaseEvent)), { runId: request.runId }) };
    const { engine, events } = engineOn(own);
    const key: ThreadKey = { server: 'https://own.example', room: '', thread: 'own' };
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(stripStage).not.to.equal(undefined);
    expect(events.map((e) => e.type)).to.deep.equal([
      'RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
      'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED',
    ]);
    const texts = engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text).filter(Boolean);
    expect(texts).to.deep.equal(['go', 'one', 'two three']);
  });

  it('a rare rule broken over HTTP fails the run with its reason (a subagent finished that never started)', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Partial.'), { type: 'SUBAGENT_FINISHED', subagentRunId: 'ghost' }, finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'ghost' };
    expect(await engine.send(key, 'go')).to.equal('failed');
    const { run } = engine.snapshot(key);
    expect(run.status === 'failed' && run.error.message).to.contain("subagent 'ghost', which is not active");
  });
});

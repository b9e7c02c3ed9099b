import { expect } from '@open-wc/testing';
import { RunOrchestrator, SoliplexTransport, ToolRegistry, createAgUiHttpTransport, type ThreadKey, type Transport } from '../../src/core/index.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * AG-UI 1.1's one addition (spec/1.1/changelog, events/reasoning#encryptedvaluetype): wherever an
 * `encryptedValue` travels it may carry `encryptedValueType`, the producer's name for the artefact; a
 * consumer stores it and returns it with the value, never reads it. Through the real HTTP transport.
 */

type Body = { messages: { id: string; role: string; encryptedValue?: string; encryptedValueType?: string; toolCalls?: { id: string; encryptedValue?: string; encryptedValueType?: string }[] }[] };

/** A snapshot whose messages and tool call carry encrypted values, with and without their type. */
const snapshotRun = [
  started,
  {
    type: 'MESSAGES_SNAPSHOT',
    messages: [
      { id: 'u1', role: 'user', content: 'go', encryptedValue: 'opaque-u', encryptedValueType: 'user-context' },
      { id: 'r1', role: 'reasoning', content: 'Thinking it over.', encryptedValue: 'opaque-r', encryptedValueType: 'signature' },
      {
        id: 'a1',
        role: 'assistant',
        content: 'Looking it up.',
        encryptedValue: 'opaque-a',
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' }, encryptedValue: 'opaque-c', encryptedValueType: 'redacted-thinking' }],
      },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: 'found' },
      { id: 'a2', role: 'assistant', content: 'Done.' },
    ],
  },
  finished,
];

/** Two sends through `transport` (the first answered by `runs[0]`); returns the messages the second run sent and the warnings. */
async function twoSends(transport: Transport, key: ThreadKey | ((engine: RunOrchestrator) => Promise<ThreadKey>), requests: () => Promise<{ body: Body }[]>) {
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([]) });
  const thread = typeof key === 'function' ? await key(engine) : key;
  const warnings: string[] = [];
  const { warn } = console;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    expect(await engine.send(thread, 'first')).to.equal('success');
    expect(await engine.send(thread, 'second')).to.equal('success');
  } finally {
    console.warn = warn;
  }
  const sent = (await requests()).filter((r) => Array.isArray(r.body?.messages)).at(-1)!.body.messages;
  return { sent, warnings: warnings.filter((w) => w.includes('[soliplex-chat]')) };
}

describe('encryptedValueType (AG-UI 1.1)', () => {
  it('is kept without a warning and goes back with its value, on a reasoning message and on a tool call', async () => {
    const { agentUrl, requests } = await script<Body>([
      [
        started,
        { type: 'REASONING_START', messageId: 'rs1' },
        { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Thinking it over.' },
        { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'message', entityId: 'r1', encryptedValue: 'opaque-1', encryptedValueType: 'signature' },
        { type: 'REASONING_END', messageId: 'rs1' },
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: 'a1' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'REASONING_ENCRYPTED_VALUE', subtype: 'tool-call', entityId: 'c1', encryptedValue: 'opaque-2', encryptedValueType: 'redacted-thinking' },
        { type: 'TOOL_CALL_RESULT', messageId: 'tr1', toolCallId: 'c1', content: 'found' },
        ...say('a2', 'Done.'),
        finished,
      ],
      [started, ...say('a3', 'Ok.'), finished],
    ]);
    const { sent, warnings } = await twoSends(createAgUiHttpTransport({ url: agentUrl }), { server: agentUrl, room: '', thread: 'evt' }, requests);
    expect(warnings).to.deep.equal([]);
    const reasoning = sent.find((m) => m.id === 'r1')!;
    expect([reasoning.encryptedValue, reasoning.encryptedValueType]).to.deep.equal(['opaque-1', 'signature']);
    const call = sent.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === 'c1')!;
    expect([call.encryptedValue, call.encryptedValueType]).to.deep.equal(['opaque-2', 'redacted-thinking']);
  });

  it('on the messages and tool calls of a MESSAGES_SNAPSHOT, is stored with its value as REASONING_ENCRYPTED_VALUE would store it, and goes back with it', async () => {
    const { agentUrl, requests } = await script<Body>([snapshotRun, [started, ...say('a3', 'Ok.'), finished]]);
    const { sent, warnings } = await twoSends(createAgUiHttpTransport({ url: agentUrl }), { server: agentUrl, room: '', thread: 'snap' }, requests);
    expect(warnings).to.deep.equal([]);
    const of = (id: string) => sent.find((m) => m.id === id)!;
    expect([of('u1').encryptedValue, of('u1').encryptedValueType]).to.deep.equal(['opaque-u', 'user-context']);
    expect([of('r1').encryptedValue, of('r1').encryptedValueType]).to.deep.equal(['opaque-r', 'signature']);
    // A value without a type goes back without one.
    expect(of('a1').encryptedValue).to.equal('opaque-a');
    expect(of('a1')).not.to.have.property('encryptedValueType');
    const call = of('a1').toolCalls!.find((c) => c.id === 'c1')!;
    expect([call.encryptedValue, call.encryptedValueType]).to.deep.equal(['opaque-c', 'redacted-thinking']);
  });

  it("a Soliplex server gets a snapshot's encrypted values but not their type (its Python models predate 1.1)", async () => {
    const { room, requests } = await script<Body>([snapshotRun, [started, ...say('a3', 'Ok.'), finished]]);
    const { sent } = await twoSends(
      new SoliplexTransport({ serverUrl: server, room }),
      (engine) => engine.createThread(server, room),
      requests,
    );
    const reasoning = sent.find((m) => m.id === 'r1')!;
    expect(reasoning.encryptedValue).to.equal('opaque-r');
    const call = sent.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === 'c1')!;
    expect(call.encryptedValue).to.equal('opaque-c');
    for (const m of sent) {
      expect(m, m.id).not.to.have.property('encryptedValueType');
      for (const c of m.toolCalls ?? []) expect(c, c.id).not.to.have.property('encryptedValueType');
    }
  });
});

import { expect } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, createAgUiHttpTransport, type ThreadKey } from '../../src/core/index.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * AG-UI 1.1's one addition (spec/1.1/changelog, events/reasoning#encryptedvaluetype): wherever an
 * `encryptedValue` travels it may carry `encryptedValueType`, the producer's name for the artefact; a
 * consumer stores it and returns it with the value, never reads it. Through the real HTTP transport.
 */

type Body = { messages: { id: string; role: string; encryptedValue?: string; encryptedValueType?: string; toolCalls?: { id: string; encryptedValue?: string; encryptedValueType?: string }[] }[] };

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
    const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }), toolRegistry: new ToolRegistry([]) });
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'evt' };
    const warnings: string[] = [];
    const { warn } = console;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      expect(await engine.send(key, 'first')).to.equal('success');
      expect(await engine.send(key, 'second')).to.equal('success');
    } finally {
      console.warn = warn;
    }
    expect(warnings.filter((w) => w.includes('[soliplex-chat]'))).to.deep.equal([]);
    const sent = (await requests())[1]!.body.messages;
    const reasoning = sent.find((m) => m.id === 'r1')!;
    expect([reasoning.encryptedValue, reasoning.encryptedValueType]).to.deep.equal(['opaque-1', 'signature']);
    const call = sent.flatMap((m) => m.toolCalls ?? []).find((c) => c.id === 'c1')!;
    expect([call.encryptedValue, call.encryptedValueType]).to.deep.equal(['opaque-2', 'redacted-thinking']);
  });
});

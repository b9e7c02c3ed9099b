import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport, emptyConversation, toAgUiMessages, type Conversation, type ThreadKey } from '../../src/core/index.js';
import { agUiMessagesOf, needsFullMapping } from '../../src/core/conversation/message-mapper.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { engineOn } from '../helpers/observed-engine.js';

/**
 * The whole mapping of a conversation to AG-UI messages (message-mapper-full.ts: tool calls and their
 * answers, reasoning, attribution, encrypted values, metadata) loads on demand: a chat of plain
 * messages maps them on the plain path, and the first run whose conversation holds a call waits for
 * it before its request is sent. The tests run in order, in a page of their own.
 */

const withCall: Conversation = {
  ...emptyConversation,
  toolCalls: { c: { id: 'c', name: 'x', status: 'completed', argsText: '{}', serverRun: true, result: 'r' } },
};

describe('the whole message mapping loads on demand', () => {
  it('maps a conversation of plain messages as the whole mapping does, without loading it', () => {
    const image = { type: 'image' as const, source: { type: 'url' as const, value: 'https://example.com/a.png' } };
    const conversation: Conversation = {
      ...emptyConversation,
      messages: [
        { role: 'user', id: 'u1', text: 'Hi' },
        { role: 'system', id: 's1', text: 'Be brief.', notice: true },
        { role: 'assistant', id: 'a1', text: 'Hello.', toolCallIds: [], complete: true },
        { role: 'assistant', id: 'a2', text: '', toolCallIds: [], complete: true },
        { role: 'user', id: 'u2', text: 'Look', parts: [image] },
        { role: 'user', id: 'u3', text: '', parts: [image] },
        { role: 'user', id: 'u4', text: 'ab', contentParts: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
        { role: 'developer', id: 'd1', text: 'Dev.' },
      ],
    };
    expect(needsFullMapping(conversation)).to.equal(false);
    const plain = agUiMessagesOf(conversation);
    expect(Array.isArray(plain)).to.equal(true);
    expect(plain).to.deep.equal(toAgUiMessages(conversation));
    expect(needsFullMapping(withCall)).to.equal(true);
  });

  it('a chat of plain answers sends its transcript without loading it', async () => {
    const { agentUrl, requests } = await script([[started, ...say('a1', 'One.'), finished], [started, ...say('a2', 'Two.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'plain' };
    expect(await engine.send(key, 'first')).to.equal('success');
    expect(await engine.send(key, 'second')).to.equal('success');
    const sent = (await requests())[1]!.body['messages'] as { role: string; content: unknown }[];
    expect(sent.map((m) => [m.role, m.content])).to.deep.equal([['user', 'first'], ['assistant', 'One.'], ['user', 'second']]);
    expect(needsFullMapping(withCall)).to.equal(true);
  });

  it('the run after a server-side call loads it, and sends the call with its answer', async () => {
    const call = [
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'a1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":"cats"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'found 3' },
    ];
    const { agentUrl, requests } = await script([[started, ...say('a1', 'Looking.'), ...call, finished], [started, ...say('a2', 'Sure.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'call' };
    expect(await engine.send(key, 'search')).to.equal('success');
    expect(needsFullMapping(withCall)).to.equal(true);
    expect(await engine.send(key, 'thanks')).to.equal('success');
    expect(needsFullMapping(withCall)).to.equal(false);
    const sent = (await requests())[1]!.body['messages'] as Record<string, unknown>[];
    expect(sent.slice(1, 3)).to.deep.equal([
      { id: 'a1', role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'search', arguments: '{"q":"cats"}' } }] },
      { id: 'r1', role: 'tool', toolCallId: 'c1', content: 'found 3' },
    ]);
  });
});

import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport } from '../../src/core/index.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { engineOn } from '../helpers/observed-engine.js';

/**
 * Reasoning messages are rare: a plain answer has none. Their reduction is one of the reducer's rare
 * paths (protocol-extras.ts, in reducer-extras.ts's chunk), loaded with the first REASONING event and
 * before it is handed on, the events keeping their order. The tests run in order, in a page of their own.
 */

describe('reasoning messages load their reduction on demand', () => {
  it('a plain answer does not load it', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(needsReducerExtras({ type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' } as never)).to.equal(true);
  });

  it('the first reasoning event loads it: the reasoning text is in the conversation, before the answer, events in order', async () => {
    const run = [
      started,
      { type: 'REASONING_START', messageId: 'r0' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'The user greets; ' },
      { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'greet back.' },
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      { type: 'REASONING_END', messageId: 'r0' },
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Hello!' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'REASONING_MESSAGE_CHUNK', messageId: 'r2', delta: 'Done.' },
      finished,
    ];
    const { agentUrl } = await script([run]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'reasoning' };
    // The reasoning text after each reasoning content event, as the engine holds it when it hands the event on.
    const seen: string[] = [];
    engine.on((e) => {
      if (e.type !== 'agui-event' || e.event.type !== 'REASONING_MESSAGE_CONTENT' || (e.event as { messageId?: string }).messageId !== 'r1') return;
      const r1 = engine.snapshot(key).conversation.messages.find((m) => m.id === 'r1');
      seen.push(r1?.role === 'reasoning' ? r1.text : '(none)');
    });
    expect(await engine.send(key, 'hi')).to.equal('success');
    // The transport hands a chunk on as the start, content and end it stands for.
    const expanded = run.flatMap((e) => (e.type === 'REASONING_MESSAGE_CHUNK' ? ['REASONING_MESSAGE_START', 'REASONING_MESSAGE_CONTENT', 'REASONING_MESSAGE_END'] : [e.type]));
    expect(events.map((e) => e.type)).to.deep.equal(expanded);
    expect(seen).to.deep.equal(['The user greets; ', 'The user greets; greet back.']);
    const messages = engine.snapshot(key).conversation.messages.filter((m) => m.role !== 'user');
    expect(messages.map((m) => [m.role, m.id, 'text' in m ? m.text : ''])).to.deep.equal([
      ['reasoning', 'r1', 'The user greets; greet back.'],
      ['assistant', 'a1', 'Hello!'],
      ['reasoning', 'r2', 'Done.'],
    ]);
    expect(needsReducerExtras({ type: 'REASONING_MESSAGE_START', messageId: 'r3', role: 'reasoning' } as never)).to.equal(false);
  });
});

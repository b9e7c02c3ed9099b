import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport, type ThreadKey } from '../../src/core/index.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { chatWarnings, engineOn } from '../helpers/observed-engine.js';

/**
 * A tool call's events are one of the reducer's rare paths (tool-call-events.ts, in reducer-extras.ts's
 * chunk): a plain answer never loads them; the first call event does, and it and every event after it
 * wait for them, in order. The tests run in order, in a page of their own: nothing here calls the
 * core's `reduceConversation` (which would provide the extras at once).
 */

describe("a tool call's events load the reducer's rare paths on demand", () => {
  it('a plain answer does not load them', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(needsReducerExtras({ type: 'TOOL_CALL_START' } as never)).to.equal(true);
  });

  it('a server-side call mid-answer waits for them; it and every event after it are reduced in order', async () => {
    const run = [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Let me ' },
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'a1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'look.' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '"cats"}' },
      { type: 'TOOL_CALL_END', toolCallId: 'c1' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'found 3' },
      ...say('a2', 'Three cats.'),
      finished,
    ];
    const { agentUrl } = await script([run]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'call' };
    const { value: outcome, warnings } = await chatWarnings(() => engine.send(key, 'search'));
    expect(outcome).to.equal('success');
    expect(warnings).to.deep.equal([]);
    expect(events.map((e) => e.type)).to.deep.equal(run.map((e) => e.type));
    const conversation = engine.snapshot(key).conversation;
    const call = conversation.toolCalls['c1'];
    expect(call?.status).to.equal('completed');
    expect(call?.args).to.deep.equal({ q: 'cats' });
    expect(call?.result).to.equal('found 3');
    expect(call?.serverRun).to.equal(true);
    const texts = conversation.messages.map((m) => (m.role === 'assistant' ? [m.id, m.text, m.toolCallIds.join()] : [m.id]));
    expect(texts).to.deep.equal([[conversation.messages[0]!.id], ['a1', 'Let me look.', 'c1'], ['a2', 'Three cats.', '']]);
    expect(needsReducerExtras({ type: 'TOOL_CALL_START' } as never)).to.equal(false);
  });
});

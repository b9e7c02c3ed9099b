import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport, type ThreadKey } from '../../src/core/index.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { engineOn } from '../helpers/observed-engine.js';

/**
 * Text the agent streams in another role than the assistant's (a relayed user message, a system
 * notice) is one of the reducer's rare paths (reducer-extras.ts): an answer's own text never loads it;
 * the first such `TEXT_MESSAGE_START` does, and the run's events wait for it, in order. The tests run
 * in order, in a page of their own.
 */

describe("text in another role loads the reducer's rare paths on demand", () => {
  it("an answer's text does not load them", async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(needsReducerExtras({ type: 'TEXT_MESSAGE_START', messageId: 'x', role: 'assistant' } as never)).to.equal(false);
    expect(needsReducerExtras({ type: 'TEXT_MESSAGE_START', messageId: 'x', role: 'system' } as never)).to.equal(true);
  });

  it('a relayed user message and a system notice mid-answer are reduced in order, as theirs', async () => {
    const run = [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'First.' },
      { type: 'TEXT_MESSAGE_START', messageId: 'u1', role: 'user' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'u1', delta: 'Relayed.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'u1' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: ' Then.' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'TEXT_MESSAGE_START', messageId: 's1', role: 'system' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 's1', delta: 'Notice.' },
      { type: 'TEXT_MESSAGE_END', messageId: 's1' },
      finished,
    ];
    const { agentUrl } = await script([run]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'roles' };
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(events.map((e) => e.type)).to.deep.equal(run.map((e) => e.type));
    const shown = engine.snapshot(key).conversation.messages.slice(1).map((m) => [m.role, m.id, (m as { text?: string }).text, (m as { notice?: boolean }).notice ?? false]);
    expect(shown).to.deep.equal([
      ['assistant', 'a1', 'First. Then.', false],
      ['user', 'u1', 'Relayed.', false],
      ['system', 's1', 'Notice.', true],
    ]);
    expect(needsReducerExtras({ type: 'TEXT_MESSAGE_START', messageId: 'x', role: 'system' } as never)).to.equal(false);
  });
});

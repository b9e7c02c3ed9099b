import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport } from '../../src/core/index.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { chatWarnings, engineOn } from '../helpers/observed-engine.js';

/**
 * A `STATE_DELTA` (JSON Patch) is one of the reducer's rare paths (reducer-extras.ts): a plain text
 * answer, and a whole state (`STATE_SNAPSHOT`, which Soliplex sends with every run), never load them;
 * the first delta does, and the run's events wait for it in order. The tests run in order, in a page of
 * their own: nothing here calls the core's `reduceConversation` (which would provide the extras at once).
 */

describe('a state delta loads the reducer rare paths on demand', () => {
  it('a plain answer with a whole state does not load them', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), { type: 'STATE_SNAPSHOT', snapshot: { n: 1 } }, finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'plain' };
    expect(await engine.send(key, 'hi')).to.equal('success');
    expect(engine.snapshot(key).conversation.state).to.deep.equal({ n: 1 });
    expect(needsReducerExtras({ type: 'STATE_DELTA' } as never)).to.equal(true);
  });

  it('the first delta mid-answer waits for them; it and every event after it are reduced in order', async () => {
    const run = [
      started,
      { type: 'STATE_SNAPSHOT', snapshot: { rag: { citations: [] } } },
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Found ' },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/rag/citations/-', value: 'c1' }] },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'one.' },
      { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/rag/citations/-', value: 'c2' }, { op: 'test', path: '/rag/citations/0', value: 'c9' }] },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      finished,
    ];
    const { agentUrl } = await script([run]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'delta' };
    const { value: outcome, warnings } = await chatWarnings(() => engine.send(key, 'search'));
    expect(outcome).to.equal('success');
    // The second patch's `test` fails (RFC 6902): that whole delta is ignored, with a warning.
    expect(warnings).to.deep.equal(['[soliplex-chat] State delta ignored: Test failed at /rag/citations/0']);
    expect(events.map((e) => e.type)).to.deep.equal(run.map((e) => e.type));
    const conversation = engine.snapshot(key).conversation;
    expect(conversation.state).to.deep.equal({ rag: { citations: ['c1'] } });
    const answer = conversation.messages.find((m) => m.id === 'a1');
    expect(answer?.role === 'assistant' && answer.text).to.equal('Found one.');
    expect(needsReducerExtras({ type: 'STATE_DELTA' } as never)).to.equal(false);
  });
});

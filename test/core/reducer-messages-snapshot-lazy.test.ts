import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport } from '../../src/core/index.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { chatWarnings, engineOn } from '../helpers/observed-engine.js';

/**
 * `MESSAGES_SNAPSHOT` reconciliation is one of the reducer's rare paths (messages-snapshot.ts, in
 * reducer-extras): a run that streams its answer never sends a snapshot, so the first one loads them,
 * and the run's events wait, in order. In a page of its own: nothing here calls the core's
 * `reduceConversation` (which would provide the extras at once).
 */

describe('a messages snapshot loads the reducer rare paths on demand', () => {
  it('a streamed answer does not load them; the first snapshot does, and is reconciled with the events after it in order', async () => {
    const { agentUrl } = await script([
      [started, ...say('a1', 'Draft.'), finished],
      [
        started,
        ...say('a2', 'Second.'),
        // The agent's transcript: the first answer rewritten, the second dropped, a third message of its own.
        {
          type: 'MESSAGES_SNAPSHOT',
          messages: [
            { id: 'a1', role: 'assistant', content: 'Final.' },
            { id: 'a3', role: 'assistant', content: 'Summary.' },
          ],
        },
        ...say('a4', 'After.'),
        finished,
      ],
    ]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'snapshot' };
    expect(await engine.send(key, 'first')).to.equal('success');
    expect(needsReducerExtras({ type: 'MESSAGES_SNAPSHOT' } as never)).to.equal(true);

    const { value: outcome, warnings } = await chatWarnings(() => engine.send(key, 'second'));
    expect(outcome).to.equal('success');
    expect(warnings).to.deep.equal([]);
    expect(events.slice(-5).map((e) => e.type)).to.deep.equal(['MESSAGES_SNAPSHOT', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
    const texts = engine.snapshot(key).conversation.messages.filter((m) => m.role === 'assistant').map((m) => `${m.id}:${m.role === 'assistant' ? m.text : ''}`);
    // Kept: what the snapshot names, in its order, then what came after it; the user's messages are gone (the snapshot omits them).
    expect(texts).to.deep.equal(['a1:Final.', 'a3:Summary.', 'a4:After.']);
    expect(needsReducerExtras({ type: 'MESSAGES_SNAPSHOT' } as never)).to.equal(false);
  });
});

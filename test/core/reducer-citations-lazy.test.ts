import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport } from '../../src/core/index.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { chatWarnings, engineOn } from '../helpers/observed-engine.js';

/**
 * Reading a run's citations from the agent state (soliplex-state-citations.ts) is one of the reducer's
 * rare paths (reducer-extras.ts): a state that may hold none (`mayCite`) never loads it; the first
 * `STATE_SNAPSHOT` that may does, holding the run's events in order, so the run's record has its
 * citations when it finishes. The tests run in order, in a page of their own: nothing here calls the
 * core's `reduceConversation` (which would provide the extras at once).
 */

const cited = (chunk: string) => ({ chunk_id: chunk, document_id: `doc-${chunk}`, document_uri: `file:///${chunk}.pdf`, document_title: `Title ${chunk}`, content: `Text of ${chunk}` });

describe("a state that may cite loads the reading of citations on demand", () => {
  it("a whole state without citations does not load it, a RAG room's empty lists included", async () => {
    // What a Soliplex RAG room's final STATE_SNAPSHOT holds after a plain answer (rooms.mjs seeds it so).
    const rag = { citations: [], citation_index: {}, searches: {}, executions: [], document_filter: null };
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), { type: 'STATE_SNAPSHOT', snapshot: { notes: { count: 1 }, rag } }, finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'plain' };
    expect(await engine.send(key, 'hi')).to.equal('success');
    const conversation = engine.snapshot(key).conversation;
    expect(conversation.state).to.deep.equal({ notes: { count: 1 }, rag });
    expect(conversation.runRecords).to.equal(undefined);
    expect(needsReducerExtras({ type: 'STATE_SNAPSHOT', snapshot: { rag: { citations: ['c1'] } } } as never)).to.equal(true);
    expect(needsReducerExtras({ type: 'STATE_SNAPSHOT', snapshot: { rag: { qa_history: [{ question: 'q' }] } } } as never)).to.equal(true);
  });

  it("the first state that may cite loads it: the run's record has the citations, and the events keep their order", async () => {
    const run = [
      started,
      ...say('a1', 'See [1] and [2].'),
      { type: 'STATE_SNAPSHOT', snapshot: { rag: { citations: ['b', 'a'], citation_index: { a: cited('a'), b: cited('b'), c: cited('c') } } } },
      { type: 'CUSTOM', name: 'after-state', value: 1 },
      finished,
    ];
    const { agentUrl } = await script([run]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'cited' };
    const { value: outcome, warnings } = await chatWarnings(() => engine.send(key, 'search'));
    expect(outcome).to.equal('success');
    expect(warnings).to.deep.equal([]);
    expect(events.map((e) => e.type)).to.deep.equal(run.map((e) => e.type));
    const records = Object.values(engine.snapshot(key).conversation.runRecords ?? {});
    expect(records.map((r) => r.citations?.map((c) => [c.chunkId, c.documentTitle]))).to.deep.equal([[['b', 'Title b'], ['a', 'Title a']]]);
    expect(needsReducerExtras({ type: 'STATE_SNAPSHOT', snapshot: { rag: { citations: ['c1'] } } } as never)).to.equal(false);
  });
});

import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { reduceEvents, replayHistory, type Conversation } from '../../src/core/index.js';
import { emptyConversation } from '../../src/core/conversation/empty-conversation.js';
import { runStarted, text } from '../helpers/agui-events.js';

/**
 * What each finished run leaves for its answer (`conversation.runRecords`): the RAG citations its
 * state gained, and `RUN_FINISHED.usage`. A history replay must rebuild exactly what the live stream
 * made, or a reload would lose an answer's sources.
 */
const cite = (id: string, index: number) => ({ chunk_id: id, document_id: 'd', document_uri: 'file:///d.pdf', document_title: 'Doc', content: `Text ${id}`, headings: ['H'], page_numbers: [index], doc_item_refs: [], index });
const initial = { rag: { citations: [], citation_index: {}, document_filter: null } };
const delta = (ops: object[]) => ({ type: EventType.STATE_DELTA, delta: ops }) as BaseEvent;
const finished = (runId: string, usage?: object[]) => ({ type: EventType.RUN_FINISHED, threadId: 't', runId, ...(usage ? { usage } : {}) }) as BaseEvent;

const run1: BaseEvent[] = [
  runStarted('r1', 't'),
  delta([
    { op: 'add', path: '/rag/citation_index/a', value: cite('a', 1) },
    { op: 'add', path: '/rag/citations/-', value: 'a' },
  ]),
  ...text('m1', 'From a [1].'),
  finished('r1', [{ model: 'm', inputTokens: 10, outputTokens: 5 }, { model: 'n', inputTokens: 1, outputTokens: 1 }]),
];
const run2: BaseEvent[] = [
  runStarted('r2', 't'),
  delta([
    { op: 'add', path: '/rag/citation_index/b', value: cite('b', 2) },
    { op: 'add', path: '/rag/citations/-', value: 'b' },
    { op: 'add', path: '/rag/citations/-', value: 'a' },
  ]),
  ...text('m2', 'From b [2] and a [1].'),
  finished('r2', [{ inputTokens: 'many' }, null, { inputTokens: 7 }] as object[]),
];
const run3: BaseEvent[] = [runStarted('r3', 't'), ...text('m3', 'Nothing cited.'), finished('r3')];

describe('run records', () => {
  it('keeps each run’s citations (a chunk cited again included) and its well-formed usage, and replay rebuilds the same', () => {
    let live: Conversation = { ...emptyConversation, state: initial };
    for (const events of [run1, run2, run3]) live = reduceEvents(live, events, () => {});
    const records = live.runRecords!;
    expect(Object.keys(records)).to.deep.equal(['r1', 'r2']);
    expect(records.r1!.citations!.map((c) => [c.chunkId, c.index, c.pageNumbers])).to.deep.equal([['a', 1, [1]]]);
    expect(records.r1!.usage!.map((u) => u.inputTokens)).to.deep.equal([10, 1]);
    expect(records.r2!.citations!.map((c) => c.chunkId)).to.deep.equal(['b', 'a']);
    expect(records.r2!.usage).to.deep.equal([{ inputTokens: 7 }], 'malformed usage entries are left out');
    expect(live.runStartState, 'not kept once the run is recorded').to.equal(undefined);

    const afterRun1 = reduceEvents({ ...emptyConversation, state: initial }, run1, () => {}).state;
    const replayed = replayHistory([
      { runId: 'r1', messages: [{ id: 'u1', role: 'user', content: 'one' }], events: run1, state: initial },
      { runId: 'r2', messages: [{ id: 'u2', role: 'user', content: 'two' }], events: run2, state: afterRun1 },
      { runId: 'r3', messages: [{ id: 'u3', role: 'user', content: 'three' }], events: run3 },
    ]);
    expect(replayed.runRecords).to.deep.equal(records);
  });

  it('a run whose state did not change records no citations', () => {
    const conversation = reduceEvents({ ...emptyConversation, state: initial }, [runStarted('r1', 't'), ...text('m1', 'Hi.'), finished('r1')], () => {});
    expect(conversation.runRecords).to.equal(undefined);
  });
});

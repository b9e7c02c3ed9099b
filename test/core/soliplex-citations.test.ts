import { expect } from '@open-wc/testing';
import {
  buildDocumentFilter,
  documentFilterState,
  latestDocumentFilter,
  mergeCitations,
  parseDocumentFilter,
  resolveCitations,
  seedTurnState,
  turnCitations,
  type SoliplexThread,
} from '../../src/core/index.js';

/** A wire citation (snake_case), as haiku.rag puts it into the state. */
const wire = (chunk: string, extra: object = {}) => ({
  chunk_id: chunk,
  document_id: `doc-${chunk}`,
  document_uri: `file:///${chunk}.pdf`,
  document_title: `Title ${chunk}`,
  content: `Text of ${chunk}`,
  headings: ['H1', 'H2'],
  page_numbers: [3, 4],
  doc_item_refs: ['#/texts/1'],
  ...extra,
});

describe('Soliplex citations from the agent state', () => {
  it('current shape: the turn’s chunk ids resolved through citation_index, in the order cited', () => {
    const before = { rag: { citations: [], citation_index: { a: wire('a', { index: 1 }) } } };
    const after = {
      rag: {
        citations: ['c', 'b', 'c', 'unknown'],
        citation_index: { a: wire('a', { index: 1 }), b: wire('b', { index: 2 }), c: wire('c', { index: 3, document_meta: { source_url: 'https://example.com/c' } }) },
      },
    };
    const citations = turnCitations(before, after);
    expect(citations.map((c) => c.chunkId)).to.deep.equal(['c', 'b'], 'deduplicated; an id missing from the index is left out');
    expect(citations[0]).to.deep.equal({
      chunkId: 'c',
      documentId: 'doc-c',
      documentUri: 'file:///c.pdf',
      documentTitle: 'Title c',
      content: 'Text of c',
      headings: ['H1', 'H2'],
      pageNumbers: [3, 4],
      docItemRefs: ['#/texts/1'],
      index: 3,
      sourceUrl: 'https://example.com/c',
    });
  });

  it('ids a state that was not seeded still carries from the last turn are not this turn’s', () => {
    const index = { a: wire('a'), b: wire('b') };
    expect(turnCitations({ rag: { citations: ['a'], citation_index: index } }, { rag: { citations: ['a', 'b'], citation_index: index } }).map((c) => c.chunkId)).to.deep.equal(['b']);
  });

  it('a chunk the last turn cited is this turn’s too when the turn appended it again', () => {
    const index = { a: wire('a'), b: wire('b') };
    const after = { rag: { citations: ['a', 'b', 'a'], citation_index: index } };
    expect(turnCitations({ rag: { citations: ['a'], citation_index: index } }, after).map((c) => c.chunkId)).to.deep.equal(['b', 'a']);
    // Not appended (the list was replaced): only what the earlier list lacks.
    expect(turnCitations({ rag: { citations: ['a', 'b'], citation_index: index } }, { rag: { citations: ['b', 'a'], citation_index: index } })).to.deep.equal([]);
  });

  it('any namespace with a citation_index counts, not only rag', () => {
    const after = { analysis: { citations: ['x'], citation_index: { x: wire('x') } }, other: { citations: ['y'] } };
    expect(turnCitations({}, after).map((c) => c.chunkId)).to.deep.equal(['x']);
  });

  it('older shape: the new qa_history entries’ citations, else the new full citation objects', () => {
    const first = { rag: { qa_history: [{ question: 'q1', answer: 'a1', citations: [wire('a', { index: 1 })] }], citations: [wire('a', { index: 1 })] } };
    const second = { rag: { qa_history: [...first.rag.qa_history, { question: 'q2', answer: 'a2', citations: [wire('b', { index: 2 })] }], citations: [wire('a'), wire('b')] } };
    expect(turnCitations(first, second).map((c) => [c.chunkId, c.index])).to.deep.equal([['b', 2]]);
    expect(turnCitations({ rag: { citations: [wire('a')] } }, { rag: { citations: [wire('a'), wire('c')] } }).map((c) => c.chunkId)).to.deep.equal(['c']);
  });

  it('bad input degrades to no citations, never a throw', () => {
    for (const state of [null, 'x', 42, [], { rag: null }, { rag: { citations: 'x', citation_index: [] } }, { rag: { citations: [{ content: 1 }] } }]) {
      expect(turnCitations({}, state)).to.deep.equal([]);
    }
    expect(resolveCitations(['a'], { rag: { citation_index: { a: { chunk_id: 'a' } } } })).to.deep.equal([], 'a citation without content');
  });

  it('seedTurnState empties the run-scoped keys of citation-bearing namespaces and keeps the rest', () => {
    const state = { rag: { citations: ['a'], searches: { q: [] }, citation_index: { a: wire('a') }, document_filter: "id = 'd'" }, other: { citations: ['z'] } };
    expect(seedTurnState(state)).to.deep.equal({ rag: { citations: [], searches: {}, citation_index: { a: wire('a') }, document_filter: "id = 'd'" }, other: { citations: ['z'] } });
    expect(state.rag.citations).to.deep.equal(['a'], 'not changed in place');
    const plain = { x: 1 };
    expect(seedTurnState(plain)).to.equal(plain);
  });

  it('mergeCitations keeps the first of each chunk', () => {
    const [a, b] = turnCitations({}, { rag: { citations: ['a', 'b'], citation_index: { a: wire('a'), b: wire('b') } } });
    expect(mergeCitations([a], [b, a]).map((c) => c.chunkId)).to.deep.equal(['a', 'b']);
  });
});

describe('Soliplex document filter', () => {
  it('is built as the official client builds it, and read back', () => {
    expect(buildDocumentFilter([])).to.equal(null);
    expect(buildDocumentFilter(['a'])).to.equal("id = 'a'");
    expect(buildDocumentFilter(['a', "b'c", 'a'])).to.equal("id IN ('a', 'b''c')");
    expect(parseDocumentFilter("id IN ('a', 'b''c')")).to.deep.equal(['a', "b'c"]);
    expect(parseDocumentFilter(null)).to.deep.equal([]);
    expect(documentFilterState("id = 'a'")).to.deep.equal({ rag: { document_filter: "id = 'a'" } });
  });

  it('a thread’s filter is the newest run input’s; an explicit null there clears it', () => {
    const run = (id: string, state: unknown) => ({ thread_id: 't', run_id: id, created: id, run_input: { state } });
    const thread = (...runs: ReturnType<typeof run>[]) => ({ runs: Object.fromEntries(runs.map((r) => [r.run_id, r])) }) as Pick<SoliplexThread, 'runs'>;
    expect(latestDocumentFilter(thread(run('1', { rag: { document_filter: "id = 'a'" } }), run('2', {})))).to.equal("id = 'a'");
    expect(latestDocumentFilter(thread(run('1', { rag: { document_filter: "id = 'a'" } }), run('2', { rag: { document_filter: null } })))).to.equal(null);
    expect(latestDocumentFilter(thread(run('1', {})))).to.equal(undefined);
  });
});

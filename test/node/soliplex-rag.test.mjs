// The demo room's RAG, as Soliplex with haiku.rag answers: the document set, chunk previews, and
// citations in the agent state under `rag` (ids in `citations`, resolved through `citation_index`),
// limited by `state.rag.document_filter`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, apiJson, newThread, parseFrames, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';
import { parseDocumentFilter } from '../../demo/server/soliplex/rag-run.mjs';

const HANDBOOK = '0b7f6c1e-3d52-4a8e-9f0a-6a1d2c3b4e51';
const TOOLS = '5c1d9e2a-7b64-4f3c-8a2e-1d0f9b8c7a62';
const ALICE_CHUNK = 'c1a0e6b2-4f3d-4c1a-9e8b-7d6c5b4a3f01';
const NOTES_CHUNK = 'c6f5dbab-9e8c-4b6f-8d3a-2c7b6a5f4e06';

/** Runs one turn in a new demo thread; returns the stream's events. */
async function ask(/** @type {string} */ url, /** @type {string} */ text, /** @type {unknown} */ state = {}) {
  const { thread, runId } = await newThread(url, 'demo');
  const response = await api(url, `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`, { body: soliplexInput(thread.thread_id, runId, text, { state }) });
  assert.equal(response.status, 200);
  return parseFrames(await response.text()).flatMap((f) => (f.event ? [f.event] : []));
}

const finalState = (/** @type {any[]} */ events) => events.findLast((e) => e.type === 'STATE_SNAPSHOT')?.snapshot;
const answer = (/** @type {any[]} */ events) => events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');

test('GET …/documents: the room document set keyed by id, as Soliplex sends it; empty without RAG', async (t) => {
  const { url } = await soliplexServer(t);
  const body = await apiJson(url, '/v1/rooms/demo/documents');
  assert.equal(body.room_id, 'demo');
  const documents = Object.values(body.document_set);
  assert.ok(documents.length >= 3);
  for (const [id, doc] of Object.entries(body.document_set)) {
    assert.equal(doc.id, id);
    assert.deepEqual(Object.keys(doc).sort(), ['created_at', 'id', 'metadata', 'title', 'updated_at', 'uri']);
    assert.equal(typeof doc.title, 'string');
  }
  assert.equal((await api(url, '/v1/rooms/nope/documents')).status, 404);
  const script = await (await fetch(`${url}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [] }) })).json();
  assert.deepEqual(await apiJson(url, `/v1/rooms/script-${script.id}/documents`), { room_id: `script-${script.id}`, document_set: {} });
});

test('GET …/chunk/{id}: page previews as base64 PNGs; 404 for an unknown chunk or one without images', async (t) => {
  const { url } = await soliplexServer(t);
  const chunk = await apiJson(url, `/v1/rooms/demo/chunk/${ALICE_CHUNK}`);
  assert.equal(chunk.chunk_id, ALICE_CHUNK);
  assert.match(chunk.document_uri, /\.pdf$/);
  assert.equal(chunk.images_base_64.length, 1);
  assert.deepEqual([...Buffer.from(chunk.images_base_64[0], 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47], 'a PNG');
  const unknown = await api(url, '/v1/rooms/demo/chunk/no-such-chunk');
  assert.equal(unknown.status, 404);
  assert.equal(typeof (await unknown.json()).detail, 'string');
  assert.equal((await api(url, `/v1/rooms/demo/chunk/${NOTES_CHUNK}`)).status, 404, 'a Markdown document has no page images');
  assert.equal((await api(url, `/v1/rooms/nope/chunk/${ALICE_CHUNK}`)).status, 404);
});

test('a document search puts citations into rag state (ids → citation_index) before the answer', async (t) => {
  const { url } = await soliplexServer(t);
  const events = await ask(url, 'search the documents for the secret number of alice');
  const types = events.map((e) => e.type);
  const delta = types.indexOf('STATE_DELTA');
  assert.ok(delta > 0 && delta < types.indexOf('TEXT_MESSAGE_START'), 'state before the answer');
  assert.ok(types.lastIndexOf('STATE_SNAPSHOT') < types.indexOf('RUN_FINISHED'), 'final snapshot before RUN_FINISHED');
  const rag = finalState(events).rag;
  assert.ok(rag.citations.length >= 1);
  assert.equal(rag.citations[0], ALICE_CHUNK, 'the best match first');
  for (const id of rag.citations) {
    const citation = rag.citation_index[id];
    assert.equal(citation.chunk_id, id);
    for (const key of ['document_id', 'document_uri', 'document_title', 'content']) assert.equal(typeof citation[key], 'string', key);
    assert.ok(Array.isArray(citation.headings) && Array.isArray(citation.page_numbers));
    assert.equal(typeof citation.index, 'number');
  }
  assert.match(answer(events), /secret number is 42\.[^[]*\[1\]/);
});

test('citation_index is cumulative and citations start from what the client seeds', async (t) => {
  const { url } = await soliplexServer(t);
  const first = finalState(await ask(url, 'search the documents for alice'));
  // The next turn: the client carries the state forward with citations seeded empty.
  const seeded = { rag: { ...first.rag, citations: [] } };
  const second = finalState(await ask(url, 'search the documents for approval', seeded));
  assert.ok(second.rag.citations.length >= 1);
  assert.ok(!second.rag.citations.includes(ALICE_CHUNK), 'only this turn’s ids');
  assert.ok(second.rag.citation_index[ALICE_CHUNK], 'earlier citations stay resolvable');
  const numbers = Object.values(second.rag.citation_index).map((c) => c.index);
  assert.deepEqual(numbers, numbers.map((_, i) => i + 1), 'numbered across the thread');
});

test('state.rag.document_filter limits which documents are cited', async (t) => {
  const { url } = await soliplexServer(t);
  const docOf = (/** @type {any} */ state) => state.rag.citations.map((/** @type {string} */ id) => state.rag.citation_index[id].document_id);

  const all = finalState(await ask(url, 'show citations'));
  assert.ok(new Set(docOf(all)).size > 1, 'without a filter, more than one document');
  const one = finalState(await ask(url, 'show citations', { rag: { document_filter: `id = '${TOOLS}'` } }));
  assert.ok(docOf(one).length >= 1);
  assert.deepEqual([...new Set(docOf(one))], [TOOLS]);
  const two = finalState(await ask(url, 'show citations', { rag: { document_filter: `id IN ('${TOOLS}', '${HANDBOOK}')` } }));
  assert.ok(docOf(two).every((/** @type {string} */ id) => id === TOOLS || id === HANDBOOK));

  const none = await ask(url, 'search the documents for alice', { rag: { document_filter: `id = '${TOOLS}'` } });
  assert.deepEqual(finalState(none).rag.citations, [], 'alice is not in the chosen document');
  assert.match(answer(none), /nothing .* selected documents/);

  const bad = await ask(url, 'show citations', { rag: { document_filter: 'title LIKE x' } });
  assert.equal(bad.at(-1).type, 'RUN_ERROR');
});

test('parseDocumentFilter reads what the official client writes (doubled quotes inside ids)', () => {
  assert.equal(parseDocumentFilter(null), null);
  assert.deepEqual(parseDocumentFilter("id = 'a'"), ['a']);
  assert.deepEqual(parseDocumentFilter("id IN ('a', 'b''c')"), ['a', "b'c"]);
  assert.throws(() => parseDocumentFilter('id = a'));
});

test('the demo room has the rag feature; a new thread’s initial run seeds its empty state; script rooms have none', async (t) => {
  const { url } = await soliplexServer(t);
  assert.deepEqual((await apiJson(url, '/v1/rooms/demo')).agui_feature_names, ['rag']);
  const { thread, runId } = await newThread(url, 'demo');
  assert.deepEqual(Object.keys(thread.runs[runId].run_input.state.rag).sort(), ['citation_index', 'citations', 'document_filter', 'executions', 'searches']);
  const script = await (await fetch(`${url}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [] }) })).json();
  const scripted = await newThread(url, `script-${script.id}`);
  assert.deepEqual(scripted.thread.runs[scripted.runId].run_input.state, {});
});

test('other demo prompts do not touch rag state', async (t) => {
  const { url } = await soliplexServer(t);
  const events = await ask(url, 'What can you do?');
  assert.equal(finalState(events)?.rag, undefined);
});

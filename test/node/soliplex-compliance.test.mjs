// The demo Soliplex API answers as Soliplex does where a client can tell: status codes and checks,
// what a run GET gives back, automatic titles, times without a UTC offset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createScript } from './helpers.mjs';
import { api, apiJson, eventually, newThread, parseFrames, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const say = [
  { type: 'RUN_STARTED' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'RUN_FINISHED' },
];

test('path ids that are not UUID4 answer 422 with FastAPI’s detail list', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread, runId } = await newThread(url, 'demo');
  const base = `/v1/rooms/demo/agui/${thread.thread_id}`;
  const notV4 = '00000000-0000-1000-8000-000000000000';
  for (const [path, init] of [
    ['/v1/rooms/demo/agui/nope', {}],
    [`/v1/rooms/demo/agui/${notV4}`, {}],
    ['/v1/rooms/demo/agui/nope', { body: {} }],
    ['/v1/rooms/demo/agui/nope', { method: 'DELETE' }],
    ['/v1/rooms/demo/agui/nope/meta', { body: { name: 'n' } }],
    [`${base}/nope`, {}],
    [`${base}/nope`, { body: soliplexInput(thread.thread_id, 'nope') }],
    [`/v1/rooms/demo/agui/nope/${runId}`, {}],
  ]) {
    const response = await api(url, /** @type {string} */ (path), /** @type {any} */ (init));
    assert.equal(response.status, 422, `${JSON.stringify(init)} ${path}`);
    const { detail } = await response.json();
    assert.ok(Array.isArray(detail) && detail.every((/** @type {any} */ d) => d.loc[0] === 'path'), JSON.stringify(detail));
  }
  // Any UUID spelling parses: upper case names the same thread.
  assert.equal((await api(url, `/v1/rooms/demo/agui/${thread.thread_id.toUpperCase()}`)).status, 200);
});

test('404 for an unknown room, thread or run; 400 for a thread of another room', async (t) => {
  const { url } = await soliplexServer(t);
  const { id } = await createScript(url, { runs: [] });
  const { thread, runId } = await newThread(url, 'demo');
  assert.equal((await api(url, `/v1/rooms/nope/agui/${thread.thread_id}`)).status, 404);
  assert.equal((await api(url, `/v1/rooms/demo/agui/${UNKNOWN}`)).status, 404);
  assert.equal((await api(url, `/v1/rooms/demo/agui/${thread.thread_id}/${UNKNOWN}`)).status, 404);
  const elsewhere = `/v1/rooms/script-${id}/agui/${thread.thread_id}`;
  for (const [path, init] of [
    [elsewhere, {}],
    [elsewhere, { body: {} }],
    [`${elsewhere}/meta`, { body: { name: 'x' } }],
    [`${elsewhere}/${runId}`, {}],
    [`${elsewhere}/${runId}`, { body: soliplexInput(thread.thread_id, runId) }],
  ]) {
    const response = await api(url, /** @type {string} */ (path), /** @type {any} */ (init));
    assert.equal(response.status, 400, `${JSON.stringify(init)} ${path}`);
    assert.match((await response.json()).detail, /does not match room ID/);
  }
  assert.equal((await apiJson(url, `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`)).run_input, null, 'nothing was started');
});

test('400 when the body’s threadId or runId differs from the URL, or the parent run is unknown; 422 for a missing body', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread, runId } = await newThread(url, 'demo');
  const base = `/v1/rooms/demo/agui/${thread.thread_id}`;
  for (const body of [soliplexInput(UNKNOWN, runId), soliplexInput(thread.thread_id, UNKNOWN)]) {
    const response = await api(url, `${base}/${runId}`, { body });
    assert.equal(response.status, 400);
    assert.match((await response.json()).detail, /does not match run/);
  }
  assert.equal((await apiJson(url, `${base}/${runId}`)).run_input, null, 'a refused input leaves the run unused');
  const parent = await api(url, base, { body: { parent_run_id: UNKNOWN } });
  assert.equal(parent.status, 400);
  assert.match((await parent.json()).detail, /Unknown parent run/);
  const noBody = await fetch(`${url}/api${base}`, { method: 'POST' });
  assert.equal(noBody.status, 422);
  assert.equal((await noBody.json()).detail[0].type, 'missing');
});

test('a run GET never returns resume (nor top-level extras) in run_input; the model still gets them', async (t) => {
  /** @type {any[]} */
  const seen = [];
  const { url } = await soliplexServer(t, {
    model: (/** @type {any} */ input) => {
      seen.push(input);
      return [{ type: 'RUN_STARTED' }, { type: 'RUN_FINISHED' }];
    },
  });
  const { thread, runId } = await newThread(url, 'demo');
  const runPath = `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`;
  const resume = [{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }];
  await (await api(url, runPath, { body: soliplexInput(thread.thread_id, runId, 'ok', { resume, clientHint: 1 }) })).text();
  assert.deepEqual(seen[0].resume, resume);
  const run = await apiJson(url, runPath);
  assert.equal('resume' in run.run_input, false);
  assert.equal('clientHint' in run.run_input, false);
  assert.equal('resume' in (await apiJson(url, `/v1/rooms/demo/agui/${thread.thread_id}`)).runs[runId].run_input, false);
});

test('after a run that finishes well, a thread without a name gets a title in metadata.name; named threads keep theirs', async (t) => {
  const { url } = await soliplexServer(t);
  const { id } = await createScript(url, { runs: [say, say, [{ type: 'RUN_STARTED' }, { type: 'RUN_ERROR', message: 'no' }], say] });
  const room = `script-${id}`;
  const play = async (/** @type {any} */ thread, /** @type {string} */ runId, /** @type {string} */ text) =>
    (await api(url, `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`, { body: soliplexInput(thread.thread_id, runId, text) })).text();

  const untitled = await newThread(url, room);
  assert.equal(untitled.thread.metadata, null);
  await play(untitled.thread, untitled.runId, 'Plan a   three day trip to Lisbon with kids in spring please');
  const titled = await eventually(async () => (await apiJson(url, `/v1/rooms/${room}/agui/${untitled.thread.thread_id}`)).metadata);
  assert.deepEqual(titled, { name: 'Plan a three day trip to Lisbon with', description: null }, 'at most 8 words');

  const named = await newThread(url, room, { body: { metadata: { name: 'Mine', description: 'kept' } } });
  await play(named.thread, named.runId, 'Something else');
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual((await apiJson(url, `/v1/rooms/${room}/agui/${named.thread.thread_id}`)).metadata, { name: 'Mine', description: 'kept' });

  const failed = await newThread(url, room, { body: { metadata: { name: 'New Thread', description: 'default name' } } });
  await play(failed.thread, failed.runId, 'This run fails');
  await new Promise((r) => setTimeout(r, 30));
  assert.equal((await apiJson(url, `/v1/rooms/${room}/agui/${failed.thread.thread_id}`)).metadata.name, 'New Thread', 'no title after RUN_ERROR');
  const next = await apiJson(url, `/v1/rooms/${room}/agui/${failed.thread.thread_id}`, { body: {} });
  await play(failed.thread, next.run_id, 'Second try works');
  const renamed = await eventually(async () => {
    const metadata = (await apiJson(url, `/v1/rooms/${room}/agui/${failed.thread.thread_id}`)).metadata;
    return metadata.name !== 'New Thread' && metadata;
  });
  assert.deepEqual(renamed, { name: 'Second try works', description: null }, '"New Thread" counts as no name; the update is wholesale');

  await apiJson(url, '/test/settings', { body: { room, titles: false } });
  const off = await newThread(url, room);
  await (await api(url, `/v1/rooms/${room}/agui/${off.thread.thread_id}/${off.runId}`, { body: soliplexInput(off.thread.thread_id, off.runId, 'x') })).text();
  await new Promise((r) => setTimeout(r, 30));
  assert.equal((await apiJson(url, `/v1/rooms/${room}/agui/${off.thread.thread_id}`)).metadata, null, 'titles: false turns them off');
});

test('naiveTimes: created, finished and last_activity without a UTC offset, as SQLite installs send them', async (t) => {
  const { url } = await soliplexServer(t);
  const { id } = await createScript(url, { runs: [say] });
  const room = `script-${id}`;
  await apiJson(url, '/test/settings', { body: { room, naiveTimes: true } });
  const { thread, runId } = await newThread(url, room);
  const NAIVE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/;
  assert.match(thread.created, NAIVE);
  const base = `/v1/rooms/${room}/agui/${thread.thread_id}`;
  parseFrames(await (await api(url, `${base}/${runId}`, { body: soliplexInput(thread.thread_id, runId) })).text());
  const stored = await apiJson(url, base);
  assert.match(stored.created, NAIVE);
  assert.match(stored.last_activity, NAIVE);
  assert.match(stored.runs[runId].created, NAIVE);
  assert.match((await apiJson(url, `${base}/${runId}`)).finished, NAIVE);
  assert.match((await apiJson(url, `/v1/rooms/${room}/agui`)).threads[0].created, NAIVE);
  // The same instant as a UTC reading of it: only the offset is missing.
  assert.ok(Math.abs(Date.parse(`${stored.created}Z`) - Date.now()) < 60_000);
  // Other rooms keep the offset.
  assert.match((await newThread(url, 'demo')).thread.created, /Z$/);
});

test('runs outlive the connection: stored as produced, finished stamped at the end (message delivery)', async (t) => {
  const { url } = await soliplexServer(t);
  const { id } = await createScript(url, { runs: [[...say.slice(0, 3), { $delay: 80 }, ...say.slice(3)]] });
  const room = `script-${id}`;
  const { thread, runId } = await newThread(url, room);
  const runPath = `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`;
  const abort = new AbortController();
  const response = await api(url, runPath, { body: soliplexInput(thread.thread_id, runId), signal: abort.signal });
  await /** @type {ReadableStream} */ (response.body).getReader().read();
  abort.abort();
  const during = await apiJson(url, runPath);
  assert.equal(during.finished, null);
  assert.deepEqual(during.events.map((/** @type {any} */ e) => e.type), ['RUN_STARTED', 'TEXT_MESSAGE_START'], 'the held delta is not stored yet');
  const done = await eventually(async () => {
    const run = await apiJson(url, runPath);
    return run.finished && run;
  });
  assert.deepEqual(done.events.map((/** @type {any} */ e) => e.type), ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'STATE_SNAPSHOT', 'RUN_FINISHED']);
});

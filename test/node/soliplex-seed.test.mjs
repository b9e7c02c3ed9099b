// The test-only seed route: a stored thread of N finished runs in one call, for history tests and the
// reload benchmark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, apiJson, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const user = (/** @type {number} */ i) => ({ id: `u${i}`, role: 'user', content: `question ${i}` });
const reply = (/** @type {number} */ i) => ({ id: `a${i}`, role: 'assistant', content: `answer ${i}` });
const events = (/** @type {number} */ i) => [
  { type: 'RUN_STARTED' },
  { type: 'TEXT_MESSAGE_START', messageId: `a${i}`, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: `a${i}`, delta: `answer ${i}` },
  { type: 'TEXT_MESSAGE_END', messageId: `a${i}` },
  { type: 'RUN_FINISHED' },
];
const seededRun = (/** @type {number} */ i) => ({ messages: [user(i)], output: [reply(i)], events: events(i) });

test('POST /api/test/threads stores finished runs with cumulative transcripts and their events', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'tok' });
  const seeded = await apiJson(url, '/test/threads', { body: { room: 'demo', runs: [0, 1, 2].map(seededRun) } });
  const base = `/v1/rooms/demo/agui/${seeded.thread_id}`;

  assert.equal(seeded.room_id, 'demo');
  const thread = await apiJson(url, base, { token: 'tok' });
  assert.deepEqual(Object.keys(thread.runs), seeded.run_ids);
  const runs = Object.values(thread.runs);
  assert.equal(runs.length, 3, 'the initial run is the first seeded run');
  assert.ok(runs.every((run) => run.finished && run.events === null));
  assert.deepEqual(runs.map((run) => run.created), runs.map((run) => run.created).sort());
  assert.deepEqual(runs[2].run_input.messages, [user(0), reply(0), user(1), reply(1), user(2)]);
  assert.deepEqual(runs[0].run_input.state, {});

  const run = await apiJson(url, `${base}/${runs[1].run_id}`, { token: 'tok' });
  assert.deepEqual(run.events[0], { type: 'RUN_STARTED', threadId: seeded.thread_id, runId: runs[1].run_id });
  assert.deepEqual(run.events.slice(1, -1), events(1).slice(1, -1));
  assert.equal(run.events.at(-1).runId, runs[1].run_id);

  const again = await api(url, `${base}/${runs[1].run_id}`, { body: soliplexInput(seeded.thread_id, runs[1].run_id), token: 'tok' });
  assert.equal(again.status, 400, 'a seeded run is used: posting to it again is refused');
  assert.equal((await apiJson(url, '/v1/rooms/demo/agui', { token: 'tok' })).threads.length, 1);
});

test('a seeded run with $status fails its GET; malformed seeds are refused', async (t) => {
  const { url } = await soliplexServer(t);
  const seeded = await apiJson(url, '/test/threads', { body: { room: 'demo', runs: [seededRun(0), { ...seededRun(1), $status: 503 }] } });
  const [first, second] = seeded.run_ids;
  const base = `/v1/rooms/demo/agui/${seeded.thread_id}`;
  assert.equal((await api(url, `${base}/${first}`)).status, 200);
  const failing = await api(url, `${base}/${second}`);
  assert.equal(failing.status, 503);
  assert.match((await failing.json()).detail, /seeded failure/);

  assert.equal((await api(url, '/test/threads', { body: { room: 'nope', runs: [seededRun(0)] } })).status, 404);
  assert.equal((await api(url, '/test/threads', { body: { room: 'demo', runs: [] } })).status, 422);
  assert.equal((await api(url, '/test/threads', { body: { room: 'demo', runs: [{ events: [{}] }] } })).status, 422);
  assert.equal((await api(url, '/test/threads', { body: { room: 'demo', runs: [{ $status: 200 }] } })).status, 422);
});

test('seeding 600 runs takes one call; cumulative: false keeps each input to its own messages', async (t) => {
  const { url } = await soliplexServer(t);
  const runs = Array.from({ length: 600 }, (_, i) => seededRun(i));
  const seeded = await apiJson(url, '/test/threads', { body: { room: 'demo', runs, cumulative: false } });
  const thread = await apiJson(url, `/v1/rooms/demo/agui/${seeded.thread_id}`);
  const stored = Object.values(thread.runs);
  assert.equal(stored.length, 600);
  assert.ok(stored.every((run, i) => run.finished && run.run_input.messages.length === 1 && run.run_input.messages[0].id === `u${i}`));
  const last = await apiJson(url, `/v1/rooms/demo/agui/${seeded.thread_id}/${stored[599].run_id}`);
  assert.deepEqual(last.events.slice(1, -1), events(599).slice(1, -1));
});

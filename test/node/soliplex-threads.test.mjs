// Soliplex rooms, threads and runs over real HTTP: shapes, single-use runs, history for reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, apiJson, newThread, parseFrames, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

test('health, login and user_info in no-auth mode: `OK` as plain text, no user (404)', async (t) => {
  const { url } = await soliplexServer(t);
  const ok = await api(url, '/ok');
  assert.equal(ok.status, 200);
  assert.match(ok.headers.get('content-type') ?? '', /^text\/plain/);
  assert.equal(await ok.text(), 'OK');
  assert.deepEqual(await apiJson(url, '/login'), {});
  assert.equal((await api(url, '/user_info')).status, 404);
});

test('user_info answers the profile in auth mode', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'tok' });
  assert.equal((await api(url, '/user_info')).status, 401);
  assert.equal((await apiJson(url, '/user_info', { token: 'tok' })).preferred_username, 'demo');
});

test('rooms: the demo room, one room per script, 404 for unknown rooms', async (t) => {
  const { url } = await soliplexServer(t);
  const { id } = await (await fetch(`${url}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [] }) })).json();
  const rooms = await apiJson(url, '/v1/rooms');
  assert.deepEqual(Object.keys(rooms), ['demo', `script-${id}`]);
  const demo = await apiJson(url, '/v1/rooms/demo');
  assert.deepEqual(demo, rooms.demo);
  for (const key of ['id', 'name', 'description', 'welcome_message', 'suggestions', 'tools', 'agent']) assert.ok(key in demo, key);
  assert.ok(demo.suggestions.some((/** @type {string} */ s) => /secret number/.test(s)));
  const missing = await api(url, '/v1/rooms/nope');
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { detail: 'No such room: nope' });
  await fetch(`${url}/scripts/${id}`, { method: 'DELETE' });
  assert.equal((await api(url, `/v1/rooms/script-${id}`)).status, 404);
});

test('a thread is created with one unused initial run', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread, runId } = await newThread(url, 'demo', { body: { metadata: { name: 'First chat' } } });
  assert.equal(thread.room_id, 'demo');
  assert.match(thread.thread_id, UUID4);
  assert.match(thread.created, ISO);
  assert.deepEqual(thread.metadata, { name: 'First chat', description: null });
  assert.equal(Object.keys(thread.runs).length, 1);
  const run = thread.runs[runId];
  assert.match(runId, UUID4);
  assert.equal(run.run_id, runId);
  assert.equal(run.thread_id, thread.thread_id);
  assert.equal(run.parent_run_id, null);
  assert.equal(run.finished, null);
  // The seed state has the defaults of the room's AG-UI features (the demo room has `rag`).
  assert.deepEqual(run.run_input.state, { rag: { citations: [], citation_index: {}, searches: {}, executions: [], document_filter: null } }, 'the initial run offers a seed state, as Soliplex does');

  const stored = await apiJson(url, `/v1/rooms/demo/agui/${thread.thread_id}`);
  assert.equal(stored.runs[runId].run_input, null, 'no input has been posted yet');
  assert.equal(stored.runs[runId].events, null);
});

test('runs stream, are single-use, and are kept with their input and events', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread, runId } = await newThread(url, 'demo');
  const base = `/v1/rooms/demo/agui/${thread.thread_id}`;
  const input = soliplexInput(thread.thread_id, runId, 'What is the secret number for alice?', {
    tools: [{ name: 'get_secret_number', description: 'Secret number of a person', parameters: { type: 'object', properties: { name: { type: 'string' } } } }],
  });

  const response = await api(url, `${base}/${runId}`, { body: input });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/event-stream');
  const frames = parseFrames(await response.text()).filter((f) => f.event);
  assert.deepEqual(frames.map((f) => f.id), frames.map((_, i) => `${runId}:${i}`), 'ids count up from 0');
  const types = frames.map((f) => f.event.type);
  assert.equal(types[0], 'RUN_STARTED');
  assert.equal(types.at(-1), 'RUN_FINISHED');
  assert.ok(types.includes('TOOL_CALL_START'));
  assert.deepEqual(frames[0].event, { type: 'RUN_STARTED', threadId: thread.thread_id, runId });

  const again = await api(url, `${base}/${runId}`, { body: input });
  assert.equal(again.status, 400);
  assert.match((await again.json()).detail, /Run already started/);

  const run = await apiJson(url, `${base}/${runId}`);
  assert.deepEqual(run.run_input, input, 'run_input is the posted body');
  assert.deepEqual(run.events, frames.map((f) => f.event));
  assert.match(run.finished, ISO);

  const next = await apiJson(url, base, { body: { parent_run_id: runId, metadata: { label: 'continuation' } } });
  assert.match(next.run_id, UUID4);
  assert.equal(next.parent_run_id, runId);
  assert.equal(next.run_input, null);
  assert.deepEqual(next.events, []);
  assert.deepEqual(next.metadata, { label: 'continuation' });
  assert.equal((await api(url, base, { body: { parent_run_id: 'no-such-run' } })).status, 400, 'an unknown parent is 400');

  const reloaded = await apiJson(url, base);
  assert.deepEqual(Object.keys(reloaded.runs), [runId, next.run_id]);
  assert.deepEqual(reloaded.runs[runId].run_input, input);
  assert.equal(reloaded.runs[runId].events, null, 'GET thread leaves events out');
  assert.ok(reloaded.runs[runId].created < reloaded.runs[next.run_id].created, 'created orders runs');
  assert.ok(reloaded.last_activity >= run.finished);
});

test('bad run input → 500 (plain text, no CORS), unknown thread/run → 404, delete → 204', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread, runId } = await newThread(url, 'demo');
  const base = `/v1/rooms/demo/agui/${thread.thread_id}`;
  for (const body of [{ messages: 'nope' }, 'not an object', { ...soliplexInput(thread.thread_id, runId), forwardedProps: undefined }]) {
    const invalid = await api(url, `${base}/${runId}`, { body });
    assert.equal(invalid.status, 500, JSON.stringify(body));
    assert.equal(await invalid.text(), 'Internal Server Error');
    assert.equal(invalid.headers.get('access-control-allow-origin'), null, 'a browser sees a network error');
  }
  const notJson = await fetch(`${url}/api${base}/${runId}`, { method: 'POST', body: '{"threadId":' });
  assert.equal(notJson.status, 500);
  assert.equal((await apiJson(url, `${base}/${runId}`)).run_input, null, 'a rejected input leaves the run unused');

  const unknown = '00000000-0000-4000-8000-000000000000';
  assert.equal((await api(url, `/v1/rooms/demo/agui/${unknown}`)).status, 404);
  assert.equal((await api(url, `${base}/${unknown}`)).status, 404);
  assert.equal((await api(url, `/v1/rooms/${'script-x'}/agui/${thread.thread_id}`)).status, 404);

  const { threads } = await apiJson(url, '/v1/rooms/demo/agui');
  assert.deepEqual(threads.map((/** @type {any} */ th) => th.thread_id), [thread.thread_id]);
  assert.equal(threads[0].runs, null, 'the list, like Soliplex, leaves runs out');

  assert.equal((await api(url, base, { method: 'DELETE' })).status, 204);
  assert.equal((await api(url, base)).status, 404);
  assert.deepEqual((await apiJson(url, '/v1/rooms/demo/agui')).threads, []);
});

test('a thread is renamed with POST …/meta (205), listed with its name; the metadata is replaced wholesale', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread } = await newThread(url, 'demo');
  const base = `/v1/rooms/demo/agui/${thread.thread_id}`;
  const renamed = await api(url, `${base}/meta`, { body: { name: 'Trip plans' } });
  assert.equal(renamed.status, 205);
  const listed = (await apiJson(url, '/v1/rooms/demo/agui')).threads[0];
  assert.deepEqual(listed.metadata, { name: 'Trip plans', description: null });
  assert.ok(listed.last_activity > thread.last_activity, 'a rename is activity');
  assert.equal((await api(url, `${base}/meta`, { body: { name: 'Trip', description: 'Where to go' } })).status, 205);
  assert.equal((await api(url, `${base}/meta`, { body: { name: 'Trip plans' } })).status, 205);
  assert.deepEqual((await apiJson(url, base)).metadata, { name: 'Trip plans', description: null }, 'a rename alone erases the description');
  assert.equal((await api(url, `${base}/meta`, { body: {} })).status, 205);
  assert.equal((await apiJson(url, base)).metadata, null);
  assert.equal((await api(url, `${base}/meta`, { body: 'x' })).status, 422);
  assert.equal((await api(url, `/v1/rooms/demo/agui/00000000-0000-4000-8000-000000000000/meta`, { body: { name: 'n' } })).status, 404);
  assert.equal((await api(url, `/v1/rooms/demo/agui/nope/meta`, { body: { name: 'n' } })).status, 422);
});

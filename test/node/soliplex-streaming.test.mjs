// Soliplex run streams: keepalives, runs that outlive their connection, Last-Event-ID resume. These
// run with `token` delivery (every produced event as is); message delivery has its own tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventType } from '@ag-ui/core';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScript } from './helpers.mjs';
import { api, apiJson, eventually, newThread, parseFrames, readUntilCut, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const text = (/** @type {string} */ delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta });
const START = [{ type: EventType.RUN_STARTED }, { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' }];
const FINISH = [{ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' }, { type: EventType.RUN_FINISHED }];
/** Soliplex's final state snapshot (the input's state, `{}` here), sent before RUN_FINISHED/RUN_ERROR. */
const SNAPSHOT = { type: 'STATE_SNAPSHOT', snapshot: {} };

/** A script room with one thread; returns what a test needs to post its initial run. */
async function scriptedThread(/** @type {import('node:test').TestContext} */ t, /** @type {any[][]} */ runs, options = {}) {
  const server = await soliplexServer(t, { soliplexDelivery: 'token', ...options });
  const script = await createScript(server.url, { runs });
  const room = `script-${script.id}`;
  const { thread, runId } = await newThread(server.url, room);
  const runPath = `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`;
  const input = soliplexInput(thread.thread_id, runId);
  return { url: server.url, script, room, thread, runId, runPath, input };
}

test('a keepalive comment arrives during a silence longer than keepaliveMs', async (t) => {
  const { url, runPath, input } = await scriptedThread(t, [[START[0], { $delay: 300 }, FINISH[1]]], { keepaliveMs: 50 });
  const frames = parseFrames(await (await api(url, runPath, { body: input })).text());
  // Soliplex's keepalive comment carries its monotonic clock: `: keepalive 1234.567890`.
  const keepalives = frames.filter((f) => /^: keepalive \d+\.\d+$/.test(f.comment ?? '')).length;
  assert.ok(keepalives >= 2, `expected keepalives, got ${JSON.stringify(frames)}`);
  assert.deepEqual(frames.filter((f) => f.event).map((f) => f.id), [0, 1, 2].map((i) => `${input.runId}:${i}`));
});

test('a $cut run keeps producing; Last-Event-ID resumes with exactly the missing events', async (t) => {
  const steps = [...START, text('a'), { $cut: true }, text('b'), { $delay: 80 }, text('c'), ...FINISH];
  const { url, script, runPath, input, runId } = await scriptedThread(t, [steps]);

  const first = await readUntilCut(await api(url, runPath, { body: input }));
  assert.ok(first.cut, 'the socket was destroyed');
  const seen = parseFrames(first.text);
  assert.deepEqual(seen.map((f) => f.id), [`${runId}:0`, `${runId}:1`, `${runId}:2`]);

  // Resume while the producer is still in its $delay: replay of "b", then "c" and the end live.
  const resumed = await api(url, runPath, { body: input, headers: { 'Last-Event-ID': /** @type {string} */ (seen.at(-1)?.id) } });
  assert.equal(resumed.status, 200);
  const rest = parseFrames(await resumed.text());
  assert.deepEqual(rest.map((f) => f.id), [3, 4, 5, 6, 7].map((i) => `${runId}:${i}`));
  assert.deepEqual(rest.map((f) => f.event.delta ?? f.event.type), ['b', 'c', 'TEXT_MESSAGE_END', 'STATE_SNAPSHOT', 'RUN_FINISHED']);

  const all = [...seen, ...rest].map((f) => f.event);
  assert.deepEqual((await apiJson(url, runPath)).events, all, 'stored events = what the client saw, once each');

  // A finished run still answers a resume by replay; the resume did not consume a script run.
  const replay = parseFrames(await (await api(url, runPath, { body: input, headers: { 'Last-Event-ID': `${runId}:4` } })).text());
  assert.deepEqual(replay.map((f) => f.id), [`${runId}:5`, `${runId}:6`, `${runId}:7`]);
  const requests = await (await fetch(`${url}/scripts/${script.id}/requests`)).json();
  assert.deepEqual(requests.map((/** @type {any} */ r) => r.headers['last-event-id']), [undefined, `${runId}:2`, `${runId}:4`]);
});

test('a run outlives a client that disconnects', async (t) => {
  const { url, runPath, input } = await scriptedThread(t, [[...START, { $delay: 60 }, text('late'), ...FINISH]]);
  const abort = new AbortController();
  const response = await api(url, runPath, { body: input, signal: abort.signal });
  await /** @type {ReadableStream} */ (response.body).getReader().read();
  abort.abort();
  const run = await eventually(async () => {
    const r = await apiJson(url, runPath);
    return r.finished && r;
  });
  assert.deepEqual(run.events.map((/** @type {any} */ e) => e.type), [...START, text(''), FINISH[0], SNAPSHOT, FINISH[1]].map((e) => e.type));
});

test('Last-Event-ID: only the index counts; -1 replays from the first event, past the end waits for more', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[...START, ...FINISH]]);
  await (await api(url, runPath, { body: input })).text();
  const ids = async (/** @type {string} */ header) =>
    parseFrames(await (await api(url, runPath, { body: {}, headers: { 'Last-Event-ID': header } })).text()).map((f) => f.id);
  const all = [0, 1, 2, 3, 4].map((i) => `${runId}:${i}`);
  assert.deepEqual(await ids(`${runId}:-1`), all, 'replay from the start (re-attach after a page reload)');
  assert.deepEqual(await ids('some-other-run:2'), all.slice(3), "the header's run id is not checked");
  assert.deepEqual(await ids(`${runId}:4`), [], 'nothing after the last event: a finished run just ends');
  assert.deepEqual(await ids(`${runId}:99`), []);
  assert.deepEqual(await ids('-7'), all, 'a bare index, any negative one: from the start');
});

test('a Last-Event-ID index that is not an integer answers as an uncaught error: 500 without CORS', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[...START, ...FINISH]]);
  await (await api(url, runPath, { body: input })).text();
  for (const header of [`${runId}:x`, 'garbage', `${runId}:`]) {
    const response = await api(url, runPath, { body: input, headers: { 'Last-Event-ID': header } });
    assert.equal(response.status, 500, header);
    assert.equal(await response.text(), 'Internal Server Error');
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  }
});

test('resuming a run that never started does not crash: it waits (keepalives), then follows the run once it starts', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[...START, ...FINISH]], { keepaliveMs: 20 });
  const waiting = await api(url, runPath, { body: {}, headers: { 'Last-Event-ID': `${runId}:-1` } });
  assert.equal(waiting.status, 200);
  const reader = /** @type {ReadableStream<Uint8Array>} */ (waiting.body).getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes(': keepalive')) received += decoder.decode((await reader.read()).value, { stream: true });
  assert.equal(parseFrames(received).filter((f) => f.event).length, 0, 'no events: the run has none');
  assert.equal((await apiJson(url, runPath)).run_input, null, 'the resume did not start the run');

  await (await api(url, runPath, { body: input })).text();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += decoder.decode(value, { stream: true });
  }
  assert.deepEqual(parseFrames(received).filter((f) => f.event).map((f) => f.event.type), ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_END', 'STATE_SNAPSHOT', 'RUN_FINISHED']);
  // Unknown runs and threads are still 404.
  const missing = runPath.replace(runId, '00000000-0000-4000-8000-000000000000');
  assert.equal((await api(url, missing, { body: {}, headers: { 'Last-Event-ID': '-1' } })).status, 404);
});

test('$hang stops production: the run never finishes and its stream stays open with keepalives', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[START[0], { $hang: true }, FINISH[1]]], { keepaliveMs: 30 });
  const abort = new AbortController();
  const response = await api(url, runPath, { body: input, signal: abort.signal });
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  let received = '';
  while (!received.includes(': keepalive')) received += new TextDecoder().decode((await reader.read()).value);
  abort.abort();
  assert.equal(parseFrames(received)[0].id, `${runId}:0`);
  const run = await apiJson(url, runPath);
  assert.equal(run.finished, null);
  assert.equal(run.events.length, 1);
});

test('a model that throws becomes a stored RUN_ERROR and the run finishes', async (t) => {
  const server = await soliplexServer(t, {
    model: () => {
      throw new Error('model exploded');
    },
  });
  const { thread, runId } = await newThread(server.url, 'demo');
  const runPath = `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`;
  const frames = parseFrames(await (await api(server.url, runPath, { body: soliplexInput(thread.thread_id, runId) })).text());
  assert.deepEqual(frames.map((f) => f.event), [SNAPSHOT, { type: 'RUN_ERROR', message: 'model exploded', code: 'server_error' }]);
  assert.ok((await apiJson(server.url, runPath)).finished);
});

test('$raw reaches only the live stream: it is not stored and takes no index', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[START[0], { $raw: ': custom comment\n\n' }, FINISH[1]]]);
  const frames = parseFrames(await (await api(url, runPath, { body: input })).text());
  assert.deepEqual(frames, [
    { id: `${runId}:0`, event: { type: 'RUN_STARTED', threadId: input.threadId, runId } },
    { comment: ': custom comment' },
    { id: `${runId}:1`, event: SNAPSHOT },
    { id: `${runId}:2`, event: { type: 'RUN_FINISHED', threadId: input.threadId, runId } },
  ]);
  assert.equal((await apiJson(url, runPath)).events.length, 3);
});

test('close() ends a stream that follows a hung run', async () => {
  const server = await startAguiServer();
  const { id } = await createScript(server.url, { runs: [[START[0], { $hang: true }]] });
  const { thread, runId } = await newThread(server.url, `script-${id}`);
  const response = await api(server.url, `/v1/rooms/script-${id}/agui/${thread.thread_id}/${runId}`, { body: soliplexInput(thread.thread_id, runId) });
  const body = response.text();
  await new Promise((r) => setTimeout(r, 30));
  await server.close();
  assert.match(await body, /RUN_STARTED/);
});

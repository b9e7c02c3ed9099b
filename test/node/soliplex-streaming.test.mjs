// Soliplex run streams: keepalives, runs that outlive their connection, Last-Event-ID resume.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventType } from '@ag-ui/core';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScript } from './helpers.mjs';
import { api, apiJson, eventually, newThread, parseFrames, readUntilCut, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const text = (/** @type {string} */ delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta });
const START = [{ type: EventType.RUN_STARTED }, { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' }];
const FINISH = [{ type: EventType.TEXT_MESSAGE_END, messageId: 'm1' }, { type: EventType.RUN_FINISHED }];

/** A script room with one thread; returns what a test needs to post its initial run. */
async function scriptedThread(/** @type {import('node:test').TestContext} */ t, /** @type {any[][]} */ runs, options = {}) {
  const server = await soliplexServer(t, options);
  const script = await createScript(server.url, { runs });
  const room = `script-${script.id}`;
  const { thread, runId } = await newThread(server.url, room);
  const runPath = `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`;
  const input = soliplexInput(thread.thread_id, runId);
  return { url: server.url, script, room, thread, runId, runPath, input };
}

test('a keepalive comment arrives during a silence longer than keepaliveMs', async (t) => {
  const { url, runPath, input } = await scriptedThread(t, [[START[0], { $delay: 180 }, FINISH[1]]], { keepaliveMs: 50 });
  const frames = parseFrames(await (await api(url, runPath, { body: input })).text());
  const keepalives = frames.filter((f) => f.comment === ': keepalive').length;
  assert.ok(keepalives >= 2, `expected keepalives, got ${JSON.stringify(frames)}`);
  assert.deepEqual(frames.filter((f) => f.event).map((f) => f.id), [`${input.runId}:0`, `${input.runId}:1`]);
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
  assert.deepEqual(rest.map((f) => f.id), [3, 4, 5, 6].map((i) => `${runId}:${i}`));
  assert.deepEqual(rest.map((f) => f.event.delta ?? f.event.type), ['b', 'c', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);

  const all = [...seen, ...rest].map((f) => f.event);
  assert.deepEqual((await apiJson(url, runPath)).events, all, 'stored events = what the client saw, once each');

  // A finished run still answers a resume by replay; the resume did not consume a script run.
  const replay = parseFrames(await (await api(url, runPath, { body: input, headers: { 'Last-Event-ID': `${runId}:4` } })).text());
  assert.deepEqual(replay.map((f) => f.id), [`${runId}:5`, `${runId}:6`]);
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
  assert.deepEqual(run.events.map((/** @type {any} */ e) => e.type), [...START, text(''), ...FINISH].map((e) => e.type));
});

test('bad Last-Event-ID values answer 400', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[...START, ...FINISH]]);
  const unused = await api(url, runPath, { body: input, headers: { 'Last-Event-ID': `${runId}:0` } });
  assert.equal(unused.status, 400, 'a run with no events has nothing to resume');
  await (await api(url, runPath, { body: input })).text();
  for (const header of [`other-run:1`, `${runId}:4`, `${runId}:-1`, `${runId}:x`, 'garbage']) {
    const response = await api(url, runPath, { body: input, headers: { 'Last-Event-ID': header } });
    assert.equal(response.status, 400, header);
    assert.equal(typeof (await response.json()).detail, 'string');
  }
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
  assert.deepEqual(frames.map((f) => f.event), [{ type: 'RUN_ERROR', message: 'model exploded', code: 'server_error' }]);
  assert.ok((await apiJson(server.url, runPath)).finished);
});

test('$raw reaches only the live stream: it is not stored and takes no index', async (t) => {
  const { url, runPath, input, runId } = await scriptedThread(t, [[START[0], { $raw: ': custom comment\n\n' }, FINISH[1]]]);
  const frames = parseFrames(await (await api(url, runPath, { body: input })).text());
  assert.deepEqual(frames, [
    { id: `${runId}:0`, event: { type: 'RUN_STARTED', threadId: input.threadId, runId } },
    { comment: ': custom comment' },
    { id: `${runId}:1`, event: { type: 'RUN_FINISHED', threadId: input.threadId, runId } },
  ]);
  assert.equal((await apiJson(url, runPath)).events.length, 2);
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

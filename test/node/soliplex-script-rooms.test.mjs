// Script rooms (`script-<scriptId>`): runs answered from the script in order, requests recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventType } from '@ag-ui/core';
import { createScript } from './helpers.mjs';
import { api, apiJson, newThread, parseFrames, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const say = (/** @type {string} */ delta) => [
  { type: EventType.RUN_STARTED },
  { type: EventType.TEXT_MESSAGE_START, messageId: delta, role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: delta, delta },
  { type: EventType.TEXT_MESSAGE_END, messageId: delta },
  { type: EventType.RUN_FINISHED },
];

test('the N-th run posted in a script room plays runs[N], across threads; requests are recorded', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'tok' });
  const script = await createScript(url, { runs: [say('one'), [{ $status: 503, body: { detail: 'busy' } }], say('three')] });
  const room = `script-${script.id}`;
  const token = 'tok';
  const a = await newThread(url, room, { token });
  const b = await newThread(url, room, { token });
  const post = (/** @type {any} */ thread, /** @type {string} */ runId) =>
    api(url, `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`, { body: soliplexInput(thread.thread_id, runId), token });

  const first = parseFrames(await (await post(b.thread, b.runId)).text());
  assert.equal(first[2].event.delta, 'one');
  assert.deepEqual(first[0].event, { type: 'RUN_STARTED', threadId: b.thread.thread_id, runId: b.runId }, 'ids filled from the URL');

  const busy = await post(a.thread, a.runId);
  assert.equal(busy.status, 503);
  assert.deepEqual(await busy.json(), { detail: 'busy' });
  const unused = await apiJson(url, `/v1/rooms/${room}/agui/${a.thread.thread_id}/${a.runId}`, { token });
  assert.equal(unused.run_input, null, 'a scripted HTTP error leaves the run unused, so it can be retried');

  const retry = parseFrames(await (await post(a.thread, a.runId)).text());
  assert.equal(retry[2].event.delta, 'three');
  assert.equal((await post(a.thread, a.runId)).status, 400, 'single-use: rejected without consuming the script');

  const next = await apiJson(url, `/v1/rooms/${room}/agui/${a.thread.thread_id}`, { body: {}, token });
  const exhausted = await post(a.thread, next.run_id);
  assert.equal(exhausted.status, 500);
  assert.match((await exhausted.json()).detail, /script exhausted: request 4 but only 3 runs/);

  const requests = await (await fetch(`${url}/scripts/${script.id}/requests`)).json();
  assert.equal(requests.length, 5);
  assert.deepEqual(
    requests.map((/** @type {any} */ r) => r.body.runId),
    [b.runId, a.runId, a.runId, a.runId, next.run_id],
  );
  assert.equal(requests[0].headers.authorization, 'Bearer tok');
  assert.equal(requests[0].path, `/api/v1/rooms/${room}/agui/${b.thread.thread_id}/${b.runId}`);
});

test('script steps keep their own runIds; stepDelayMs paces production', async (t) => {
  const { url } = await soliplexServer(t);
  const script = await createScript(url, {
    stepDelayMs: 30,
    runs: [[{ type: EventType.RUN_STARTED, threadId: 'explicit', runId: 'r9' }, { type: EventType.RUN_FINISHED }]],
  });
  const room = `script-${script.id}`;
  const { thread, runId } = await newThread(url, room);
  const started = performance.now();
  const frames = parseFrames(await (await api(url, `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`, { body: soliplexInput(thread.thread_id, runId) })).text());
  assert.ok(performance.now() - started >= 25);
  assert.deepEqual(frames[0].event, { type: 'RUN_STARTED', threadId: 'explicit', runId: 'r9' });
  assert.equal(frames[1].id, `${runId}:1`, 'the id: line always names the Soliplex run');
});

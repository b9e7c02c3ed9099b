// Per-run usage and feedback, and the installation routes, answering as Soliplex does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, apiJson, eventually, newThread, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const NOT_A_RUN = '00000000-0000-4000-8000-000000000000';

/** A demo thread with one finished run. */
async function finishedRun(/** @type {string} */ url, text = 'What can you do?') {
  const { thread, runId } = await newThread(url, 'demo');
  const base = `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`;
  await (await api(url, base, { body: soliplexInput(thread.thread_id, runId, text) })).text();
  await eventually(async () => (await apiJson(url, base)).finished);
  return { threadId: thread.thread_id, runId, base };
}

test('GET …/{run}/usage: the counts of a finished run; null for a run without', async (t) => {
  const { url } = await soliplexServer(t);
  const { base, threadId } = await finishedRun(url);
  const usage = await apiJson(url, `${base}/usage`);
  assert.deepEqual(Object.keys(usage).sort(), ['input_tokens', 'output_tokens', 'requests', 'tool_calls']);
  assert.ok(usage.input_tokens > 0 && usage.output_tokens > 0 && usage.requests >= 1);
  assert.equal(usage.tool_calls, 0);

  const unused = await apiJson(url, `/v1/rooms/demo/agui/${threadId}`, { body: {} });
  const response = await api(url, `/v1/rooms/demo/agui/${threadId}/${unused.run_id}/usage`);
  assert.equal(response.status, 200);
  assert.equal(await response.text(), 'null');
});

test('usage counts the tool calls of a run; a seeded run answers the usage it was given', async (t) => {
  const { url } = await soliplexServer(t);
  const { thread, runId } = await newThread(url, 'demo');
  const input = soliplexInput(thread.thread_id, runId, 'What is the secret number for alice?', {
    tools: [{ name: 'get_secret_number', description: 'Secret number of a user', parameters: { type: 'object', properties: { name: { type: 'string' } } } }],
  });
  await (await api(url, `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`, { body: input })).text();
  const usage = await eventually(async () => apiJson(url, `/v1/rooms/demo/agui/${thread.thread_id}/${runId}/usage`));
  assert.equal(usage.tool_calls, 1);

  const seeded = await apiJson(url, '/test/threads', { body: { room: 'demo', runs: [{ messages: [], usage: { input_tokens: 5, output_tokens: 6, requests: 1, tool_calls: 0 } }] } });
  assert.deepEqual(await apiJson(url, `/v1/rooms/demo/agui/${seeded.thread_id}/${seeded.run_ids[0]}/usage`), { input_tokens: 5, output_tokens: 6, requests: 1, tool_calls: 0 });
});

test('feedback: GET 404 while none; POST answers 205 and replaces; GET reads it back', async (t) => {
  const { url } = await soliplexServer(t);
  const { base } = await finishedRun(url);
  const none = await api(url, `${base}/feedback`);
  assert.equal(none.status, 404);
  assert.equal(typeof (await none.json()).detail, 'string');

  const posted = await api(url, `${base}/feedback`, { body: { feedback: 'thumbs_down', reason: 'Wrong number' } });
  assert.equal(posted.status, 205);
  assert.equal(await posted.text(), '');
  assert.deepEqual(await apiJson(url, `${base}/feedback`), { feedback: 'thumbs_down', reason: 'Wrong number' });
  assert.equal((await api(url, `${base}/feedback`, { body: { feedback: 'thumbs_up' } })).status, 205);
  assert.deepEqual(await apiJson(url, `${base}/feedback`), { feedback: 'thumbs_up', reason: null });
});

test('feedback and usage refusals: FastAPI 422 for bodies and non-UUID ids, 404 unknown run, 405', async (t) => {
  const { url } = await soliplexServer(t);
  const { base, threadId } = await finishedRun(url);
  const detail = async (/** @type {Response} */ r) => (assert.equal(r.status, 422), (await r.json()).detail);

  assert.deepEqual((await detail(await api(url, `${base}/feedback`, { body: { feedback: 'meh' } })))[0].loc, ['body', 'feedback']);
  assert.equal((await detail(await api(url, `${base}/feedback`, { body: { reason: 'x' } })))[0].type, 'missing');
  assert.deepEqual((await detail(await api(url, `${base}/feedback`, { body: { feedback: 'thumbs_up', reason: 3 } })))[0].loc, ['body', 'reason']);
  assert.equal((await api(url, `${base}/feedback`, { method: 'POST' })).status, 422, 'a body is required');
  assert.deepEqual((await detail(await api(url, `/v1/rooms/demo/agui/${threadId}/not-a-uuid/feedback`)))[0].loc, ['path', 'run_id']);
  assert.deepEqual((await detail(await api(url, `/v1/rooms/demo/agui/nope/${NOT_A_RUN}/usage`)))[0].loc, ['path', 'thread_id']);

  assert.equal((await api(url, `/v1/rooms/demo/agui/${threadId}/${NOT_A_RUN}/feedback`)).status, 404);
  assert.equal((await api(url, `/v1/rooms/demo/agui/${threadId}/${NOT_A_RUN}/usage`)).status, 404);
  assert.equal((await api(url, `/v1/rooms/nope/agui/${threadId}/${NOT_A_RUN}/usage`)).status, 404);
  assert.equal((await api(url, `${base}/usage`, { body: {} })).status, 405);
});

test('feedback and usage need the token in auth mode', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'tok' });
  const { thread, runId } = await newThread(url, 'demo', { token: 'tok' });
  const base = `/v1/rooms/demo/agui/${thread.thread_id}/${runId}`;
  assert.equal((await api(url, `${base}/usage`)).status, 401);
  assert.equal((await api(url, `${base}/feedback`, { body: { feedback: 'thumbs_up' } })).status, 401);
  assert.equal((await api(url, `${base}/usage`, { token: 'tok' })).status, 200);
});

test('installation, versions and identity', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'tok' });
  assert.equal((await api(url, '/v1/installation')).status, 401);
  const installation = await apiJson(url, '/v1/installation', { token: 'tok' });
  assert.equal(typeof installation.id, 'string');
  assert.deepEqual(installation.oidc_auth_systems.map((/** @type {any} */ s) => s.id), ['demo']);
  const versions = await apiJson(url, '/v1/installation/versions', { token: 'tok' });
  assert.equal(typeof versions.soliplex.version, 'string');
  for (const entry of Object.values(versions)) assert.equal(typeof entry.version, 'string');
  const identity = await apiJson(url, '/v1/installation/identity', { token: 'tok' });
  assert.equal(identity.installation_id, installation.id);
  assert.equal((await api(url, '/v1/installation/nope', { token: 'tok' })).status, 404);
});

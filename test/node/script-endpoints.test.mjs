// The /scripts contract that browser tests rely on, exercised with real fetch over loopback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventType } from '@ag-ui/core';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScript, parseSseFrames, postJson, readEvents, runInput, within } from './helpers.mjs';

/** Starts a server that the test closes when it ends. */
async function serverFor(/** @type {import('node:test').TestContext} */ t) {
  const server = await startAguiServer();
  t.after(() => server.close());
  return server;
}

const TEXT_RUN = [
  { type: EventType.RUN_STARTED },
  { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Hello' },
  { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
  { type: EventType.RUN_FINISHED },
];

test('plays runs in order as SSE, fills run ids, records requests, then reports exhaustion', async (t) => {
  const server = await serverFor(t);
  const { id, agentUrl } = await createScript(server.url, {
    runs: [TEXT_RUN, [{ type: EventType.RUN_STARTED, threadId: 'explicit', runId: 'r9' }, { type: EventType.RUN_FINISHED }]],
  });
  assert.equal(agentUrl, `${server.url}/scripts/${id}/agent`);

  const first = await postJson(agentUrl, runInput({ runId: 'run-A' }), { Authorization: 'Bearer t0k' });
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('content-type'), 'text/event-stream');
  assert.equal(first.headers.get('cache-control'), 'no-cache');
  assert.equal(first.headers.get('access-control-allow-origin'), '*');
  const events = await readEvents(first);
  assert.deepEqual(events.map((e) => e.type), TEXT_RUN.map((e) => e.type));
  assert.deepEqual(events[0], { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-A' });
  assert.deepEqual(events.at(-1), { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-A' });
  assert.equal(events[2].delta, 'Hello');

  const second = await readEvents(await postJson(agentUrl, runInput({ runId: 'run-B' })));
  assert.deepEqual(second[0], { type: 'RUN_STARTED', threadId: 'explicit', runId: 'r9' }, 'explicit ids are kept');
  assert.equal(second[1].runId, 'run-B');

  const third = await postJson(agentUrl, runInput({ runId: 'run-C' }));
  assert.equal(third.status, 500);
  assert.deepEqual(await third.json(), { error: 'script exhausted: request 3 but only 2 runs' });

  const recorded = await (await fetch(`${server.url}/scripts/${id}/requests`)).json();
  assert.deepEqual(recorded.map((r) => r.body.runId), ['run-A', 'run-B', 'run-C']);
  assert.equal(recorded[0].headers.authorization, 'Bearer t0k');
  assert.equal(recorded[0].headers['content-type'], 'application/json');
  assert.equal(recorded[1].headers.authorization, undefined);
});

test('$status answers a plain HTTP error instead of a stream', async (t) => {
  const server = await serverFor(t);
  const { agentUrl } = await createScript(server.url, {
    runs: [[{ $status: 503, body: { detail: 'busy' }, headers: { 'Retry-After': '7' } }], [{ $status: 401 }]],
  });
  const custom = await postJson(agentUrl, runInput());
  assert.equal(custom.status, 503);
  assert.equal(custom.headers.get('access-control-allow-origin'), '*');
  // A busy answer's Retry-After, readable by a page on another origin.
  assert.equal(custom.headers.get('retry-after'), '7');
  assert.equal(custom.headers.get('access-control-expose-headers'), 'Retry-After');
  assert.deepEqual(await custom.json(), { detail: 'busy' });
  const fallback = await postJson(agentUrl, runInput());
  assert.equal(fallback.status, 401);
  assert.equal(typeof (await fallback.json()).error, 'string');
});

test('$status headers must be strings', async (t) => {
  const server = await serverFor(t);
  const response = await fetch(`${server.url}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [[{ $status: 429, headers: { 'Retry-After': 7 } }]] }) });
  assert.equal(response.status, 400);
  assert.match((await response.json()).error, /headers must be an object of strings/);
});

test('$raw writes text verbatim between encoded frames', async (t) => {
  const server = await serverFor(t);
  const { agentUrl } = await createScript(server.url, {
    runs: [[{ type: EventType.RUN_STARTED }, { $raw: 'data: {not json\n\n' }, { $raw: ': keepalive\n\n' }, { type: EventType.RUN_FINISHED }]],
  });
  const text = await (await postJson(agentUrl, runInput())).text();
  assert.match(text, /\n\ndata: \{not json\n\n: keepalive\n\ndata: \{"type":"RUN_FINISHED"/);
  const frames = parseSseFrames(text);
  assert.equal(frames.length, 4);
  assert.throws(() => JSON.parse(frames[1].data), SyntaxError);
});

test('$end ends the stream cleanly and skips the remaining steps', async (t) => {
  const server = await serverFor(t);
  const { agentUrl } = await createScript(server.url, {
    runs: [[{ type: EventType.RUN_STARTED }, { $end: true }, { type: EventType.RUN_FINISHED }]],
  });
  const events = await readEvents(await postJson(agentUrl, runInput()));
  assert.deepEqual(events.map((e) => e.type), ['RUN_STARTED']);
});

test('$cut drops the connection: the body read fails after the events sent so far', async (t) => {
  const server = await serverFor(t);
  const { agentUrl } = await createScript(server.url, {
    runs: [[{ type: EventType.RUN_STARTED }, { $delay: 30 }, { $cut: true }, { type: EventType.RUN_FINISHED }]],
  });
  const response = await postJson(agentUrl, runInput());
  assert.equal(response.status, 200);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = '';
  await assert.rejects(async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      received += decoder.decode(value);
    }
  }, /terminated/);
  assert.deepEqual(parseSseFrames(received).map((f) => JSON.parse(f.data).type), ['RUN_STARTED']);
});

test('$hang keeps the stream open until the client aborts; the server keeps working', async (t) => {
  const server = await serverFor(t);
  const { id, agentUrl } = await createScript(server.url, {
    runs: [[{ type: EventType.RUN_STARTED }, { $hang: true }, { type: EventType.RUN_FINISHED }], TEXT_RUN],
  });
  const abort = new AbortController();
  const hanging = await fetch(agentUrl, { method: 'POST', body: JSON.stringify(runInput()), signal: abort.signal });
  const reader = hanging.body.getReader();
  const first = await reader.read();
  assert.match(new TextDecoder().decode(first.value), /RUN_STARTED/);
  assert.equal(await within(reader.read(), 200), 'timeout', 'nothing more arrives while hanging');
  abort.abort();
  await assert.rejects(reader.read(), { name: 'AbortError' });

  const after = await readEvents(await postJson(agentUrl, runInput()));
  assert.equal(after.at(-1).type, 'RUN_FINISHED');
  const recorded = await (await fetch(`${server.url}/scripts/${id}/requests`)).json();
  assert.equal(recorded.length, 2);
});

test('close() ends hanging streams and resolves', async () => {
  const server = await startAguiServer();
  const { agentUrl } = await createScript(server.url, { runs: [[{ type: EventType.RUN_STARTED }, { $hang: true }]] });
  const response = await postJson(agentUrl, runInput());
  const body = response.text();
  await new Promise((r) => setTimeout(r, 50));
  assert.notEqual(await within(server.close(), 1000), 'timeout');
  assert.match(await within(body, 1000), /RUN_STARTED/);
});

test('$delay and stepDelayMs pace the steps', async (t) => {
  const server = await serverFor(t);
  const { agentUrl } = await createScript(server.url, {
    stepDelayMs: 40,
    runs: [[{ type: EventType.RUN_STARTED }, { $delay: 100 }, { type: EventType.RUN_FINISHED }]],
  });
  const started = performance.now();
  const events = await readEvents(await postJson(agentUrl, runInput()));
  const elapsed = performance.now() - started;
  assert.equal(events.length, 2);
  assert.ok(elapsed >= 170, `expected about 180 ms (100 + 2 x 40), got ${elapsed.toFixed(0)} ms`);
});

test('a client that disconnects mid-script does not break the server', async (t) => {
  const server = await serverFor(t);
  const { id, agentUrl } = await createScript(server.url, {
    runs: [[{ type: EventType.RUN_STARTED }, { $delay: 100 }, { type: EventType.RUN_FINISHED }], TEXT_RUN],
  });
  const abort = new AbortController();
  const response = await fetch(agentUrl, { method: 'POST', body: JSON.stringify(runInput()), signal: abort.signal });
  await response.body.getReader().read();
  abort.abort();
  await new Promise((r) => setTimeout(r, 150)); // let the server reach the step after the delay
  const events = await readEvents(await postJson(agentUrl, runInput()));
  assert.equal(events.length, TEXT_RUN.length);
  assert.equal((await (await fetch(`${server.url}/scripts/${id}/requests`)).json()).length, 2);
});

test('CORS preflight is answered with 204 and the allowed headers and methods', async (t) => {
  const server = await serverFor(t);
  const response = await fetch(`${server.url}/scripts/whatever/agent`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://localhost:8000', 'Access-Control-Request-Method': 'POST' },
  });
  assert.equal(response.status, 204);
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.equal(response.headers.get('access-control-allow-headers'), 'Content-Type, Authorization, Last-Event-ID, Accept');
  assert.equal(response.headers.get('access-control-allow-methods'), 'GET, POST, DELETE, OPTIONS');
});

test('bad bodies, bad scripts and unknown ids get JSON errors', async (t) => {
  const server = await serverFor(t);
  const badJson = await fetch(`${server.url}/scripts`, { method: 'POST', body: '{nope' });
  assert.equal(badJson.status, 400);
  assert.match((await badJson.json()).error, /not valid JSON/);

  for (const [body, pattern] of [
    [{ runs: 'x' }, /runs: Step/],
    [{ runs: [[{ type: 'RUN_STARTED' }, { $status: 500 }]] }, /only valid as the first step/],
    [{ runs: [[{ $explode: true }]] }, /unknown directive \$explode/],
    [{ runs: [[{ delta: 'no type' }]] }, /neither a "type"/],
    [{ runs: [[{ type: 'RUN_STARTED', $delay: 5 }]] }, /mixes an event with \$delay/],
  ]) {
    const response = await postJson(`${server.url}/scripts`, body);
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.match((await response.json()).error, pattern);
  }

  const { id, agentUrl } = await createScript(server.url, { runs: [TEXT_RUN] });
  const badRun = await fetch(agentUrl, { method: 'POST', body: 'not json' });
  assert.equal(badRun.status, 400);
  assert.equal(badRun.headers.get('access-control-allow-origin'), '*');

  assert.equal((await postJson(`${server.url}/scripts/missing/agent`, runInput())).status, 404);
  assert.equal((await fetch(`${server.url}/scripts/missing/requests`)).status, 404);
  assert.equal((await fetch(`${server.url}/nowhere`)).status, 404);

  assert.equal((await fetch(`${server.url}/scripts/${id}`, { method: 'DELETE' })).status, 204);
  assert.equal((await fetch(`${server.url}/scripts/${id}/requests`)).status, 404);
});

test('$mark notes the server clock and requests carry receivedAt on the same clock (benchmarks)', async (t) => {
  const server = await serverFor(t);
  const { id, agentUrl } = await createScript(server.url, {
    runs: [[{ type: EventType.RUN_STARTED }, { $delay: 50 }, { $mark: 'finished' }, { type: EventType.RUN_FINISHED }], TEXT_RUN],
  });
  await readEvents(await postJson(agentUrl, runInput()));
  await readEvents(await postJson(agentUrl, runInput()));
  const marks = await (await fetch(`${server.url}/scripts/${id}/marks`)).json();
  const recorded = await (await fetch(`${server.url}/scripts/${id}/requests`)).json();
  assert.deepEqual(Object.keys(marks), ['finished']);
  const [first, second] = recorded.map((r) => r.receivedAt);
  assert.ok(marks.finished - first >= 45, 'the mark comes after the $delay');
  assert.ok(second >= marks.finished, 'the next request arrives after the mark');
});

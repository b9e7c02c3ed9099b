// Soliplex delivery on the demo server: `message` by default (one delta per message, just before its
// END, keepalives meanwhile), `bounded` and `token` as options or per room, the final STATE_SNAPSHOT.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { soliplexOptionsFromEnv, startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScript } from './helpers.mjs';
import { api, apiJson, newThread, parseFrames, readUntilCut, soliplexInput, soliplexServer } from './soliplex-helpers.mjs';

const text = (/** @type {string} */ delta, messageId = 'm1') => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta });
const args = (/** @type {string} */ delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta });
const pause = { $delay: 60 };
const MESSAGE = [
  { type: 'RUN_STARTED' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  text('Hel'),
  pause,
  text('lo '),
  pause,
  text('there'),
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: 'm1' },
  args('{"na'),
  args('me":'),
  args('"alice"}'),
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED' },
];

/** Posts a script room's initial run; returns the frames and what the server stored. */
async function playInRoom(/** @type {string} */ url, /** @type {string} */ room, input = {}) {
  const { thread, runId } = await newThread(url, room);
  const runPath = `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`;
  const frames = parseFrames(await (await api(url, runPath, { body: soliplexInput(thread.thread_id, runId, 'Hello', input) })).text());
  return { frames, runPath, runId, stored: (await apiJson(url, runPath)).events };
}

/** A script room on `url` playing `runs`. */
async function scriptRoom(/** @type {string} */ url, /** @type {any[][]} */ runs) {
  return `script-${(await createScript(url, { runs })).id}`;
}

const summary = (/** @type {any[]} */ frames) => frames.map((f) => (f.comment ? 'keepalive' : f.event.delta !== undefined ? `${f.event.type}:${f.event.delta}` : f.event.type));

test('message delivery (the default): each message and tool call arrives as one delta just before its END, keepalives meanwhile', async (t) => {
  const { url } = await soliplexServer(t, { keepaliveMs: 25 });
  const { frames, stored, runId } = await playInRoom(url, await scriptRoom(url, [MESSAGE]));
  const seen = summary(frames);
  const content = seen.indexOf('TEXT_MESSAGE_CONTENT:Hello there');
  assert.ok(content > 0, seen.join(' | '));
  assert.ok(seen.slice(2, content).includes('keepalive'), `keepalives while the text is held: ${seen.join(' | ')}`);
  assert.deepEqual(seen.filter((s) => s !== 'keepalive'), [
    'RUN_STARTED',
    'TEXT_MESSAGE_START',
    'TEXT_MESSAGE_CONTENT:Hello there',
    'TEXT_MESSAGE_END',
    'TOOL_CALL_START',
    'TOOL_CALL_ARGS:{"name":"alice"}',
    'TOOL_CALL_END',
    'STATE_SNAPSHOT',
    'RUN_FINISHED',
  ]);
  const events = frames.filter((f) => f.event);
  assert.deepEqual(events.map((f) => f.id), events.map((_, i) => `${runId}:${i}`));
  assert.deepEqual(stored, events.map((f) => f.event), 'the server stores what it delivered, so resume indexes match');
});

test('message delivery: a stream cut while a message is held resumes with the merged delta', async (t) => {
  const { url } = await soliplexServer(t);
  const room = await scriptRoom(url, [[MESSAGE[0], MESSAGE[1], text('a'), { $cut: true }, text('b'), { $delay: 50 }, text('c'), ...MESSAGE.slice(7)]]);
  const { thread, runId } = await newThread(url, room);
  const runPath = `/v1/rooms/${room}/agui/${thread.thread_id}/${runId}`;
  const first = await readUntilCut(await api(url, runPath, { body: soliplexInput(thread.thread_id, runId) }));
  assert.ok(first.cut);
  const seen = parseFrames(first.text);
  assert.deepEqual(summary(seen), ['RUN_STARTED', 'TEXT_MESSAGE_START'], 'the held "a" had not been sent');
  const rest = parseFrames(await (await api(url, runPath, { body: {}, headers: { 'Last-Event-ID': String(seen.at(-1)?.id) } })).text());
  assert.deepEqual(summary(rest).slice(0, 2), ['TEXT_MESSAGE_CONTENT:abc', 'TEXT_MESSAGE_END']);
  assert.equal(rest[0].id, `${runId}:2`);
});

test("message delivery merges reasoning and thinking deltas too; another message's delta is sent at once, as Soliplex's compactor does", async (t) => {
  const { url } = await soliplexServer(t);
  const reasoning = (/** @type {string} */ delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta });
  const room = await scriptRoom(url, [
    [
      { type: 'RUN_STARTED' },
      { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
      reasoning('think'),
      reasoning('ing'),
      { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
      text('a', 'm1'),
      text('x', 'm2'),
      text('y', 'm2'),
      text('b', 'm1'),
      { type: 'RUN_FINISHED' },
    ],
  ]);
  const { frames } = await playInRoom(url, room);
  assert.deepEqual(summary(frames), [
    'RUN_STARTED',
    'REASONING_MESSAGE_START',
    'REASONING_MESSAGE_CONTENT:thinking',
    'REASONING_MESSAGE_END',
    'TEXT_MESSAGE_CONTENT:a',
    'TEXT_MESSAGE_CONTENT:x',
    'TEXT_MESSAGE_CONTENT:y',
    'TEXT_MESSAGE_CONTENT:b',
    'STATE_SNAPSHOT',
    'RUN_FINISHED',
  ]);
});

test('per room: POST /api/test/settings {room, delivery: "token"} streams that room token by token, others keep message delivery', async (t) => {
  const { url } = await soliplexServer(t);
  const tokenRoom = await scriptRoom(url, [MESSAGE]);
  const messageRoom = await scriptRoom(url, [MESSAGE]);
  assert.deepEqual(await apiJson(url, '/test/settings', { body: { room: tokenRoom, delivery: 'token' } }), { delivery: 'token', titles: true, naiveTimes: false });
  const [token, message] = await Promise.all([playInRoom(url, tokenRoom), playInRoom(url, messageRoom)]);
  assert.deepEqual(summary(token.frames).filter((s) => s.startsWith('TEXT_MESSAGE_CONTENT')), ['TEXT_MESSAGE_CONTENT:Hel', 'TEXT_MESSAGE_CONTENT:lo ', 'TEXT_MESSAGE_CONTENT:there']);
  assert.deepEqual(summary(token.frames).filter((s) => s.startsWith('TOOL_CALL_ARGS')).length, 3);
  assert.deepEqual(summary(message.frames).filter((s) => s.startsWith('TEXT_MESSAGE_CONTENT')), ['TEXT_MESSAGE_CONTENT:Hello there']);
  assert.equal((await api(url, '/test/settings', { body: { room: tokenRoom, delivery: 'smoke signals' } })).status, 422);
  assert.equal((await api(url, '/test/settings', { body: { colour: 'blue' } })).status, 422);
});

test('bounded delivery sends the merged delta once it holds maxDeltas deltas or maxBytes bytes, or after maxMs', async (t) => {
  const { url } = await soliplexServer(t);
  const steps = [MESSAGE[0], MESSAGE[1], text('a'), text('b'), text('c'), { $delay: 80 }, text('d'), text('eeee'), text('f'), MESSAGE[7], MESSAGE.at(-1)];
  const byCount = await scriptRoom(url, [steps]);
  await apiJson(url, '/test/settings', { body: { room: byCount, delivery: { strategy: 'bounded', maxDeltas: 2, maxBytes: 1000, maxMs: 10_000 } } });
  const deltas = (/** @type {any[]} */ frames) => summary(frames).filter((s) => s.startsWith('TEXT_MESSAGE_CONTENT')).map((s) => s.split(':')[1]);
  assert.deepEqual(deltas((await playInRoom(url, byCount)).frames), ['ab', 'cd', 'eeeef']);
  const byBytes = await scriptRoom(url, [steps]);
  await apiJson(url, '/test/settings', { body: { room: byBytes, delivery: { strategy: 'bounded', maxDeltas: 100, maxBytes: 3, maxMs: 10_000 } } });
  assert.deepEqual(deltas((await playInRoom(url, byBytes)).frames), ['abc', 'deeee', 'f']);
  const byTime = await scriptRoom(url, [steps]);
  await apiJson(url, '/test/settings', { body: { room: byTime, delivery: { strategy: 'bounded', maxDeltas: 100, maxBytes: 1000, maxMs: 30 } } });
  assert.deepEqual(deltas((await playInRoom(url, byTime)).frames), ['abc', 'deeeef']);
});

test('the final STATE_SNAPSHOT is the input state changed by the run: snapshots replace it, deltas patch it', async (t) => {
  const { url } = await soliplexServer(t);
  const room = await scriptRoom(url, [
    [{ type: 'RUN_STARTED' }, { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/n', value: 2 }, { op: 'add', path: '/seen', value: true }] }, { type: 'RUN_FINISHED' }],
    [{ type: 'RUN_STARTED' }, { type: 'STATE_SNAPSHOT', snapshot: { fresh: 1 } }, { type: 'RUN_ERROR', message: 'no' }],
  ]);
  const snapshots = (/** @type {any[]} */ frames) => frames.filter((f) => f.event?.type === 'STATE_SNAPSHOT').map((f) => f.event.snapshot);
  const patched = await playInRoom(url, room, { state: { n: 1, rag: { document_filter: null } } });
  assert.deepEqual(snapshots(patched.frames), [{ n: 2, seen: true, rag: { document_filter: null } }]);
  assert.equal(patched.frames.at(-2).event.type, 'STATE_SNAPSHOT', 'just before RUN_FINISHED');
  const failed = await playInRoom(url, room, { state: { n: 1 } });
  assert.deepEqual(snapshots(failed.frames), [{ fresh: 1 }, { fresh: 1 }], 'the run’s own, then the final one before RUN_ERROR');
  assert.equal(failed.frames.at(-1).event.type, 'RUN_ERROR');
});

test("the demo room's model answers in message delivery: one text delta per message", async (t) => {
  const { url } = await soliplexServer(t);
  const { frames } = await playInRoom(url, 'demo');
  const contents = frames.filter((f) => f.event?.type === 'TEXT_MESSAGE_CONTENT');
  const messages = new Set(contents.map((f) => f.event.messageId));
  assert.ok(contents.length >= 1);
  assert.equal(contents.length, messages.size);
});

test('delivery options: startAguiServer({soliplexDelivery}), SOLIPLEX_DELIVERY for npm start, invalid values refused', async (t) => {
  assert.deepEqual(soliplexOptionsFromEnv({ SOLIPLEX_DELIVERY: 'token' }), { soliplexDelivery: 'token' });
  assert.deepEqual(soliplexOptionsFromEnv({ SOLIPLEX_DELIVERY: 'bounded:4,100,50' }), { soliplexDelivery: { strategy: 'bounded', maxDeltas: 4, maxBytes: 100, maxMs: 50 } });
  assert.deepEqual(soliplexOptionsFromEnv({}), {});
  assert.throws(() => soliplexOptionsFromEnv({ SOLIPLEX_DELIVERY: 'bounded:4' }), /maxBytes/);
  assert.throws(() => soliplexOptionsFromEnv({ SOLIPLEX_DELIVERY: 'fast' }), /unknown Soliplex delivery/);
  await assert.rejects(startAguiServer({ soliplexDelivery: 'fast' }), /unknown Soliplex delivery/);
  const { url } = await soliplexServer(t, { soliplexDelivery: 'token' });
  const { frames } = await playInRoom(url, await scriptRoom(url, [MESSAGE]));
  assert.equal(summary(frames).filter((s) => s.startsWith('TEXT_MESSAGE_CONTENT')).length, 3);
});

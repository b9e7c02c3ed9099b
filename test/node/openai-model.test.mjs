// The OpenAI-compatible model against a fake Chat Completions server on loopback (never the real API).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { HttpAgent } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createOpenAiModel, openAiModelFromEnv } from '../../demo/server/openai-model.mjs';
import { contentChunk, startFakeOpenAi, toolChunk } from './fake-openai-server.mjs';
import { postJson, readEvents, runInput } from './helpers.mjs';

const SECRET_TOOL = {
  name: 'get_secret_number',
  description: 'Returns the secret number of a person',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};

/** Runs the model directly and collects its events. */
async function collect(/** @type {import('../../demo/server/agui-server.mjs').Model} */ model, /** @type {any} */ input) {
  const events = [];
  for await (const event of model(input, { signal: new AbortController().signal })) events.push(event);
  for (const event of events) assert.ok(EventSchema.safeParse(event).success, `invalid event ${JSON.stringify(event)}`);
  return events;
}

test('streams text and maps the transcript, tools and context to the request', async (t) => {
  const fake = await startFakeOpenAi(t);
  fake.replies.push({ chunks: [{ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] }, contentChunk('Hel'), contentChunk('lo!')] });
  const model = createOpenAiModel({ apiKey: 'sk-test', baseUrl: `${fake.baseUrl}/`, model: 'tiny-model' });
  const input = runInput({
    runId: 'r1',
    messages: [
      { id: 's', role: 'developer', content: 'Be brief.' },
      { id: 'u1', role: 'user', content: 'secret for alice?' },
      { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'get_secret_number', arguments: '' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: '42' },
    ],
    tools: [SECRET_TOOL],
    context: [{ description: 'page', value: 'home' }],
  });
  const events = await collect(model, input);
  assert.deepEqual(events.map((e) => e.type), ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
  assert.deepEqual(events.filter((e) => e.delta).map((e) => e.delta), ['Hel', 'lo!']);
  assert.deepEqual(events.at(-1), { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'r1' });

  const [request] = fake.requests;
  assert.equal(request.path, '/v1/chat/completions');
  assert.equal(request.headers.authorization, 'Bearer sk-test');
  assert.deepEqual(request.body, {
    model: 'tiny-model',
    stream: true,
    messages: [
      { role: 'system', content: 'Context from the page:\npage: home' },
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'secret for alice?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_secret_number', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: '42' },
    ],
    tools: [{ type: 'function', function: SECRET_TOOL }],
  });
});

test('tool-call deltas by index become TOOL_CALL_START/ARGS/END after the text', async (t) => {
  const fake = await startFakeOpenAi(t);
  fake.replies.push({
    chunks: [
      contentChunk('Checking.'),
      toolChunk(0, { id: 'call_a', name: 'get_secret_number', args: '{"na' }),
      toolChunk(1, { id: 'call_b', name: 'get_secret_number', args: '' }),
      toolChunk(0, { args: 'me":"alice"}' }),
      toolChunk(1, { args: '{"name":"bob"}' }),
      { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
    ],
  });
  const events = await collect(createOpenAiModel({ apiKey: 'k', baseUrl: fake.baseUrl }), runInput({ tools: [SECRET_TOOL] }));
  const messageId = events[1].messageId;
  assert.deepEqual(events.slice(1), [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId, delta: 'Checking.' },
    { type: 'TEXT_MESSAGE_END', messageId },
    { type: 'TOOL_CALL_START', toolCallId: 'call_a', toolCallName: 'get_secret_number', parentMessageId: messageId },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call_a', delta: '{"na' },
    { type: 'TOOL_CALL_START', toolCallId: 'call_b', toolCallName: 'get_secret_number', parentMessageId: messageId },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call_a', delta: 'me":"alice"}' },
    { type: 'TOOL_CALL_ARGS', toolCallId: 'call_b', delta: '{"name":"bob"}' },
    { type: 'TOOL_CALL_END', toolCallId: 'call_a' },
    { type: 'TOOL_CALL_END', toolCallId: 'call_b' },
    { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-1' },
  ]);
  assert.equal(fake.requests[0].body.model, 'gpt-4o-mini', 'the default model name');
});

test('an HTTP error and an unreachable server become RUN_ERROR with a clear message', async (t) => {
  const fake = await startFakeOpenAi(t);
  fake.replies.push({ status: 401, body: { error: { message: 'Incorrect API key provided' } } });
  const rejected = await collect(createOpenAiModel({ apiKey: 'bad', baseUrl: fake.baseUrl }), runInput());
  assert.deepEqual(rejected.map((e) => e.type), ['RUN_STARTED', 'RUN_ERROR']);
  assert.equal(rejected[1].message, 'Model API answered HTTP 401: Incorrect API key provided');
  assert.equal(rejected[1].code, 'model_http_401');

  const closed = http.createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (closed.address());
  await new Promise((resolve) => closed.close(() => resolve(undefined)));
  const unreachable = await collect(createOpenAiModel({ apiKey: 'k', baseUrl: `http://127.0.0.1:${port}/v1` }), runInput());
  assert.equal(unreachable[1].type, 'RUN_ERROR');
  assert.match(unreachable[1].message, /^Could not reach the model API at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*ECONNREFUSED/);
});

test('OPENAI_* env vars select the model; HttpAgent accepts its stream through the server', async (t) => {
  const fake = await startFakeOpenAi(t);
  assert.equal(openAiModelFromEnv({}), undefined);
  const saved = { ...process.env };
  t.after(() => {
    for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });
  Object.assign(process.env, { OPENAI_API_KEY: 'sk-env', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'env-model' });
  const server = await startAguiServer();
  t.after(() => server.close());

  fake.replies.push({ chunks: [contentChunk('Sure.'), toolChunk(0, { id: 'call_1', name: 'get_secret_number', args: '{"name":"alice"}' })] });
  const agent = new HttpAgent({ url: `${server.url}/agent`, threadId: 'thread-x' });
  agent.addMessage({ id: 'u1', role: 'user', content: 'Secret number for alice?' });
  await agent.runAgent({ runId: 'run-x', tools: [SECRET_TOOL] });
  const call = agent.messages.flatMap((m) => /** @type {any} */ (m).toolCalls ?? [])[0];
  assert.deepEqual(call.function, { name: 'get_secret_number', arguments: '{"name":"alice"}' });
  assert.equal(fake.requests[0].body.model, 'env-model');
  assert.equal(fake.requests[0].headers.authorization, 'Bearer sk-env');

  fake.replies.push({ status: 500, body: { error: { message: 'overloaded' } } });
  const events = await readEvents(await postJson(`${server.url}/agent`, runInput()));
  assert.equal(events.at(-1).message, 'Model API answered HTTP 500: overloaded');
  const rooms = await (await fetch(`${server.url}/api/v1/rooms`)).json();
  assert.equal(rooms.demo.agent.model_name, 'env-model');
});

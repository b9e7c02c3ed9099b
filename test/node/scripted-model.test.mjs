// The demo /agent endpoint: the scripted model over real HTTP, checked against the AG-UI schemas
// and against @ag-ui/client's own stream verifier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpAgent } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScriptedModel, planReply } from '../../demo/server/scripted-model.mjs';
import { postJson, readEvents, runInput } from './helpers.mjs';

const SECRET_TOOL = {
  name: 'get_secret_number',
  description: 'Returns the secret number of a person',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
};
const TOAST_TOOL = { name: 'show_toast', description: 'Shows a notification', parameters: { type: 'object', properties: {} } };

async function serverFor(/** @type {import('node:test').TestContext} */ t, chunkDelayMs = 1) {
  const server = await startAguiServer({ model: createScriptedModel({ chunkDelayMs }) });
  t.after(() => server.close());
  return server;
}

/** Every event must be a valid AG-UI 1.0 event. */
function assertValidEvents(/** @type {any[]} */ events) {
  for (const event of events) {
    const result = EventSchema.safeParse(event);
    assert.ok(result.success, `invalid event ${JSON.stringify(event)}: ${result.error?.message}`);
  }
}

/** Assembles TOOL_CALL_* events into [{ id, name, parentMessageId, fragments, args }]. */
function toolCalls(/** @type {any[]} */ events) {
  const calls = new Map();
  for (const e of events) {
    if (e.type === 'TOOL_CALL_START') {
      calls.set(e.toolCallId, { id: e.toolCallId, name: e.toolCallName, parentMessageId: e.parentMessageId, fragments: [] });
    }
    if (e.type === 'TOOL_CALL_ARGS') calls.get(e.toolCallId).fragments.push(e.delta);
  }
  return [...calls.values()].map((c) => ({ ...c, args: JSON.parse(c.fragments.join('')) }));
}

const textOf = (/** @type {any[]} */ events) =>
  events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => e.delta).join('');

test('the secret numbers question yields two client tool calls, for alice and bob', async (t) => {
  const server = await serverFor(t);
  const input = runInput({
    runId: 'run-q',
    messages: [{ id: 'u1', role: 'user', content: 'What are the secret numbers for alice and bob?' }],
    tools: [SECRET_TOOL, TOAST_TOOL],
  });
  const response = await postJson(`${server.url}/agent`, input);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'text/event-stream');
  const events = await readEvents(response);
  assertValidEvents(events);

  assert.deepEqual(events[0], { type: 'RUN_STARTED', threadId: 'thread-1', runId: 'run-q' });
  assert.deepEqual(events.at(-1), { type: 'RUN_FINISHED', threadId: 'thread-1', runId: 'run-q' });
  assert.equal(events.filter((e) => e.type === 'TOOL_CALL_RESULT').length, 0, 'client tools: no results');

  const messageId = events.find((e) => e.type === 'TEXT_MESSAGE_START').messageId;
  const calls = toolCalls(events);
  assert.deepEqual(calls.map((c) => [c.name, c.args]), [
    ['get_secret_number', { name: 'alice' }],
    ['get_secret_number', { name: 'bob' }],
  ]);
  assert.notEqual(calls[0].id, calls[1].id);
  for (const call of calls) {
    assert.equal(call.parentMessageId, messageId);
    assert.ok(call.fragments.length >= 2 && call.fragments.length <= 3, `fragments: ${call.fragments}`);
    assert.equal(events.filter((e) => e.type === 'TOOL_CALL_END' && e.toolCallId === call.id).length, 1);
  }
});

test('parallel calls interleave: both start before either has its arguments', async (t) => {
  const server = await serverFor(t);
  const input = runInput({
    messages: [{ id: 'u1', role: 'user', content: 'What are the secret numbers for alice and bob?' }],
    tools: [SECRET_TOOL],
  });
  const types = (await readEvents(await postJson(`${server.url}/agent`, input))).map((e) => `${e.type}:${e.toolCallId ?? ''}`);
  const [first, second] = toolCalls(await readEvents(await postJson(`${server.url}/agent`, input))).map((c) => c.id.split('-').at(-1));
  assert.deepEqual([first, second], ['1', '2']);
  const starts = types.filter((t) => t.startsWith('TOOL_CALL_START')).map((t) => types.indexOf(t));
  const firstArgs = types.findIndex((t) => t.startsWith('TOOL_CALL_ARGS'));
  assert.ok(starts.every((i) => i < firstArgs), types.join('\n'));
  const args = types.filter((t) => t.startsWith('TOOL_CALL_ARGS'));
  assert.notEqual(args[0], args[1], 'the fragments alternate between the calls');
});

test('a request in steps takes one tool hop per step, then answers from all results', () => {
  const text = 'Read the form, then fill the form with name "Ada"';
  const tools = [
    { name: 'read_form', description: 'Read the fields of the form', parameters: { type: 'object', properties: {} } },
    { name: 'fill_form', description: 'Fill the form', parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
  ];
  const user = { id: 'u1', role: 'user', content: text };
  const hop1 = planReply({ messages: [user], tools });
  assert.deepEqual(hop1.calls.map((c) => c.name), ['read_form']);
  const afterHop1 = [
    user,
    { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'read_form', arguments: '{}' } }] },
    { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"name":"Grace"}' },
  ];
  const hop2 = planReply({ messages: afterHop1, tools });
  assert.deepEqual(hop2.calls.map((c) => [c.name, c.args]), [['fill_form', { name: 'Ada' }]]);
  const answer = planReply({
    messages: [
      ...afterHop1,
      { id: 'a2', role: 'assistant', toolCalls: [{ id: 'c2', type: 'function', function: { name: 'fill_form', arguments: '{"name":"Ada"}' } }] },
      { id: 't2', role: 'tool', toolCallId: 'c2', content: 'name set to Ada' },
    ],
    tools,
  });
  assert.deepEqual(answer.calls, []);
  assert.match(answer.text, /read_form\(\) returned \{"name":"Grace"\}/);
  assert.match(answer.text, /fill_form\(name="Ada"\) returned name set to Ada/);
});

test('a continuation with tool results states each result and calls nothing', async (t) => {
  const server = await serverFor(t);
  const call = (/** @type {string} */ id, /** @type {string} */ name) => ({
    id, type: 'function', function: { name: 'get_secret_number', arguments: JSON.stringify({ name }) },
  });
  const input = runInput({
    runId: 'run-c',
    tools: [SECRET_TOOL],
    messages: [
      { id: 'u1', role: 'user', content: 'What are the secret numbers for alice and bob?' },
      { id: 'a1', role: 'assistant', toolCalls: [call('c1', 'alice'), call('c2', 'bob'), call('c3', 'eve')] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: '42' },
      { id: 't2', role: 'tool', toolCallId: 'c2', content: '7' },
      { id: 't3', role: 'tool', toolCallId: 'c3', content: 'Error: unknown person', error: 'unknown person' },
    ],
  });
  const events = await readEvents(await postJson(`${server.url}/agent`, input));
  assertValidEvents(events);
  const text = textOf(events);
  assert.match(text, /get_secret_number\(name="alice"\) returned 42/);
  assert.match(text, /get_secret_number\(name="bob"\) returned 7/);
  assert.match(text, /name="eve"\) failed: unknown person/);
  assert.equal(events.filter((e) => e.type.startsWith('TOOL_CALL')).length, 0);
  assert.equal(events.at(-1).type, 'RUN_FINISHED');
});

test('with no matching tool the model answers in plain text and lists the tools', async (t) => {
  const server = await serverFor(t);
  const noTools = await readEvents(
    await postJson(`${server.url}/agent`, runInput({ messages: [{ id: 'u1', role: 'user', content: 'Tell me a joke' }] })),
  );
  assertValidEvents(noTools);
  assert.deepEqual(
    noTools.map((e) => e.type).filter((type, i, all) => type !== all[i - 1]),
    ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED'],
  );
  assert.ok(noTools.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').length > 2, 'text arrives in several chunks');
  assert.match(textOf(noTools), /You asked: "Tell me a joke"/);

  const unmatched = await readEvents(
    await postJson(`${server.url}/agent`, runInput({ tools: [SECRET_TOOL], messages: [{ id: 'u1', role: 'user', content: 'Hi there' }] })),
  );
  assert.match(textOf(unmatched), /get_secret_number/);
  assert.equal(unmatched.filter((e) => e.type === 'TOOL_CALL_START').length, 0);
});

test('an invalid RunAgentInput is rejected with 400 and the schema issues', async (t) => {
  const server = await serverFor(t);
  const response = await postJson(`${server.url}/agent`, { threadId: 't', runId: 'r', messages: [{ role: 'user', content: 'no id' }] });
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.match(body.error, /RunAgentInput/);
  assert.deepEqual(body.issues[0].path, ['messages', 0, 'id']);
});

test('@ag-ui/client HttpAgent accepts the stream and sees the pending tool calls', async (t) => {
  const server = await serverFor(t, 0);
  const agent = new HttpAgent({ url: `${server.url}/agent`, threadId: 'thread-x' });
  agent.addMessage({ id: 'u1', role: 'user', content: 'What are the secret numbers for alice and bob?' });
  const started = [];
  await agent.runAgent({ runId: 'run-x', tools: [SECRET_TOOL] }, {
    onToolCallStartEvent: ({ event }) => void started.push(event.toolCallName),
  });
  assert.deepEqual(started, ['get_secret_number', 'get_secret_number']);
  const assistant = agent.messages.find((m) => m.role === 'assistant');
  assert.deepEqual(assistant.toolCalls.map((c) => JSON.parse(c.function.arguments)), [{ name: 'alice' }, { name: 'bob' }]);
});

test('the scripted model expands a collapsed tool group, then calls the tool it unlocked in the same step', () => {
  const group = { name: 'weather', description: 'Weather tools (2 tools; call this to make them available)', parameters: { type: 'object', properties: {} } };
  const forecast = { name: 'get_forecast', description: 'The forecast for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
  const user = { id: 'u1', role: 'user', content: 'What is the weather forecast for Paris?' };
  assert.deepEqual(planReply({ messages: [user], tools: [group] }).calls, [{ name: 'weather', args: {} }]);
  const expanded = [
    user,
    { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{}' } }] },
    { id: 't1', role: 'tool', toolCallId: 'c1', content: 'weather expanded. Available functions: get_forecast' },
  ];
  assert.deepEqual(planReply({ messages: expanded, tools: [forecast] }).calls, [{ name: 'get_forecast', args: { city: 'Paris' } }]);
});

test('the scripted model activates a skill, then calls the functions it made available', () => {
  const skill = { name: 'plan_trip', description: 'Skill: Plan a trip (call this to activate it)', parameters: { type: 'object', properties: {} } };
  const forecast = { name: 'get_forecast', description: 'The forecast', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
  const user = { id: 'u1', role: 'user', content: 'Plan a trip for Rome' };
  assert.deepEqual(planReply({ messages: [user], tools: [skill, forecast] }).calls, [{ name: 'plan_trip', args: {} }]);
  const activated = [
    user,
    { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'plan_trip', arguments: '{}' } }] },
    { id: 't1', role: 'tool', toolCallId: 'c1', content: 'plan_trip skill activated. Available functions: get_forecast' },
  ];
  assert.deepEqual(planReply({ messages: activated, tools: [forecast] }).calls, [{ name: 'get_forecast', args: { city: 'Rome' } }]);
});

// The demo Soliplex server's RunAgentInput check against the AG-UI Python SDK's rules
// (sdks/python/ag_ui/core/types.py and its tests): payload shapes written from those models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRunAgentInput, storedRunInput } from '../../demo/server/soliplex/run-input.mjs';

const base = { threadId: 't', runId: 'r', state: {}, messages: [], tools: [], context: [], forwardedProps: {} };
const withMessages = (/** @type {any[]} */ messages) => ({ ...base, messages });
const accepts = (/** @type {unknown} */ body) => parseRunAgentInput(body).ok;
/** The error locations (dotted) of a refused body. */
const refused = (/** @type {unknown} */ body) => {
  const result = parseRunAgentInput(body);
  assert.equal(result.ok, false, `expected a refusal: ${JSON.stringify(body)}`);
  return /** @type {any} */ (result).errors.map((/** @type {any} */ e) => e.loc.join('.'));
};

test('the minimal input with empty collections is accepted, as the SDK test of empty collections', () => {
  assert.ok(accepts(base));
  assert.ok(accepts({ ...base, state: 'ACTIVE' }), 'state is Any: a scalar is fine');
  assert.ok(accepts({ ...base, state: undefined }), 'state is optional');
  assert.ok(accepts({ ...base, forwardedProps: null }), 'forwardedProps may be null…');
});

test('required top-level fields: threadId, runId, messages, tools, context, forwardedProps (present even if null)', () => {
  for (const key of ['threadId', 'runId', 'messages', 'tools', 'context', 'forwardedProps']) {
    const body = /** @type {Record<string, unknown>} */ ({ ...base });
    delete body[key];
    assert.deepEqual(refused(body), [key], key);
  }
  assert.deepEqual(refused({ ...base, threadId: 7 }), ['threadId'], 'a str field takes no number');
  assert.deepEqual(refused({ ...base, runId: null }), ['runId']);
  assert.deepEqual(refused({ ...base, messages: 'nope' }), ['messages']);
  assert.deepEqual(refused('not an object'), ['']);
});

test('snake_case field names are accepted too (populate_by_name) and dumped camelCase', () => {
  const result = parseRunAgentInput({
    thread_id: 't',
    run_id: 'r',
    messages: [{ id: 'x', role: 'tool', content: '42', tool_call_id: 'c1' }],
    tools: [],
    context: [],
    forwarded_props: null,
  });
  assert.ok(result.ok);
  assert.deepEqual(result.value, {
    threadId: 't',
    runId: 'r',
    messages: [{ id: 'x', role: 'tool', content: '42', toolCallId: 'c1' }],
    tools: [],
    context: [],
    forwardedProps: null,
  });
});

test('extra keys are allowed everywhere (extra="allow") and kept', () => {
  const result = parseRunAgentInput({
    ...base,
    somethingNew: 1,
    messages: [{ id: 'u', role: 'user', content: 'Hello', extra_field: 'kept' }],
    tools: [{ name: 'f', description: 'd', parameters: { type: 'object' }, strict: true }],
  });
  assert.ok(result.ok);
  assert.equal(result.value.somethingNew, 1);
  assert.equal(result.value.messages[0].extra_field, 'kept');
  assert.equal(result.value.tools[0].strict, true);
});

test('a tool message content is a string: content parts (or an object) are refused', () => {
  const tool = { id: 'm', role: 'tool', toolCallId: 'c1' };
  assert.ok(accepts(withMessages([{ ...tool, content: '{"n":42}' }])));
  assert.ok(accepts(withMessages([{ ...tool, content: 'failed', error: 'boom' }])));
  assert.deepEqual(refused(withMessages([{ ...tool, content: [{ type: 'text', text: '42' }] }])), ['messages.0.tool.content']);
  assert.deepEqual(refused(withMessages([{ ...tool, content: { n: 42 } }])), ['messages.0.tool.content']);
  assert.deepEqual(refused(withMessages([{ ...tool, content: 42 }])), ['messages.0.tool.content']);
  assert.deepEqual(refused(withMessages([{ id: 'm', role: 'tool', content: 'x' }])), ['messages.0.tool.toolCallId'], 'toolCallId is required');
  assert.deepEqual(refused(withMessages([{ ...tool, content: 'x', error: 7 }])), ['messages.0.tool.error']);
});

test('messages need an id and a known role; each role has its own content rule', () => {
  assert.deepEqual(refused(withMessages([{ role: 'user', content: 'Hello' }])), ['messages.0.user.id']);
  assert.deepEqual(refused(withMessages([{ id: 'm', content: 'Hello' }])), ['messages.0'], 'no role: no tag');
  assert.deepEqual(refused(withMessages([{ id: 'm', role: 'invalid_role', content: 'Hello' }])), ['messages.0']);
  for (const role of ['developer', 'system', 'reasoning']) {
    assert.ok(accepts(withMessages([{ id: 'm', role, content: 'text' }])), role);
    assert.deepEqual(refused(withMessages([{ id: 'm', role }])), [`messages.0.${role}.content`], `${role} needs content`);
  }
  assert.ok(accepts(withMessages([{ id: 'a', role: 'assistant' }])), 'assistant content is optional');
  assert.ok(accepts(withMessages([{ id: 'a', role: 'assistant', content: null, name: 'AI Assistant' }])));
  assert.deepEqual(refused(withMessages([{ id: 'a', role: 'assistant', content: [{ type: 'text', text: 'x' }] }])), ['messages.0.assistant.content']);
  assert.ok(accepts(withMessages([{ id: 'v', role: 'activity', activityType: 'progress', content: { step: 1 } }])));
  assert.deepEqual(refused(withMessages([{ id: 'v', role: 'activity', activityType: 'progress', content: 'x' }])), ['messages.0.activity.content']);
  assert.ok(accepts(withMessages([{ id: 'u', role: 'user', content: '' }])), 'an empty string is a string');
  assert.deepEqual(refused(withMessages([{ id: 'u', role: 'user', content: 'x', metadata: 'not an object' }])), ['messages.0.user.metadata']);
});

test('assistant tool calls: id and function {name, arguments (a string)}; type defaults to "function"', () => {
  const call = { id: 'call_1', function: { name: 'get_data', arguments: '{}' } };
  const result = parseRunAgentInput(withMessages([{ id: 'a', role: 'assistant', content: null, toolCalls: [call] }]));
  assert.ok(result.ok);
  assert.deepEqual(result.value.messages[0], { id: 'a', role: 'assistant', toolCalls: [{ ...call, type: 'function' }] }, 'None left out, defaults in');
  assert.deepEqual(refused(withMessages([{ id: 'a', role: 'assistant', toolCalls: [{ ...call, function: { name: 'f', arguments: {} } }] }])), [
    'messages.0.assistant.toolCalls.0.function.arguments',
  ]);
  assert.deepEqual(refused(withMessages([{ id: 'a', role: 'assistant', toolCalls: [{ ...call, type: 'other' }] }])), ['messages.0.assistant.toolCalls.0.type']);
});

test('user content parts: text and media sources as a recent ag-ui-protocol accepts them', () => {
  const url = { type: 'url', value: 'https://example.com/image.png', mimeType: 'image/png' };
  const data = { type: 'data', value: 'UklGRmQAAABXQVZF', mimeType: 'audio/wav' };
  const user = (/** @type {any[]} */ content) => withMessages([{ id: 'u', role: 'user', content }]);
  assert.ok(accepts(user([{ type: 'text', text: 'Check this out' }, { type: 'image', source: url }])));
  assert.ok(accepts(user([{ type: 'audio', source: data }])));
  assert.ok(accepts(user([{ type: 'document', source: { ...url, mimeType: undefined }, metadata: { provider: 'anthropic' } }])), 'a url source needs no mimeType');
  assert.ok(accepts(user([{ type: 'binary', mimeType: 'image/png', url: 'https://example.com/image.png' }])));
  assert.ok(refused(user([{ type: 'binary', mimeType: 'image/png' }])).length, 'binary needs id, url or data');
  assert.ok(refused(user([{ type: 'image', source: { type: 'data', value: 'x' } }])).length, 'a data source needs its mimeType');
  assert.ok(refused(user([{ type: 'sticker', text: 'x' }])).length, 'unknown part type');
  assert.ok(refused(user([{ text: 'no type' }])).length);
  assert.ok(refused(user([{ type: 'text' }])).length, 'text needs text');
});

test('tools need a name and a description; context entries a description and a value', () => {
  assert.ok(accepts({ ...base, tools: [{ name: 'f', description: 'does f' }] }), 'parameters are optional');
  assert.deepEqual(refused({ ...base, tools: [{ name: 'f', parameters: {} }] }), ['tools.0.description']);
  assert.deepEqual(refused({ ...base, context: [{ description: 'd' }] }), ['context.0.value']);
  assert.deepEqual(refused({ ...base, context: [{ description: 'd', value: { a: 1 } }] }), ['context.0.value']);
});

test('resume entries: interruptId and a status of resolved or cancelled', () => {
  assert.ok(accepts({ ...base, resume: [{ interruptId: 'i1', status: 'resolved', payload: { ok: true } }] }));
  assert.ok(accepts({ ...base, resume: null }));
  assert.deepEqual(refused({ ...base, resume: [{ interruptId: 'i1', status: 'done' }] }), ['resume.0.status']);
  assert.deepEqual(refused({ ...base, resume: [{ status: 'cancelled' }] }), ['resume.0.interruptId']);
});

test('what a run GET gives back: the stored fields only, no resume, no top-level extras', () => {
  const result = parseRunAgentInput({ ...base, parentRunId: 'p', resume: [{ interruptId: 'i', status: 'resolved' }], extra: 1, messages: [{ id: 'u', role: 'user', content: 'x', note: 'kept' }] });
  assert.ok(result.ok);
  assert.deepEqual(storedRunInput(result.value), {
    threadId: 't',
    runId: 'r',
    parentRunId: 'p',
    state: {},
    messages: [{ id: 'u', role: 'user', content: 'x', note: 'kept' }],
    tools: [],
    context: [],
    forwardedProps: {},
  });
  const stateless = parseRunAgentInput({ ...base, state: null });
  assert.ok(stateless.ok);
  assert.equal('state' in storedRunInput(stateless.value), false, 'a None state is left out of the dump');
});

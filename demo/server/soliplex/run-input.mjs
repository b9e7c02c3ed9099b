// RunAgentInput as Soliplex reads it: validated by the AG-UI Python SDK's pydantic models
// (ag_ui/core/types.py), which are stricter than @ag-ui/core's JS schema. The rules mirrored here:
// - keys are camelCase aliases, and the snake_case field names are accepted too (populate_by_name);
// - unknown keys are kept (extra="allow"), on every model;
// - `str` is a JSON string only (no numbers, no null unless the field is Optional);
// - required: threadId, runId, messages, tools, context, forwardedProps (null allowed, key not);
//   a message needs `id` and a `role` among developer/system/assistant/user/tool/activity/reasoning;
//   developer/system/tool/reasoning `content` is a string (a tool result is text, never parts);
//   assistant `content` is an optional string; user `content` is a string or a list of input parts
//   (text/image/audio/video/document/binary, as a recent ag-ui-protocol accepts); a tool message
//   needs `toolCallId`; a tool needs `name` and `description`; a context entry `description`, `value`;
// - the value is dumped as pydantic does with by_alias: camelCase keys, defaults filled in
//   (`type: "function"`, roles), optional fields that are None left out, extras kept as sent.
// A failure is not answered 422 here: Soliplex does not catch it, so the POST answers 500.

/**
 * @typedef {{ type: string, loc: (string | number)[], msg: string }} InputError pydantic-style error
 * @typedef {{ kind: 'str' } | { kind: 'any' } | { kind: 'dict' } | { kind: 'literal', values: string[] }
 *   | { kind: 'nullable', of: Type } | { kind: 'list', of: Type } | { kind: 'union', of: Type[] }
 *   | { kind: 'tagged', key: string, cases: Record<string, Model> } | Model} Type
 * @typedef {{ kind: 'model', name: string, fields: Field[], after?: (value: any) => string | undefined }} Model
 * @typedef {{ name: string, alias: string, type: Type, default?: unknown }} Field `default` absent: required
 */

const STR = /** @type {Type} */ ({ kind: 'str' });
const ANY = /** @type {Type} */ ({ kind: 'any' });
const DICT = /** @type {Type} */ ({ kind: 'dict' });
const literal = (/** @type {string[]} */ ...values) => /** @type {Type} */ ({ kind: 'literal', values });
const nullable = (/** @type {Type} */ of) => /** @type {Type} */ ({ kind: 'nullable', of });
const list = (/** @type {Type} */ of) => /** @type {Type} */ ({ kind: 'list', of });
const tagged = (/** @type {string} */ key, /** @type {Record<string, Model>} */ cases) => /** @type {Type} */ ({ kind: 'tagged', key, cases });

const camel = (/** @type {string} */ name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
/** A required field. */
const req = (/** @type {string} */ name, /** @type {Type} */ type) => ({ name, alias: camel(name), type });
/** A field with a default: `null` ones are Optional and left out of the dump when None. */
const opt = (/** @type {string} */ name, /** @type {Type} */ type, /** @type {unknown} */ fallback = null) => ({
  name,
  alias: camel(name),
  type: fallback === null && type.kind !== 'any' && type.kind !== 'nullable' ? nullable(type) : type,
  default: fallback,
});
/** @returns {Model} */
const model = (/** @type {string} */ name, /** @type {Field[]} */ fields, /** @type {Model['after']} */ after) => ({ kind: 'model', name, fields, after });

const METADATA = opt('metadata', DICT);
const FUNCTION_CALL = model('FunctionCall', [req('name', STR), req('arguments', STR)]);
const TOOL_CALL = model('ToolCall', [METADATA, req('id', STR), opt('type', literal('function'), 'function'), req('function', FUNCTION_CALL), opt('encrypted_value', STR)]);

const SOURCE = tagged('type', {
  data: model('InputContentDataSource', [opt('type', literal('data'), 'data'), req('value', STR), req('mime_type', STR)]),
  url: model('InputContentUrlSource', [opt('type', literal('url'), 'url'), req('value', STR), opt('mime_type', STR)]),
});
const mediaPart = (/** @type {string} */ type, /** @type {string} */ name) =>
  model(name, [opt('type', literal(type), type), req('source', SOURCE), opt('metadata', ANY)]);
const INPUT_CONTENT = tagged('type', {
  text: model('TextInputContent', [opt('type', literal('text'), 'text'), req('text', STR)]),
  image: mediaPart('image', 'ImageInputContent'),
  audio: mediaPart('audio', 'AudioInputContent'),
  video: mediaPart('video', 'VideoInputContent'),
  document: mediaPart('document', 'DocumentInputContent'),
  binary: model(
    'BinaryInputContent',
    [opt('type', literal('binary'), 'binary'), req('mime_type', STR), opt('id', STR), opt('url', STR), opt('data', STR), opt('filename', STR)],
    (part) => (part.id || part.url || part.data ? undefined : 'BinaryInputContent requires id, url, or data to be provided.'),
  ),
});

/** BaseMessage's fields with the role's own `content` type (and any extra fields). */
const message = (/** @type {string} */ role, /** @type {Field} */ content, /** @type {Field[]} */ more = []) =>
  model(`${role[0].toUpperCase()}${role.slice(1)}Message`, [
    METADATA,
    req('id', STR),
    opt('role', literal(role), role),
    content,
    opt('name', STR),
    opt('encrypted_value', STR),
    ...more,
  ]);
const MESSAGE = tagged('role', {
  developer: message('developer', req('content', STR)),
  system: message('system', req('content', STR)),
  assistant: message('assistant', opt('content', STR), [opt('tool_calls', list(TOOL_CALL))]),
  user: message('user', req('content', /** @type {Type} */ ({ kind: 'union', of: [STR, list(INPUT_CONTENT)] }))),
  tool: model('ToolMessage', [METADATA, req('id', STR), opt('role', literal('tool'), 'tool'), req('content', STR), req('tool_call_id', STR), opt('error', STR), opt('encrypted_value', STR)]),
  activity: model('ActivityMessage', [METADATA, req('id', STR), opt('role', literal('activity'), 'activity'), req('activity_type', STR), req('content', DICT)]),
  reasoning: model('ReasoningMessage', [METADATA, req('id', STR), opt('role', literal('reasoning'), 'reasoning'), req('content', STR), opt('encrypted_value', STR)]),
});

const RUN_AGENT_INPUT = model('RunAgentInput', [
  req('thread_id', STR),
  req('run_id', STR),
  opt('parent_run_id', STR),
  opt('state', ANY),
  req('messages', list(MESSAGE)),
  req('tools', list(model('Tool', [req('name', STR), req('description', STR), opt('parameters', ANY)]))),
  req('context', list(model('Context', [req('description', STR), req('value', STR)]))),
  req('forwarded_props', ANY),
  opt('resume', list(model('ResumeEntry', [METADATA, req('interrupt_id', STR), req('status', literal('resolved', 'cancelled')), opt('payload', ANY)]))),
]);

const isObject = (/** @type {unknown} */ v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates and dumps one value; records errors (and returns undefined) where it fails.
 * @param {Type} type @param {unknown} input @param {(string | number)[]} loc @param {InputError[]} errors
 * @returns {unknown}
 */
function check(type, input, loc, errors) {
  const fail = (/** @type {string} */ kind, /** @type {string} */ msg) => void errors.push({ type: kind, loc, msg });
  switch (type.kind) {
    case 'any':
      return input;
    case 'str':
      if (typeof input === 'string') return input;
      return fail('string_type', 'Input should be a valid string');
    case 'dict':
      if (isObject(input)) return { ...(/** @type {object} */ (input)) };
      return fail('dict_type', 'Input should be a valid dictionary');
    case 'literal':
      if (type.values.includes(/** @type {string} */ (input))) return input;
      return fail('literal_error', `Input should be ${type.values.map((v) => `'${v}'`).join(' or ')}`);
    case 'nullable':
      return input === null ? null : check(type.of, input, loc, errors);
    case 'list':
      if (!Array.isArray(input)) return fail('list_type', 'Input should be a valid list');
      return input.map((item, i) => check(type.of, item, [...loc, i], errors));
    case 'union': {
      // Smart mode: the first member that validates; otherwise every member's errors.
      const tried = [];
      for (const member of type.of) {
        const own = /** @type {InputError[]} */ ([]);
        const value = check(member, input, [...loc, member.kind], own);
        if (!own.length) return value;
        tried.push(...own);
      }
      errors.push(...tried);
      return undefined;
    }
    case 'tagged': {
      if (!isObject(input)) return fail('model_attributes_type', 'Input should be a valid dictionary or object to extract fields from');
      const tag = /** @type {Record<string, unknown>} */ (input)[type.key];
      if (tag === undefined) return fail('union_tag_not_found', `Unable to extract tag using discriminator '${type.key}'`);
      const cases = Object.keys(type.cases);
      if (typeof tag !== 'string' || !cases.includes(tag)) {
        return fail('union_tag_invalid', `Input tag '${String(tag)}' found using '${type.key}' does not match any of the expected tags: ${cases.map((c) => `'${c}'`).join(', ')}`);
      }
      return check(type.cases[tag], input, [...loc, tag], errors);
    }
    case 'model':
      return checkModel(type, input, loc, errors);
  }
}

/** @param {Model} spec @param {unknown} input @param {(string | number)[]} loc @param {InputError[]} errors */
function checkModel(spec, input, loc, errors) {
  if (!isObject(input)) {
    errors.push({ type: 'model_type', loc, msg: `Input should be a valid dictionary or instance of ${spec.name}` });
    return undefined;
  }
  const source = /** @type {Record<string, unknown>} */ (input);
  const before = errors.length;
  /** @type {Record<string, unknown>} */
  const out = {};
  const known = new Set();
  for (const field of spec.fields) {
    known.add(field.alias).add(field.name);
    // (A key holding `undefined` counts as absent: it would not survive JSON.)
    const key = source[field.alias] !== undefined ? field.alias : source[field.name] !== undefined ? field.name : undefined;
    if (key === undefined) {
      if (!('default' in field)) errors.push({ type: 'missing', loc: [...loc, field.alias], msg: 'Field required' });
      else if (field.default !== null) out[field.alias] = field.default;
      continue;
    }
    const value = check(field.type, source[key], [...loc, field.alias], errors);
    // An Optional field that is None is left out of the dump, as the SDK's base model does.
    if (!(value === null && field.default === null)) out[field.alias] = value;
  }
  for (const [key, value] of Object.entries(source)) if (!known.has(key) && value !== undefined) out[key] = value;
  if (errors.length === before) {
    const problem = spec.after?.(out);
    if (problem) errors.push({ type: 'value_error', loc, msg: `Value error, ${problem}` });
  }
  return errors.length === before ? out : undefined;
}

/**
 * Validates a request body as the Python `RunAgentInput` does.
 * @param {unknown} body parsed JSON
 * @returns {{ ok: true, value: Record<string, any> } | { ok: false, errors: InputError[] }}
 *   value: the dump (camelCase keys, defaults filled, None optionals left out, extras kept)
 */
export function parseRunAgentInput(body) {
  /** @type {InputError[]} */
  const errors = [];
  const value = checkModel(RUN_AGENT_INPUT, body, [], errors);
  return errors.length ? { ok: false, errors } : { ok: true, value: /** @type {Record<string, any>} */ (value) };
}

/** RunAgentInput's own keys: what Soliplex stores of an input and gives back in a run's GET. */
const STORED_KEYS = ['threadId', 'runId', 'parentRunId', 'state', 'messages', 'tools', 'context', 'forwardedProps'];

/**
 * The input as a run's GET shows it: Soliplex rebuilds it from the stored fields, so `resume` and any
 * extra top-level keys are gone (extras inside messages survive).
 * @param {Record<string, any>} value a `parseRunAgentInput` dump
 */
export function storedRunInput(value) {
  return Object.fromEntries(STORED_KEYS.filter((key) => key in value).map((key) => [key, value[key]]));
}

/** One line per error, for the server log (`messages.2.tool.content: Input should be a valid string`). */
export function describeInputErrors(/** @type {InputError[]} */ errors) {
  return errors.map((e) => `${e.loc.join('.') || '(body)'}: ${e.msg}`).join('; ');
}

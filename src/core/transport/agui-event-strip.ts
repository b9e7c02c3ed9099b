import { TransportError } from './transport.js';
import type { RetiredState } from './agui-strip-stage.js';
// The verifier's rare rules travel in this chunk: they load with the same events' first (agui-strip-stage.ts).
export { checkOutcome, expandEvent, protocolVersionWarning, rareState, verifyRare } from './agui-verifier-rare.js';
export { RARE_FIELDS } from './agui-event-fields-rare.js';

/**
 * AG-UI 1.1's enforcement stage (spec/1.1/basic/processing): what the protocol does not describe is
 * not an error, it is stripped before the application sees it, with a warning naming its path —
 * an unknown property on a known event, an outcome or content part of a kind named after this
 * client shipped, a JSON Patch operation RFC 6902 does not define. Where it sits decides what goes:
 * an optional field is removed, an element of a list is dropped (the list survives), a part whose
 * source is unknown goes whole. Objects the schema leaves open (metadata, patch operations'
 * members, state, tool arguments, `CUSTOM` / `RAW` payloads) are never touched.
 */

/** Reports one kind of material (one warning per kind per run), with the message to show. */
export type CompatWarn = (kind: string, message: string) => void;

/** The pre-1.0 reasoning events (retired in 1.0, era 0.0.45) and what replaces each. */
const THINKING: Readonly<Record<string, string>> = {
  THINKING_START: 'REASONING_START',
  THINKING_END: 'REASONING_END',
  THINKING_TEXT_MESSAGE_START: 'REASONING_MESSAGE_START',
  THINKING_TEXT_MESSAGE_CONTENT: 'REASONING_MESSAGE_CONTENT',
  THINKING_TEXT_MESSAGE_END: 'REASONING_MESSAGE_END',
};
/** Optional fields pre-1.0 producers sent as `null`, by the event types that carry them (`*`: any). */
const LEGACY_NULLS: Readonly<Record<string, string>> = { rawEvent: '*', parentMessageId: 'TOOL_CALL_START TOOL_CALL_CHUNK', result: 'RUN_FINISHED SUBAGENT_FINISHED', outcome: 'RUN_FINISHED' };

/**
 * The compatibility boundary (spec 1.1, versioning: retired shapes are translated before enforcement,
 * not dropped): a retired `THINKING_*` event becomes its `REASONING_*` replacement — the ids it
 * lacks taken from the span or message it continues (`state`), the role `reasoning` —, an optional
 * field sent as `null` (pre-1.0 producers did) becomes absent, and a 0.x binary content part in a
 * messages snapshot becomes its 1.0 media part. Each kind of translation warns once
 * per run (every `THINKING_*` event is one kind); one that loses content (`THINKING_START`'s `title`,
 * which `REASONING_START` has no place for) says what was lost. Anything else comes back as it is.
 */
export function translateRetired(event: Json, state: RetiredState, warn: CompatWarn): Json {
  const type = event['type'] as string;
  let out = event;
  for (const field in LEGACY_NULLS) {
    if (out[field] !== null || (LEGACY_NULLS[field] !== '*' && !LEGACY_NULLS[field]!.split(' ').includes(type))) continue;
    const { [field]: _, ...rest } = out;
    out = rest;
    warn(`${type}.${field}: null`, `read ${type}.${field}: null as absent: AG-UI 1.0 retired null for optional fields (upgrade the agent's AG-UI integration to remove this)`);
  }
  if (type === 'MESSAGES_SNAPSHOT' && Array.isArray(out['messages'])) {
    const messages = stripList(out['messages'], '', (message) => upgradeBinaryParts(message, warn));
    if (messages !== out['messages']) out = { ...out, messages };
  }
  const replacement = THINKING[type];
  if (!replacement) return out;
  warn('THINKING_*', `translated the retired THINKING_* events to REASONING_* (${type} to ${replacement}): the agent speaks AG-UI from before 1.0 (upgrade its AG-UI integration to remove this)`);
  const { title, ...rest } = out;
  if (title !== undefined) warn(`${type}.title`, `dropped ${type}'s title ${JSON.stringify(title)}: ${replacement} has no title, so the span's label is lost`);
  switch (replacement) {
    case 'REASONING_START':
      return { ...rest, type: replacement, messageId: (state.span = crypto.randomUUID()) };
    case 'REASONING_MESSAGE_START':
      return { ...rest, type: replacement, messageId: (state.message = crypto.randomUUID()), role: 'reasoning' };
    case 'REASONING_END': {
      // No opener: an id nothing opened, which the sequencing checks then reject as content without a start.
      const messageId = state.span ?? crypto.randomUUID();
      state.span = undefined;
      return { ...rest, type: replacement, messageId };
    }
    default: {
      const messageId = state.message ?? crypto.randomUUID();
      if (replacement === 'REASONING_MESSAGE_END') state.message = undefined;
      return { ...rest, type: replacement, messageId };
    }
  }
}

/** A 0.x binary content part (`{type: "binary", mimeType, data | url | id, filename?}`), retired in 1.0. */
const isBinary = (part: unknown): part is Json => isObject(part) && part['type'] === 'binary' && typeof part['mimeType'] === 'string';

/**
 * A 0.x binary part as the 1.0 media part `@ag-ui/client`'s compatibility boundary makes of it: the
 * kind by MIME type (`image/`, `audio/`, `video/`, else a document), inline `data` or a `url` as its
 * source, a `filename` as its metadata. One with neither (an id only) cannot be upgraded: it stays,
 * and enforcement strips it as an unknown part.
 */
function upgradeBinary(part: Json): Json {
  const { mimeType, data, url, filename } = part as { mimeType: string; data?: unknown; url?: unknown; filename?: unknown };
  const source = typeof data === 'string' && data ? { type: 'data', value: data } : typeof url === 'string' && url ? { type: 'url', value: url } : undefined;
  if (!source) return part;
  const kind = /^(image|audio|video)\//.exec(mimeType)?.[1] ?? 'document';
  return { type: kind, source: { ...source, mimeType }, ...(typeof filename === 'string' && filename ? { metadata: { filename } } : {}) };
}

/** Whether `part` is already the media part `upgraded` (the boundary keeps one copy when a message carries both shapes). */
function sameMedia(part: unknown, upgraded: Json): boolean {
  if (!isObject(part) || part['type'] !== upgraded['type'] || !isObject(part['source'])) return false;
  const [a, b] = [part['source'], upgraded['source'] as Json];
  const filename = (upgraded['metadata'] as Json | undefined)?.['filename'];
  return a['type'] === b['type'] && a['value'] === b['value'] && a['mimeType'] === b['mimeType'] && (filename === undefined || (part['metadata'] as Json | undefined)?.['filename'] === filename);
}

/** A message whose content holds 0.x binary parts, with each upgraded to its media part (one warning per run). */
function upgradeBinaryParts(message: unknown, warn: CompatWarn): unknown {
  const content = isObject(message) ? message['content'] : undefined;
  if (!Array.isArray(content) || !content.some(isBinary)) return message;
  warn('binary', 'upgraded 0.x binary content parts to 1.0 media parts (image, audio, video or document by their MIME type): the agent speaks AG-UI from before 1.0 (upgrade its AG-UI integration to remove this)');
  const upgraded = content.flatMap((part: unknown) => {
    if (!isBinary(part)) return [part];
    const media = upgradeBinary(part);
    return media !== part && content.some((other: unknown) => sameMedia(other, media)) ? [] : [media];
  });
  return { ...(message as Json), content: upgraded };
}

/** Reports one stripped path: `kind` is the path without indices (one warning per kind per run). */
export type StripWarn = (kind: string, path: string) => void;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const keys = (list: string) => new Set(list.split(','));

/** Fields every event may carry (`BaseEvent`). */
const BASE = keys('type,timestamp,rawEvent,metadata');
/** Events the schema does not make attributable (`subagentRunId` is unknown on them). */
const UNATTRIBUTED = keys('MESSAGES_SNAPSHOT,RUN_STARTED,RUN_FINISHED,RUN_ERROR');

const RUN_OUTCOMES: Readonly<Record<string, Set<string>>> = {
  success: keys('type,pendingToolCallIds'),
  interrupt: keys('type,interrupts'),
  cancelled: keys('type'),
};
const SUBAGENT_OUTCOMES: Readonly<Record<string, Set<string>>> = { success: keys('type'), suspended: keys('type,interruptIds') };

const MESSAGE_FIELDS = 'id,role,subagentRunId,metadata,content,encryptedValue,encryptedValueType,';
const MESSAGES: Readonly<Record<string, Set<string>>> = {
  user: keys(MESSAGE_FIELDS + 'name'),
  system: keys(MESSAGE_FIELDS + 'name'),
  developer: keys(MESSAGE_FIELDS + 'name'),
  assistant: keys(MESSAGE_FIELDS + 'name,toolCalls'),
  tool: keys(MESSAGE_FIELDS + 'toolCallId,error'),
  reasoning: keys(MESSAGE_FIELDS),
  activity: keys(MESSAGE_FIELDS + 'activityType'),
};
const TOOL_CALL = keys('id,type,function,encryptedValue,encryptedValueType,metadata');
const FUNCTION = keys('name,arguments');

const TEXT_PART = keys('type,id,text,metadata');
const MEDIA_PART = keys('type,id,source,metadata');
const MEDIA = keys('image,audio,video,document');
const SOURCES: Readonly<Record<string, Set<string>>> = { data: keys('type,value,mimeType'), url: keys('type,value,mimeType'), file: keys('type,value,provider,mimeType') };

const PATCH_OPS = keys('add,remove,replace,move,copy,test');
/** The roles a text message may take (`TEXT_MESSAGE_START` / `_CHUNK`): a closed set. */
const TEXT_ROLES = keys('developer,system,assistant,user');

/** The value to drop from a list. */
const DROP = Symbol('drop');

function fatal(reason: string): never {
  throw new TransportError('protocol', `The agent sent a stream this client cannot follow: ${reason}.`);
}

/** `value` without the keys `known` does not name (the same object when it has none). */
function stripKeys(value: Json, known: Set<string>, path: string, warn: StripWarn): Json {
  let out: Json | undefined;
  for (const key in value) {
    if (known.has(key)) continue;
    out ??= { ...value };
    delete out[key];
    warn(`${path.replace(/\/\d+/g, '/*')}/${key}`, `${path}/${key}`);
  }
  return out ?? value;
}

/** A list with `strip` applied to each element (DROP removes it), the same array when nothing changed. */
function stripList(list: unknown[], path: string, strip: (item: unknown, path: string) => unknown): unknown[] {
  let out: unknown[] | undefined;
  list.forEach((item, i) => {
    const next = strip(item, `${path}/${i}`);
    if (next !== item && !out) out = list.slice(0, i);
    if (out && next !== DROP) out.push(next);
  });
  return out ?? list;
}

/** Reports a dropped element under its own path. */
function dropped(path: string, warn: StripWarn): typeof DROP {
  warn(path.replace(/\/\d+/g, '/*'), path);
  return DROP;
}

/** One content part: an unknown kind, or a media part whose source is of an unknown kind, goes whole. */
function stripPart(part: unknown, path: string, warn: StripWarn): unknown {
  if (!isObject(part) || typeof part['type'] !== 'string') fatal(`the content part at ${path} has no type`);
  if (part['type'] === 'text') return stripKeys(part, TEXT_PART, path, warn);
  if (!MEDIA.has(part['type'])) return dropped(path, warn);
  const source = part['source'];
  if (!isObject(source)) return part; // malformed: left for the checks that read it
  const known = SOURCES[source['type'] as string];
  if (!known) return dropped(path, warn);
  const kept = stripKeys(part, MEDIA_PART, path, warn);
  const keptSource = stripKeys(source, known, `${path}/source`, warn);
  return keptSource === source ? kept : { ...kept, source: keptSource };
}

function stripContent(content: unknown, path: string, warn: StripWarn): unknown {
  return Array.isArray(content) ? stripList(content, path, (part, at) => stripPart(part, at, warn)) : content;
}

/** One message of a `MESSAGES_SNAPSHOT`: an unknown role drops it; unknown fields, parts and call fields go. */
function stripMessage(message: unknown, path: string, warn: StripWarn): unknown {
  if (!isObject(message)) fatal(`the message at ${path} is not an object`);
  const known = MESSAGES[message['role'] as string];
  if (!known) return dropped(path, warn);
  let out = stripKeys(message, known, path, warn);
  const content = stripContent(out['content'], `${path}/content`, warn);
  if (content !== out['content']) out = { ...out, content };
  if (Array.isArray(out['toolCalls'])) {
    const calls = stripList(out['toolCalls'], `${path}/toolCalls`, (call, at) => {
      if (!isObject(call)) return call;
      const kept = stripKeys(call, TOOL_CALL, at, warn);
      const fn = kept['function'];
      const keptFn = isObject(fn) ? stripKeys(fn, FUNCTION, `${at}/function`, warn) : fn;
      return keptFn === fn ? kept : { ...kept, function: keptFn };
    });
    if (calls !== out['toolCalls']) out = { ...out, toolCalls: calls };
  }
  return out;
}

/** A JSON Patch: an operation RFC 6902 does not define is dropped; the members of a known one are kept (open objects). */
function stripPatch(patch: unknown[], path: string, warn: StripWarn): unknown[] {
  return stripList(patch, path, (op, at) => (isObject(op) && !PATCH_OPS.has(op['op'] as string) ? dropped(at, warn) : op));
}

/**
 * An outcome in its optional slot: absent (or `null`) stays absent; a kind this client does not know
 * is removed with a warning (the run ends as an outcome-less one does); anything but an object is a
 * malformed known value, fatal.
 */
function stripOutcome(event: Json, kinds: Readonly<Record<string, Set<string>>>, warn: StripWarn): Json {
  const outcome = event['outcome'];
  if (outcome === undefined) return event;
  if (outcome === null) {
    const { outcome: _, ...rest } = event;
    return rest;
  }
  if (!isObject(outcome) || typeof outcome['type'] !== 'string') fatal(`'${event['type'] as string}' has an outcome that is not an outcome object`);
  const known = kinds[outcome['type']];
  if (!known) {
    warn('/outcome', '/outcome');
    const { outcome: _, ...rest } = event;
    return rest;
  }
  const kept = stripKeys(outcome, known, '/outcome', warn);
  return kept === outcome ? event : { ...event, outcome: kept };
}

/**
 * `event` without what AG-UI 1.1 does not describe (the same object when there is nothing to strip:
 * the usual case, checked without copying). `fields` names the type's own fields.
 */
export function stripEvent(event: Json, fields: Readonly<Record<string, unknown>>, warn: StripWarn): Json {
  const type = event['type'] as string;
  let out: Json | undefined;
  for (const key in event) {
    if (key in fields || BASE.has(key) || (key === 'subagentRunId' && !UNATTRIBUTED.has(type))) continue;
    out ??= { ...event };
    delete out[key];
    warn(`/${key}`, `/${key}`);
  }
  let next = out ?? event;
  switch (type) {
    case 'RUN_FINISHED':
      return stripOutcome(next, RUN_OUTCOMES, warn);
    case 'SUBAGENT_FINISHED':
      return stripOutcome(next, SUBAGENT_OUTCOMES, warn);
    case 'TOOL_CALL_RESULT': {
      const content = stripContent(next['content'], '/content', warn);
      return content === next['content'] ? next : { ...next, content };
    }
    case 'MESSAGES_SNAPSHOT': {
      const messages = Array.isArray(next['messages']) ? stripList(next['messages'], '/messages', (m, at) => stripMessage(m, at, warn)) : next['messages'];
      return messages === next['messages'] ? next : { ...next, messages };
    }
    case 'TEXT_MESSAGE_START':
    case 'TEXT_MESSAGE_CHUNK': {
      // A role outside the closed set is an unrecognised member in an optional position: it goes
      // (spec 1.1, processing), and the message takes the default role, `assistant`.
      const role = next['role'];
      if (typeof role !== 'string' || TEXT_ROLES.has(role)) return next;
      warn('/role', `/role (${JSON.stringify(role)})`);
      const { role: _, ...rest } = next;
      return rest;
    }
    case 'STATE_DELTA':
    case 'ACTIVITY_DELTA': {
      const field = type === 'STATE_DELTA' ? 'delta' : 'patch';
      const list = next[field];
      if (!Array.isArray(list)) return next;
      const kept = stripPatch(list, `/${field}`, warn);
      if (kept !== list) next = { ...next, [field]: kept };
      return next;
    }
    default:
      return next;
  }
}

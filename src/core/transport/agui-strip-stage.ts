import { REQUIRED, type FieldRule } from './agui-event-fields.js';
import { AGUI_PROTOCOL_VERSION } from './protocol-version.js';

/**
 * The strip stage of AG-UI 1.1's processing (agui-event-strip.ts: the compatibility shims for retired
 * shapes, and the stripping of what the protocol does not describe) is its own chunk: an ordinary
 * stream never needs it, so it loads with the first event that does; the verifier's rare rules
 * (agui-verifier-rare.ts: chunks, tool calls, reasoning, activities, subagents, outcomes) come with it. Which event does is decided here,
 * cheaply and exactly (`needsStripStage`); the transports load the stage in their frame loops before
 * they hand such an event on, so events keep their order and the verifier stays synchronous.
 */

export type StripStage = typeof import('./agui-event-strip.js');

/** The retired-shape translation's state for one stream (the `THINKING_*` span and message open). */
export interface RetiredState {
  span?: string;
  message?: string;
}

/** The stage, once loaded. */
export let stripStage: StripStage | undefined;
let loading: Promise<StripStage> | undefined;

/** Loads the stage (once; later calls share the load). */
export function loadStripStage(): Promise<StripStage> {
  return (loading ??= import('./agui-event-strip.js').then((stage) => (stripStage = stage)));
}

/**
 * The fields an event type has (agui-event-fields.ts; a rare type's once the stage, which brings
 * them, has loaded: agui-event-fields-rare.ts); undefined for a type AG-UI does not define.
 */
export function fieldsOf(type: string): Readonly<Record<string, FieldRule>> | undefined {
  return (REQUIRED as Record<string, Readonly<Record<string, FieldRule>>>)[type] ?? (stripStage?.RARE_FIELDS as Record<string, Readonly<Record<string, FieldRule>>> | undefined)?.[type];
}

const BASE = new Set(['type', 'timestamp', 'rawEvent', 'metadata']);
/** Events the schema does not make attributable (`subagentRunId` is unknown on them). */
const UNATTRIBUTED = new Set(['MESSAGES_SNAPSHOT', 'RUN_STARTED', 'RUN_FINISHED', 'RUN_ERROR']);
/** The nested material the stage checks, by event type: an outcome, content parts, messages, a patch. */
const NESTED: Readonly<Record<string, string>> = {
  RUN_FINISHED: 'outcome',
  SUBAGENT_FINISHED: 'outcome',
  TOOL_CALL_RESULT: 'content',
  MESSAGES_SNAPSHOT: 'messages',
  STATE_DELTA: 'delta',
  ACTIVITY_DELTA: 'patch',
};
/** Optional fields pre-1.0 producers sent as `null`: translated to absent (with a warning). */
const LEGACY_NULLS = new Set(['rawEvent', 'parentMessageId', 'result', 'outcome']);
/** The versions a `RUN_STARTED` may declare without a word (this client's, and 1.0, which it reads as well). */
const QUIET_VERSIONS = new Set<unknown>([undefined, '1.0', AGUI_PROTOCOL_VERSION]);
/** A text message's roles (a closed set: another one is stripped, with a warning). */
const TEXT_ROLES = new Set(['developer', 'system', 'assistant', 'user']);

/**
 * Whether `event` (a frame as received) needs the strip stage: a retired `THINKING_*` event, a
 * legacy `null`, a `RUN_STARTED` declaring another protocol version than 1.0 or 1.1, a property its type does not describe, a text message role outside the closed set,
 * or nested material of its own (an outcome, content parts, a messages snapshot's messages, a patch)
 * that may hold what the protocol does not describe. An unknown event type does not (it is dropped
 * without it), nor does anything not an event.
 */
export function needsStripStage(event: unknown): boolean {
  // Asked of each event twice, by the transport (`stripStageFor`) and by the verifier, one after the
  // other: the second time is answered from the first while the stage stays as it was (events are
  // not changed once received; the stage, stripping, makes new ones).
  if (event === lastEvent && stripStage === lastStage) return lastNeeds;
  lastNeeds = checkStripStage(event);
  lastEvent = event;
  lastStage = stripStage;
  return lastNeeds;
}
/** The last event `needsStripStage` was asked about, the stage then, and its answer. */
let lastEvent: unknown;
let lastStage: StripStage | undefined;
let lastNeeds = false;

function checkStripStage(event: unknown): boolean {
  if (typeof event !== 'object' || event === null) return false;
  const e = event as Record<string, unknown>;
  const type = e['type'];
  if (typeof type !== 'string') return false;
  if (type.startsWith('THINKING_')) return true;
  // A rare type before the stage has loaded: `needsRareRules` loads it, and this is asked again then.
  const fields = fieldsOf(type);
  if (!fields) return false;
  const nested = NESTED[type];
  if (nested !== undefined) {
    const value = e[nested];
    if (Array.isArray(value) ? value.length > 0 : value !== undefined && type.endsWith('FINISHED')) return true;
  }
  // Another declared version is read there (a newer or unreadable one draws a warning).
  if (type === 'RUN_STARTED' && !QUIET_VERSIONS.has(e['protocolVersion'])) return true;
  if (type.startsWith('TEXT_MESSAGE_') && typeof e['role'] === 'string' && !TEXT_ROLES.has(e['role'])) return true;
  for (const key in e) {
    if (e[key] === null && LEGACY_NULLS.has(key)) return true;
    if (!(key in fields) && !BASE.has(key) && !(key === 'subagentRunId' && !UNATTRIBUTED.has(type))) return true;
  }
  return false;
}

/** Event types the verifier's rare rules take (agui-verifier-rare.ts, in the stage's chunk). */
const RARE = /^(?:TOOL_CALL_|STEP_|REASONING_|ACTIVITY_|SUBAGENT_)|_CHUNK$/;

/**
 * Whether `event` (a frame as received) takes one of the verifier's rare rules, which load with the
 * stage: a `*_CHUNK` to expand, a tool call (a call loads the tool machinery anyway), a step,
 * reasoning, an activity or a subagent. A stream of plain text never does.
 */
export function needsRareRules(event: unknown): boolean {
  const type = typeof event === 'object' && event !== null ? (event as Record<string, unknown>)['type'] : undefined;
  return typeof type === 'string' && RARE.test(type);
}

/** A promise for the stage when `event` needs it and it has not loaded yet; undefined otherwise (the usual case). */
export function stripStageFor(event: unknown): Promise<StripStage> | undefined {
  return !stripStage && (needsStripStage(event) || needsRareRules(event)) ? loadStripStage() : undefined;
}

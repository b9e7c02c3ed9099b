// How a Soliplex run's events reach the wire (and its stored list, which is the same thing: stored
// events are what was delivered, so `Last-Event-ID` indexes match). Soliplex's `agui_sse_delivery`:
// - `message` (Soliplex's default): a message's deltas (text, thinking, reasoning, tool-call args) are
//   held and merged until any other event arrives (normally that message's END), then sent as ONE
//   delta. As in Soliplex's compact_event_stream, a delta of another message or call that arrives while
//   one is held is sent at once, after the held one, not held itself.
// - `bounded`: merged the same way, but sent once `maxDeltas` deltas or `maxBytes` bytes (UTF-8) are
//   held, or after about `maxMs`; a different delta flushes the held one and starts holding.
// - `token`: every delta as produced (the demo's old behaviour; not a Soliplex mode).
// A delta still held when production ends is sent then (Soliplex would drop it; a real run always
// ends with END and RUN_FINISHED, so this only spares hand-written scripts a silent loss).
// Soliplex also sends a final STATE_SNAPSHOT (the agent's state: the input's, changed by the run's
// own STATE_SNAPSHOT / STATE_DELTA events) just before RUN_FINISHED or RUN_ERROR.
import jsonPatch from 'fast-json-patch';

/**
 * @typedef {'message' | 'token' | { strategy: 'bounded', maxDeltas: number, maxBytes: number, maxMs: number }} Delivery
 * @typedef {(event: Record<string, any>) => void} Emit
 */

/** Event type → the field naming what its deltas belong to. */
const COMPACTIBLE = /** @type {Record<string, string>} */ ({
  TEXT_MESSAGE_CONTENT: 'messageId',
  THINKING_TEXT_MESSAGE_CONTENT: 'messageId',
  REASONING_MESSAGE_CONTENT: 'messageId',
  TOOL_CALL_ARGS: 'toolCallId',
});

const TERMINAL = new Set(['RUN_FINISHED', 'RUN_ERROR']);

/**
 * Checks a delivery setting (option, env var, test route); throws a readable Error when invalid.
 * @param {unknown} value @returns {Delivery}
 */
export function parseDelivery(value) {
  if (value === 'message' || value === 'token') return value;
  if (typeof value === 'string' && value.startsWith('bounded')) {
    // `bounded:DELTAS,BYTES,MS` (env var / CLI form)
    const [maxDeltas, maxBytes, maxMs] = value.slice('bounded:'.length).split(',').map(Number);
    return parseDelivery({ strategy: 'bounded', maxDeltas, maxBytes, maxMs });
  }
  const bounded = /** @type {any} */ (value);
  if (bounded?.strategy === 'bounded') {
    for (const key of ['maxDeltas', 'maxBytes', 'maxMs']) {
      if (!Number.isInteger(bounded[key]) || bounded[key] < 1) throw new Error(`bounded delivery: ${key} must be a positive integer`);
    }
    return { strategy: 'bounded', maxDeltas: bounded.maxDeltas, maxBytes: bounded.maxBytes, maxMs: bounded.maxMs };
  }
  throw new Error(`unknown Soliplex delivery ${JSON.stringify(value)}: use "message", "token" or "bounded:DELTAS,BYTES,MS"`);
}

/**
 * The delivery stage between a run's producer and its stored event list.
 * @param {Delivery} delivery @param {Emit} emit
 * @returns {{ push: Emit, end: () => void }}
 */
export function createDelivery(delivery, emit) {
  if (delivery === 'token') return { push: emit, end() {} };
  const bounded = typeof delivery === 'object' ? delivery : undefined;
  /** @type {Record<string, any> | null} */
  let held = null;
  let count = 0;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;

  const release = () => {
    clearTimeout(timer);
    if (!held) return;
    const event = held;
    held = null;
    emit(event);
  };
  const hold = (/** @type {Record<string, any>} */ event) => {
    held = { ...event };
    count = 1;
    if (bounded) timer = setTimeout(release, bounded.maxMs);
  };

  return {
    push(event) {
      const key = COMPACTIBLE[event.type];
      if (held && event.type === held.type && key && event[key] === held[key]) {
        held.delta = `${held.delta ?? ''}${event.delta ?? ''}`;
        count++;
      } else if (held) {
        release();
        if (bounded && key) hold(event);
        else emit(event);
      } else if (key) hold(event);
      else emit(event);
      if (bounded && held && (count >= bounded.maxDeltas || Buffer.byteLength(held.delta ?? '') >= bounded.maxBytes)) release();
    },
    end: release,
  };
}

/**
 * Inserts the agent's final state as a STATE_SNAPSHOT before each terminal event.
 * @param {unknown} initial the run input's state (`{}` when it has none) @param {Emit} emit
 * @returns {Emit}
 */
export function withFinalState(initial, emit) {
  let state = structuredClone(initial ?? {});
  return (event) => {
    if (event.type === 'STATE_SNAPSHOT') state = structuredClone(event.snapshot);
    else if (event.type === 'STATE_DELTA') {
      try {
        state = jsonPatch.applyPatch(structuredClone(state), event.delta, false, false).newDocument;
      } catch {
        // A delta that does not apply leaves the state as it was (the client will complain on its own).
      }
    } else if (TERMINAL.has(event.type)) emit({ type: 'STATE_SNAPSHOT', snapshot: structuredClone(state) });
    emit(event);
  };
}

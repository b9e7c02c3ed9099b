import { EventType } from '@ag-ui/core';
import { TransportError } from './transport.js';
import { MAX_FRAME_CHARS, closeCutJson } from './sse-reader.js';

/**
 * Events whose size is text that may be cut (a message's text, a call's arguments, a result): a frame
 * of one of these past MAX_FRAME_CHARS is read as its first CUT_FRAME_CHARS characters, the text cut
 * there (the reducer then cuts the text to MAX_TEXT_CHARS and marks it). Any other event so large
 * (a snapshot, say) cannot be cut without changing its meaning: the run fails with a clear error.
 */
const CUTTABLE: ReadonlySet<string> = new Set([
  EventType.TEXT_MESSAGE_CONTENT,
  EventType.TEXT_MESSAGE_CHUNK,
  EventType.TOOL_CALL_ARGS,
  EventType.TOOL_CALL_CHUNK,
  EventType.TOOL_CALL_RESULT,
  EventType.REASONING_MESSAGE_CONTENT,
  EventType.REASONING_MESSAGE_CHUNK,
]);

/**
 * Parses one SSE frame's data as JSON. A `cut` frame (its data is the first CUT_FRAME_CHARS of a
 * frame past MAX_FRAME_CHARS) is closed where it was cut: the string it was cut in ends there, and so do the
 * objects and arrays still open. That works when the cut falls in a string value (a huge frame is huge
 * because of one), and the event is one whose text may be cut (CUTTABLE); otherwise a clear
 * TransportError says the event was too large. Throws SyntaxError for data that is not JSON.
 */
export function parseFrameJson(data: string, cut: boolean): unknown {
  if (!cut) return JSON.parse(data);
  // Loaded by forEachSseFrame before it hands a cut frame on.
  const closed = closeCutJson?.(data);
  let event: unknown;
  try {
    event = closed === undefined ? undefined : JSON.parse(closed);
  } catch {
    event = undefined;
  }
  const type = (event as { type?: unknown } | undefined)?.type;
  if (typeof type !== 'string' || !CUTTABLE.has(type)) {
    const what = typeof type === 'string' ? `a ${type} event` : 'an event';
    throw new TransportError('protocol', `The agent sent ${what} larger than ${MAX_FRAME_CHARS / 2 ** 20} Mi characters, which this client does not read.`);
  }
  return event;
}

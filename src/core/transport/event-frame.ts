import { EventType } from '@ag-ui/core';
import { TransportError } from './transport.js';
import { MAX_FRAME_CHARS } from './sse-reader.js';

/**
 * Events whose size is text that may be cut (a message's text, a call's arguments, a result): a frame
 * of one of these past MAX_FRAME_CHARS is read as its first MAX_FRAME_CHARS characters, the text cut
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
 * Parses one SSE frame's data as JSON. A `cut` frame (its data is the beginning of a frame past
 * MAX_FRAME_CHARS) is closed where it was cut: the string it was cut in ends there, and so do the
 * objects and arrays still open. That works when the cut falls in a string value (a huge frame is huge
 * because of one), and the event is one whose text may be cut (CUTTABLE); otherwise a clear
 * TransportError says the event was too large. Throws SyntaxError for data that is not JSON.
 */
export function parseFrameJson(data: string, cut: boolean): unknown {
  if (!cut) return JSON.parse(data);
  const closed = closeCutJson(data);
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

/**
 * The JSON text `prefix` closed where it was cut, when the cut falls inside a string value: an escape
 * cut in half is dropped, the string and every open array and object are closed. Undefined when the
 * cut falls elsewhere. One pass over the text (a charCodeAt loop: some 5–10 ms for 4 Mi characters).
 */
export function closeCutJson(prefix: string): string | undefined {
  const open: number[] = [];
  let inString = false;
  let stringStart = 0;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i;
    } else if (c === 123 /* { */ || c === 91 /* [ */) open.push(c);
    else if (c === 125 || c === 93) open.pop();
  }
  if (!inString || open.length === 0) return undefined;
  // A value, not a key: after a colon (in an object) or in an array.
  const before = prefix.slice(Math.max(0, stringStart - 32), stringStart).trimEnd();
  const inArray = open.at(-1) === 91;
  if (!inArray && !before.endsWith(':')) return undefined;
  let text = prefix;
  // An escape cut in half: `\` alone, or `\u` with fewer than four hex digits.
  const tail = text.slice(-6);
  const escape = tail.lastIndexOf('\\');
  if (escape >= 0 && isCutEscape(text, text.length - tail.length + escape)) text = text.slice(0, text.length - tail.length + escape);
  return `${text}"${open
    .reverse()
    .map((c) => (c === 123 ? '}' : ']'))
    .join('')}`;
}

/** Whether the backslash at `at` starts an escape that the end of `text` cut short. */
function isCutEscape(text: string, at: number): boolean {
  // An escaped backslash (`\\`) is a whole escape: count the run of backslashes ending at `at`.
  let run = 0;
  for (let i = at; i >= 0 && text.charCodeAt(i) === 92; i--) run++;
  if (run % 2 === 0) return false;
  const rest = text.length - at - 1;
  if (rest === 0) return true;
  return text.charCodeAt(at + 1) === 117 /* u */ && rest < 5;
}

/**
 * A tool result as the text the model reads. Plain JSON data (the usual result) is written here, at
 * once; anything JSON cannot carry (cycles, BigInts, Maps, Sets, Errors, DOM nodes, functions, very
 * large values) goes through the safe writer (safe-json.ts), loaded on the first such value.
 */
import { LazyModule } from '../lazy-module.js';

/** The most characters of text a tool result sends the model (about 25,000 tokens). */
export const MAX_TOOL_RESULT_CHARS = 100_000;

const safeJsonModule = new LazyModule(() => import('./safe-json.js'));

/** `text` cut to `maxChars` with a note of how much was left out. */
export function cutText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const keep = Math.max(0, maxChars - 48);
  return `${text.slice(0, keep)}… [${text.length - keep} more characters left out]`;
}

/**
 * JSON text of plain JSON data (plain objects, arrays, strings, finite numbers, booleans, null; a
 * `toJSON` applied, as a Date's) no longer than `maxChars`; undefined for any other value, and for
 * one that is longer (found out early: the walk stops about there).
 */
export function plainJson(value: unknown, maxChars = MAX_TOOL_RESULT_CHARS): string | undefined {
  let plain = true;
  // At most the characters written so far (keys, strings, one character for any other value):
  // past maxChars the walk stops, so a 20 MB result is not written whole only to be thrown away (it
  // took seconds for 200,000 rows); the safe writer then writes the bounded text with its notes.
  let written = 0;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, function (this: unknown, key: string, item: unknown) {
      if (!plain) return undefined;
      if (typeof item === 'object' && item !== null) {
        const proto: unknown = Object.getPrototypeOf(item);
        plain = Array.isArray(item) || proto === Object.prototype || proto === null;
      } else if (typeof item === 'number') plain = Number.isFinite(item);
      else plain = item === null || item === undefined || typeof item === 'string' || typeof item === 'boolean';
      // Never more than what is written (`"key":` outside arrays, a string's quotes, one character at least).
      written += (Array.isArray(this) || key === '' ? 0 : key.length + 3) + (typeof item === 'string' ? item.length + 2 : 1);
      plain &&= written <= maxChars;
      // Once something is not plain (or too much is written) the walk stops: the safe writer takes the whole value.
      return plain ? item : undefined;
    });
  } catch {
    return undefined; // a cycle, a throwing getter or toJSON
  }
  return plain && text !== undefined && text.length <= maxChars ? text : undefined;
}

/**
 * JSON text for any value, now: plain data at once, the rest by the safe writer once it has loaded
 * (this starts the load); until then a value it would describe is named by its kind only.
 */
export function safeJsonNow(value: unknown, maxChars = MAX_TOOL_RESULT_CHARS): string {
  const text = plainJson(value, maxChars) ?? safeJsonModule.loaded?.safeJson(value, maxChars);
  if (text !== undefined) return text;
  safeJsonModule.load().catch(() => {});
  return JSON.stringify(`[${kindOf(value)}]`);
}

/** JSON text for any value, with the safe writer where needed: a promise only while it loads. */
export function safeJsonLater(value: unknown, maxChars = MAX_TOOL_RESULT_CHARS): string | Promise<string> {
  return plainJson(value, maxChars) ?? safeJsonModule.loaded?.safeJson(value, maxChars) ?? safeJsonModule.load().then((module) => module.safeJson(value, maxChars));
}

/**
 * A tool result as the tool message's text: a string as it is, `undefined` as nothing, anything else
 * as JSON, values JSON cannot carry described (never `[object Object]`); bounded to `maxChars` with a
 * note of what was left out. A promise only while the safe writer loads.
 */
export function toolResultText(value: unknown, maxChars = MAX_TOOL_RESULT_CHARS): string | Promise<string> {
  if (value === undefined) return '';
  return typeof value === 'string' ? cutText(value, maxChars) : safeJsonLater(value, maxChars);
}

/** The same, now (see `safeJsonNow`): for callers that cannot wait. */
export function toolResultTextNow(value: unknown, maxChars = MAX_TOOL_RESULT_CHARS): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? cutText(value, maxChars) : safeJsonNow(value, maxChars);
}

function kindOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return typeof value;
  try {
    return (value.constructor as { name?: string } | undefined)?.name || 'object';
  } catch {
    return 'object';
  }
}

import { safeJsonNow } from '../../core/tools/tool-result-text.js';

/**
 * Parses JSON that is still streaming (a tool call's arguments): the longest prefix that can be
 * closed into valid JSON, closed. `{"city":"Os` reads as `{city: "Os"}`, `{"a":[1,2` as `{a: [1, 2]}`.
 * For previews only: undefined when nothing parses yet.
 */
export function parsePartialJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    // still streaming: close it below
  }
  // Drop a few trailing characters at most (a half key, a half literal, a dangling comma or colon).
  for (let end = trimmed.length, tries = 0; end > 0 && tries < 64; end--, tries++) {
    const closed = closeJson(trimmed.slice(0, end));
    if (closed === undefined) continue;
    try {
      return JSON.parse(closed);
    } catch {
      // try a shorter prefix
    }
  }
  return undefined;
}

/** The prefix with its open string, arrays and objects closed; undefined if it cannot be. */
function closeJson(prefix: string): string | undefined {
  const stack: string[] = [];
  let inString = false;
  let escaped = false;
  for (const char of prefix) {
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{') stack.push('}');
    else if (char === '[') stack.push(']');
    else if (char === '}' || char === ']') {
      if (stack.pop() !== char) return undefined;
    }
  }
  if (escaped) return undefined;
  let out = inString ? `${prefix}"` : prefix;
  out = out.replace(/[,:]\s*$/, '');
  return out + stack.reverse().join('');
}

/** `name(city: "Paris", days: 3)`: the arguments of a call on one line, each value kept short. */
export function callSignatureArgs(args: unknown): string {
  if (args === undefined) return '…';
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return short(args);
  return Object.entries(args as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${short(value)}`)
    .join(', ');
}

function short(value: unknown): string {
  const text = safeJsonNow(value, 200);
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

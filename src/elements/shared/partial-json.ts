/**
 * Best-effort parse of JSON that is still streaming (tool arguments): closes an open string and the
 * open objects and arrays, and drops a dangling key, comma or colon. Undefined when even that fails.
 * For display only; the engine parses the complete text itself.
 */
export function parsePartialJson(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // completed below
  }
  const closers: string[] = [];
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') closers.push('}');
    else if (ch === '[') closers.push(']');
    else if (ch === '}' || ch === ']') closers.pop();
  }
  let head = text;
  if (escaped) head = head.slice(0, -1);
  if (inString) head += '"';
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return JSON.parse(head + [...closers].reverse().join(''));
    } catch {
      // `{"a": "x", "b` → drop the dangling key; `{"a":` / `{"a": 1,` → drop the separator
      head = head.replace(/,?\s*"(?:[^"\\]|\\.)*"\s*$/, '').replace(/[,:]\s*$/, '').replace(/,?\s*"(?:[^"\\]|\\.)*"\s*:?\s*$/, '');
    }
  }
  return undefined;
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
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

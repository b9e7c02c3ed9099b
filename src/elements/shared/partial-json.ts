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
  // The text before the last TRIES characters is scanned once (a long call's arguments, cut ones too,
  // must not cost TRIES scans of their whole length on every render).
  const base = Math.max(0, trimmed.length - TRIES);
  const head = scan(trimmed, 0, base, { stack: [], inString: false, escaped: false });
  for (let end = trimmed.length; end > base; end--) {
    const closed = close(trimmed.slice(0, end), scan(trimmed, base, end, { ...head, stack: [...head.stack] }));
    if (closed === undefined) continue;
    try {
      return JSON.parse(closed);
    } catch {
      // try a shorter prefix
    }
  }
  return undefined;
}

const TRIES = 64;

interface ScanState {
  stack: string[];
  inString: boolean;
  escaped: boolean;
  /** Set when a closing bracket does not match: no prefix from here on can be closed. */
  broken?: boolean;
}

/** The state after `text[from, to)`, continuing from `state` (changed in place). */
function scan(text: string, from: number, to: number, state: ScanState): ScanState {
  for (let i = from; i < to && !state.broken; i++) {
    const char = text[i]!;
    if (state.inString) {
      if (state.escaped) state.escaped = false;
      else if (char === '\\') state.escaped = true;
      else if (char === '"') state.inString = false;
      continue;
    }
    if (char === '"') state.inString = true;
    else if (char === '{') state.stack.push('}');
    else if (char === '[') state.stack.push(']');
    else if (char === '}' || char === ']') {
      if (state.stack.pop() !== char) state.broken = true;
    }
  }
  return state;
}

/** The prefix with its open string, arrays and objects closed; undefined if it cannot be. */
function close(prefix: string, state: ScanState): string | undefined {
  if (state.escaped || state.broken) return undefined;
  let out = state.inString ? `${prefix}"` : prefix;
  out = out.replace(/[,:]\s*$/, '');
  return out + [...state.stack].reverse().join('');
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

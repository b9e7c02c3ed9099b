import type { ToolCall } from '../../core/index.js';
import { safeJsonNow } from '../../core/tools/tool-result-text.js';

/** The arguments as shown: the live text while they stream, then pretty-printed JSON. */
export function formatArguments(call: ToolCall): string {
  if (call.status === 'streaming' || call.args === undefined) return call.argsText;
  return prettyJson(call.args);
}

/** JSON with indentation; text that is not JSON-able is shown as it is. */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  // Cycles, BigInts, Maps, DOM nodes…: described, never `[object Object]` (safe JSON is valid JSON).
  return JSON.stringify(JSON.parse(safeJsonNow(value)), null, 2);
}

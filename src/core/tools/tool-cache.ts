/**
 * The opt-in result cache (`ClientTool.cache`): results by thread, tool name and canonical arguments
 * (or the tool's own key), each kept for its `ttlMs`. Only completed calls are stored.
 */

export interface CachedResult {
  readonly value: unknown;
  readonly expires: number;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same arguments. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export class ToolResultCache {
  readonly #entries = new Map<string, CachedResult>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  get(key: string): CachedResult | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.#now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit;
  }

  set(key: string, value: unknown, ttlMs: number): void {
    if (!(ttlMs > 0)) return;
    this.#entries.set(key, { value, expires: this.#now() + ttlMs });
    // Drop expired entries now and then so a long session does not grow the map without bound.
    if (this.#entries.size % 64 === 0) for (const [k, v] of this.#entries) if (v.expires <= this.#now()) this.#entries.delete(k);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** The cache key of one call: thread, tool, then the tool's key or the canonical arguments. */
export function cacheKey(threadId: string, tool: string, args: unknown, key?: (args: never) => string): string {
  return JSON.stringify([threadId, tool, key ? key(args as never) : canonicalJson(args)]);
}

/**
 * `Retry-After` (RFC 9110 §10.2.3): a number of seconds, or an HTTP date. A browser only lets a page
 * read it from another origin when the server lists it in `Access-Control-Expose-Headers`.
 */

/** The wait `Retry-After` asks for, in ms (0 for a date in the past); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Statuses that say the server is busy, not broken: too many requests, or unavailable for now. */
export function isBusyStatus(status: number | undefined): boolean {
  return status === 429 || status === 503;
}

// What a page fetched, for tests of what loads on first use. No imports from src/: a test importing
// this loads nothing of the chat's own by doing so.

// The default buffer (250 entries) fills with the test page's own modules; a full one records no more.
performance.setResourceTimingBufferSize(100_000);

/** Whether the page fetched a source module whose path ends with `name` (.ts or .js). */
export const loaded = (name: string) =>
  performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.replace(/\.(ts|js)$/, '').endsWith(name));

/** Polls `condition` every 10 ms for up to 20 s; `what` names it in the timeout's message. */
export async function until(condition: () => boolean, what = 'condition'): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

/** How long a burst of stream work may run before the page gets the main thread back. */
export const STREAM_SLICE_MS = 8;

/**
 * Gives the page a turn: resolves in a new macrotask, behind whatever is already queued (input,
 * timers, rendering), through a MessageChannel (setTimeout would be clamped to 4 ms once nested).
 * Not `scheduler.yield()`: its continuation jumps ahead of the page's own tasks.
 */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

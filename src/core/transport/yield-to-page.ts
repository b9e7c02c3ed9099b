/**
 * How long a burst of stream work may run before the page gets the main thread back. The frame that
 * follows renders what the slice brought, and rendering Markdown costs several times what reading it
 * did: with 8 ms, frames after a fast stream's slices reached 50–80 ms; with 5 ms they stay well under
 * 50 ms, for about a tenth more total time (A/B runs, 10,000 deltas over loopback).
 */
export const STREAM_SLICE_MS = 5;

/** One channel for the page's life (a new one per turn cost as much as the turn itself); its messages answer the waiting turns in order. */
let channel: MessageChannel | undefined;
const turns: (() => void)[] = [];

function openChannel(): MessageChannel {
  const opened = new MessageChannel();
  opened.port1.onmessage = () => turns.shift()?.();
  // Under Node a listening port keeps the process alive: this one must not.
  (opened.port1 as { unref?: () => void }).unref?.();
  return opened;
}

/**
 * Gives the page a turn: resolves in a new macrotask, behind whatever is already queued (input,
 * timers, rendering), through a MessageChannel (setTimeout would be clamped to 4 ms once nested).
 * Not `scheduler.yield()`: its continuation jumps ahead of the page's own tasks.
 */
export function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    turns.push(resolve);
    (channel ??= openChannel()).port2.postMessage(undefined);
  });
}

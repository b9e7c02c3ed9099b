/**
 * The largest gap between heartbeats while it ran: a MessageChannel message re-posted 10 ms after each
 * arrives, so a gap far past 10 ms is a task that held the page (its length, roughly).
 */
export function heartbeat(): { stop: () => number } {
  let last = performance.now();
  let worst = 0;
  let stopped = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
    if (!stopped) setTimeout(() => channel.port2.postMessage(null), 10);
  };
  channel.port2.postMessage(null);
  return {
    stop() {
      stopped = true;
      channel.port1.close();
      return Math.max(worst, performance.now() - last);
    },
  };
}

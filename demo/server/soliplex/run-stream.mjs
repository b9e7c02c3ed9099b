// Streams a RunChannel onto one HTTP response: `id: {run_id}:{index}` + an encoded `data:` frame per
// event, keepalive comments during silence, replay from an index for Last-Event-ID resumes.
import { EventEncoder } from '@ag-ui/encoder';
import { SSE_HEADERS } from '../http-util.mjs';

/**
 * Resolves when the response is over: run finished, socket cut, client gone or server closing.
 * @param {import('node:http').ServerResponse} res
 * @param {import('./run-channel.mjs').RunChannel} channel
 * @param {{ runId: string, from: number, keepaliveMs: number, signal: AbortSignal }} options
 * @returns {Promise<void>}
 */
export function streamRun(res, channel, { runId, from, keepaliveMs, signal }) {
  const encoder = new EventEncoder();
  res.writeHead(200, SSE_HEADERS).flushHeaders();
  let next = from;
  /** @type {NodeJS.Timeout | undefined} */
  let keepalive;

  const armKeepalive = () => {
    clearTimeout(keepalive);
    // As Soliplex's stream_sse_with_keepalive: a comment carrying the server's monotonic clock (s).
    keepalive = setTimeout(() => write(`: keepalive ${(performance.now() / 1000).toFixed(6)}\n\n`), keepaliveMs);
  };
  const write = (/** @type {string} */ text) => {
    if (res.destroyed || res.writableEnded) return;
    res.write(text);
    armKeepalive();
  };
  const flushEvents = () => {
    for (; next < channel.events.length; next++) {
      write(`id: ${runId}:${next}\n${encoder.encode(/** @type {any} */ (channel.events[next]))}`);
    }
  };

  return new Promise((resolve) => {
    /** @type {() => void} */
    let unsubscribe = () => {};
    const stop = () => {
      clearTimeout(keepalive);
      unsubscribe();
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    const end = () => {
      if (!res.destroyed && !res.writableEnded) res.end();
      stop();
    };
    const onAbort = () => end();

    flushEvents(); // replay is synchronous with subscribing below, so no event can slip between them
    if (channel.finished || signal.aborted) return end();
    armKeepalive();
    signal.addEventListener('abort', onAbort, { once: true });
    unsubscribe = channel.subscribe((note) => {
      if (note.kind === 'event') flushEvents();
      else if (note.kind === 'raw') write(note.text);
      else if (note.kind === 'cut') {
        // Flush what was written, then close the socket mid-response (no final chunk): the client's
        // read fails like a dropped connection. res.destroy() would discard the unflushed frames.
        const socket = res.socket;
        if (socket) socket.end(() => socket.destroy());
        else res.destroy();
        stop();
      } else if (note.kind === 'finish') end();
    });
  });
}

import { STREAM_SLICE_MS, yieldToPage } from './yield-to-page.js';

/** A read that took this long waited for data (a queued chunk is handed over within microseconds). */
const IDLE_READ_MS = 1;

/** One server-sent event: its `data` lines joined, and its `id` if the frame had one. */
export interface SseFrame {
  readonly data: string;
  readonly id?: string;
}

/**
 * Splits a byte stream into SSE frames. Accepts LF, CRLF and CR line endings (the `@ag-ui/client`
 * parser splits on `\n\n` only); comment lines (`: keepalive`) are skipped. A burst of frames (a
 * fast server fills the socket faster than it is read) never holds the main thread for more than
 * about STREAM_SLICE_MS: the reader gives the page a turn between frames, so it stays interactive.
 */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let id: string | undefined;
  let finished = false;
  let sliceStart = performance.now();
  /** Called before each frame is handed on: the consumer's work on the frames before counts too. */
  const pace = async () => {
    if (performance.now() - sliceStart < STREAM_SLICE_MS) return;
    await yieldToPage();
    sliceStart = performance.now();
  };
  try {
    for (;;) {
      const asked = performance.now();
      const { done, value } = await reader.read();
      // A read that had to wait for the network let the page run meanwhile: a new slice starts. Without
      // this, the first frame after a pause (a run's RUN_FINISHED, say) would wait behind a rendering task.
      if (performance.now() - asked >= IDLE_READ_MS) sliceStart = performance.now();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A CR at the end may be the first half of a CRLF split across chunks: hold it back.
      const held = !done && buffer.endsWith('\r') ? '\r' : '';
      const lines = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/);
      // The last piece may be an incomplete line: keep it for the next chunk.
      buffer = done ? '' : (lines.pop() ?? '') + held;
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) {
            await pace();
            yield { data: data.join('\n'), ...(id !== undefined ? { id } : {}) };
          }
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(text);
        else if (field === 'id') id = text;
      }
      if (done) {
        finished = true;
        if (data.length > 0) await pace();
        if (data.length > 0) yield { data: data.join('\n'), ...(id !== undefined ? { id } : {}) };
        return;
      }
    }
  } finally {
    // Ended early (the consumer broke, threw or returned, or a read failed): cancel the body, or
    // releasing the lock alone leaves the HTTP response open. Not awaited: the stream closes at once,
    // and a slow or failing source cancel must not hold up or replace the consumer's own error.
    if (!finished) void reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

import { STREAM_SLICE_MS, yieldToPage } from './yield-to-page.js';

/** A read that took this long waited for data (a queued chunk is handed over within microseconds). */
const IDLE_READ_MS = 1;

/** One server-sent event: its `data` lines joined, and its `id` if the frame had one. */
export interface SseFrame {
  readonly data: string;
  readonly id?: string;
}

/**
 * Receives each frame as it completes; returning `false` stops the reading (the body is cancelled).
 * `id` is the last `id:` seen on the stream so far (SSE's "last event ID"), if any.
 */
export type SseFrameSink = (data: string, id: string | undefined) => boolean | void;

/**
 * Splits decoded SSE text into frames, synchronously: LF, CRLF and CR line endings (the
 * `@ag-ui/client` parser splits on `\n\n` only); comment lines (`: keepalive`) are skipped; a line
 * may be split across chunks anywhere, a CRLF too.
 */
class SseFrameParser {
  #buffer = '';
  /** The frame's `data` lines so far, joined by `\n` (undefined: none yet). */
  #data: string | undefined;
  #id: string | undefined;

  /** Feeds the next piece of text; `last` flushes a final frame that has no blank line after it. */
  push(text: string, last: boolean, sink: (data: string, id: string | undefined) => void): void {
    let buffer = this.#buffer + text;
    // A CR at the end may be the first half of a CRLF split across chunks: hold it back.
    const held = !last && buffer.endsWith('\r');
    if (held) buffer = buffer.slice(0, -1);
    if (buffer.includes('\r')) {
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece may be an incomplete line: kept for the next chunk.
      const rest = lines.pop() ?? '';
      for (const line of lines) this.#line(line, sink);
      buffer = rest;
    } else {
      // The usual case (LF only): no regex, no array of lines.
      let start = 0;
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n', start)) {
        this.#line(buffer.slice(start, end), sink);
        start = end + 1;
      }
      buffer = start === 0 ? buffer : buffer.slice(start);
    }
    this.#buffer = held ? `${buffer}\r` : buffer;
    if (last) {
      if (this.#buffer !== '') this.#line(this.#buffer, sink);
      this.#buffer = '';
      this.#line('', sink);
    }
  }

  #line(line: string, sink: (data: string, id: string | undefined) => void): void {
    if (line === '') {
      const data = this.#data;
      this.#data = undefined;
      if (data !== undefined) sink(data, this.#id);
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data' && field !== 'id') return;
    // One optional space after the colon belongs to the syntax, not the value.
    const value = colon < 0 ? '' : line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    if (field === 'data') this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
    else this.#id = value;
  }
}

/**
 * Reads a byte stream of SSE frames and hands each to `onFrame` as soon as it is complete, in the
 * task that read it (no promise per frame). A burst of frames (a fast server fills the socket faster
 * than it is read) never holds the main thread for more than about STREAM_SLICE_MS: between frames
 * the page gets a turn once a slice is used up, and the consumer's work on the frames counts. Resolves
 * when the stream ends or `onFrame` returns `false`; rejects with what `onFrame` or a read threw. The
 * body is cancelled whenever the reading stops before its end.
 */
export async function forEachSseFrame(body: ReadableStream<Uint8Array>, onFrame: SseFrameSink): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseFrameParser();
  let finished = false;
  let sliceStart = performance.now();
  /** Frames of the current chunk not handed on yet: only when the page must get a turn in between. */
  let waiting: [string, string | undefined][] = [];
  let stopped = false;
  let mustYield = false;
  const deliver = (data: string, id: string | undefined) => {
    if (stopped) return;
    if (mustYield || waiting.length > 0) {
      waiting.push([data, id]);
      return;
    }
    if (onFrame(data, id) === false) stopped = true;
    else if (performance.now() - sliceStart >= STREAM_SLICE_MS) mustYield = true;
  };
  try {
    for (;;) {
      const asked = performance.now();
      const { done, value } = await reader.read();
      // A read that had to wait for the network let the page run meanwhile: a new slice starts. Without
      // this, the first frame after a pause (a run's RUN_FINISHED, say) would wait behind a rendering task.
      if (performance.now() - asked >= IDLE_READ_MS) {
        sliceStart = performance.now();
        mustYield = false;
      } else if (performance.now() - sliceStart >= STREAM_SLICE_MS) mustYield = true;
      parser.push(done ? decoder.decode() : decoder.decode(value, { stream: true }), done, deliver);
      // The frames this chunk held beyond the slice, after a turn of the page. (A slice used up by the
      // last frame waits for the next frame: the end of the stream, a tool hop, goes on at once.)
      while (!stopped && waiting.length > 0) {
        if (mustYield) {
          await yieldToPage();
          sliceStart = performance.now();
          mustYield = false;
        }
        const frames = waiting;
        waiting = [];
        for (let i = 0; i < frames.length; i++) {
          if (mustYield) {
            waiting = frames.slice(i);
            break;
          }
          deliver(...frames[i]!);
        }
      }
      if (stopped) return;
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    // Ended early (the consumer stopped or threw, or a read failed): cancel the body, or releasing the
    // lock alone leaves the HTTP response open. Not awaited: the stream closes at once, and a slow or
    // failing source cancel must not hold up or replace the consumer's own error.
    if (!finished) void reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * The frames of an SSE byte stream as an async iterator (see `forEachSseFrame`, which the transports
 * use: it hands frames on without a promise each). The page gets a turn between frames once a slice
 * is used up; breaking out of the loop, or throwing in it, cancels the body.
 */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseFrameParser();
  let finished = false;
  let sliceStart = performance.now();
  let frames: SseFrame[] = [];
  const collect = (data: string, id: string | undefined) => void frames.push(id !== undefined ? { data, id } : { data });
  try {
    for (;;) {
      const asked = performance.now();
      const { done, value } = await reader.read();
      if (performance.now() - asked >= IDLE_READ_MS) sliceStart = performance.now();
      parser.push(done ? decoder.decode() : decoder.decode(value, { stream: true }), done, collect);
      const chunk = frames;
      frames = [];
      for (const frame of chunk) {
        // Before each frame is handed on: the consumer's work on the frames before counts too.
        if (performance.now() - sliceStart >= STREAM_SLICE_MS) {
          await yieldToPage();
          sliceStart = performance.now();
        }
        yield frame;
      }
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    if (!finished) void reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

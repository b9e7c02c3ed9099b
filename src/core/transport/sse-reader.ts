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

/** The frames each chunk of an SSE body completes, and whether reading it waited for the network. */
interface SseChunk {
  readonly frames: readonly SseFrame[];
  readonly waited: boolean;
}

/**
 * Reads an SSE body chunk by chunk (one promise per chunk, not per frame). Stopping early (the
 * consumer broke, returned or threw, or a read failed) cancels the body: releasing the lock alone
 * leaves the HTTP response open.
 */
async function* sseChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<SseChunk> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseFrameParser();
  let finished = false;
  try {
    for (;;) {
      const asked = performance.now();
      const { done, value } = await reader.read();
      // A queued chunk is handed over within microseconds; a read that took longer let the page run.
      const waited = performance.now() - asked >= IDLE_READ_MS;
      const frames: SseFrame[] = [];
      parser.push(done ? decoder.decode() : decoder.decode(value, { stream: true }), done, (data, id) => {
        frames.push(id !== undefined ? { data, id } : { data });
      });
      yield { frames, waited };
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    // Not awaited: the stream closes at once, and a slow or failing source cancel must not hold up or
    // replace the consumer's own error.
    if (!finished) void reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

/**
 * The stream work since the page last had the main thread. A burst of frames (a fast server fills the
 * socket faster than it is read) never holds it for more than about STREAM_SLICE_MS: before a frame is
 * handed on, the page gets a turn once the slice is used up (the consumer's work on the frames before
 * counts). A read that waited for the network let the page run meanwhile: a new slice starts, so the
 * frame after a pause (a run's RUN_FINISHED, say) does not wait behind a rendering task.
 */
class StreamSlice {
  #start = performance.now();

  restart(): void {
    this.#start = performance.now();
  }

  /** Nothing while the slice lasts; once it is used up, a turn of the page, after which a new slice starts. */
  turn(): Promise<void> | undefined {
    if (performance.now() - this.#start < STREAM_SLICE_MS) return undefined;
    return yieldToPage().then(() => this.restart());
  }
}

/**
 * Reads a byte stream of SSE frames and hands each to `onFrame` as soon as its chunk is read, in the
 * task that read it (no promise per frame), giving the page a turn between frames once a slice is used
 * up (see `StreamSlice`). Resolves when the stream ends or `onFrame` returns `false`; rejects with what
 * `onFrame` or a read threw. The body is cancelled whenever the reading stops before its end.
 */
export async function forEachSseFrame(body: ReadableStream<Uint8Array>, onFrame: SseFrameSink): Promise<void> {
  const slice = new StreamSlice();
  for await (const { frames, waited } of sseChunks(body)) {
    if (waited) slice.restart();
    for (const { data, id } of frames) {
      const turn = slice.turn();
      if (turn) await turn;
      if (onFrame(data, id) === false) return;
    }
  }
}

/**
 * The frames of an SSE byte stream as an async iterator (see `forEachSseFrame`, which the transports
 * use: it hands frames on without a promise each). The page gets a turn between frames once a slice
 * is used up; breaking out of the loop, or throwing in it, cancels the body.
 */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const slice = new StreamSlice();
  for await (const { frames, waited } of sseChunks(body)) {
    if (waited) slice.restart();
    for (const frame of frames) {
      await slice.turn();
      yield frame;
    }
  }
}

import { STREAM_SLICE_MS, yieldToPage } from './yield-to-page.js';

/** One server-sent event: its `data` lines joined, and its `id` if the frame had one. */
export interface SseFrame {
  readonly data: string;
  readonly id?: string;
  /** Set when the frame's data passed MAX_FRAME_CHARS: `data` is its first CUT_FRAME_CHARS characters. */
  readonly cut?: true;
}

/**
 * The most characters of one frame's data the reader keeps (4 Mi, 4,194,304): past it the rest of the
 * frame is skipped as it arrives (never held in memory) and the frame is handed on cut (`cut`).
 * `JSON.parse` of 4 Mi characters takes some 20–50 ms; of a 50 MB frame, 0.3–0.7 s in one task.
 */
export const MAX_FRAME_CHARS = 4 * 1024 * 1024;

/**
 * What a frame past MAX_FRAME_CHARS keeps of its data (1 Mi characters), the rest dropped as it
 * arrives. Such a frame is usable only as an event whose text may be cut (event-frame.ts), and that
 * text is kept to MAX_TEXT_CHARS (100,000 characters) anyway: 1 Mi characters of JSON hold it even
 * when every character is escaped (`\uXXXX`, 6 each). Joining, repairing and parsing 4 Mi
 * characters took one task of 90–150 ms on a loaded machine; this is a quarter of that.
 */
export const CUT_FRAME_CHARS = 1024 * 1024;

/** The repair of a cut frame's JSON (cut-json.ts): loaded with the first cut frame, before it is handed on. */
export let closeCutJson: ((prefix: string) => string | undefined) | undefined;

/**
 * Receives each frame as it completes; returning `false` stops the reading (the body is cancelled).
 * `id` is the last `id:` seen on the stream so far (SSE's "last event ID"), if any; `cut` is true when
 * the frame passed MAX_FRAME_CHARS and `data` is its first CUT_FRAME_CHARS characters (handed on as
 * soon as it passed, before the rest of it arrives). A sink that must wait before it can take a frame
 * (code to load, say) returns a promise: the next frame waits for it.
 */
export type SseFrameSink = (data: string, id: string | undefined, cut: boolean) => boolean | void | Promise<boolean | void>;

type FrameSink = (data: string, id: string | undefined, cut: true | undefined) => void;

/** Any line break: CRLF, CR or LF. */
const BREAK = /\r\n?|\n/g;

/**
 * Splits decoded SSE text into frames, synchronously: LF, CRLF and CR line endings (the
 * `@ag-ui/client` parser splits on `\n\n` only); comment lines (`: keepalive`) are skipped; a line
 * may be split across chunks anywhere, a CRLF too. Linear in the text: each chunk is searched once,
 * an incomplete line is kept as pieces (never re-joined per chunk), and past MAX_FRAME_CHARS a line's
 * text is no longer kept at all.
 *
 * A frame cut past MAX_FRAME_CHARS is handed on as soon as it is cut, not at its end: the rest of a
 * 50 MB event takes seconds to arrive and would change nothing (it is skipped), so its text shows
 * while the rest streams past, and an event that cannot be cut fails the run without waiting for it.
 */
class SseFrameParser {
  /** The incomplete line so far, in pieces, at most about MAX_FRAME_CHARS of it. */
  #pieces: string[] = [];
  /** Its length so far, kept or not. */
  #length = 0;
  /** The last chunk ended with a CR: an LF starting the next one is the rest of that CRLF. */
  #cr = false;
  /** The frame's `data` lines so far, joined by `\n` (undefined: none yet). */
  #data: string | undefined;
  /** The frame was cut and handed on already: the rest of it, to its blank line, is skipped. */
  #cut = false;
  /** The incomplete line passed the limit and was read then: the rest of it is skipped. */
  #skipping = false;
  #id: string | undefined;

  /** Feeds the next piece of text; `last` flushes a final frame that has no blank line after it. */
  push(text: string, last: boolean, sink: FrameSink): void {
    let start = this.#cr && text.charCodeAt(0) === 10 ? 1 : 0;
    this.#cr = false;
    if (!text.includes('\r', start)) {
      // The usual case (LF only): no regex.
      for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
        this.#endLine(text, start, end, sink);
        start = end + 1;
      }
    } else {
      BREAK.lastIndex = start;
      for (let match = BREAK.exec(text); match; match = BREAK.exec(text)) {
        this.#endLine(text, start, match.index, sink);
        start = BREAK.lastIndex;
        // A CR at the end may be the first half of a CRLF split across chunks.
        if (match[0] === '\r' && start === text.length) this.#cr = true;
      }
    }
    this.#keep(text, start, text.length, sink);
    if (last) {
      if (this.#length > 0 || this.#skipping) this.#endLine('', 0, 0, sink);
      this.#line('', false, sink);
    }
  }

  /**
   * Keeps `text[from, to)` as part of the incomplete line. Once the line passes the limit it is read
   * at once, from its first CUT_FRAME_CHARS (the rest is freed), and what follows of it is skipped.
   */
  #keep(text: string, from: number, to: number, sink: FrameSink): void {
    if (to <= from || this.#skipping) return;
    // Room for the field name before the data ("data: ").
    const room = MAX_FRAME_CHARS + 8 - this.#length;
    this.#pieces.push(from === 0 && to === text.length && to - from <= room ? text : text.slice(from, Math.min(to, from + room)));
    this.#length += to - from;
    if (this.#length <= MAX_FRAME_CHARS + 8) return;
    const line = firstChars(this.#pieces, CUT_FRAME_CHARS + 8);
    this.#pieces = [];
    this.#length = 0;
    this.#skipping = true;
    this.#line(line, true, sink);
  }

  #joined(): string {
    return this.#pieces.length === 1 ? this.#pieces[0]! : this.#pieces.join('');
  }

  #endLine(text: string, from: number, to: number, sink: FrameSink): void {
    this.#keep(text, from, to, sink);
    if (this.#skipping) {
      this.#skipping = false; // read when it passed the limit
      return;
    }
    const line = this.#joined();
    this.#pieces = [];
    this.#length = 0;
    this.#line(line, false, sink);
  }

  #line(line: string, cut: boolean, sink: FrameSink): void {
    if (line === '') {
      const data = this.#data;
      this.#data = undefined;
      if (this.#cut) this.#cut = false; // handed on when it was cut
      else if (data !== undefined) sink(data, this.#id, undefined);
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data' && field !== 'id') return;
    // One optional space after the colon belongs to the syntax, not the value.
    const value = colon < 0 ? '' : line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    if (field === 'id') {
      this.#id = value;
      return;
    }
    if (this.#cut) return;
    const data = this.#data === undefined ? value : `${this.#data}\n${value}`;
    if (!cut && data.length <= MAX_FRAME_CHARS) {
      this.#data = data;
      return;
    }
    // Cut: handed on now (see the class comment); the rest of the frame is skipped.
    this.#cut = true;
    this.#data = undefined;
    sink(firstChars([data], CUT_FRAME_CHARS), this.#id, true);
  }
}

/** The first `n` characters of `pieces` joined, as a string of its own (not a slice that keeps them alive). */
function firstChars(pieces: readonly string[], n: number): string {
  const kept: string[] = [' '];
  for (const piece of pieces) {
    if (n <= 0) break;
    kept.push(piece.length <= n ? piece : piece.slice(0, n));
    n -= piece.length;
  }
  return kept.join('').slice(1);
}

/**
 * Reads an SSE body chunk by chunk (one promise per chunk, not per frame). Stopping early (the
 * consumer broke, returned or threw, or a read failed) cancels the body: releasing the lock alone
 * leaves the HTTP response open.
 */
async function* sseChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<readonly SseFrame[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseFrameParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const frames: SseFrame[] = [];
      parser.push(done ? decoder.decode() : decoder.decode(value, { stream: true }), done, (data, id, cut) => {
        frames.push(cut ? (id !== undefined ? { data, id, cut } : { data, cut }) : id !== undefined ? { data, id } : { data });
      });
      yield frames;
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
 *
 * Whether the page ran is seen, not guessed from how long a read took: each slice posts a marker task
 * (a MessageChannel message), which runs only once the reading leaves the main thread. A read can take
 * milliseconds without letting anything run (the browser copies a huge body's megabytes in the read
 * itself): timing reads took those for pauses, and a 50 MB body was read in one task of 0.3–0.7 s.
 */
class StreamSlice {
  #start = performance.now();
  /** Set by the marker task: the page had the main thread since the slice started. */
  #pageRan = false;
  readonly #marker = new MessageChannel();

  constructor() {
    this.#marker.port1.onmessage = () => (this.#pageRan = true);
    this.restart();
  }

  restart(): void {
    this.#start = performance.now();
    this.#pageRan = false;
    this.#marker.port2.postMessage(undefined);
  }

  /** After a read: a new slice when the page ran while it waited (the data came after a pause). */
  read(): void {
    if (this.#pageRan) this.restart();
  }

  /** Nothing while the slice lasts; once it is used up, a turn of the page, after which a new slice starts. */
  turn(): Promise<void> | undefined {
    if (performance.now() - this.#start < STREAM_SLICE_MS) return undefined;
    return yieldToPage().then(() => this.restart());
  }

  close(): void {
    this.#marker.port1.close();
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
  try {
    for await (const frames of sseChunks(body)) {
      slice.read();
      // A chunk that completes no frame (a huge one arriving) still counts: reading queued chunks never
      // leaves the microtask queue, so without this a 50 MB frame would be read in one task.
      if (frames.length === 0) await slice.turn();
      for (const { data, id, cut } of frames) {
        const turn = slice.turn();
        if (turn) await turn;
        if (cut) closeCutJson ??= (await import('./cut-json.js')).closeCutJson;
        let taken = onFrame(data, id, cut === true);
        if (taken instanceof Promise) taken = await taken; // the rare frame that waits (the strip stage loading)
        if (taken === false) return;
      }
    }
  } finally {
    slice.close();
  }
}

/**
 * The frames of an SSE byte stream as an async iterator (see `forEachSseFrame`, which the transports
 * use: it hands frames on without a promise each). The page gets a turn between frames once a slice
 * is used up; breaking out of the loop, or throwing in it, cancels the body.
 */
export async function* readSseFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const slice = new StreamSlice();
  try {
    for await (const frames of sseChunks(body)) {
      slice.read();
      if (frames.length === 0) await slice.turn();
      for (const frame of frames) {
        await slice.turn();
        yield frame;
      }
    }
  } finally {
    slice.close();
  }
}

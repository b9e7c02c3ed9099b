import { expect } from '@open-wc/testing';
import { forEachSseFrame, readSseFrames, CUT_FRAME_CHARS, MAX_FRAME_CHARS, type SseFrame } from '../../src/core/index.js';
import { closeCutJson } from '../../src/core/transport/cut-json.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/** A body that delivers `chunks` one read at a time, as a network would split them. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** The two ways to read frames: the async iterator, and the callback the transports use. */
const readers = [
  {
    name: 'readSseFrames',
    each: async (stream: ReadableStream<Uint8Array>, fn: (frame: SseFrame) => void | 'stop') => {
      for await (const frame of readSseFrames(stream)) if (fn(frame) === 'stop') break;
    },
  },
  {
    name: 'forEachSseFrame',
    each: (stream: ReadableStream<Uint8Array>, fn: (frame: SseFrame) => void | 'stop') =>
      forEachSseFrame(stream, (data, id, cut) => fn({ data, ...(id !== undefined ? { id } : {}), ...(cut ? { cut: true as const } : {}) }) !== 'stop'),
  },
];

for (const { name, each } of readers) {
  async function frames(chunks: string[]): Promise<SseFrame[]> {
    const out: SseFrame[] = [];
    await each(body(chunks), (frame) => void out.push(frame));
    return out;
  }

  describe(`SSE reader (${name})`, () => {
    it('keeps CUT_FRAME_CHARS of a frame past MAX_FRAME_CHARS, split over many chunks, marks it cut, and reads on', async () => {
      const big = 'x'.repeat(MAX_FRAME_CHARS + 100_000);
      const chunks = ['data: {"delta":"'];
      for (let i = 0; i < big.length; i += 65_536) chunks.push(big.slice(i, i + 65_536));
      chunks.push('"}\r', '\n\r\ndata: {"a":2}\n\n');
      const out = await frames(chunks);
      expect(out).to.have.length(2);
      expect(out[0]!.cut).to.equal(true);
      expect(out[0]!.data.length).to.equal(CUT_FRAME_CHARS);
      expect(out[0]!.data.startsWith('{"delta":"xxx')).to.equal(true);
      expect(out[1]).to.deep.equal({ data: '{"a":2}' });
    });

    it('hands a frame past MAX_FRAME_CHARS on as soon as it is cut, before the rest of it arrives, and skips that rest', async () => {
      // The source sends MAX_FRAME_CHARS and a little more of one frame, then waits for the consumer
      // to have the frame before it sends the frame's end (with an id after the data) and another frame.
      const encoder = new TextEncoder();
      let received!: () => void;
      const handedOn = new Promise<void>((resolve) => (received = resolve));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('id: 1\ndata: {"delta":"'));
          for (let sent = 0; sent < MAX_FRAME_CHARS + 100_000; sent += 65_536) controller.enqueue(encoder.encode('y'.repeat(65_536)));
          const late = new Promise((resolve) => setTimeout(() => resolve('late'), 5_000));
          expect(await Promise.race([handedOn.then(() => 'on time'), late])).to.equal('on time');
          controller.enqueue(encoder.encode('yyy"}\ndata: more of it\nid: 2\n\ndata: {"a":2}\n\n'));
          controller.close();
        },
      });
      const out: SseFrame[] = [];
      await each(body, (frame) => {
        out.push(frame);
        received();
      });
      expect(out.map((f) => [f.data.length, f.id, f.cut])).to.deep.equal([
        [CUT_FRAME_CHARS, '1', true],
        [7, '2', undefined],
      ]);
      expect(out[0]!.data.startsWith('{"delta":"yyy')).to.equal(true);
    });

    it('reads LF frames with ids and skips keepalive comments', async () => {
      expect(await frames(['id: r:0\ndata: {"a":1}\n\n: keepalive\n\n', 'id: r:1\ndata: {"a":2}\n\n'])).to.deep.equal([
        { id: 'r:0', data: '{"a":1}' },
        { id: 'r:1', data: '{"a":2}' },
      ]);
    });

    it('reads CRLF frames, even with a CRLF split across chunks', async () => {
      expect(await frames(['data: one\r', '\n\r\ndata: tw', 'o\r\n\r\n'])).to.deep.equal([{ data: 'one' }, { data: 'two' }]);
    });

    it('reads CR-only line endings, fields without a space, and ids that carry over to later frames', async () => {
      expect(await frames(['id: 7\rdata:x\r\rdata:  y\r', '\r', 'event: e\ndata\n\n'])).to.deep.equal([
        { id: '7', data: 'x' },
        { id: '7', data: ' y' },
        { id: '7', data: '' },
      ]);
    });

    it('gives the same frames however the bytes are split into chunks', async () => {
      const text = 'id: a\r\ndata: {"n":1}\r\n\r\n: ping\n\ndata: one\ndata: two\n\ndata: last\r\rdata: tail';
      const whole = await frames([text]);
      expect(whole).to.deep.equal([
        { id: 'a', data: '{"n":1}' },
        { id: 'a', data: 'one\ntwo' },
        { id: 'a', data: 'last' },
        { id: 'a', data: 'tail' },
      ]);
      for (let at = 1; at < text.length; at++) expect(await frames([text.slice(0, at), text.slice(at)]), `split at ${at}`).to.deep.equal(whole);
    });

    it('joins multi-line data and flushes a last frame without a blank line', async () => {
      expect(await frames(['data: a\ndata: b\n\ndata: tail'])).to.deep.equal([{ data: 'a\nb' }, { data: 'tail' }]);
    });

    it('cancels the body when the consumer throws before the stream is done', async () => {
      let cancelled = false;
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('data: one\n\ndata: two\n\n'));
          // never closed: like an open HTTP response
        },
        cancel() {
          cancelled = true;
        },
      });
      const error = await each(stream, (frame) => {
        throw new Error(`bad frame ${frame.data}`);
      }).catch((e: Error) => e);
      expect((error as Error).message).to.equal('bad frame one');
      expect(cancelled).to.equal(true);
      expect(stream.locked).to.equal(false);
    });

    it('cancels the body when the consumer breaks, and swallows a failing cancel', async () => {
      let cancels = 0;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('data: one\n\n'));
        },
        cancel() {
          cancels++;
          throw new Error('cancel failed');
        },
      });
      await each(stream, (frame) => {
        expect(frame.data).to.equal('one');
        return 'stop';
      });
      expect(cancels).to.equal(1);
      expect(stream.locked).to.equal(false);
    });

    it('closes a real HTTP response when the consumer stops early', async () => {
      // The server keeps writing after the first frame; a cancelled body reads as done at once.
      const { agentUrl } = await script([[started, { $delay: 50 }, ...say('a1', 'more'), finished]]);
      const response = await fetch(agentUrl, { method: 'POST', body: JSON.stringify({ threadId: 't', runId: 'r', messages: [] }) });
      await each(response.body!, (frame) => {
        expect(JSON.parse(frame.data)).to.include({ type: 'RUN_STARTED' });
        return 'stop';
      });
      const rest = await response.body!.getReader().read();
      expect(rest.done).to.equal(true);
    });
  });

  describe(`${name} gives the page turns`, () => {
    it('a burst of frames read in one go does not hold the main thread: a task queued at the start runs before the burst ends', async () => {
      const burst = Array.from({ length: 50 }, (_, i) => `data: {"n":${i}}\n\n`).join('');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(burst));
          controller.close();
        },
      });
      let taskRanAt = -1;
      setTimeout(() => (taskRanAt = seen), 0);
      let seen = 0;
      await each(body, (frame) => {
        // Work per frame (1 ms of it, 50 ms for the burst): far more than one slice.
        const until = performance.now() + 1;
        while (performance.now() < until) {
          /* busy */
        }
        expect(JSON.parse(frame.data)).to.deep.equal({ n: seen });
        seen++;
      });
      expect(seen).to.equal(50);
      // Before the burst ends (50 would mean the reader held the thread to the end); on a loaded machine
      // the first slice may be used up by the read itself, and the task runs before the first frame (0).
      expect(taskRanAt).to.be.within(0, 49);
    });

    it('a huge frame whose reads are slow but never wait (the browser copying megabytes in each read) still gives the page turns', async () => {
      // Each read runs the source's pull, which takes 2 ms on the spot and brings more of one frame:
      // reads that take time without letting the page run (timing reads took them for pauses).
      const encoder = new TextEncoder();
      let pulls = 0;
      let pullsWhenTaskRan = -1;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            const until = performance.now() + 2;
            while (performance.now() < until) {
              /* busy */
            }
            pulls++;
            if (pulls === 1) controller.enqueue(encoder.encode('data: {"delta":"'));
            else if (pulls <= 40) controller.enqueue(encoder.encode('x'.repeat(1_000)));
            else {
              controller.enqueue(encoder.encode('"}\n\n'));
              controller.close();
            }
          },
        },
        { highWaterMark: 0 },
      );
      setTimeout(() => (pullsWhenTaskRan = pulls), 0);
      const out: string[] = [];
      await each(body, (frame) => void out.push(frame.data));
      expect(out).to.have.length(1);
      // 80 ms of reading: the task queued at the start ran long before its end.
      expect(pullsWhenTaskRan, 'reads done when a task queued at the start ran').to.be.within(0, 30);
    });

    it('a frame that arrives after a pause is handed on at once, not behind the tasks queued meanwhile (a tool hop starts in the same task)', async () => {
      const encoder = new TextEncoder();
      let push!: (text: string) => void;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => {
            controller.enqueue(encoder.encode(text));
            controller.close();
          };
        },
      });
      const order: string[] = [];
      const reading = each(body, (frame) => void order.push(frame.data));
      // Longer than a slice: the reader waited for the network all that time, so the page had its turns.
      await new Promise((resolve) => setTimeout(resolve, 30));
      push('data: RUN_FINISHED\n\n');
      // A task queued right after the chunk arrives: the frame must not wait behind it.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => order.push('next task');
      channel.port2.postMessage(undefined);
      await reading;
      await new Promise((resolve) => setTimeout(resolve, 0));
      channel.port1.close();
      expect(order).to.deep.equal(['RUN_FINISHED', 'next task']);
    });
  });
}

describe('closeCutJson (a frame cut past MAX_FRAME_CHARS)', () => {
  it('closes a string value cut anywhere, escapes included, and every open object and array', () => {
    expect(JSON.parse(closeCutJson('{"type":"T","delta":"abc')!)).to.deep.equal({ type: 'T', delta: 'abc' });
    expect(JSON.parse(closeCutJson('{"a":[{"b":"x\\')!)).to.deep.equal({ a: [{ b: 'x' }] });
    expect(JSON.parse(closeCutJson('{"a":"x\\u00')!)).to.deep.equal({ a: 'x' });
    expect(JSON.parse(closeCutJson('{"a":"x\\\\')!)).to.deep.equal({ a: 'x\\' });
    expect(JSON.parse(closeCutJson('["a","b\\"c')!)).to.deep.equal(['a', 'b"c']);
  });

  it('gives up when the cut is not in a string value', () => {
    expect(closeCutJson('{"a":1,"b":[1,2')).to.equal(undefined);
    expect(closeCutJson('{"a":1,"ke')).to.equal(undefined);
    expect(closeCutJson('"just a string')).to.equal(undefined);
  });
});

import { expect } from '@open-wc/testing';
import { readSseFrames, type SseFrame } from '../../src/core/index.js';

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

async function frames(chunks: string[]): Promise<SseFrame[]> {
  const out: SseFrame[] = [];
  for await (const frame of readSseFrames(body(chunks))) out.push(frame);
  return out;
}

describe('SSE reader', () => {
  it('reads LF frames with ids and skips keepalive comments', async () => {
    expect(await frames(['id: r:0\ndata: {"a":1}\n\n: keepalive\n\n', 'id: r:1\ndata: {"a":2}\n\n'])).to.deep.equal([
      { id: 'r:0', data: '{"a":1}' },
      { id: 'r:1', data: '{"a":2}' },
    ]);
  });

  it('reads CRLF frames, even with a CRLF split across chunks', async () => {
    expect(await frames(['data: one\r', '\n\r\ndata: tw', 'o\r\n\r\n'])).to.deep.equal([{ data: 'one' }, { data: 'two' }]);
  });

  it('joins multi-line data and flushes a last frame without a blank line', async () => {
    expect(await frames(['data: a\ndata: b\n\ndata: tail'])).to.deep.equal([{ data: 'a\nb' }, { data: 'tail' }]);
  });
});

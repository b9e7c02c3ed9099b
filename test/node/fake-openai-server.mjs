// A tiny OpenAI-compatible Chat Completions server on loopback for the openai-model tests.
// Each test queues replies: `{ chunks }` (streamed as `data:` frames, then `data: [DONE]`) or
// `{ status, body }` (a plain error answer). Requests are recorded for assertions on the mapping.
import http from 'node:http';

/**
 * @typedef {{ chunks: any[] } | { status: number, body: unknown }} FakeReply
 */

/** @param {import('node:test').TestContext} t */
export async function startFakeOpenAi(t) {
  /** @type {FakeReply[]} */
  const replies = [];
  /** @type {Array<{ path: string, headers: http.IncomingHttpHeaders, body: any }>} */
  const requests = [];

  const server = http.createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) });
    const reply = replies.shift() ?? { status: 500, body: { error: { message: 'no reply queued' } } };
    if ('status' in reply) {
      res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const chunk of reply.chunks) {
      // CRLF framing on purpose: real providers differ, the client must cope with both.
      res.write(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
      await new Promise((r) => setImmediate(r));
    }
    res.end('data: [DONE]\n\n');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  t.after(() => new Promise((resolve) => server.close(() => resolve(undefined))));
  return { baseUrl: `http://127.0.0.1:${port}/v1`, replies, requests };
}

/** One streamed chunk with a content delta. */
export const contentChunk = (/** @type {string} */ content) => ({ choices: [{ index: 0, delta: { content } }] });

/** One streamed chunk with a tool-call delta. */
export const toolChunk = (/** @type {number} */ index, /** @type {{ id?: string, name?: string, args?: string }} */ d) => ({
  choices: [{ index: 0, delta: { tool_calls: [{ index, ...(d.id && { id: d.id, type: 'function' }), function: { ...(d.name && { name: d.name }), arguments: d.args ?? '' } }] } }],
});

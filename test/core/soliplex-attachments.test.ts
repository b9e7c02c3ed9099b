import { expect } from '@open-wc/testing';
import type { ContentPart } from '@ag-ui/core';
import { RunOrchestrator, SoliplexTransport, ToolRegistry, type ClientTool, type ThreadKey } from '../../src/core/index.js';

// Attachments in a Soliplex room that takes them, with the server faked at the fetch level: which
// requests go out, in which order, and what the run input carries.

const SERVER = 'https://soliplex.test';
const ROOM = 'docs';
const THREAD = '11111111-1111-4111-8111-111111111111';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF = btoa('%PDF-1.4 tiny');

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
}

function fakeRoom(room: object) {
  const seen: Seen[] = [];
  let runs = 0;
  const sse = (...events: object[]) =>
    new Response(events.map((event, i) => `id: run:${i}\ndata: ${JSON.stringify(event)}\n\n`).join(''), { headers: { 'Content-Type': 'text/event-stream' } });
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input)).pathname;
    const method = init.method ?? 'GET';
    let body: unknown = init.body;
    if (init.body instanceof FormData) {
      const file = init.body.get('upload_file') as File;
      body = { field: 'upload_file', name: file.name, type: file.type, text: await file.text() };
    } else if (typeof init.body === 'string') body = JSON.parse(init.body);
    seen.push({ method, path, body });
    if (method === 'GET' && path === `/api/v1/rooms/${ROOM}`) return Response.json({ id: ROOM, ...room });
    if (method === 'POST' && path === `/api/v1/rooms/${ROOM}/agui`) {
      return Response.json({ room_id: ROOM, thread_id: THREAD, created: '2026-01-01T00:00:00', runs: { 'run-0': { thread_id: THREAD, run_id: 'run-0', created: '2026-01-01T00:00:00' } } });
    }
    if (method === 'POST' && path === `/api/v1/rooms/${ROOM}/agui/${THREAD}`) return Response.json({ thread_id: THREAD, run_id: `run-${++runs}`, created: '2026-01-01T00:00:00' });
    if (method === 'POST' && path.startsWith('/api/v1/uploads/')) return new Response(null, { status: 204 });
    if (method === 'POST' && path.startsWith(`/api/v1/rooms/${ROOM}/agui/${THREAD}/`)) {
      const { runId } = body as { runId: string };
      const start = { type: 'RUN_STARTED', threadId: THREAD, runId };
      const end = { type: 'RUN_FINISHED', threadId: THREAD, runId };
      // The first run calls the page's tool; the others answer.
      if (runId === 'run-0') {
        return sse(start, { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'noop' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, end);
      }
      return sse(start, { type: 'TEXT_MESSAGE_START', messageId: `m-${runId}`, role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: `m-${runId}`, delta: 'Read it.' }, { type: 'TEXT_MESSAGE_END', messageId: `m-${runId}` }, end);
    }
    return new Response(JSON.stringify({ detail: 'not found' }), { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const noop: ClientTool = { name: 'noop', description: 'Does nothing', execute: () => 'ok' };
const parts: ContentPart[] = [
  { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' }, metadata: { filename: 'dot.png' } } as ContentPart,
  { type: 'document', source: { type: 'data', value: PDF, mimeType: 'application/pdf' }, metadata: { filename: 'spec.pdf' } } as ContentPart,
];

async function send(room: object) {
  const fake = fakeRoom(room);
  const transport = new SoliplexTransport({ serverUrl: SERVER, room: ROOM, fetch: fake.fetch });
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([noop]) });
  const key: ThreadKey = await engine.createThread(SERVER, ROOM);
  const outcome = await engine.send(key, { text: 'Read this', parts });
  return { outcome, seen: fake.seen, engine, key };
}

describe('Soliplex attachments in a room that takes them', () => {
  for (const [label, room] of [
    ['enable_attachments', { enable_attachments: true }],
    ['the bubble-sandbox skill', { skills: { 'bubble-sandbox': { name: 'bubble-sandbox' } } }],
  ] as const) {
    it(`uploads a file to the thread once and sends the image inline (${label})`, async () => {
      const { outcome, seen } = await send(room);
      expect(outcome).to.equal('success');
      const uploads = seen.filter((s) => s.path.startsWith('/api/v1/uploads/'));
      expect(uploads).to.deep.equal([
        { method: 'POST', path: `/api/v1/uploads/${ROOM}/thread/${THREAD}`, body: { field: 'upload_file', name: 'spec.pdf', type: 'application/pdf', text: '%PDF-1.4 tiny' } },
      ]);
      const runPosts = seen.filter((s) => s.method === 'POST' && /\/agui\/[^/]+\/run-\d+$/.test(s.path));
      expect(runPosts).to.have.length(2); // the tool call's run and its continuation: one upload for both
      for (const post of runPosts) {
        const user = (post.body as { messages: { role: string; content: unknown }[] }).messages[0]!;
        expect(user.content).to.deep.equal([
          { type: 'text', text: 'Read this' },
          { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' }, metadata: { filename: 'dot.png' } },
          { type: 'text', text: '[file "spec.pdf" (application/pdf), uploaded to this thread]' },
        ]);
      }
      // The upload comes before the run that names it.
      expect(seen.indexOf(uploads[0]!)).to.be.lessThan(seen.indexOf(runPosts[0]!));
    });
  }

  it('refuses them where the room says nothing of attachments, before any run request', async () => {
    const { outcome, seen, engine, key } = await send({ skills: {} });
    expect(outcome).to.equal('failed');
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error.message).to.contain(`room (${ROOM}) does not accept attachments`);
    expect(seen.filter((s) => s.method === 'POST' && s.path.includes('/agui/'))).to.have.length(0);
    expect(seen.filter((s) => s.path.startsWith('/api/v1/uploads/'))).to.have.length(0);
  });
});

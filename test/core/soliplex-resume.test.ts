import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { SoliplexTransport, TransportError, type RunRequest } from '../../src/core/index.js';
import { DEFAULT_RESUME_POLICY, resumeDelay } from '../../src/core/transport/soliplex/soliplex-resume.js';

// A Soliplex server faked at the fetch level: each run POST is answered by the next scripted reply,
// so drops, 5xx answers, keepalive-only silences and resumes happen exactly where a test puts them.

const SERVER = 'https://soliplex.test';
const ROOM = 'room';
const THREAD = '11111111-1111-4111-8111-111111111111';
const RUN = '22222222-2222-4222-8222-222222222222';
const RUN_PATH = `/api/v1/rooms/${ROOM}/agui/${THREAD}/${RUN}`;

const ev = (type: string, extra: object = {}) => ({ type, ...extra });
const RUN_EVENTS = [
  ev('RUN_STARTED', { threadId: THREAD, runId: RUN }),
  ev('TEXT_MESSAGE_START', { messageId: 'm1', role: 'assistant' }),
  ev('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: 'Hello' }),
  ev('TEXT_MESSAGE_CONTENT', { messageId: 'm1', delta: ' there' }),
  ev('TEXT_MESSAGE_END', { messageId: 'm1' }),
  ev('RUN_FINISHED', { threadId: THREAD, runId: RUN }),
];
const frame = (index: number) => `id: ${RUN}:${index}\ndata: ${JSON.stringify(RUN_EVENTS[index])}\n\n`;

/** A step of a scripted SSE answer. */
type Step = { frames: number[] } | { keepalive: number; everyMs: number } | { silentMs: number } | 'drop' | 'close' | 'hang';
/** One answer to a run POST: an HTTP error status, a refused connection, or an SSE stream. */
type Reply = { status: number } | 'unreachable' | Step[];

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly lastEventId: string | null;
  readonly body: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fakeSoliplex(replies: Reply[], other: (method: string, path: string) => Response | undefined = () => undefined) {
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    requests.push({ method: init.method ?? 'GET', path: url.pathname, lastEventId: headers.get('Last-Event-ID'), body });
    const answer = other(init.method ?? 'GET', url.pathname);
    if (answer) return answer;
    const reply = replies.shift();
    if (!reply) throw new Error(`no scripted reply for ${init.method} ${url.pathname}`);
    if (reply === 'unreachable') throw new TypeError('Failed to fetch');
    if (!Array.isArray(reply)) return new Response(JSON.stringify({ detail: 'scripted' }), { status: reply.status });
    const signal = init.signal;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const aborted = () => signal?.aborted;
        signal?.addEventListener('abort', () => {
          try {
            controller.error(new DOMException('aborted', 'AbortError'));
          } catch {
            // already closed
          }
        });
        for (const step of reply) {
          if (aborted()) return;
          if (step === 'drop') {
            // A browser discards bytes queued behind a network error: a real drop comes after a read.
            await sleep(30);
            return controller.error(new TypeError('network error'));
          }
          if (step === 'close') return controller.close();
          if (step === 'hang') return;
          if ('frames' in step) {
            await sleep(5);
            for (const index of step.frames) controller.enqueue(encoder.encode(frame(index)));
          } else if ('silentMs' in step) await sleep(step.silentMs);
          else {
            for (let i = 0; i < step.keepalive && !aborted(); i++) {
              await sleep(step.everyMs);
              if (!aborted()) controller.enqueue(encoder.encode(': keepalive\n\n'));
            }
          }
        }
        if (!aborted()) controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function runRequest(signal = new AbortController().signal): RunRequest {
  return { threadId: THREAD, runId: 'client-run', messages: [{ id: 'u1', role: 'user', content: 'Hi' }], tools: [], state: {}, signal };
}

/** A transport whose thread's initial run is RUN (so `run` posts straight to it). */
async function transportFor(fake: ReturnType<typeof fakeSoliplex>, options: Partial<ConstructorParameters<typeof SoliplexTransport>[0]> = {}) {
  const transport = new SoliplexTransport({ serverUrl: SERVER, room: ROOM, fetch: fake.fetch, resumeDelayMs: 5, resumeMaxDelayMs: 20, ...options });
  return transport;
}

function threadCreation(method: string, path: string): Response | undefined {
  if (method === 'POST' && path === `/api/v1/rooms/${ROOM}/agui`) {
    return Response.json({ room_id: ROOM, thread_id: THREAD, created: '2026-01-01T00:00:00', runs: { [RUN]: { thread_id: THREAD, run_id: RUN, created: '2026-01-01T00:00:00', run_input: { state: {} } } } });
  }
  return undefined;
}

async function streamOnce(fake: ReturnType<typeof fakeSoliplex>, options: Partial<ConstructorParameters<typeof SoliplexTransport>[0]> = {}) {
  const transport = await transportFor(fake, options);
  await transport.createThread(new AbortController().signal);
  const events: BaseEvent[] = [];
  const outcome = await Promise.race([
    transport.run(runRequest(), (event) => events.push(event)).then(
      () => 'resolved' as const,
      (error: unknown) => error,
    ),
    sleep(8000).then(() => 'timed out' as const),
  ]);
  const posts = fake.requests.filter((r) => r.method === 'POST' && r.path === RUN_PATH);
  return { events, outcome, posts };
}

const types = (events: BaseEvent[]) => events.map((e) => e.type);

describe('Soliplex resume, as the reference client does', () => {
  it('retries a resume answered 503 and then follows the run to its end, without duplicates', async () => {
    const fake = fakeSoliplex([[{ frames: [0, 1] }, 'drop'], { status: 503 }, [{ frames: [2, 3, 4, 5] }]], threadCreation);
    const { events, outcome, posts } = await streamOnce(fake);
    expect(outcome).to.equal('resolved');
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    expect(posts.map((p) => p.lastEventId)).to.deep.equal([null, `${RUN}:1`, `${RUN}:1`]);
  });

  it('does not retry a resume answered 4xx', async () => {
    const fake = fakeSoliplex([[{ frames: [0] }, 'drop'], { status: 404 }], threadCreation);
    const { outcome, posts } = await streamOnce(fake);
    expect(outcome).to.be.instanceOf(TransportError);
    expect((outcome as TransportError).status).to.equal(404);
    expect(posts).to.have.length(2);
  });

  it('gives a resume that delivered events a fresh attempt budget', async () => {
    // Two attempts at most between events: fail, deliver, fail, then deliver to the end.
    const fake = fakeSoliplex([[{ frames: [0] }, 'drop'], 'unreachable', [{ frames: [1, 2] }, 'drop'], 'unreachable', [{ frames: [3, 4, 5] }]], threadCreation);
    const { events, outcome, posts } = await streamOnce(fake, { resumeAttempts: 2 });
    expect(outcome).to.equal('resolved');
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    expect(posts.map((p) => p.lastEventId)).to.deep.equal([null, `${RUN}:0`, `${RUN}:0`, `${RUN}:2`, `${RUN}:2`]);
  });

  it('gives up after the attempts when resumes keep delivering nothing new', async () => {
    const fake = fakeSoliplex([[{ frames: [0] }, 'drop'], { status: 502 }, ['drop'], 'unreachable', [{ frames: [1] }]], threadCreation);
    const { outcome, posts } = await streamOnce(fake, { resumeAttempts: 3 });
    expect(outcome).to.be.instanceOf(TransportError);
    expect((outcome as TransportError).message).to.contain('could not be resumed (3 attempts)');
    expect(posts).to.have.length(4);
  });

  it('ends a run that never finishes (only keepalives) after the bounded wait, with a clear message', async () => {
    const fake = fakeSoliplex([[{ frames: [0, 1] }, { keepalive: 1000, everyMs: 20 }]], threadCreation);
    const { outcome, posts } = await streamOnce(fake, { maxEventWaitMs: 300, stallTimeoutMs: 150 });
    expect(outcome).to.be.instanceOf(TransportError);
    expect((outcome as TransportError).message).to.match(/sent nothing new for 300 ms: the run seems to have stopped on the server/);
    expect((outcome as TransportError).kind).to.equal('stream-ended');
    // Keepalives kept the connection alive: it was never taken for a dropped one.
    expect(posts).to.have.length(1);
  });

  it('ends a run whose resume replays nothing and stays open with keepalives, after the bounded wait', async () => {
    // A run whose server process died: stored events end early, and a resume only ever keeps alive.
    const fake = fakeSoliplex([[{ frames: [0] }, 'drop'], [{ keepalive: 1000, everyMs: 20 }]], threadCreation);
    const { outcome } = await streamOnce(fake, { maxEventWaitMs: 400, stallTimeoutMs: 60 });
    expect(outcome).to.be.instanceOf(TransportError);
    expect((outcome as TransportError).message).to.contain('sent nothing new');
  });

  it('keepalive comments keep a held message alive: no resume while they arrive', async () => {
    // Soliplex's message delivery: nothing but keepalives until the whole message comes at its end.
    const fake = fakeSoliplex([[{ frames: [0] }, { keepalive: 40, everyMs: 25 }, { frames: [1, 2, 3, 4, 5] }]], threadCreation);
    // 1 s of keepalives against a 300 ms stall limit: wide margins, so a loaded machine's late timers do not matter.
    const { events, outcome, posts } = await streamOnce(fake, { stallTimeoutMs: 300 });
    expect(outcome).to.equal('resolved');
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    expect(posts).to.have.length(1);
  });

  it('resumes a connection that went silent (no byte, not even a keepalive)', async () => {
    const fake = fakeSoliplex([[{ frames: [0, 1] }, 'hang'], [{ frames: [2, 3, 4, 5] }]], threadCreation);
    const { events, outcome, posts } = await streamOnce(fake, { stallTimeoutMs: 100 });
    expect(outcome).to.equal('resolved');
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    expect(posts.map((p) => p.lastEventId)).to.deep.equal([null, `${RUN}:1`]);
  });

  it('waits 0.5 s doubling to 8 s between resumes, each within ±20 % and never above 8 s', () => {
    const policy = DEFAULT_RESUME_POLICY;
    expect(policy).to.deep.equal({ attempts: 5, initialDelayMs: 500, maxDelayMs: 8000, jitter: 0.2 });
    const low = () => 0;
    const high = () => 0.999999;
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6].map((n) => resumeDelay(n, policy, middle))).to.deep.equal([500, 1000, 2000, 4000, 8000, 8000]);
    expect([1, 2, 3, 4, 5].map((n) => resumeDelay(n, policy, low))).to.deep.equal([400, 800, 1600, 3200, 6400]);
    expect([1, 2, 3, 4, 5].map((n) => resumeDelay(n, policy, high))).to.deep.equal([600, 1200, 2400, 4800, 8000]);
    const samples = Array.from({ length: 500 }, () => resumeDelay(2, policy));
    expect(samples.every((ms) => ms >= 800 && ms <= 1200)).to.equal(true);
    expect(new Set(samples).size).to.be.greaterThan(10); // spread, not one fixed wait
  });
});

describe('SoliplexTransport.attachRun', () => {
  function runGet(events: number[], finished: boolean) {
    return (method: string, path: string) =>
      method === 'GET' && path === RUN_PATH
        ? Response.json({ thread_id: THREAD, run_id: RUN, created: '2026-01-01T00:00:00', finished: finished ? '2026-01-01T00:01:00' : null, events: events.map((i) => RUN_EVENTS[i]) })
        : undefined;
  }

  it('replays the stored events from the first, then follows the run live from the last index', async () => {
    const fake = fakeSoliplex([[{ frames: [2, 3] }, 'drop'], [{ frames: [4, 5] }]], runGet([0, 1], false));
    const transport = await transportFor(fake);
    const events: BaseEvent[] = [];
    await transport.attachRun(THREAD, RUN, new AbortController().signal, (event) => events.push(event));
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.lastEventId)).to.deep.equal([`${RUN}:1`, `${RUN}:3`]);
    expect(posts[0]!.path).to.equal(RUN_PATH);
    expect(posts[0]!.body).to.deep.equal({ threadId: THREAD, runId: RUN, state: {}, messages: [], tools: [], context: [], forwardedProps: {} });
  });

  it('asks again when the run\'s GET is answered 5xx, and not when it is answered 4xx', async () => {
    let gets = 0;
    const flaky = (method: string, path: string) => {
      if (method !== 'GET' || path !== RUN_PATH) return undefined;
      return ++gets === 1 ? new Response('{"detail":"busy"}', { status: 503 }) : runGet([0, 1, 2, 3, 4, 5], true)(method, path);
    };
    const transport = await transportFor(fakeSoliplex([], flaky));
    const events: BaseEvent[] = [];
    await transport.attachRun(THREAD, RUN, new AbortController().signal, (event) => events.push(event));
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    expect(gets).to.equal(2);

    const missing = await transportFor(fakeSoliplex([], (method) => (method === 'GET' ? new Response('{"detail":"no run"}', { status: 404 }) : undefined)));
    const error = await missing.attachRun(THREAD, RUN, new AbortController().signal, () => {}).catch((e: unknown) => e);
    expect((error as TransportError).status).to.equal(404);
  });

  it('only reads a finished run', async () => {
    const fake = fakeSoliplex([], runGet([0, 1, 2, 3, 4, 5], true));
    const transport = await transportFor(fake);
    const events: BaseEvent[] = [];
    await transport.attachRun(THREAD, RUN, new AbortController().signal, (event) => events.push(event));
    expect(types(events)).to.deep.equal(RUN_EVENTS.map((e) => e.type));
    expect(fake.requests.filter((r) => r.method === 'POST')).to.have.length(0);
  });

  it('ends after the bounded wait when the run never stores an event', async () => {
    const fake = fakeSoliplex([], runGet([], false));
    const transport = await transportFor(fake, { maxEventWaitMs: 200 });
    const error = await transport.attachRun(THREAD, RUN, new AbortController().signal, () => {}).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TransportError);
    expect((error as Error).message).to.contain('never started');
    expect(fake.requests.filter((r) => r.method === 'GET').length).to.be.greaterThan(1);
  });

  it('stops quietly when its signal aborts', async () => {
    const fake = fakeSoliplex([[{ frames: [2] }, 'hang']], runGet([0, 1], false));
    const transport = await transportFor(fake);
    const controller = new AbortController();
    const events: BaseEvent[] = [];
    const done = transport.attachRun(THREAD, RUN, controller.signal, (event) => {
      events.push(event);
      if (events.length === 3) controller.abort();
    });
    await done;
    expect(types(events)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT']);
  });
});

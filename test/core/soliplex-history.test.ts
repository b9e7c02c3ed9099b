import { expect } from '@open-wc/testing';
import type { BaseEvent, Message } from '@ag-ui/core';
import { RunOrchestrator, SoliplexTransport, TransportError, replayHistory, type HistoryRun } from '../../src/core/index.js';
import { server } from '../helpers/agui-server.js';

/**
 * Reloading stored Soliplex threads from the demo server: threads of many runs are seeded in one call
 * (`POST /api/test/threads`); a fetch wrapper around the real one watches and paces the run GETs.
 */
interface SeededRun {
  messages?: Message[];
  output?: Message[];
  events?: object[];
  $status?: number;
}

const say = (id: string, text: string) => [
  { type: 'RUN_STARTED' },
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: id },
  { type: 'RUN_FINISHED' },
];

/** `count` question/answer turns; every 4th turn calls a tool first (two runs). */
function turns(count: number): SeededRun[] {
  const runs: SeededRun[] = [];
  for (let i = 0; i < count; i++) {
    const question: Message = { id: `u${i}`, role: 'user', content: `question ${i}` };
    const answer: Message = { id: `a${i}`, role: 'assistant', content: `answer ${i}` };
    if (i % 4 === 3) {
      const call = { id: `c${i}`, type: 'function' as const, function: { name: 'lookup', arguments: '{}' } };
      runs.push({
        messages: [question],
        output: [{ id: `t${i}`, role: 'assistant', toolCalls: [call] }],
        events: [
          { type: 'RUN_STARTED' },
          { type: 'TOOL_CALL_START', toolCallId: call.id, toolCallName: 'lookup', parentMessageId: `t${i}` },
          { type: 'TOOL_CALL_ARGS', toolCallId: call.id, delta: '{}' },
          { type: 'TOOL_CALL_END', toolCallId: call.id },
          { type: 'RUN_FINISHED' },
        ],
      });
      runs.push({ messages: [{ id: `r${i}`, role: 'tool', toolCallId: call.id, content: `result ${i}` }], output: [answer], events: say(`a${i}`, `answer ${i}`) });
    } else {
      runs.push({ messages: [question], output: [answer], events: say(`a${i}`, `answer ${i}`) });
    }
  }
  return runs;
}

async function seed(runs: SeededRun[], room = 'demo'): Promise<{ thread: string; runIds: string[] }> {
  const response = await fetch(`${server}/api/test/threads`, { method: 'POST', body: JSON.stringify({ room, runs }) });
  if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  const { thread_id, run_ids } = (await response.json()) as { thread_id: string; run_ids: string[] };
  return { thread: thread_id, runIds: run_ids };
}

/**
 * The real fetch, watched: which run GETs started (by run index in `runIds`), how many were in flight
 * at most, which were aborted; `delay(index)` holds a run's answer back.
 */
function watchedFetch(runIds: string[], delay: (index: number) => number = () => 0) {
  const started: number[] = [];
  const aborted: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const wrapped: typeof fetch = async (input, init) => {
    const url = String(input);
    const index = runIds.findIndex((id) => url.endsWith(`/${id}`));
    if (index < 0) return fetch(input, init);
    started.push(index);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const response = await fetch(input, init);
      // A slow network: the wait ends early when the request is aborted, as a real one would.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay(index));
        init?.signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
      init?.signal?.throwIfAborted();
      return response;
    } catch (error) {
      if (init?.signal?.aborted) aborted.push(index);
      throw error;
    } finally {
      inFlight--;
    }
  };
  return {
    fetch: wrapped,
    started,
    aborted,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };
}

const texts = (runs: readonly HistoryRun[]) => replayHistory(runs).messages.map((m) => (m as { text?: string }).text);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('Soliplex history reload', () => {
  it('loads a thread of many runs completely and in order, whatever order the GETs answer in', async () => {
    const { thread, runIds } = await seed(turns(40)); // 50 runs
    // Earlier runs answer later: arrival order is roughly the reverse of creation order.
    const watched = watchedFetch(runIds, (index) => (runIds.length - index) % 7 * 3);
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: watched.fetch, historyConcurrency: 5 });
    const runs = await transport.loadHistory(thread, new AbortController().signal);

    expect(runs.map((run) => run.runId)).to.deep.equal(runIds);
    expect([...watched.started].sort((a, b) => a - b)).to.deep.equal(runIds.map((_, i) => i), 'one GET per run');
    expect(watched.maxInFlight).to.be.at.most(5);
    const expected = Array.from({ length: 40 }, (_, i) => i).flatMap((i) => (i % 4 === 3 ? [`question ${i}`, '', `answer ${i}`] : [`question ${i}`, `answer ${i}`]));
    expect(texts(runs)).to.deep.equal(expected);
    const conversation = replayHistory(runs);
    expect(conversation.toolCalls['c3']).to.include({ status: 'completed', result: 'result 3' });
    expect(conversation.toolCalls['c39']).to.include({ status: 'completed', result: 'result 39' });
  });

  it('gives each run only the messages its input adds since the previous run, not the whole transcript again', async () => {
    const seeded = turns(8);
    const { thread } = await seed(seeded);
    const runs = await new SoliplexTransport({ serverUrl: server, room: 'demo' }).loadHistory(thread, new AbortController().signal);
    // The previous run's answer (as the client sent it back) and this run's own messages.
    const added = seeded.map((run, i) => [...(seeded[i - 1]?.output ?? []), ...run.messages!].map((m) => m.id));
    expect(runs.map((run) => run.messages.map((m) => m.id))).to.deep.equal(added);
    expect(runs.every((run) => (run.events as BaseEvent[]).at(-1)?.type === 'RUN_FINISHED')).to.equal(true);
  });

  it('reports progress from (0, total) up to (total, total), one run at a time', async () => {
    const { thread, runIds } = await seed(turns(24)); // 30 runs
    const watched = watchedFetch(runIds, (index) => (index % 3) * 5);
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: watched.fetch });
    const calls: Array<[number, number]> = [];
    const runs = await transport.loadHistory(thread, new AbortController().signal, (loaded, total) => calls.push([loaded, total]));
    expect(runs).to.have.length(30);
    expect(calls).to.deep.equal(Array.from({ length: 31 }, (_, i) => [i, 30]));
    await settle();
    expect(calls).to.have.length(31, 'nothing after the load settled');
  });

  it('is not broken by a throwing progress listener', async () => {
    const { thread } = await seed(turns(5));
    const runs = await new SoliplexTransport({ serverUrl: server, room: 'demo' }).loadHistory(thread, new AbortController().signal, () => {
      throw new Error('listener bug');
    });
    expect(runs).to.have.length(6);
  });

  it('a thread without finished runs is an empty history, reported as (0, 0)', async () => {
    const created = await (await fetch(`${server}/api/v1/rooms/demo/agui`, { method: 'POST', body: '{}' })).json();
    const calls: Array<[number, number]> = [];
    const runs = await new SoliplexTransport({ serverUrl: server, room: 'demo' }).loadHistory(created.thread_id, new AbortController().signal, (...call) => calls.push(call));
    expect(runs).to.deep.equal([]);
    expect(calls).to.deep.equal([[0, 0]]);
  });

  it('an abort mid-load cancels the GETs in flight, starts no more and rejects with the abort', async () => {
    const { thread, runIds } = await seed(turns(48)); // 60 runs
    // The GETs after the 10th are slow: they are surely in flight when the 10th completes and the load is aborted.
    const watched = watchedFetch(runIds, (index) => (index >= 10 ? 300 : 10));
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: watched.fetch, historyConcurrency: 4 });
    const controller = new AbortController();
    let startedAtAbort = -1;
    let callsAfterAbort = 0;
    const error = await transport
      .loadHistory(thread, controller.signal, (loaded) => {
        if (controller.signal.aborted) callsAfterAbort++;
        if (loaded === 10) {
          controller.abort();
          startedAtAbort = watched.started.length;
        }
      })
      .catch((e: unknown) => e);

    expect((error as Error).name).to.equal('AbortError');
    expect(startedAtAbort).to.be.within(10, 14);
    await settle();
    expect(watched.started).to.have.length(startedAtAbort, 'no GET started after the abort');
    expect(watched.inFlight).to.equal(0);
    expect(watched.aborted.length).to.be.greaterThan(0, 'the GETs in flight were cancelled');
    expect(callsAfterAbort).to.equal(0);
  });

  it('an already aborted signal sends nothing', async () => {
    const { thread, runIds } = await seed(turns(3));
    const watched = watchedFetch(runIds);
    const controller = new AbortController();
    controller.abort();
    const error = await new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: watched.fetch })
      .loadHistory(thread, controller.signal)
      .catch((e: unknown) => e);
    expect((error as Error).name).to.equal('AbortError');
    expect(watched.started).to.deep.equal([]);
  });

  it('a run whose GET fails (503, 404, the network) is missing in its place; the others load, and a gap shows there', async () => {
    const runs = turns(20); // 25 runs
    runs[7] = { ...runs[7], $status: 503 };
    runs[12] = { ...runs[12], $status: 404 };
    const { thread, runIds } = await seed(runs);
    const watched = watchedFetch(runIds, (index) => (index === 7 ? 0 : 15));
    const offline: typeof fetch = (input, init) => (String(input).endsWith(`/${runIds[20]}`) ? Promise.reject(new TypeError('Failed to fetch')) : watched.fetch(input, init));
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: offline, historyConcurrency: 3 });
    const progress: number[] = [];
    const loaded = await transport.loadHistory(thread, new AbortController().signal, (done) => progress.push(done));

    expect(loaded.map((run) => run.runId)).to.deep.equal(runIds);
    expect(loaded.flatMap((run, i) => (run.missing ? [i] : []))).to.deep.equal([7, 12, 20]);
    expect(progress.at(-1)).to.equal(25);
    const conversation = replayHistory(loaded);
    const gaps = conversation.messages.flatMap((m, i) => (m.role === 'history-gap' ? [[i, m.runIds]] : []));
    expect(gaps.map(([, ids]) => ids)).to.deep.equal([[runIds[7]], [runIds[12]], [runIds[20]]]);
    // Each gap is where its run was: after its question, and its answer as the next run's input carries it.
    const before = (gap: number) => conversation.messages.slice((gap as number) - 2, gap as number).map((m) => (m as { text?: string }).text);
    expect(gaps.map(([at]) => before(at as number))).to.deep.equal([['question 6', 'answer 6'], ['question 10', 'answer 10'], ['question 16', 'answer 16']]);
    expect(texts(loaded)).to.include.members(['answer 0', 'answer 19']);
  });

  it('a refused sign-in (401) still fails the whole load, and the other GETs stop', async () => {
    const runs = turns(20); // 25 runs
    runs[7] = { ...runs[7], $status: 401 };
    const { thread, runIds } = await seed(runs);
    const watched = watchedFetch(runIds, (index) => (index === 7 ? 0 : 15));
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: watched.fetch, historyConcurrency: 3 });
    const error = await transport.loadHistory(thread, new AbortController().signal).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(TransportError);
    expect((error as TransportError).kind).to.equal('unauthorized');
    expect((error as Error).message).to.match(/^Could not load the thread's history: run 8 of 25 failed\./);
    const startedAtFailure = watched.started.length;
    await settle();
    expect(watched.started).to.have.length(startedAtFailure, 'no GET started after the failure');
    expect(watched.inFlight).to.equal(0);
  });

  it('through the engine: a run that failed to load is a gap the user can retry; the thread works meanwhile', async () => {
    const { thread } = await seed(turns(6));
    let failNext = true;
    const flaky: typeof fetch = (input, init) => {
      if (failNext && /\/agui\/[^/]+\/[^/]+$/.test(String(input))) {
        failNext = false;
        return Promise.resolve(new Response(JSON.stringify({ detail: 'try later' }), { status: 502 }));
      }
      return fetch(input, init);
    };
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: flaky }) });
    const key = { server, room: 'demo', thread };
    expect(await engine.loadThread(key)).to.equal(true);
    expect(engine.snapshot(key).run.status).to.equal('idle');
    const gaps = () => engine.snapshot(key).conversation.messages.filter((m) => m.role === 'history-gap');
    expect(gaps()).to.have.length(1);
    expect(engine.snapshot(key).conversation.messages.filter((m) => m.role === 'user')).to.have.length(6, 'every question is there');
    expect(await engine.reloadThread(key)).to.equal(true);
    expect(gaps()).to.deep.equal([]);
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text).slice(0, 2)).to.deep.equal(['question 0', 'answer 0']);
  });

  it('through the engine: a thread that cannot be read at all is the failed history stage, and a retry loads it', async () => {
    const { thread } = await seed(turns(3));
    let failNext = true;
    const flaky: typeof fetch = (input, init) => {
      if (failNext && String(input).endsWith(`/agui/${thread}`)) {
        failNext = false;
        return Promise.resolve(new Response(JSON.stringify({ detail: 'try later' }), { status: 502 }));
      }
      return fetch(input, init);
    };
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: flaky }) });
    const key = { server, room: 'demo', thread };
    await engine.loadThread(key).catch((e: unknown) => e);
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.stage).to.equal('history');
    expect(engine.snapshot(key).conversation.messages).to.deep.equal([]);
    expect(await engine.retry(key)).to.equal('success');
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text).slice(0, 2)).to.deep.equal(['question 0', 'answer 0']);
  });
});

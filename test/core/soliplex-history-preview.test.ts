import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import {
  RunOrchestrator,
  SoliplexHistoryCache,
  SoliplexTransport,
  replayHistory,
  type Conversation,
  type HistoryRun,
} from '../../src/core/index.js';
import { historyCacheKey } from '../../src/core/transport/soliplex/soliplex-history-cache.js';
import { until } from '../helpers/scripted-transport.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * Faster Soliplex reloads, against the demo server: the preview rebuilt from the latest run's
 * transcript (only when the thread's inputs form one transcript), and the IndexedDB cache of
 * finished runs (per token). The server counts the thread and run GETs it answered.
 */
interface SeededRun {
  messages?: Message[];
  output?: Message[];
  events?: object[];
  state?: unknown;
}

async function seed(runs: SeededRun[], cumulative = true): Promise<{ thread: string; runIds: string[] }> {
  const response = await fetch(`${server}/api/test/threads`, { method: 'POST', body: JSON.stringify({ room: 'demo', runs, cumulative }) });
  if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  const { thread_id, run_ids } = (await response.json()) as { thread_id: string; run_ids: string[] };
  return { thread: thread_id, runIds: run_ids };
}

/** The GETs the server answered for a thread: the thread's own, and its runs'. */
async function gets(thread: string): Promise<{ thread_gets: number; run_gets: number }> {
  return (await fetch(`${server}/api/test/threads/${thread}/requests`)).json();
}

const user = (id: string, content: string): Message => ({ id, role: 'user', content });
const text = (id: string, content: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: content },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const call = (id: string, name: string, args: string) => ({ id, type: 'function' as const, function: { name, arguments: args } });
const callEvents = (parent: string, id: string, name: string, args: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: parent },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: args },
  { type: 'TOOL_CALL_END', toolCallId: id },
];

/**
 * A thread with text, a client tool and its result, a failed client tool, a call the server ran,
 * state (seeded per run and changed by events), and a last run that failed.
 */
function representative(): SeededRun[] {
  return [
    { messages: [user('u1', 'hello')], output: [{ id: 'a1', role: 'assistant', content: 'Hi there.' }], events: [started, ...text('a1', 'Hi there.'), finished], state: { step: 0 } },
    {
      messages: [user('u2', 'secret of alice?')],
      output: [{ id: 't2', role: 'assistant', content: 'Let me look.', toolCalls: [call('c2', 'get_secret_number', '{"name":"alice"}')] }],
      events: [started, ...text('t2', 'Let me look.'), ...callEvents('t2', 'c2', 'get_secret_number', '{"name":"alice"}'), { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/step', value: 1 }] }, finished],
      state: { step: 0 },
    },
    {
      messages: [{ id: 'r2', role: 'tool', toolCallId: 'c2', content: '42' }],
      output: [{ id: 'a2', role: 'assistant', content: 'It is 42.' }],
      events: [started, ...text('a2', 'It is 42.'), finished],
      state: { step: 1 },
    },
    {
      messages: [user('u3', 'and bob?')],
      output: [{ id: 't3', role: 'assistant', toolCalls: [call('c3', 'get_secret_number', '{"name":"bob"}')] }],
      events: [started, ...callEvents('t3', 'c3', 'get_secret_number', '{"name":"bob"}'), finished],
      state: { step: 1 },
    },
    {
      messages: [{ id: 'r3', role: 'tool', toolCallId: 'c3', content: 'Error: no such user', error: 'Error: no such user' } as Message],
      output: [
        { id: 't4', role: 'assistant', content: 'Searching.', toolCalls: [call('c4', 'search', '{"q":"bob"}')] },
        { id: 's4', role: 'tool', toolCallId: 'c4', content: 'bob is away' },
        { id: 'a4', role: 'assistant', content: 'Bob is away.' },
      ],
      events: [
        started,
        ...text('t4', 'Searching.'),
        ...callEvents('t4', 'c4', 'search', '{"q":"bob"}'),
        { type: 'TOOL_CALL_RESULT', messageId: 's4', toolCallId: 'c4', content: 'bob is away' },
        ...text('a4', 'Bob is away.'),
        { type: 'STATE_SNAPSHOT', snapshot: { step: 4, who: 'bob' } },
        finished,
      ],
      state: { step: 1 },
    },
    {
      messages: [user('u5', 'thanks')],
      events: [started, ...text('a5', 'You are'), { type: 'RUN_ERROR', message: 'model overloaded' }],
      state: { step: 4, who: 'bob' },
    },
  ];
}

/** What a reader sees of a conversation: messages, calls (status, result, error), state, the last error. */
function visible(conversation: Conversation) {
  return {
    messages: conversation.messages.map((m) => ({ role: m.role, id: m.id, text: (m as { text?: string }).text, calls: (m as { toolCallIds?: string[] }).toolCallIds })),
    calls: Object.values(conversation.toolCalls).map(({ id, name, status, argsText, result, error }) => ({ id, name, status, argsText, result, error })),
    state: conversation.state,
    runError: conversation.runError?.message,
  };
}

/**
 * The real fetch, recording the run GETs started and answered (the thread GET and others pass
 * through); `slow` run ids are answered 300 ms late.
 */
function countingFetch(runIds: readonly string[], slow: readonly string[] = []) {
  const started: string[] = [];
  const answered: string[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const id = runIds.find((runId) => String(input).endsWith(`/${runId}`));
    if (!id) return fetch(input, init);
    started.push(id);
    const response = await fetch(input, init);
    if (slow.includes(id)) await new Promise((resolve) => setTimeout(resolve, 300));
    answered.push(id);
    return response;
  };
  return { fetch: wrapped, started, answered };
}

const newCache = () => new SoliplexHistoryCache({ dbName: `soliplex-chat-history-test-${Math.random().toString(36).slice(2)}` });

describe('Soliplex history: transcript preview and run cache', () => {
  it('previews the thread from its latest run alone, as the full replay shows it', async () => {
    const { thread, runIds } = await seed(representative());
    // Every run but the latest answers late: the preview must not wait for them.
    const counted = countingFetch(runIds, runIds.slice(0, -1));
    const previews: Array<{ runs: readonly HistoryRun[]; answered: string[] }> = [];
    const runs = await new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: counted.fetch }).loadHistory(
      thread,
      new AbortController().signal,
      undefined,
      (preview) => previews.push({ runs: preview, answered: [...counted.answered] }),
    );

    expect(previews).to.have.length(2);
    expect(counted.started[0], 'the latest run is fetched first').to.equal(runIds.at(-1));
    expect(previews[0]!.answered, 'the first frame needs no run GET: the thread GET alone').to.deep.equal([]);
    expect(previews[1]!.answered, 'the latest run is all the second preview needs').to.deep.equal([runIds.at(-1)]);
    expect(counted.started).to.have.length(runIds.length, 'every run is still loaded');
    const full = replayHistory(runs);
    expect(visible(replayHistory(previews[1]!.runs))).to.deep.equal(visible(full));
    // The first frame: everything up to the latest question, the latest answer still to come.
    expect(replayHistory(previews[0]!.runs).messages.map((m) => (m as { text?: string }).text)).to.deep.equal(['hello', 'Hi there.', 'secret of alice?', 'Let me look.', 'It is 42.', 'and bob?', '', 'Searching.', 'Bob is away.', 'thanks']);
    // The thread as the full replay shows it (so the comparison above compares something).
    expect(full.messages.map((m) => (m as { text?: string }).text)).to.deep.equal(['hello', 'Hi there.', 'secret of alice?', 'Let me look.', 'It is 42.', 'and bob?', '', 'Searching.', 'Bob is away.', 'thanks', 'You are']);
    expect(full.toolCalls['c2']).to.include({ status: 'completed', result: '42' });
    expect(full.toolCalls['c3']).to.include({ status: 'failed', error: 'Error: no such user' });
    expect(full.toolCalls['c4']).to.include({ status: 'completed', result: 'bob is away', serverRun: true });
    expect(full.state).to.deep.equal({ step: 4, who: 'bob' });
    expect(full.runError?.message).to.equal('model overloaded');
  });

  it('shows no transcript preview when the inputs are lean, do not grow, or one run left no answer in the next input', async () => {
    const lean = representative();
    const retried = representative();
    // Run 4 failed and was retried: the retry's input is the same transcript, without run 4's output.
    retried.splice(3, 0, { messages: [user('u3', 'and bob?')], events: [started, { type: 'RUN_ERROR', message: 'overloaded' }] });
    retried[4] = { ...retried[4]!, messages: [] };
    const unanswered = representative();
    // A run that only reasoned (reasoning is not sent back), then the next question.
    unanswered.splice(5, 0, {
      messages: [user('u4', 'think about it')],
      events: [started, { type: 'REASONING_MESSAGE_START', messageId: 'k4', role: 'reasoning' }, { type: 'REASONING_MESSAGE_CONTENT', messageId: 'k4', delta: 'Hmm.' }, { type: 'REASONING_MESSAGE_END', messageId: 'k4' }, finished],
    });
    for (const [seeded, cumulative] of [[lean, false], [retried, true], [unanswered, true]] as const) {
      const { thread, runIds } = await seed(seeded, cumulative);
      const counted = countingFetch(runIds);
      let previews = 0;
      const runs = await new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: counted.fetch }).loadHistory(thread, new AbortController().signal, undefined, () => previews++);
      expect(previews).to.equal(0);
      expect(counted.started).to.have.length(runIds.length);
      const users = [...new Set(seeded.flatMap((run) => (run.messages ?? []).filter((m) => m.role === 'user').map((m) => m.id)))];
      expect(replayHistory(runs).messages.filter((m) => m.role === 'user').map((m) => m.id)).to.deep.equal(users);
    }
  });

  it('historyFastPath: false previews nothing', async () => {
    const { thread } = await seed(representative());
    let previews = 0;
    await new SoliplexTransport({ serverUrl: server, room: 'demo', historyFastPath: false }).loadHistory(thread, new AbortController().signal, undefined, () => previews++);
    expect(previews).to.equal(0);
  });

  it('a second load reads the cached runs: the thread GET and no run GET, the same history, shown before any request', async () => {
    const { thread, runIds } = await seed(representative());
    const cache = newCache();
    const transport = new SoliplexTransport({ serverUrl: server, room: 'demo', historyCache: cache });
    const first = await transport.loadHistory(thread, new AbortController().signal);
    await cache.flushed();
    const before = await gets(thread);

    const previews: Array<{ runs: readonly HistoryRun[]; threadGets: number }> = [];
    let threadGets = 0;
    const watching: typeof fetch = (input, init) => {
      if (String(input).endsWith(`/agui/${thread}`)) threadGets++;
      return fetch(input, init);
    };
    const second = await new SoliplexTransport({ serverUrl: server, room: 'demo', historyCache: cache, fetch: watching }).loadHistory(
      thread,
      new AbortController().signal,
      undefined,
      (runs) => previews.push({ runs, threadGets }),
    );
    const after = await gets(thread);
    expect(after.run_gets - before.run_gets).to.equal(0);
    expect(after.thread_gets - before.thread_gets).to.equal(1);
    expect(second.map((run) => run.runId)).to.deep.equal(runIds);
    expect(visible(replayHistory(second))).to.deep.equal(visible(replayHistory(first)));
    expect(previews.map((p) => p.threadGets)).to.deep.equal([0], 'the cached runs are shown before the thread GET');
    expect(previews[0]!.runs, 'nothing new: the preview is the history').to.equal(second);
  });

  it('after new runs, only those are fetched; another token never reads the cached runs', async () => {
    const room = (await script([[started, ...say('a1', 'One.'), finished], [started, ...say('a2', 'Two.'), finished], [started, ...say('a3', 'Three.'), finished]])).room;
    const cache = newCache();
    const transport = (token: string) => new SoliplexTransport({ serverUrl: server, room, token, historyCache: cache, historyFastPath: false });
    const engine = new RunOrchestrator({ transport: transport('alice') });
    const key = await engine.createThread(server, room);
    await engine.send(key, 'one');
    await engine.send(key, 'two');
    const thread = key.thread;

    const load = async (token: string) => {
      let previews = 0;
      const before = await gets(thread);
      const runs = await transport(token).loadHistory(thread, new AbortController().signal, undefined, () => previews++);
      await cache.flushed();
      const after = await gets(thread);
      return { runs: runs.length, runGets: after.run_gets - before.run_gets, previews };
    };
    expect(await load('alice')).to.deep.equal({ runs: 2, runGets: 2, previews: 0 });
    expect(await load('alice')).to.deep.equal({ runs: 2, runGets: 0, previews: 1 });
    expect(await load('bob'), "bob's token finds nothing of alice's").to.deep.equal({ runs: 2, runGets: 2, previews: 0 });

    await engine.send(key, 'three');
    expect(await load('alice'), 'only the new run is fetched').to.deep.equal({ runs: 3, runGets: 1, previews: 1 });
    expect(await load('alice')).to.deep.equal({ runs: 3, runGets: 0, previews: 1 });
  });

  it('a cache record that is not a prefix of the thread, or not runs at all, is not used', async () => {
    const { thread, runIds } = await seed(representative());
    const cache = newCache();
    const key = (await historyCacheKey(server, 'demo', thread, undefined))!;
    for (const record of [[{ runId: 'another-run', messages: [], events: [] }], [{ runId: runIds[0], messages: 'not a list' }]]) {
      await cache.write(key, record as unknown as HistoryRun[]);
      const counted = countingFetch(runIds);
      let fromCache = 0;
      const runs = await new SoliplexTransport({ serverUrl: server, room: 'demo', historyCache: cache, historyFastPath: false, fetch: counted.fetch }).loadHistory(
        thread,
        new AbortController().signal,
        undefined,
        () => fromCache++,
      );
      expect(counted.started).to.have.length(runIds.length);
      expect(runs.map((run) => run.runId)).to.deep.equal(runIds);
      expect(fromCache, 'a record of another shape is not even previewed').to.equal(record[0]!.runId === 'another-run' ? 1 : 0);
      await cache.flushed();
    }
  });

  it('through the engine: the thread is free once the latest run is in; the older runs, loaded in the background, then replace the preview', async () => {
    const { thread, runIds } = await seed(representative());
    const counted = countingFetch(runIds, runIds.slice(0, -1)); // the older runs answer late
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room: 'demo', fetch: counted.fetch }) });
    const key = { server, room: 'demo', thread };
    expect(await engine.loadThread(key)).to.equal(true);
    expect(counted.answered, 'handed over with the latest run alone').to.deep.equal([runIds.at(-1)]);
    expect(engine.snapshot(key).run.status).to.equal('idle');
    expect(engine.snapshot(key).conversation.messages.filter((m) => m.role === 'user')).to.have.length(4);
    // Which calls the server ran is only in the runs' events: not known yet...
    expect(engine.snapshot(key).conversation.toolCalls['c4']?.serverRun).to.not.equal(true);
    // ...and known once the older runs have loaded, nothing having changed the thread meanwhile.
    await until(() => engine.snapshot(key).conversation.toolCalls['c4']?.serverRun === true, 5000);
    expect(counted.answered).to.have.length(runIds.length);
    expect(engine.snapshot(key).run.status).to.equal('idle');
  });

  it('through the engine: the preview is shown while loading; a failed load after it shows no history', async () => {
    const { thread } = await seed(representative());
    const cache = newCache();
    await new SoliplexTransport({ serverUrl: server, room: 'demo', historyCache: cache }).loadHistory(thread, new AbortController().signal);
    await cache.flushed();

    // The thread GET fails (the cached runs were shown already).
    const failing: typeof fetch = (input, init) =>
      String(input).endsWith(`/agui/${thread}`) ? Promise.resolve(new Response('{"detail":"down"}', { status: 503 })) : fetch(input, init);
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room: 'demo', historyCache: cache, fetch: failing }) });
    const key = { server, room: 'demo', thread };
    const seen: Array<{ status: string; phase?: string; messages: number }> = [];
    engine.registry.subscribe((snapshot) => seen.push({ status: snapshot.run.status, phase: (snapshot.run as { phase?: string }).phase, messages: snapshot.conversation.messages.length }), key);
    const error = await engine.loadThread(key).catch((e: unknown) => e);
    expect((error as Error).message).to.contain('503');
    expect(seen.some((s) => s.phase === 'loading-history' && s.messages === 11), 'the cached history was shown while loading').to.equal(true);
    const { run, conversation } = engine.snapshot(key);
    expect(run.status).to.equal('failed');
    expect(conversation.messages).to.deep.equal([]);
  });
});

import { fixture, html } from '@open-wc/testing';
import type { BaseEvent, Message } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, SoliplexHistoryCache, SoliplexTransport, replayHistory, type Transport } from '../../src/core/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { server } from '../helpers/agui-server.js';
import { fmt, painted, pause, ratio, report, summarize, table } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (not a test: `npm run bench`): reloading a stored Soliplex thread of 600 runs (1,000 text
 * messages: 500 questions, 500 answers, 100 of them after a tool call) from the demo server, against
 * showing the same history from memory, in the same run and the same chat on screen. Three reloads:
 * every run fetched (no cache, no preview), the transcript preview (the latest run's input shown while
 * the other runs load), and the runs cached in IndexedDB by an earlier load. Each is timed to its first
 * frame with the latest message, and to the end of the load.
 *
 * The thread is seeded with `POST /api/test/threads` in two shapes: lean (each run's `run_input` has
 * only its own new messages: the cost is the number of requests) and with full transcripts, the way
 * a Soliplex client leaves a thread (every run's input is the whole transcript so far, so the thread
 * GET and the run GETs each carry it ~600 times: tens of MB apiece, and that is what the API answers).
 * It prints figures and asserts nothing about time.
 *
 * Issue 21's measure: a cold reload's first frame (the conversation up to its latest question,
 * painted) against the thread GET alone (its transfer and JSON parse, nothing else), in the same run.
 */
const TURNS = 500; // every 5th turn calls a tool first: 400 + 2 × 100 = 600 runs
const ROOM = 'demo';

const answer =
  'Here is what I found. Some **bold** text with `code` and a [link](https://example.com), ' +
  'then a short list:\n\n- one\n- two\n\nThat should answer it.';

interface SeededRun {
  messages: Message[];
  output: Message[];
  events: BaseEvent[];
}

const event = (fields: object) => fields as BaseEvent;
const textEvents = (id: string, text: string) => [
  event({ type: 'RUN_STARTED' }),
  event({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' }),
  event({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text }),
  event({ type: 'TEXT_MESSAGE_END', messageId: id }),
  event({ type: 'RUN_FINISHED' }),
];

function seededRuns(): SeededRun[] {
  const runs: SeededRun[] = [];
  for (let turn = 0; turn < TURNS; turn++) {
    const question: Message = { id: `u${turn}`, role: 'user', content: `Question number ${turn}: what is the secret number for alice?` };
    const text = `${answer} (${turn})`;
    if (turn % 5 === 0) {
      const callId = `c${turn}`;
      const args = JSON.stringify({ name: 'alice' });
      runs.push({
        messages: [question],
        output: [{ id: `t${turn}`, role: 'assistant', content: '', toolCalls: [{ id: callId, type: 'function', function: { name: 'get_secret_number', arguments: args } }] }],
        events: [
          event({ type: 'RUN_STARTED' }),
          event({ type: 'TOOL_CALL_START', toolCallId: callId, toolCallName: 'get_secret_number', parentMessageId: `t${turn}` }),
          event({ type: 'TOOL_CALL_ARGS', toolCallId: callId, delta: args }),
          event({ type: 'TOOL_CALL_END', toolCallId: callId }),
          event({ type: 'RUN_FINISHED' }),
        ],
      });
      runs.push({
        messages: [{ id: `r${turn}`, role: 'tool', toolCallId: callId, content: '42' }],
        output: [{ id: `a${turn}`, role: 'assistant', content: text }],
        events: textEvents(`a${turn}`, text),
      });
    } else {
      runs.push({ messages: [question], output: [{ id: `a${turn}`, role: 'assistant', content: text }], events: textEvents(`a${turn}`, text) });
    }
  }
  return runs;
}

async function seedThread(runs: SeededRun[], cumulative: boolean): Promise<string> {
  const response = await fetch(`${server}/api/test/threads`, { method: 'POST', body: JSON.stringify({ room: ROOM, runs, cumulative }) });
  if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { thread_id: string }).thread_id;
}

interface Sample {
  /** The latest user message in the DOM, a frame painted: the first frame a reload can show from the thread GET alone. */
  question: number;
  /** The latest message in the DOM, a frame painted. */
  first: number;
  /** The thread free (idle; older runs may still load in the background), painted. */
  done: number;
}

/**
 * Shows `thread` in a chat that is already on screen (server-url and room set, no thread yet): from
 * setting `thread` to the first painted frame with the latest message, and to the load's end. With
 * `conversation`, the thread is in the engine already (from memory); otherwise the engine loads it.
 */
async function show(engine: RunOrchestrator, thread: string, last: string, lastQuestion: string): Promise<Sample> {
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 500px" .engine=${engine} server-url=${server} room=${ROOM}></soliplex-chat>`);
  await painted();
  const key = { server, room: ROOM, thread };
  const list = () => el.shadowRoot!.querySelector('soliplex-message-list');
  const start = performance.now();
  el.thread = thread;
  let first = NaN;
  let question = NaN;
  const shown = (id: string) => !!list()?.shadowRoot?.querySelector(`[data-message-id="${id}"]`);
  for (let frames = 0; frames < 20_000; frames++) {
    await painted();
    const now = performance.now();
    if (Number.isNaN(question) && shown(lastQuestion)) question = now - start;
    if (Number.isNaN(first) && shown(last)) first = now - start;
    const run = engine.snapshot(key).run;
    if (run.status === 'failed') throw new Error(`reload failed: ${run.error.message}`);
    if (!Number.isNaN(first) && run.status === 'idle') {
      el.remove();
      return { question, first, done: now - start };
    }
  }
  throw new Error('the thread never finished loading');
}

const engineWith = (transport: Transport, registry = new RunRegistry()) => new RunOrchestrator({ transport, registry });

interface Shape {
  name: string;
  cumulative: boolean;
  repetitions: number;
}

const SHAPES: Shape[] = [
  // Each run's input holds only its own new messages: the cost is the number of requests.
  { name: 'lean runs', cumulative: false, repetitions: 5 },
  // As this widget (and every Soliplex client) leaves a thread: each input is the whole transcript.
  { name: 'full transcripts', cumulative: true, repetitions: 2 },
];

const PATHS = ['memory', 'cold', 'fast', 'warm', 'thread-get'] as const;
type Path = (typeof PATHS)[number];

async function measure(shape: Shape, cache: SoliplexHistoryCache): Promise<{ lines: string[]; rows: string[][] }> {
  const thread = await seedThread(seededRuns(), shape.cumulative);
  const plain = new SoliplexTransport({ serverUrl: server, room: ROOM, historyFastPath: false });
  const stored = await plain.loadHistory(thread, new AbortController().signal);
  const conversation = replayHistory(stored);
  const last = conversation.messages.at(-1)!.id;
  const lastQuestion = conversation.messages.findLast((m) => m.role === 'user')!.id;
  const texts = conversation.messages.filter((m) => (m as { text?: string }).text).length;
  // The warm path's cache: filled once, as by an earlier visit.
  const cached = new SoliplexTransport({ serverUrl: server, room: ROOM, historyCache: cache });
  await cached.loadHistory(thread, new AbortController().signal);
  await cache.flushed();

  const run: Record<Path, () => Promise<Sample>> = {
    memory: () => {
      const registry = new RunRegistry();
      registry.set({ key: { server, room: ROOM, thread }, conversation, run: { status: 'idle' }, unread: false });
      return show(engineWith(plain, registry), thread, last, lastQuestion);
    },
    cold: () => show(engineWith(plain), thread, last, lastQuestion),
    fast: () => show(engineWith(new SoliplexTransport({ serverUrl: server, room: ROOM })), thread, last, lastQuestion),
    warm: () => show(engineWith(cached), thread, last, lastQuestion),
    // The floor of a cold reload: the thread GET, transferred and parsed, and nothing else.
    'thread-get': async () => {
      const start = performance.now();
      await (await fetch(`${server}/api/v1/rooms/${ROOM}/agui/${encodeURIComponent(thread)}`)).json();
      const time = performance.now() - start;
      return { question: time, first: time, done: time };
    },
  };
  const samples = Object.fromEntries(PATHS.map((path) => [path, [] as Sample[]])) as Record<Path, Sample[]>;
  for (let rep = 0; rep < shape.repetitions; rep++) {
    // Interleaved, the order turned around every other repetition.
    for (const path of rep % 2 ? [...PATHS].reverse() : PATHS) {
      samples[path].push(await run[path]());
      await pause(50);
    }
  }
  const pick = (path: Path, field: keyof Sample) => summarize(samples[path].map((s) => s[field]));
  const memory = pick('memory', 'first');
  const threadGet = pick('thread-get', 'done');
  const names: Record<Path, string> = {
    'thread-get': 'the thread GET alone',
    memory: 'from memory',
    cold: 'reload, every run fetched',
    fast: 'reload, transcript preview',
    warm: 'reload, runs cached',
  };
  const rows = PATHS.filter((path) => path !== 'thread-get').map((path, i) => [
    i === 0 ? `${shape.name} (${stored.length} runs, ${shape.repetitions} reps)` : '',
    path === 'memory' ? `**${names[path]}**` : names[path],
    fmt(pick(path, 'first'), 0),
    ratio(pick(path, 'first'), memory),
    fmt(pick(path, 'done'), 0),
    ratio(pick(path, 'done'), memory),
    fmt(pick(path, 'question'), 0),
    ratio(pick(path, 'question'), threadGet),
  ]);
  rows.push(['', names['thread-get'], '', '', fmt(threadGet, 0), '', fmt(threadGet, 0), '1.00×']);
  // The demo server holds seeded threads in memory (tens of MB with full transcripts): dropped, so the
  // benchmarks after this one do not run against a server busy collecting them.
  await fetch(`${server}/api/v1/rooms/${ROOM}/agui/${encodeURIComponent(thread)}`, { method: 'DELETE' });
  const lines = [
    `${shape.name}: ${stored.length} runs, ${texts} text messages, ${shape.repetitions} interleaved repetitions`,
    ...rows.map((row) => `  ${row[1]!.padEnd(28)} first frame ${row[2]} (${row[3]})   loaded ${row[4]} (${row[5]})   latest question ${row[6]} (${row[7]} of the thread GET)`),
  ];
  return { lines, rows };
}

describe('benchmark: reloading a 600-run Soliplex thread vs. the same history from memory', () => {
  it('prints median (min–max) ms and the ratios', async function () {
    this.timeout(1_200_000);
    const cache = new SoliplexHistoryCache({ dbName: 'soliplex-chat-history-bench', maxBytes: 200 * 2 ** 20 });
    await cache.clear();
    const rows: string[][] = [];
    for (const shape of SHAPES) {
      const measured = await measure(shape, cache);
      // One block per shape as soon as it is measured.
      console.log(`BENCH soliplex-history ${measured.lines.join('\n')}`);
      rows.push(...measured.rows);
    }
    await cache.clear();
    await report(
      'soliplex-history',
      2.5,
      `## History: reloading a 600-run Soliplex thread

The demo server holds a thread of 600 runs (1,000 text messages, 100 tool calls). A chat that is on screen
is given the thread: from memory (the engine has the conversation), or reloaded from the server by a fresh
engine. First frame: the latest message is in the DOM and a frame is painted; loaded: the thread is free
(idle: with a transcript preview, once the latest run is in, the older runs loading on in the background)
and its frame is painted. Ratios are to the first frame from memory.

- *every run fetched*: the thread GET, then one GET per finished run (16 at a time), replayed, rendered.
- *transcript preview*: the thread is shown from the thread GET alone (every run's input: each answer
  from the input that followed it), up to the latest question; then the same GETs, the latest run's
  first, newest to oldest; once the latest arrives, its answer is shown too, until every run has loaded.
  Lean runs hold no transcript: nothing to preview.
- *latest question*: the conversation up to its latest question painted, against *the thread GET
  alone* (its transfer and JSON parse, nothing else, in the same run): what issue 21 measures (a cold
  reload's first frame within 1.5× the thread GET).
- *runs cached*: the runs of an earlier load are read from IndexedDB and shown before any request; then
  the thread GET (to find runs added since) and nothing else.

"Full transcripts" is how Soliplex clients leave a thread: every run's stored input repeats the whole
transcript, so the thread GET alone is ~50 MB here (every run's input), and so is the set of run GETs.

${table(['thread', 'path', 'first frame, ms', 'ratio', 'loaded, ms', 'ratio', 'latest question, ms', 'ratio to the thread GET'], rows)}`,
    );
  });
});

import { fixture, html } from '@open-wc/testing';
import type { BaseEvent, Message } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, SoliplexTransport, replayHistory, type Conversation } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { server } from '../helpers/agui-server.js';
import { report, table } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (not a test: `npm run bench`): reloading a stored Soliplex thread of 600 runs (1,000 text
 * messages: 500 questions, 500 answers, 100 of them after a tool call) from the demo server, against
 * showing the same history from memory, in the same run. Both end with the conversation rendered in a
 * fresh <soliplex-chat>; reloading adds the thread GET, the run GETs and their JSON.
 *
 * The thread is seeded with `POST /api/test/threads` in two shapes: lean (each run's `run_input` has
 * only its own new messages: the cost is the number of requests) and with full transcripts, the way
 * a Soliplex client leaves a thread (every run's input is the whole transcript so far, so the thread
 * GET and the run GETs each carry it ~600 times: ~50 MB apiece here, and that is what the API answers).
 * It prints figures and asserts nothing about time.
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

/** Renders `conversation` in a fresh element; resolves once the message list has rendered it. */
async function render(conversation: Conversation, thread: string): Promise<void> {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const key = { server: '', room: '', thread };
  registry.set({ key, conversation, run: { status: 'idle' }, unread: false });
  const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread=${thread}></soliplex-chat>`);
  const list = el.shadowRoot!.querySelector('soliplex-message-list')!;
  await el.updateComplete;
  await list.updateComplete;
  void list.offsetHeight;
  el.remove();
}

const loadHistory = (thread: string, onProgress?: (loaded: number, total: number) => void) =>
  new SoliplexTransport({ serverUrl: server, room: ROOM }).loadHistory(thread, new AbortController().signal, onProgress);

async function time(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

function summary(samples: number[]): { median: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
  return { median, text: `${median.toFixed(0)} ms (${sorted[0]!.toFixed(0)}–${sorted.at(-1)!.toFixed(0)})` };
}

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

async function measure(shape: Shape): Promise<{ lines: string[]; row: string[] }> {
  const thread = await seedThread(seededRuns(), shape.cumulative);
  const progress: number[] = [];
  const stored = await loadHistory(thread, (loaded) => progress.push(loaded)); // the in-memory copy, and a warm-up
  const conversation = replayHistory(stored);
  const texts = conversation.messages.filter((m) => (m as { text?: string }).text).length;

  const samples = { memory: [] as number[], reload: [] as number[], load: [] as number[] };
  for (let rep = 0; rep < shape.repetitions; rep++) {
    const steps: Array<() => Promise<void>> = [
      // From memory: the conversation is already built, only rendered.
      async () => void samples.memory.push(await time(() => render(conversation, `memory-${rep}`))),
      // Reloading: the thread and run GETs, the replay through the reducer, the same render.
      async () => {
        const start = performance.now();
        const runs = await loadHistory(thread);
        samples.load.push(performance.now() - start);
        await render(replayHistory(runs), `reload-${rep}`);
        samples.reload.push(performance.now() - start);
      },
    ];
    // Interleaved, the order turned around every other repetition.
    for (const step of rep % 2 ? steps.reverse() : steps) await step();
  }
  const memory = summary(samples.memory);
  const reload = summary(samples.reload);
  const load = summary(samples.load);
  const lines = [
    `${shape.name}: ${stored.length} runs, ${texts} text messages, ${shape.repetitions} interleaved repetitions, ` +
      `progress ${progress.length} calls ${progress[0]}…${progress.at(-1)}`,
    `  render from memory      ${memory.text}`,
    `  reload + render         ${reload.text}   ratio ${(reload.median / memory.median).toFixed(2)}×`,
    `    of which GETs         ${load.text}`,
  ];
  const row = [`${shape.name} (${stored.length} runs, ${shape.repetitions} reps)`, memory.text, reload.text, load.text, `${(reload.median / memory.median).toFixed(2)}×`];
  return { lines, row };
}

describe('benchmark: reloading a 600-run Soliplex thread vs. the same history from memory', () => {
  it('prints median (min–max) ms and the ratio', async function () {
    this.timeout(600_000);
    // One line per shape as soon as it is measured.
    const rows: string[][] = [];
    for (const shape of SHAPES) {
      const { lines, row } = await measure(shape);
      console.log(`BENCH soliplex-history ${lines.join('\n')}`);
      rows.push(row);
    }
    await report(
      'soliplex-history',
      2.5,
      `## History: reloading a 600-run Soliplex thread

The demo server holds a thread of 600 runs (1,000 text messages); a fresh chat loads it (thread GET, run
GETs in a bounded pool of 16, replay, render) against rendering the same conversation from memory.
"Full transcripts" is how Soliplex clients leave a thread: every run's stored input repeats the whole
transcript, so the API answers ~50 MB per GET set; the API has no call that returns only the events.

${table(['thread', 'render from memory', 'reload + render', 'of which GETs', 'ratio'], rows)}`,
    );
  });
});

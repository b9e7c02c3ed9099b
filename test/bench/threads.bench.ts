import { fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, ThreadIndex, type ThreadKey, type Transport } from '../../src/index.js';
import type { SoliplexChat, SoliplexThreadList } from '../../src/index.js';
import { fmt, interleaved, pause, probeClicks, report, summarize, table, watchLongTasks, ratio } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`): many threads running at once on one page. N threads each run a turn of
 * two runs (a streamed answer with a tool call, the tool, then a streamed continuation), all started
 * together on one engine. Raw: the engine alone, no view. Widget: the same engine with a
 * `<soliplex-thread-list>` (a live badge per thread) and a `<soliplex-chat>` showing one thread. Reported:
 * the time until every turn has ended, how late a click handler ran at worst meanwhile, and the longest task.
 * The streams come from an in-page transport (no connection limit: `maxStreamsPerHost` is raised), so
 * the figure is the page's own cost, not the network's.
 */
const THREADS = [10, 50, 200];
const REPS = 3;
const DELTAS = 40;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

/** Streams one run: text deltas 2 ms apart, a tool call on the first run, then RUN_FINISHED. */
const transport: Transport = {
  async run(request, onEvent) {
    const ids = { threadId: request.threadId, runId: request.runId };
    const first = !request.messages.some((m) => m.role === 'tool');
    const id = `${request.runId}-m`;
    onEvent({ type: 'RUN_STARTED', ...ids } as never);
    onEvent({ type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' } as never);
    for (let i = 0; i < DELTAS; i++) {
      if (request.signal.aborted) return { runId: request.runId };
      await tick();
      onEvent({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: `word${i} ` } as never);
    }
    onEvent({ type: 'TEXT_MESSAGE_END', messageId: id } as never);
    if (first) {
      const call = `${request.runId}-c`;
      onEvent({ type: 'TOOL_CALL_START', toolCallId: call, toolCallName: 'lookup', parentMessageId: id } as never);
      onEvent({ type: 'TOOL_CALL_ARGS', toolCallId: call, delta: '{"q":"x"}' } as never);
      onEvent({ type: 'TOOL_CALL_END', toolCallId: call } as never);
    }
    onEvent({ type: 'RUN_FINISHED', ...ids } as never);
    return { runId: request.runId };
  },
};

const tools = new ToolRegistry([
  {
    name: 'lookup',
    description: 'A tool that takes 20 ms',
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
    execute: () => new Promise((resolve) => setTimeout(() => resolve('found'), 20)),
  },
]);

interface Sample {
  ms: number;
  worstClick: number;
  longest: number;
  completed: number;
}

async function runAll(n: number, withView: boolean): Promise<Sample> {
  const engine = new RunOrchestrator({ transport, toolRegistry: tools, maxStreamsPerHost: 10_000 });
  const keys: ThreadKey[] = Array.from({ length: n }, (_, i) => ({ server: 'bench', room: '', thread: `t${i}` }));
  let list: SoliplexThreadList | undefined;
  let chat: SoliplexChat | undefined;
  if (withView) {
    const root = await fixture<HTMLDivElement>(html`
      <div style="display:flex;height:600px">
        <soliplex-thread-list persist="false" style="width:280px" .engine=${engine}></soliplex-thread-list>
        <soliplex-chat style="flex:1;height:600px" .engine=${engine} agent-url="bench" thread="t0"></soliplex-chat>
      </div>
    `);
    list = root.querySelector('soliplex-thread-list')!;
    chat = root.querySelector('soliplex-chat')!;
    await chat.updateComplete;
  }
  const clicks = probeClicks();
  const longTasks = watchLongTasks();
  const start = performance.now();
  const outcomes = await Promise.all(keys.map((key, i) => engine.send(key, `question ${i}`)));
  const ms = performance.now() - start;
  const { worst } = clicks.stop();
  const { longest } = longTasks.stop();
  if (list) {
    await pause(150);
    // A long list renders the rows near the viewport only; each tells its place in the whole list.
    const rows = [...list.shadowRoot!.querySelectorAll('[part~="thread"]')];
    const listed = Math.max(rows.length, ...rows.map((row) => Number(row.getAttribute('aria-setsize'))));
    if (listed !== n) throw new Error(`the list shows ${listed} threads, not ${n}`);
  }
  void ThreadIndex;
  engine.dispose();
  chat?.parentElement?.remove();
  return { ms, worstClick: worst, longest, completed: outcomes.filter((o) => o === 'success').length };
}

describe('benchmark: threads running at once', () => {
  it('reports N threads × 2 runs each, engine alone vs with the thread list and a chat', async function () {
    this.timeout(900_000);
    await runAll(5, true); // warm-up: the lazy parts load
    const rows: string[][] = [];
    for (const n of THREADS) {
      const { raws, widgets } = await interleaved(REPS, () => runAll(n, false), () => runAll(n, true), 100);
      const r = summarize(raws.map((s) => s.ms));
      const w = summarize(widgets.map((s) => s.ms));
      const completed = Math.min(...raws.map((s) => s.completed), ...widgets.map((s) => s.completed));
      rows.push([
        `${n}`,
        `${2 * n}`,
        fmt(r, 0),
        fmt(w, 0),
        ratio(w, r),
        `${fmt(summarize(raws.map((s) => s.worstClick)), 0)} / ${fmt(summarize(widgets.map((s) => s.worstClick)), 0)}`,
        `${fmt(summarize(raws.map((s) => s.longest)), 0)} / ${fmt(summarize(widgets.map((s) => s.longest)), 0)}`,
        `${completed} / ${n}`,
      ]);
    }
    await report(
      'threads',
      7,
      `## Threads at once (${REPS} runs)

N threads start a turn together on one engine; each turn is two runs (${DELTAS} text deltas 2 ms apart and a
tool call, the tool (20 ms), then ${DELTAS} more deltas), so 2N runs stream at once. Raw: the engine alone.
Widget: the same with a \`<soliplex-thread-list>\` showing a live badge per thread and a \`<soliplex-chat>\`
showing one of them. In-page streams, no connection limit. "Worst click" is how late a click handler ran
at worst while they all ran; "longest task" the longest main-thread task (0: none over 50 ms).

${table(['threads', 'runs', 'engine alone, ms', 'with list + chat, ms', 'ratio', 'worst click, ms (alone / with view)', 'longest task, ms (alone / with view)', 'turns completed'], rows)}`,
    );
  });
});

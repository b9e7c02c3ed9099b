import { fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, reduceConversation, type Conversation } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { history } from './history-data.js';
import { fmt, painted, performanceMetrics, report, summarize, table, traceStart, traceStop, watchLongTasks } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`, issue 26 item 6): the cost of one streaming frame in a long chat against
 * the same frame in a short one, in the same run. A frame: from the start of its animation-frame
 * callbacks (where the chat renders the new token) until a task queued then runs, i.e. after style,
 * layout, the content-visibility checks and paint of that frame. Asserts nothing about time.
 */
const SIZES = [10, 1_000];
const REPS = 9;
const FRAMES = 40;
const WARMUP = 5;
/** Tokens streamed under a trace (after the timed ones), for counts of the rendering work. */
const TRACED = 10;
const event = (fields: object) => fields as BaseEvent;

/**
 * Issue 26 items 6 and 8, as measured when they were worked on (a record, not this run's figures):
 * the machine was shared with five other sessions' builds and tests, so every figure is a median of
 * interleaved runs and each run of the bench is listed.
 */
const BEFORE_AFTER = `### Issue 26, items 6 and 8: before and after (2026-11-25, 2 cores shared with other sessions, load average 4–11)

- **A streaming frame, 1,000 messages against 10** (this bench, medians of 7–9 runs): before (every message
  \`content-visibility: auto\`, commit df363f3) 9.85 ms against 3.05 ms, **3.23×**, with tasks of 147–543 ms
  while streaming in the 1,000-message chat. After (pages of up to 25 messages, \`content-visibility: auto\` per
  page, a guard per page): 1.13×, 1.14×, 1.17×, 1.23×, then with the final code 1.27×, 1.16×, 1.20× (load 7–11);
  no task over 50 ms in the quieter runs (the loaded ones show some in the 10-message chat too).
- **10,000 text deltas, first byte to visible** (the streaming bench, 5 runs): before 2.46× (the previous run of this
  page) and 2.38× in this session. After: 1.56×, 2.17×, 1.96×, 1.02×, 2.12×, with the raw
  baseline itself between 42 and 135 ms from run to run: on this machine the target (≤ 2×, no task over
  50 ms, every run) is met in some runs, not all.
- **Where the streaming time goes** (Chromium trace of the 10,000-delta stream, 5 runs, main thread): 90–110 ms
  per run: JavaScript 45–50 ms (the engine's per-event path: SSE split and \`JSON.parse\` ~8, event checks ~4,
  reducer, commit and registry ~5, the local keeping of the thread, per snapshot, ~4, garbage collection ~4;
  Markdown ~4), layout 21–25 ms in 5–7 passes, paint 12–15 ms, style 9 ms. The list's scroll events used to
  force a layout each frame (0.8–24 ms per run, median ~8): they no longer read the layout for the list's own
  scroll. What remains is per event in the engine (one commit and snapshot per delta) and the layout and
  paint of a growing answer.

### Issue 26, items 6 and 9: a window of pages (2026-11-27, 2 cores shared with other sessions, load average 15–25)

- **The window:** past 100 questions and answers only the pages near the viewport (one viewport above and
  below), the last two and the one holding focus render; the others are empty placeholders of their measured
  height. In the 1,000-message chat streaming at its end: **41 messages and 674 elements** in the list's DOM,
  against 1,001 and 15,555 with every page rendered (the 10-message chat: 11 and 161).
- **A streaming frame, 1,000 messages against 10** (this bench, 9 runs each, the frame that shows the token):
  with every page rendered (the window switched off in the code, same bench, same hour) 27.55 ms against
  7.30 ms, **3.77×**, the longest task 214 ms (median of runs, up to 379); with the window 1.17×, 0.68×, 1.36×, 1.43×
  in four runs (the frame times swing by 2× from run to run on this load; the minimum frames, 7.25–7.90 ms
  against 5.20–6.60, are the steadier figure). Not shown on this machine: the 1.2× target in every run.
- **Work per streamed token, counted from a trace** (independent of the load): elements restyled / layout
  objects laid out, 6 / 21 in the 10-message chat, 10 / 26 in the 1,000-message chat with the window (a page
  coming near or going adds a few), 5 / 21 with every page rendered (\`content-visibility\` skips their work,
  but every frame still checks every page and the DOM holds them all).`;

interface Sample {
  /** Median frame, ms. */
  ms: number;
  longest: number;
  /** Style and layout per frame, ms (the renderer's own counters), and layouts per frame. */
  styleLayout?: number;
  layouts?: number;
  /** Elements in the message list's shadow DOM, and messages among them, while streaming. */
  elements: number;
  messages: number;
  /** Per streamed token, from a trace: elements restyled and layout objects laid out. */
  restyled?: number;
  laidOut?: number;
}

/** One frame's main-thread time: rAF callbacks (this one first) through paint. */
function frameCost(): Promise<number> {
  return new Promise((resolve) =>
    // From the frame's own start time: whichever callback of the frame runs first (the chat's may).
    requestAnimationFrame((start) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    }),
  );
}

/** The median frame cost of FRAMES streamed tokens at the end of a chat of `size` messages, and the longest task. */
async function streamingFrame(size: number, rep: number): Promise<Sample> {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const key = { server: '', room: '', thread: `long-${size}-${rep}` };
  let conversation: Conversation = reduceConversation(history(size), event({ type: 'TEXT_MESSAGE_START', messageId: 'live', role: 'assistant' }));
  const publish = () => registry.set({ key, conversation, run: { status: 'running', runId: 'r' }, unread: false } as never);
  publish();
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 500px" .engine=${engine} thread=${key.thread}></soliplex-chat>`);
  const list = el.shadowRoot!.querySelector('soliplex-message-list')!;
  try {
    // Every message's page in the DOM (a long chat adds its older messages in idle chunks; those away from the
    // viewport as placeholders) before measuring.
    const allPages = () => list.shadowRoot!.querySelector('[data-page-id="u0"]') !== null;
    for (let i = 0; i < 2000 && !allPages(); i++) await painted();
    if (!allPages()) throw new Error(`only part of ${size} messages rendered`);
    // The renderer's counters over every streamed frame (read in between, they would put the frames out of step).
    const from = await performanceMetrics();
    await painted();
    const samples: number[] = [];
    const tasks = watchLongTasks();
    const traced = { from: WARMUP + FRAMES, to: WARMUP + FRAMES + TRACED };
    let to: Record<string, number> | undefined;
    for (let t = 0; t < traced.to; t++) {
      // The timed frames first, then a traced few (tracing slows the frames it watches).
      if (t === traced.from) {
        to = await performanceMetrics();
        if (!(await traceStart())) break;
        await painted();
      }
      const word = `word${t} `;
      conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'live', delta: t % 12 === 11 ? `${word}\n\n` : word }));
      publish();
      // The chat renders a stream at most every 33 ms (STREAM_RENDER_MS): the frame measured is the one that shows the token.
      let ms = NaN;
      const shown = () => (list.shadowRoot!.querySelector('[data-message-id="live"]')?.textContent ?? '').includes(`word${t}`);
      for (let f = 0; f < 10 && !shown(); f++) ms = await frameCost();
      if (!shown() || Number.isNaN(ms)) throw new Error(`token ${t} not rendered`);
      if (t >= WARMUP && t < traced.from) samples.push(ms);
    }
    const work = await traceStop();
    const per = (name: string, scale = 1) => (from && to ? ((to[name]! - from[name]!) * scale) / (WARMUP + FRAMES) : undefined);
    const styleLayout = from && to ? per('LayoutDuration', 1000)! + per('RecalcStyleDuration', 1000)! : undefined;
    return {
      ms: summarize(samples).median,
      longest: tasks.stop().longest,
      styleLayout,
      layouts: per('LayoutCount'),
      elements: list.shadowRoot!.querySelectorAll('*').length,
      messages: list.shadowRoot!.querySelectorAll('[data-message-id]').length,
      restyled: work ? work.restyledElements / TRACED : undefined,
      laidOut: work ? work.laidOutObjects / TRACED : undefined,
    };
  } finally {
    el.remove();
  }
}

describe('benchmark: a streaming frame in a long chat', () => {
  it('reports one streaming frame with 1,000 messages against 10, interleaved', async function () {
    this.timeout(1_800_000);
    const results = new Map<number, Sample[]>(SIZES.map((s) => [s, []]));
    for (let rep = 0; rep < REPS; rep++) {
      for (const size of SIZES) results.get(size)!.push(await streamingFrame(size, rep));
    }
    const of = (size: number, key: keyof Sample) => summarize(results.get(size)!.map((r) => r[key] ?? NaN));
    const small = of(SIZES[0]!, 'ms');
    const smallStyle = of(SIZES[0]!, 'styleLayout');
    const rows = SIZES.map((size) => {
      const s = of(size, 'ms');
      const style = of(size, 'styleLayout');
      const longest = of(size, 'longest');
      return [
        `${size.toLocaleString('en')} messages`,
        fmt(s, 2),
        `${(s.median / small.median).toFixed(2)}×`,
        Number.isNaN(style.median) ? 'not measured' : fmt(style, 2),
        Number.isNaN(style.median) ? '–' : `${(style.median / smallStyle.median).toFixed(2)}×`,
        of(size, 'layouts').median.toFixed(1),
        Number.isNaN(of(size, 'restyled').median) ? '–' : `${of(size, 'restyled').median.toFixed(0)} / ${of(size, 'laidOut').median.toFixed(0)}`,
        `${of(size, 'messages').median} / ${of(size, 'elements').median}`,
        longest.max === 0 ? 'none > 50' : fmt(longest, 0),
      ];
    });
    await report(
      'long-chat',
      2,
      `## Long chats: one streaming frame, 1,000 messages against 10 (${REPS} runs, ${FRAMES} frames each)

A chat holds N stored messages (the history below) and an answer streaming at its end, one token per frame.
A frame's cost: from the frame's start (its animation-frame time, where the chat renders the token) until a
task queued then runs, after style, layout, the off-screen checks and paint; the frame measured is the one
that shows the token (a stream renders at most every 33 ms). Each run's figure is the median
of its ${FRAMES} frames; the sizes alternate run by run. Issue 26 asks for 1,000 messages within 1.2× of 10.

Style and layout: the renderer's own counters (DevTools \`Performance.getMetrics\`: \`LayoutDuration\` and
\`RecalcStyleDuration\`) over all the streamed tokens, per token (one rendered frame each); layouts: \`LayoutCount\` per token. Restyled elements and
laid-out objects: counts from a trace of ${TRACED} more tokens (\`UpdateLayoutTree\` element counts, \`Layout\` dirty
objects), the same whatever the load of the machine. DOM: the
messages and elements in the message list's shadow DOM while it streams (a chat of more than 100 questions
and answers renders the pages near the viewport and the last ones; the others are empty placeholders).

${table(['chat', 'streaming frame, ms', 'ratio', 'style + layout per token, ms', 'ratio', 'layouts per token', 'restyled elements / laid-out objects per token', 'DOM: messages / elements', 'longest task, ms'], rows)}

${BEFORE_AFTER}`,
    );
  });
});

import { fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/index.js';
import { script } from '../helpers/agui-server.js';
import { fmt, painted, probeClicks, ratio, report, summarize, table, watchLongTasks, interleaved, readRawSse, type Summary } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`): an answer of N text deltas served as real SSE by the demo server on
 * loopback, from the first byte to the final text on screen, through the real path (transport →
 * engine → element) against a raw baseline that fetches the same SSE, parses it and appends each
 * delta to one text node. Also: the longest main-thread task, and how late a timer-driven click
 * handler runs during the stream.
 */
const SIZES = [2_000, 10_000];
const REPS = 5;
const END = 'THE-END.';

const WORDS = ['Lorem ', 'ipsum ', '**dolor** ', 'sit ', 'amet, ', '`consectetur` ', 'adipiscing ', 'elit, ', 'sed ', 'do ', '_eiusmod_ ', 'tempor. '];

/** N deltas of Markdown prose: words, a paragraph break every 60 deltas, a list now and then. */
function deltas(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n - 1; i++) {
    if (i % 240 === 120) out.push('\n\n- a list item\n- another ');
    else out.push(i % 60 === 59 ? 'end.\n\n' : WORDS[i % WORDS.length]!);
  }
  out.push(END);
  return out;
}

function run(n: number): object[] {
  return [
    { type: 'RUN_STARTED' },
    { type: 'TEXT_MESSAGE_START', messageId: 'answer', role: 'assistant' },
    ...deltas(n).map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'answer', delta })),
    { type: 'TEXT_MESSAGE_END', messageId: 'answer' },
    { type: 'RUN_FINISHED' },
  ];
}

interface Sample {
  ms: number;
  longest: number;
  worstClick: number;
}

/** Records when the response to `url` arrives (its first byte), whoever fetches it. */
function watchFirstByte(url: string): { at: () => number; restore: () => void } {
  const original = window.fetch;
  let at = NaN;
  window.fetch = async (input, init) => {
    const response = await original(input, init);
    if (String(input instanceof Request ? input.url : input) === url) at = performance.now();
    return response;
  };
  return { at: () => at, restore: () => (window.fetch = original) };
}

async function measure(body: (firstByte: () => number) => Promise<number>, url: string): Promise<Sample> {
  const firstByte = watchFirstByte(url);
  const tasks = watchLongTasks();
  const clicks = probeClicks();
  try {
    const end = await body(firstByte.at);
    return { ms: end - firstByte.at(), longest: tasks.stop().longest, worstClick: clicks.stop().worst };
  } finally {
    firstByte.restore();
    tasks.stop();
    clicks.stop();
  }
}

/** The raw floor: fetch, split SSE frames, JSON.parse, append each delta to one text node. */
async function raw(url: string): Promise<Sample> {
  const box = document.createElement('div');
  box.style.cssText = 'height: 400px; overflow: auto; white-space: pre-wrap';
  const node = document.createTextNode('');
  box.append(node);
  document.body.append(box);
  try {
    return await measure(async () => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ threadId: 'raw', runId: 'raw', messages: [], tools: [], context: [], state: {}, forwardedProps: {} }) });
      await readRawSse(response.body!, (event) => {
        if (event['type'] === 'TEXT_MESSAGE_CONTENT') node.appendData(event['delta'] as string);
      });
      if (!node.data.endsWith(END)) throw new Error('raw baseline: text incomplete');
      return painted();
    }, url);
  } finally {
    box.remove();
  }
}

/** The widget: <soliplex-chat agent-url> sends, the engine streams, the element renders. */
async function widget(url: string, rep: number): Promise<Sample> {
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 400px" agent-url=${url} thread=${`bench-${rep}`}></soliplex-chat>`);
  try {
    return await measure(async () => {
      const finished = new Promise<Event>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
      el.send('Stream please');
      const event = (await finished) as Event & { outcome?: string };
      if (event.outcome !== 'success') throw new Error(`widget: run ended ${event.outcome}`);
      const list = el.shadowRoot!.querySelector('soliplex-message-list')!;
      await el.updateComplete;
      await list.updateComplete;
      const text = list.shadowRoot!.querySelector('[part~="assistant-message"] .text')?.textContent ?? '';
      if (!text.trimEnd().endsWith(END)) throw new Error('widget: final text not rendered');
      return painted();
    }, url);
  } finally {
    el.remove();
  }
}

describe('benchmark: streaming text deltas over real SSE', () => {
  it('reports first byte → final text visible, longest task and click delay, widget vs raw', async function () {
    this.timeout(1_800_000);
    const rows: string[][] = [];
    for (const n of SIZES) {
      const { raws: rawSamples, widgets: widgetSamples } = await interleaved(
        REPS,
        async () => raw((await script([run(n)])).agentUrl),
        async (rep) => widget((await script([run(n)])).agentUrl, rep),
      );
      const s = (samples: Sample[], pick: (s: Sample) => number): Summary => summarize(samples.map(pick));
      const rawMs = s(rawSamples, (x) => x.ms);
      const widgetMs = s(widgetSamples, (x) => x.ms);
      const longest = (samples: Sample[]) => {
        const l = s(samples, (x) => x.longest);
        return l.max === 0 ? 'none > 50' : fmt(l, 0);
      };
      const click = (samples: Sample[]) => {
        const c = s(samples, (x) => x.worstClick);
        return `${fmt(c, 0)} ${c.max <= 100 ? '✓' : '✗'}`;
      };
      rows.push([`${n.toLocaleString('en')} deltas`, 'raw', fmt(rawMs), '1×', longest(rawSamples), click(rawSamples)]);
      rows.push(['', '**soliplex-chat**', fmt(widgetMs), ratio(widgetMs, rawMs), longest(widgetSamples), click(widgetSamples)]);
    }
    await report(
      'streaming',
      1,
      `## Streaming (real SSE on loopback, first byte → final text painted, ${REPS} runs)

The demo server streams N \`TEXT_MESSAGE_CONTENT\` deltas (Markdown prose) as fast as it can. Raw: fetch, split
frames, \`JSON.parse\`, append to one text node. Widget: \`<soliplex-chat agent-url>\` (transport → engine →
element). "Longest task": PerformanceObserver \`longtask\` (only tasks over 50 ms are reported). "Worst click
delay": a timer dispatches a click every 25 ms during the stream; how late its handler ran (✓: always within 100 ms).

${table(['answer', 'path', 'first byte → visible, ms', 'ratio', 'longest task, ms', 'worst click delay, ms'], rows)}`,
    );
  });
});

import { fixture, html } from '@open-wc/testing';
import { RunOrchestrator, RunRegistry, type Conversation } from '../../src/index.js';
import { history } from './history-data.js';
import type { SoliplexChat } from '../../src/index.js';
import { fmt, painted, ratio, report, summarize, table, watchLongTasks, interleaved } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`): showing a stored conversation of 1,000 messages (in memory, on a thread
 * switch) until its first frame is painted with the latest message on screen, and until every message's
 * page is in the DOM (rendered, or a placeholder away from the viewport), against a raw baseline that puts the same texts into plain divs. Also the longest
 * main-thread task over the whole load.
 */
const MESSAGES = 1_000;
const REPS = 5;

interface Sample {
  first: number;
  all: number;
  longest: number;
}

async function raw(conversation: Conversation): Promise<Sample> {
  const box = document.createElement('div');
  box.style.cssText = 'height: 500px; overflow: auto; white-space: pre-wrap';
  document.body.append(box);
  const tasks = watchLongTasks();
  const start = performance.now();
  for (const m of conversation.messages) {
    const div = document.createElement('div');
    div.textContent = (m as { text: string }).text;
    box.append(div);
  }
  box.scrollTop = box.scrollHeight;
  const end = await painted();
  const sample = { first: end - start, all: end - start, longest: tasks.stop().longest };
  box.remove();
  return sample;
}

async function widget(conversation: Conversation, rep: number): Promise<Sample> {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const key = { server: '', room: '', thread: `history-${rep}` };
  registry.set({ key, conversation, run: { status: 'idle' }, unread: false });
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 500px" .engine=${engine} thread="empty"></soliplex-chat>`);
  await painted();
  const tasks = watchLongTasks();
  const start = performance.now();
  el.thread = key.thread;
  await el.updateComplete;
  const list = () => el.shadowRoot!.querySelector('soliplex-message-list')!;
  await list().updateComplete;
  const last = conversation.messages.at(-1)!.id;
  if (!list().shadowRoot!.querySelector(`[data-message-id="${last}"]`)) throw new Error('latest message not rendered');
  const first = (await painted()) - start;
  // Then every message's page: rendered in chunks after the first frame (those away from the viewport as placeholders).
  let all = first;
  for (let frames = 0; frames < 1000; frames++) {
    if (list().shadowRoot!.querySelector(`[data-page-id="${conversation.messages[0]!.id}"]`)) {
      all = (await painted()) - start;
      break;
    }
    await painted();
  }
  const sample = { first, all, longest: tasks.stop().longest };
  el.remove();
  return sample;
}

describe('benchmark: a 1,000-message history, first render', () => {
  it('reports first frame and full render, widget vs raw, and the longest task', async function () {
    this.timeout(600_000);
    const conversation = history(MESSAGES);
    const { raws, widgets } = await interleaved(REPS, () => raw(conversation), (rep) => widget(conversation, rep));
    const pick = (samples: Sample[], key: keyof Sample) => summarize(samples.map((s) => s[key]));
    const longest = (samples: Sample[]) => {
      const l = pick(samples, 'longest');
      return l.max === 0 ? 'none > 50' : fmt(l, 0);
    };
    const rawFirst = pick(raws, 'first');
    const rows = [
      ['raw (plain divs)', fmt(rawFirst), '1×', fmt(pick(raws, 'all')), longest(raws)],
      ['**soliplex-chat**', fmt(pick(widgets, 'first')), ratio(pick(widgets, 'first'), rawFirst), fmt(pick(widgets, 'all')), longest(widgets)],
    ];
    await report(
      'history',
      2,
      `## History: ${MESSAGES.toLocaleString('en')} messages, first render (${REPS} runs)

The conversation (half questions, half Markdown answers with a list and a code block) is already in the
engine; the chat switches to its thread. First frame: the latest message is in the DOM and a frame is
painted. All: every message's page is in the DOM (rendered near the viewport, an empty placeholder of its
height away from it). Raw: the same texts set into plain divs, scrolled to the end.

${table(['path', 'first frame, ms', 'ratio', 'all pages, ms', 'longest task, ms'], rows)}`,
    );
  });
});

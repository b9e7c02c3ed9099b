import { fixture, html } from '@open-wc/testing';
import { LocalThreadStore, RunOrchestrator, RunRegistry, type Conversation, type SoliplexChat } from '../../src/index.js';
import { history } from './history-data.js';
import { fmt, interleaved, painted, ratio, report, summarize, table, watchLongTasks } from './bench-kit.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`, issue 20): reopening a kept 1,000-message thread after a reload, against
 * the same history shown from memory. Both open a new chat and wait until its first frame is painted
 * with the latest message in the DOM: from memory, the chat gets an engine that already holds the
 * conversation; reopened, the chat makes its own engine and reads the thread from IndexedDB (its
 * `thread` set, as a page does after a reload).
 */
const MESSAGES = 1_000;
const REPS = 5;
const AGENT_URL = 'http://localhost:9/unused';

interface Sample {
  first: number;
  longest: number;
}

async function firstFrame(el: SoliplexChat, conversation: Conversation, start: number): Promise<number> {
  const last = conversation.messages.at(-1)!.id;
  for (let frames = 0; frames < 2000; frames++) {
    const list = el.shadowRoot!.querySelector('soliplex-message-list');
    if (list?.shadowRoot?.querySelector(`[data-message-id="${last}"]`)) return (await painted()) - start;
    await painted();
  }
  throw new Error('latest message not rendered');
}

async function fromMemory(conversation: Conversation, rep: number): Promise<Sample> {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const thread = `memory-${rep}`;
  registry.set({ key: { server: AGENT_URL, room: '', thread }, conversation, run: { status: 'idle' }, unread: false });
  const tasks = watchLongTasks();
  const start = performance.now();
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 500px" agent-url=${AGENT_URL} .engine=${engine} thread=${thread}></soliplex-chat>`);
  const first = await firstFrame(el, conversation, start);
  const sample = { first, longest: tasks.stop().longest };
  el.remove();
  return sample;
}

async function reopened(conversation: Conversation, rep: number): Promise<Sample> {
  const thread = `stored-${rep}`;
  const tasks = watchLongTasks();
  const start = performance.now();
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 500px" agent-url=${AGENT_URL} thread=${thread}></soliplex-chat>`);
  const first = await firstFrame(el, conversation, start);
  const sample = { first, longest: tasks.stop().longest };
  el.remove();
  return sample;
}

describe('benchmark: reopening a kept 1,000-message thread', () => {
  it('reports the first frame, reopened from IndexedDB vs shown from memory', async function () {
    this.timeout(600_000);
    const conversation = history(MESSAGES);
    // Kept as a chat keeps it (the page's default store), one thread per repetition.
    const store = new LocalThreadStore();
    for (let rep = 0; rep < REPS; rep++) {
      await store.save({ key: { server: AGENT_URL, room: '', thread: `stored-${rep}` }, lastActivity: Date.now(), conversation });
    }
    const { raws: memory, widgets: stored } = await interleaved(REPS, (rep) => fromMemory(conversation, rep), (rep) => reopened(conversation, rep));
    for (let rep = 0; rep < REPS; rep++) await store.delete({ server: AGENT_URL, room: '', thread: `stored-${rep}` });
    const first = (samples: Sample[]) => summarize(samples.map((s) => s.first));
    const longest = (samples: Sample[]) => {
      const l = summarize(samples.map((s) => s.longest));
      return l.max === 0 ? 'none > 50' : fmt(l, 0);
    };
    const rows = [
      ['from memory (the engine holds it)', fmt(first(memory)), '1×', longest(memory)],
      ['**reopened from IndexedDB** (after a reload)', fmt(first(stored)), ratio(first(stored), first(memory)), longest(stored)],
    ];
    await report(
      'reopen',
      2.5,
      `## Reopening a kept thread: ${MESSAGES.toLocaleString('en')} messages (${REPS} runs)

A new \`<soliplex-chat>\` opens a thread of ${MESSAGES.toLocaleString('en')} messages (the history above) until
its first frame is painted with the latest message in the DOM. From memory: the chat is given an
engine that already holds the conversation. Reopened: the chat makes its own engine and reads the
thread kept in IndexedDB, as after a reload (\`thread\` set by the page). The target (issue 20) is a
ratio within 2×.

${table(['path', 'first frame, ms', 'ratio', 'longest task, ms'], rows)}`,
    );
  });
});

import { fixture, fixtureCleanup, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, reduceConversation, type Conversation } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { heapAfterGc, painted, pause, report, table } from './bench-kit.js';
import { history } from './history-data.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`): the heap after a full GC (a heap snapshot through the bench config; needs the bench
 * config's Chromium flags) for (1) chats showing conversations of growing length, and (2) one answer
 * streamed delta by delta, at checkpoints: retained memory should grow with the text, not with the
 * number of deltas or renders.
 */
const LENGTHS = [250, 500, 1_000, 2_000];
const CHECKPOINTS = [0, 1_000, 2_000, 5_000, 10_000];

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

async function chatOn(conversation: Conversation, thread: string) {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const key = { server: '', room: '', thread };
  registry.set({ key, conversation, run: { status: 'idle' }, unread: false });
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 500px" .engine=${engine} thread=${thread}></soliplex-chat>`);
  return { el, registry, key };
}

async function allRendered(el: SoliplexChat, count: number): Promise<void> {
  for (let frames = 0; frames < 2000; frames++) {
    const list = el.shadowRoot!.querySelector('soliplex-message-list');
    if ((list?.shadowRoot!.querySelectorAll('[part~="message"]').length ?? 0) >= count) return;
    await painted();
  }
  throw new Error('not every message rendered');
}

describe('benchmark: heap after GC', () => {
  it('reports heap by conversation length and by streamed deltas', async function () {
    this.timeout(600_000);
    if (Number.isNaN(await heapAfterGc())) {
      await report('memory', 4, '## Memory\n\nNot measured: run with `npm run bench` (needs `--js-flags=--expose-gc`).');
      return;
    }
    // (1) Conversations of growing length.
    const lengthRows: string[][] = [];
    for (const n of LENGTHS) {
      const conversation = history(n);
      const before = await heapAfterGc();
      const { el } = await chatOn(conversation, `mem-${n}`);
      await allRendered(el, n);
      await painted();
      const after = await heapAfterGc();
      lengthRows.push([n.toLocaleString('en'), kb(after - before), ((after - before) / n / 1024).toFixed(2)]);
      el.remove();
      // The fixture helper keeps its elements until cleanup: let this chat go before the next baseline.
      fixtureCleanup();
      await pause(50);
    }

    // (2) One answer streamed delta by delta (20 deltas per task, renders in between).
    const base = history(20);
    let conversation = reduceConversation(base, { type: 'TEXT_MESSAGE_START', messageId: 'live', role: 'assistant' } as BaseEvent);
    const before = await heapAfterGc();
    const { el, registry, key } = await chatOn(conversation, 'mem-stream');
    await allRendered(el, 20);
    const deltaRows: string[][] = [];
    let previous = { deltas: 0, heap: await heapAfterGc() };
    deltaRows.push(['0', kb(previous.heap - before), '–', '–']);
    let sent = 0;
    for (const checkpoint of CHECKPOINTS.slice(1)) {
      while (sent < checkpoint) {
        for (let i = 0; i < 20 && sent < checkpoint; i++, sent++) {
          const delta = sent % 60 === 59 ? 'end.\n\n' : 'word ';
          conversation = reduceConversation(conversation, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'live', delta } as BaseEvent);
          registry.set({ key, conversation, run: { status: 'running', phase: 'streaming', hop: 0, continued: false }, unread: false });
        }
        await pause(0);
      }
      await painted();
      await painted();
      const heap = await heapAfterGc();
      const perDelta = (heap - previous.heap) / (checkpoint - previous.deltas);
      deltaRows.push([checkpoint.toLocaleString('en'), kb(heap - before), perDelta.toFixed(0), (checkpoint * 5.1).toFixed(0)]);
      previous = { deltas: checkpoint, heap };
    }
    el.remove();

    await report(
      'memory',
      4,
      `## Memory: heap after GC

Heap retained by a chat: the sum of a heap snapshot's objects (JS, and the DOM and layout objects that live
in the same heap), taken by the bench config through the DevTools protocol after a precise full GC. (Earlier
runs read \`performance.memory\` after \`gc()\` from the page, whose conservative stack scan kept garbage and
showed 1–1.5 KB per delta that a snapshot does not find.)

Conversations of growing length (the history above), every message rendered:

${table(['messages', 'retained, KB', 'KB per message'], lengthRows)}

One answer streamed into a 20-message chat, 20 deltas of ~5 characters per task:

${table(['deltas streamed', 'retained, KB', 'bytes per delta since previous row', 'text length, chars'], deltaRows)}`,
    );
  });
});

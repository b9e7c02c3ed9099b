import { fixture, fixtureCleanup, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, reduceConversation, type Conversation } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { heapAfterGc, painted, pause, report, table } from './bench-kit.js';
import { history, toolHopHistory } from './history-data.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`): the heap after a full GC (a heap snapshot through the bench config; needs the bench
 * config's Chromium flags) for (1) chats showing conversations of growing length, and (2) one answer
 * streamed delta by delta, at checkpoints: retained memory should grow with the text, not with the
 * number of deltas or renders.
 */
const LENGTHS = [250, 500, 1_000, 2_000];
const TOOL_HOP_TURNS = [100, 500, 1_000];
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

/** Waits until every message's page is in the DOM (rendered, or a placeholder away from the viewport), its first message `first`. */
async function allRendered(el: SoliplexChat, first: string): Promise<void> {
  for (let frames = 0; frames < 2000; frames++) {
    const list = el.shadowRoot!.querySelector('soliplex-message-list');
    if (list?.shadowRoot!.querySelector(`[data-page-id="${first}"]`)) return;
    await painted();
  }
  throw new Error('not every message rendered');
}

/** The elements of the chat's conversation: the message list's shadow DOM and the shadow roots below it (tool cards). */
function listElements(el: SoliplexChat): { elements: number; messages: number } {
  const root = el.shadowRoot!.querySelector('soliplex-message-list')!.shadowRoot!;
  let elements = 0;
  const count = (r: ShadowRoot) => {
    for (const e of r.querySelectorAll('*')) {
      elements++;
      if (e.shadowRoot) count(e.shadowRoot);
    }
  };
  count(root);
  return { elements, messages: root.querySelectorAll('[data-message-id]').length };
}

/** Retained heap (the conversation and the chat showing it) and DOM of a chat showing the conversation `make` builds. */
async function retained(make: () => Conversation, thread: string): Promise<string[]> {
  const before = await heapAfterGc();
  const conversation = make();
  const n = conversation.messages.length;
  const { el } = await chatOn(conversation, thread);
  await allRendered(el, conversation.messages[0]!.id);
  await painted();
  await painted();
  const after = await heapAfterGc();
  const text = conversation.messages.reduce((sum, m) => sum + ('text' in m ? m.text.length : 0), 0) + Object.values(conversation.toolCalls).reduce((sum, c) => sum + c.argsText.length + (c.result?.length ?? 0), 0);
  const dom = listElements(el);
  el.remove();
  // The fixture helper keeps its elements until cleanup: let this chat go before the next baseline.
  fixtureCleanup();
  // Its timers (a deferred render waits up to 1 s) and idle callbacks let it go too.
  await pause(1500);
  // Text is held as one-byte strings (ASCII) by V8: beyond it, what the chat keeps per message.
  return [n.toLocaleString('en'), kb(after - before), ((after - before) / n / 1024).toFixed(2), ((after - before - text) / n / 1024).toFixed(2), dom.messages.toLocaleString('en'), dom.elements.toLocaleString('en')];
}

describe('benchmark: heap after GC', () => {
  it('reports heap by conversation length and by streamed deltas', async function () {
    this.timeout(1_800_000);
    if (Number.isNaN(await heapAfterGc())) {
      await report('memory', 4, '## Memory\n\nNot measured: run with `npm run bench` (needs `--js-flags=--expose-gc`).');
      return;
    }
    // (1) Conversations of growing length.
    const lengthRows: string[][] = [];
    // A first chat loads the lazily loaded modules and warms the caches: not charged to the first row.
    await retained(() => history(250), 'mem-warmup');
    for (const n of LENGTHS) lengthRows.push(await retained(() => history(n), `mem-${n}`));
    // (1b) Sessions of tool hops: a question, a tool call with its result, and the answer, per turn.
    const hopRows: string[][] = [];
    for (const turns of TOOL_HOP_TURNS) hopRows.push(await retained(() => toolHopHistory(turns), `mem-hops-${turns}`));

    // (2) One answer streamed delta by delta (20 deltas per task, renders in between).
    const base = history(20);
    let conversation = reduceConversation(base, { type: 'TEXT_MESSAGE_START', messageId: 'live', role: 'assistant' } as BaseEvent);
    const before = await heapAfterGc();
    const { el, registry, key } = await chatOn(conversation, 'mem-stream');
    await allRendered(el, 'u0');
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

Conversations of growing length (the history above), shown at their end: a chat of more than 100 questions
and answers renders the pages near the viewport and the last ones, the others stand as empty placeholders
(issue 26 item 9: the DOM bounded by what is rendered). Retained: the conversation (built after the
baseline) and the chat showing it. "Beyond the text": the retained heap less the
characters of the messages, tool arguments and results (one byte each), per message. Elements: those of the
message list's shadow DOM and the shadow roots below it. One difference of two snapshots carries about
±3 MB of noise on a loaded machine (the page lets caches of its own go between them: a negative row is
that), so read the element counts, and the KB per message of the longer conversations.

${table(['messages', 'retained, KB', 'KB per message', 'KB per message beyond the text', 'messages in the DOM', 'elements'], lengthRows)}

Sessions with a tool hop per turn (a question, a tool call with its arguments and result, and the answer):

${table(['messages', 'retained, KB', 'KB per message', 'KB per message beyond the text', 'messages in the DOM', 'elements'], hopRows)}

One answer streamed into a 20-message chat, 20 deltas of ~5 characters per task:

${table(['deltas streamed', 'retained, KB', 'bytes per delta since previous row', 'text length, chars'], deltaRows)}`,
    );
  });
});

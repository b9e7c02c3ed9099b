import { fixture, html } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, emptyConversation, reduceConversation, type Conversation } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import '../../src/index.js';
import { report, table } from './bench-kit.js';

/**
 * Benchmark (not a test: `npm run bench`): the cost of one streamed token, reducer to rendered DOM,
 * in conversations of growing length. It prints figures and asserts nothing about time.
 */
const event = (fields: object) => fields as BaseEvent;
const paragraph = 'Some **bold** text with `code` and a [link](https://example.com).\n\n- one\n- two\n\n```js\nconst x = 1;\n```\n';

async function msPerToken(messages: number, tokens = 200): Promise<number> {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const key = { server: '', room: '', thread: `bench-${messages}` };
  let conversation: Conversation = emptyConversation;
  for (let i = 0; i < messages; i++) {
    conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_START', messageId: `m${i}`, role: 'assistant' }));
    conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m${i}`, delta: paragraph.repeat(4) }));
    conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_END', messageId: `m${i}` }));
  }
  conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_START', messageId: 'live', role: 'assistant' }));
  const publish = () => registry.set({ key, conversation, run: { status: 'idle' }, unread: false });
  publish();
  const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} thread=${key.thread}></soliplex-chat>`);
  const list = el.shadowRoot!.querySelector('soliplex-message-list')!;
  const rendered = async () => {
    await el.updateComplete;
    await list.updateComplete;
  };
  await rendered();
  const start = performance.now();
  for (let t = 0; t < tokens; t++) {
    conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'live', delta: t === tokens - 1 ? 'last' : 'word ' }));
    publish();
    // One token per task, as from a network stream; the chat renders when it chooses to.
    await new Promise((resolve) => setTimeout(resolve));
  }
  // Until the last token is on screen.
  for (;;) {
    await rendered();
    const text = list.shadowRoot!.querySelector('[data-message-id="live"]')?.textContent ?? '';
    if (text.trimEnd().endsWith('word last')) break;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const elapsed = (performance.now() - start) / tokens;
  el.remove();
  return elapsed;
}

describe('benchmark: one streamed token, reducer to DOM', () => {
  it('prints ms per token by conversation length', async function () {
    this.timeout(300_000);
    const rows: string[][] = [];
    for (const messages of [20, 200, 800]) rows.push([String(messages), (await msPerToken(messages)).toFixed(2)]);
    await report(
      'per-token',
      6,
      `## One streamed token, reducer to DOM, by conversation length (200 tokens, one per task)

One token per task is reduced and published (as from a network stream), until the last one is painted: the
cost per token of the reducer, the engine's registry and the rendering, whatever the chat chooses to render.

${table(['messages', 'ms per token'], rows)}`,
    );
  });
});

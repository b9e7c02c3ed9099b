import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, emptyConversation, reduceConversation, type ChatMessage, type Conversation, type SoliplexChat } from '../../src/index.js';
import { messagePages, PAGE_SIZE } from '../../src/elements/soliplex-message-list/message-pages.js';
import { deepQuery, until } from './chat-fixture.js';

const event = (fields: object) => fields as BaseEvent;

/** A stored conversation of `n` messages, questions and answers, with an answer streaming at its end. */
function longChat(n: number): Conversation {
  const messages: ChatMessage[] = [];
  for (let i = 0; i < n; i++) {
    messages.push(
      i % 2 === 0
        ? { role: 'user', id: `u${i}`, text: `Question ${i}` }
        : { role: 'assistant', id: `a${i}`, text: `Answer ${i}: **bold** and \`code\`.\n\n- one\n- two`, toolCallIds: [], complete: true },
    );
  }
  return reduceConversation({ ...emptyConversation, messages }, event({ type: 'TEXT_MESSAGE_START', messageId: 'live', role: 'assistant' }));
}

/** A chat showing a 1,000-message thread whose last answer streams; `stream(delta)` adds a token. */
async function chatOf(n: number) {
  const registry = new RunRegistry();
  const engine = new RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
  const key = { server: '', room: '', thread: `long-${n}` };
  let conversation = longChat(n);
  const publish = () => registry.set({ key, conversation, run: { status: 'running', runId: 'r' }, unread: false } as never);
  publish();
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 400px" .engine=${engine} thread=${key.thread}></soliplex-chat>`);
  const list = () => el.shadowRoot!.querySelector('soliplex-message-list')!.shadowRoot!;
  const stream = async (delta: string) => {
    conversation = reduceConversation(conversation, event({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'live', delta }));
    publish();
    await until(() => list().querySelector('[data-message-id="live"]')?.textContent?.includes(delta.trim()) ?? false);
  };
  return { el, list, stream };
}

describe('<soliplex-chat> a long chat (1,000 messages)', function () {
  this.timeout(30_000);

  it('shows the latest messages, keeps every message in the DOM, reveals older ones on scrolling up, and jumps back to the latest', async () => {
    const { el, list, stream } = await chatOf(1000);
    await stream('Streaming now ');
    // Older messages arrive in idle chunks: in the end every one is in the DOM (find-in-page reaches it).
    await until(() => list().querySelectorAll('[data-message-id]').length === 1001, 15_000);
    expect(list().textContent).to.contain('Question 0').and.contain('Answer 501: bold');
    const scroller = list().querySelector<HTMLElement>('[part~="messages"]')!;
    const latest = list().querySelector<HTMLElement>('[data-message-id="live"]')!;
    const oldest = list().querySelector<HTMLElement>('[data-message-id="u0"]')!;
    // At the end: the latest message is on screen, the oldest skipped by layout (far off screen).
    await until(() => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2, 3000);
    expect(latest.checkVisibility({ contentVisibilityAuto: true })).to.equal(true);
    expect(oldest.checkVisibility({ contentVisibilityAuto: true })).to.equal(false);

    // Scrolling up to the top reveals the oldest messages; the stream goes on without pulling the view down.
    for (let i = 0; i < 20 && scroller.scrollTop > 0; i++) {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event('scroll'));
      await nextFrame();
    }
    await until(() => oldest.checkVisibility({ contentVisibilityAuto: true }) && oldest.getBoundingClientRect().height > 0, 3000);
    await stream('more words ');
    await nextFrame();
    const top = scroller.getBoundingClientRect().top;
    expect(oldest.getBoundingClientRect().top - top).to.be.lessThan(scroller.clientHeight);

    // "Jump to latest" brings the streaming answer back on screen.
    await until(() => deepQuery(el, '[part~="jump-to-latest"]') !== undefined);
    deepQuery(el, '[part~="jump-to-latest"]')!.click();
    await stream('and the end.');
    await until(() => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2, 3000);
    await until(() => latest.checkVisibility({ contentVisibilityAuto: true }), 3000);
    expect(deepQuery(el, '[part~="jump-to-latest"]')).to.equal(undefined);
    el.remove();
  });

  it('leaves layout skipping to pages of messages: one off-screen check per page, not one per message', async () => {
    const { list, stream } = await chatOf(1000);
    await stream('Streaming now ');
    await until(() => list().querySelectorAll('[data-message-id]').length === 1001, 15_000);
    const all = [...list().querySelectorAll<HTMLElement>('*')];
    const skippable = all.filter((e) => getComputedStyle(e).contentVisibility === 'auto');
    // Pages hold up to PAGE_SIZE messages (those the idle chunks added, a chunk each).
    expect(skippable.length).to.be.within(1001 / PAGE_SIZE, 1001 / 15);
    for (const message of list().querySelectorAll<HTMLElement>('[data-message-id]')) expect(getComputedStyle(message).contentVisibility).to.equal('visible');
  });
});

describe('messagePages', () => {
  const items = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ id: `m${from + i}` }));
  const shape = (pages: { id: string; items: readonly unknown[] }[]) => pages.map((p) => `${p.id}:${p.items.length}`);

  it('keeps page boundaries as items are added at the end and older ones appear at the start', () => {
    const paginate = messagePages();
    expect(shape(paginate(items(60, 100)))).to.deep.equal(['m60:25', 'm85:15']);
    // A streamed answer grows the last page, then starts a new one.
    expect(shape(paginate(items(60, 115)))).to.deep.equal(['m60:25', 'm85:25', 'm110:5']);
    // Older items (an idle chunk, a history loading) make pages of their own before the first one.
    expect(shape(paginate(items(30, 115)))).to.deep.equal(['m30:25', 'm55:5', 'm60:25', 'm85:25', 'm110:5']);
    // A page whose first item left is merged into the one before.
    const kept = items(30, 115).filter((i) => i.id !== 'm85');
    expect(shape(paginate(kept))).to.deep.equal(['m30:25', 'm55:5', 'm60:25', 'm86:24', 'm110:5']);
  });
});

import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, RunRegistry, emptyConversation, reduceConversation, type ChatMessage, type Conversation, type HistoryRun, type SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { messagePages, PAGE_SIZE, WINDOW_MIN_ITEMS } from '../../src/elements/soliplex-message-list/message-pages.js';
import { deepQuery, until } from './chat-fixture.js';

const event = (fields: object) => fields as BaseEvent;

/** A scripted transport that also serves a stored history (as a Soliplex server does). */
class HistoryTransport extends ScriptedTransport {
  constructor(readonly history: HistoryRun[]) {
    super([]);
  }
  async loadHistory(): Promise<readonly HistoryRun[]> {
    return this.history;
  }
}

/** A stored turn: a question and its answer. */
const turn = (i: number): HistoryRun => ({
  runId: `r${i}`,
  messages: [{ id: `u${i}`, role: 'user', content: `Question ${i}` }],
  events: [runStarted(`r${i}`), ...text(`a${i}`, `Answer ${i}.`), runFinished()] as BaseEvent[],
});

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

/** At most this many messages render in a 1,000-message chat: the pages near the viewport and the last ones. */
const BOUND = 6 * PAGE_SIZE;

/** Scrolls `scroller` to `top` (px; clamped) and lets the window follow, until `done` holds. */
async function scrollTo(scroller: HTMLElement, top: number, done: () => boolean) {
  for (let i = 0; i < 60 && !done(); i++) {
    scroller.scrollTop = top;
    scroller.dispatchEvent(new Event('scroll'));
    await nextFrame();
  }
  expect(done(), `scrolled to ${top}`).to.equal(true);
}

const atEnd = (scroller: HTMLElement) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;

describe('<soliplex-chat> a long chat (1,000 messages)', function () {
  this.timeout(30_000);

  it('renders only the messages near the viewport and the latest, reveals older ones on scrolling up, and jumps back to the latest', async () => {
    const { el, list, stream } = await chatOf(1000);
    await stream('Streaming now ');
    // Older messages arrive in idle chunks, as pages: in the end the first page stands at the top, as a placeholder.
    await until(() => list().querySelector('[data-page-id="u0"]') !== null, 15_000);
    const scroller = list().querySelector<HTMLElement>('[part~="messages"]')!;
    await until(() => atEnd(scroller), 3000);
    const rendered = () => list().querySelectorAll('[data-message-id]').length;
    // The DOM is bounded: a few pages of messages, not 1,001; the others are empty placeholders.
    expect(rendered()).to.be.within(PAGE_SIZE, BOUND);
    expect(list().querySelector('[data-message-id="live"]')).to.not.equal(null);
    expect(list().querySelector('[data-message-id="u0"]')).to.equal(null);
    const placeholder = list().querySelector<HTMLElement>('[data-page-id="u0"]')!;
    expect(placeholder.childElementCount).to.equal(0);
    expect(placeholder.getBoundingClientRect().height).to.be.greaterThan(100);

    // Scrolling up to the top brings the oldest messages; the stream goes on without pulling the view down.
    await scrollTo(scroller, 0, () => scroller.scrollTop === 0 && list().querySelector('[data-message-id="u0"]') !== null);
    expect(list().textContent).to.contain('Question 0');
    expect(rendered()).to.be.at.most(BOUND);
    await stream('more words ');
    await nextFrame();
    const oldest = list().querySelector<HTMLElement>('[data-message-id="u0"]')!;
    expect(oldest.getBoundingClientRect().top - scroller.getBoundingClientRect().top).to.be.lessThan(scroller.clientHeight);
    // The latest stays rendered (it streams), the middle is not.
    expect(list().querySelector('[data-message-id="live"]')!.textContent).to.contain('more words');
    expect(list().querySelector('[data-message-id="u500"]')).to.equal(null);

    // The middle: its messages render, and what is on screen is there to be found (find-in-page sees it).
    await scrollTo(scroller, scroller.scrollHeight / 2, () => list().querySelector('[data-message-id="u0"]') === null);
    const middle = [...list().querySelectorAll<HTMLElement>('[data-message-id]')].filter((m) => {
      const box = m.getBoundingClientRect();
      const view = scroller.getBoundingClientRect();
      return box.bottom > view.top && box.top < view.bottom;
    });
    expect(middle.length).to.be.greaterThan(0);
    expect(middle.map((m) => m.dataset.messageId)).to.not.include('live');
    expect(rendered()).to.be.at.most(BOUND);

    // "Jump to latest" brings the streaming answer back on screen, and the top goes back to a placeholder.
    await until(() => deepQuery(el, '[part~="jump-to-latest"]') !== undefined);
    deepQuery(el, '[part~="jump-to-latest"]')!.click();
    await stream('and the end.');
    await until(() => atEnd(scroller), 3000);
    const latest = list().querySelector<HTMLElement>('[data-message-id="live"]')!;
    const view = scroller.getBoundingClientRect();
    expect(latest.getBoundingClientRect().bottom).to.be.within(view.top, view.bottom + 1);
    expect(deepQuery(el, '[part~="jump-to-latest"]')).to.equal(undefined);
    await until(() => list().querySelector('[data-message-id="u0"]') === null, 3000);
    expect(rendered()).to.be.at.most(BOUND);
    el.remove();
  });

  it('keeps the page holding focus rendered while the reader scrolls away from it', async () => {
    const { el, list, stream } = await chatOf(1000);
    await stream('Streaming now ');
    await until(() => list().querySelector('[data-page-id="u0"]') !== null, 15_000);
    const scroller = list().querySelector<HTMLElement>('[part~="messages"]')!;
    await scrollTo(scroller, 0, () => scroller.scrollTop === 0 && list().querySelector('[data-message-id="u0"]') !== null);
    // A keyboard user on the first message's Copy button.
    const copy = list().querySelector<HTMLElement>('[data-message-id="u0"] + .actions [part~="copy-button"]')!;
    copy.focus();
    expect(list().activeElement).to.equal(copy);
    await scrollTo(scroller, scroller.scrollHeight, () => atEnd(scroller) && list().querySelector('[data-message-id="u500"]') === null);
    await stream('more ');
    await nextFrame();
    await nextFrame();
    expect(copy.isConnected).to.equal(true);
    expect(list().activeElement).to.equal(copy);
    // Focus gone: that page goes back to a placeholder.
    copy.blur();
    await stream('words ');
    await until(() => list().querySelector('[data-message-id="u0"]') === null, 3000);
    el.remove();
  });

  it('reloads a long thread: its latest messages at the end, a bounded DOM, the older ones on scrolling up', async () => {
    // A stored thread of 500 turns (1,000 messages), served as a Soliplex server serves its history.
    const stored = Array.from({ length: 500 }, (_, i) => turn(i));
    const open = async () => {
      const engine = new RunOrchestrator({ transport: new HistoryTransport(stored) });
      const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 400px" .engine=${engine} server-url="http://127.0.0.1:9" room="r" thread="t1"></soliplex-chat>`);
      const list = () => el.shadowRoot!.querySelector('soliplex-message-list')!.shadowRoot!;
      await until(() => el.shadowRoot!.querySelector('soliplex-message-list')?.shadowRoot?.querySelector('[data-page-id="u0"]') != null, 15_000);
      return { el, list, scroller: list().querySelector<HTMLElement>('[part~="messages"]')! };
    };
    const before = await open();
    await scrollTo(before.scroller, 0, () => before.list().querySelector('[data-message-id="u0"]') !== null);
    before.el.remove();

    // The page reloads: a new chat on the same thread loads it again.
    const { el, list, scroller } = await open();
    await until(() => atEnd(scroller), 3000);
    expect(list().querySelectorAll('[data-message-id]').length).to.be.within(PAGE_SIZE, BOUND);
    expect(list().querySelector('[data-message-id="a499"]')!.textContent).to.contain('Answer 499.');
    expect(list().querySelector('[data-message-id="u0"]')).to.equal(null);
    await scrollTo(scroller, 0, () => scroller.scrollTop === 0 && list().querySelector('[data-message-id="u0"]') !== null);
    expect(list().textContent).to.contain('Question 0').and.contain('Answer 0.');
    expect(list().querySelectorAll('[data-message-id]').length).to.be.at.most(BOUND);
    el.remove();
  });

  it('renders every message of a chat of a few pages, as always (no placeholders)', async () => {
    // WINDOW_MIN_ITEMS questions and answers (the streaming answer is the last one's).
    const { el, list, stream } = await chatOf(WINDOW_MIN_ITEMS);
    await stream('Streaming now ');
    await until(() => list().querySelectorAll('[data-message-id]').length === WINDOW_MIN_ITEMS + 1, 15_000);
    expect(list().querySelector('.placeholder')).to.equal(null);
    // Layout skipping stays per page (those the idle chunks added hold fewer), not per message.
    const skippable = [...list().querySelectorAll<HTMLElement>('*')].filter((e) => getComputedStyle(e).contentVisibility === 'auto');
    expect(skippable.length).to.be.within(WINDOW_MIN_ITEMS / PAGE_SIZE, WINDOW_MIN_ITEMS / 15);
    for (const message of list().querySelectorAll<HTMLElement>('[data-message-id]')) expect(getComputedStyle(message).contentVisibility).to.equal('visible');
    el.remove();
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

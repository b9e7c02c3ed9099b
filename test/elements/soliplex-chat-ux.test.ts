import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, TransportError, type ClientTool, type HistoryRun, type SoliplexChat, type SoliplexErrorEvent, type ToolCall } from '../../src/index.js';
import { runFinished, runStarted, text, toolArgs, toolCall, toolStart } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred, type ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { script, server, started, finished, say } from '../helpers/agui-server.js';

const long = (label: string) => Array.from({ length: 30 }, (_, i) => `${label} line ${i + 1} of a long answer.`).join('\n\n');

/** A scripted transport that also serves a stored history (as a Soliplex server would). */
class HistoryTransport extends ScriptedTransport {
  constructor(
    readonly history: HistoryRun[],
    runs: ScriptedRun[] = [],
  ) {
    super(runs);
  }
  async loadHistory(): Promise<readonly HistoryRun[]> {
    return this.history;
  }
}

/** A chat in "Soliplex mode" (server-url + room) whose engine replays `history` for thread t1. */
async function chatWithHistory(history: HistoryRun[], runs: ScriptedRun[] = [], tools: ClientTool[] = []) {
  const transport = new HistoryTransport(history, runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry(tools) });
  // Port 9 refuses: the room's welcome cannot be fetched, which the chat survives.
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat style="height: 320px" .engine=${engine} server-url="http://127.0.0.1:9" room="r" thread="t1"></soliplex-chat>`,
  );
  return { el, engine, transport };
}

const turn = (i: number, answer: string): HistoryRun => ({
  runId: `r${i}`,
  messages: [{ id: `u${i}`, role: 'user', content: `Question ${i}` }],
  events: [runStarted(`r${i}`), ...text(`a${i}`, answer), runFinished()] as BaseEvent[],
});

const scroller = (el: SoliplexChat) => deepQuery(el, '[part~="messages"]')!;
const shows = (el: SoliplexChat, text: string) => deepQuery(el, '[part~="messages"]')?.textContent?.includes(text) ?? false;
const gap = (el: SoliplexChat) => {
  const s = scroller(el);
  return s.scrollHeight - s.scrollTop - s.clientHeight;
};
const finishedOnce = (el: SoliplexChat) => new Promise<Event & { outcome?: string }>((r) => el.addEventListener('soliplex-run-finished', r, { once: true }));
/** The buttons whose accessible name is `name` (aria-label, or the text that is not aria-hidden). */
const button = (el: SoliplexChat, name: string) => deepQueryAll<HTMLButtonElement>(el, 'button').filter((b) => accessibleName(b) === name);
function accessibleName(b: HTMLElement): string {
  const label = b.getAttribute('aria-label');
  if (label !== null) return label;
  const copy = b.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent!.replace(/\s+/g, ' ').trim();
}
/** The element that has focus, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const getSecretNumber: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'secret number',
  parameters: { type: 'object', properties: { name: { type: 'string' } } },
  execute: ({ name }) => (name === 'alice' ? 42 : 7),
};

describe('<soliplex-chat> scrolling', function () {
  this.timeout(30_000);
  it('opens a loaded history at the latest message', async () => {
    // 100 messages: the latest render first, older ones are added above in idle chunks.
    const history = Array.from({ length: 50 }, (_, i) => turn(i, long(`Answer ${i}`).slice(0, 300)));
    const { el } = await chatWithHistory(history);
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').length === 50);
    await settled(el);
    await nextFrame();
    await nextFrame();
    expect(scroller(el).scrollHeight).to.be.greaterThan(scroller(el).clientHeight * 3);
    expect(gap(el)).to.be.lessThan(2);
    expect(button(el, 'Jump to latest')).to.have.length(0);
  });

  it('follows the answer to its end after tool cards, however the status line changes', async () => {
    const { el } = await chatWith(
      [
        [runStarted(), ...toolCall('c1', 'get_secret_number', { name: 'alice' }), ...toolCall('c2', 'get_secret_number', { name: 'bob' }), runFinished()],
        [runStarted('r2'), ...toolCall('c3', 'get_secret_number', { name: 'carol' }), runFinished()],
        [runStarted('r3'), ...text('a3', long('Final'), 6), runFinished()],
      ],
      [getSecretNumber],
    );
    el.style.height = '320px';
    el.send('numbers please');
    await until(() => statusLine(el).dataset['state'] === 'success', 15_000);
    await settled(el);
    await nextFrame();
    await nextFrame();
    expect(gap(el)).to.be.lessThan(2);
    // A failure line with details is taller than an empty status line: the list shrinks, and still shows the end.
    const more = deferred();
    const { el: chat2 } = await chatWith([[runStarted(), ...text('a1', long('Long'), 4), { $wait: more.promise }, { type: 'RUN_ERROR', message: 'x'.repeat(200) } as never]]);
    chat2.style.height = '320px';
    chat2.send('go');
    await until(() => shows(chat2, 'Long line 30'));
    await settled(chat2);
    await nextFrame();
    more.resolve();
    await until(() => statusLine(chat2).dataset['state'] === 'failed', 15_000);
    await settled(chat2);
    await nextFrame();
    await nextFrame();
    expect(gap(chat2)).to.be.lessThan(2);
  });

  it('shows "Jump to latest" while new content arrives below a reader who scrolled up, and jumps there', async () => {
    const more = deferred();
    const { el } = await chatWith([[runStarted(), ...text('a1', long('First'), 3), { $wait: more.promise }, ...text('a2', long('Second'), 3), runFinished()]]);
    el.style.height = '320px';
    el.send('go');
    await until(() => shows(el, 'First line 30'));
    await settled(el);
    await nextFrame();
    expect(button(el, 'Jump to latest')).to.have.length(0);
    scroller(el).scrollTop = 0;
    await until(() => button(el, 'Jump to latest').length === 1);
    more.resolve();
    await until(() => statusLine(el).dataset['state'] === 'success', 15_000);
    await settled(el);
    await nextFrame();
    expect(scroller(el).scrollTop, 'the reader stays where they are').to.equal(0);
    const jump = button(el, 'Jump to latest')[0]!;
    jump.focus();
    jump.click();
    await settled(el);
    await nextFrame();
    expect(gap(el)).to.be.lessThan(2);
    expect(button(el, 'Jump to latest')).to.have.length(0);
    expect(deepActive() === scroller(el), 'where focus is').to.equal(true);
  });
});

describe('<soliplex-chat> streaming feedback', function () {
  this.timeout(30_000);
  it('says "Thinking…" before the text, "Writing…" with a caret while it streams', async () => {
    const gate = deferred();
    const textGate = deferred();
    const { el } = await chatWith([[runStarted(), { $wait: gate.promise }, { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' } as never,
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'Hello' } as never, { $wait: textGate.promise }, { type: 'TEXT_MESSAGE_END', messageId: 'm' } as never, runFinished()]]);
    el.send('hi');
    await until(() => statusLine(el).textContent!.includes('Thinking…'));
    gate.resolve();
    await until(() => statusLine(el).textContent!.includes('Writing…'));
    await settled(el);
    const message = deepQuery(el, '[part~="assistant-message"]')!;
    expect(message.classList.contains('writing')).to.equal(true);
    const caret = getComputedStyle(message.querySelector('.text > :last-child')!, '::after').content;
    expect(caret).to.contain('▍');
    textGate.resolve();
    await until(() => statusLine(el).dataset['state'] === 'success', 15_000);
    await settled(el);
    expect(deepQuery(el, '[part~="assistant-message"]')!.classList.contains('writing')).to.equal(false);
  });
});

describe('<soliplex-chat> message actions', function () {
  this.timeout(30_000);
  it('copies a message with "Copy"', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a1', 'The **answer**.'), runFinished()]]);
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    try {
      el.send('question');
      await until(() => statusLine(el).dataset['state'] === 'success', 15_000);
      await settled(el);
      const copies = button(el, 'Copy');
      expect(copies, 'one Copy per message').to.have.length(2);
      copies[1]!.click();
      copies[0]!.click();
      await until(() => copied.length === 2);
      expect(copied).to.deep.equal(['The **answer**.', 'question']);
      await expect(el).to.be.accessible();
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    }
  });

  it('"Regenerate" runs the last turn again and replaces its answer, tool calls included', async () => {
    const { el, transport } = await chatWith(
      [
        [runStarted(), ...text('a0', 'First answer.'), runFinished()],
        [runStarted('r1'), ...toolCall('c1', 'get_secret_number', { name: 'alice' }), runFinished()],
        [runStarted('r2'), ...text('a2', 'It is 42.'), runFinished()],
        [runStarted('r3'), ...text('a3', 'Regenerated: 42.'), runFinished()],
      ],
      [getSecretNumber],
    );
    let done = finishedOnce(el);
    el.send('hello');
    await done;
    done = finishedOnce(el);
    el.send('number of alice');
    await done;
    await settled(el);
    expect(button(el, 'Regenerate'), 'only on the last answer').to.have.length(1);
    done = finishedOnce(el);
    button(el, 'Regenerate')[0]!.click();
    expect((await done).outcome).to.equal('success');
    await settled(el);
    const request = transport.requests[3]!;
    expect(request.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'user']);
    expect(request.messages.at(-1)).to.include({ content: 'number of alice' });
    const answers = deepQueryAll(el, '[part~="assistant-message"]').map((m) => m.textContent!.replace('Assistant:', '').trim());
    expect(answers).to.deep.equal(['First answer.', 'Regenerated: 42.']);
    expect(deepQueryAll(el, '[part~="tool-card"]')).to.have.length(0);
  });

  it('"Edit" on the last user message edits and resends it, replacing the turn after it', async () => {
    const { el, transport } = await chatWith([
      [runStarted(), ...text('a0', 'About cats.'), runFinished()],
      [runStarted('r1'), ...text('a1', 'About dogs.'), runFinished()],
    ]);
    let done = finishedOnce(el);
    el.send('tell me about cats');
    await done;
    await settled(el);
    expect(button(el, 'Edit')).to.have.length(1);
    button(el, 'Edit')[0]!.click();
    const editor = await waitFor<HTMLTextAreaElement>(el, 'textarea[aria-label="Edit your message"]');
    await until(() => deepActive() === editor);
    expect(editor.value).to.equal('tell me about cats');
    editor.value = 'tell me about dogs';
    editor.dispatchEvent(new Event('input'));
    done = finishedOnce(el);
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(transport.requests[1]!.messages.map((m) => [m.role, m.content])).to.deep.equal([['user', 'tell me about dogs']]);
    const users = deepQueryAll(el, '[part~="user-message"]').map((m) => m.textContent!.replace('You:', '').trim());
    expect(users).to.deep.equal(['tell me about dogs']);
    expect(deepQueryAll(el, '[part~="assistant-message"]').map((m) => m.textContent!.replace('Assistant:', '').trim())).to.deep.equal(['About dogs.']);
  });

  it('Escape closes the editor without sending; hosts can hide each action', async () => {
    const { el, transport } = await chatWith([[runStarted(), ...text('a0', 'Answer.'), runFinished()]]);
    const done = finishedOnce(el);
    el.send('question');
    await done;
    await settled(el);
    button(el, 'Edit')[0]!.click();
    const editor = await waitFor<HTMLTextAreaElement>(el, 'textarea[aria-label="Edit your message"]');
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => deepQuery(el, 'textarea[aria-label="Edit your message"]') === undefined);
    await until(() => deepActive() === button(el, 'Edit')[0]);
    expect(transport.requests).to.have.length(1);

    el.noCopy = true;
    await settled(el);
    expect(button(el, 'Copy')).to.have.length(0);
    expect(button(el, 'Edit')).to.have.length(1);
    el.setAttribute('no-edit', '');
    el.setAttribute('no-regenerate', '');
    await settled(el);
    expect(button(el, 'Edit')).to.have.length(0);
    expect(button(el, 'Regenerate')).to.have.length(0);
    // Read aloud stays where the browser can speak (this Chromium can): the answer's only action left.
    expect(deepQueryAll(el, '[part~="message-actions"] button').map((b) => b.textContent!.trim())).to.deep.equal(['Read aloud']);
  });

  it('offers Regenerate and Edit only while no turn runs', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a0', 'Answer.'), runFinished()], [runStarted('r1'), ...text('a1', 'Partial'), { $hang: true }]]);
    let done = finishedOnce(el);
    el.send('one');
    await done;
    done = finishedOnce(el);
    el.send('two');
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').at(-1)?.textContent?.includes('Partial') ?? false);
    await settled(el);
    expect(button(el, 'Regenerate')).to.have.length(0);
    expect(button(el, 'Edit')).to.have.length(0);
    el.stop();
    await done;
  });
});

describe('<soliplex-chat> tool cards', function () {
  this.timeout(30_000);
  it('shows the call as name(arg: value) on one line, the full arguments on expand', async () => {
    const { el } = await chatWith([[runStarted(), ...toolCall('c1', 'get_secret_number', { name: 'alice' }), runFinished()], [runStarted('r2'), ...text('a', 'ok'), runFinished()]], [getSecretNumber]);
    el.send('go');
    await until(() => statusLine(el).dataset['state'] === 'success', 15_000);
    await settled(el);
    const card = deepQuery(el, '[part~="tool-card"]')!;
    expect(card.querySelector('.signature')!.textContent).to.equal('get_secret_number(name: "alice")');
    expect(card.querySelector('[part~="tool-status"]')!.textContent).to.contain('Completed');
    // Closed, the details hold only their summary; opened, the arguments and the result.
    const details = card.querySelector('details')!;
    expect(details.querySelector('pre')).to.equal(null);
    details.querySelector('summary')!.click();
    await until(() => details.querySelectorAll('pre').length === 2);
    expect(details.querySelector('pre')!.textContent).to.contain('"name": "alice"');
    expect(details.querySelectorAll('pre')[1]!.textContent).to.equal('42');
  });

  it('a call stopped by the user is "Stopped" (status cancelled) and fires soliplex-tool-result', async () => {
    const running = deferred();
    const slow: ClientTool = { name: 'slow', description: '', execute: (_a, { signal }) => (running.resolve(), new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))) };
    const { el } = await chatWith([[runStarted(), ...toolCall('c1', 'slow', {}), runFinished()]], [slow]);
    const results: ToolCall[] = [];
    el.addEventListener('soliplex-tool-result', (e) => results.push(e.call));
    const done = finishedOnce(el);
    el.send('go');
    await running.promise;
    el.stop();
    expect((await done).outcome).to.equal('cancelled');
    await settled(el);
    expect(results.map((c) => [c.id, c.status])).to.deep.equal([['c1', 'cancelled']]);
    const card = deepQuery(el, '[part~="tool-card"]')!;
    expect(card.dataset['status']).to.equal('cancelled');
    expect(card.querySelector('[part~="tool-status"]')!.textContent).to.contain('Stopped');
    expect(el.shadowRoot!.querySelector('[role="log"]')!.textContent, 'announced').to.contain('slow: Stopped');
  });

  it('shows a host renderer for a tool: arguments while streaming, the result when done', async () => {
    const gate = deferred();
    const { el } = await chatWith(
      [
        [runStarted(), toolStart('c1', 'get_secret_number'), toolArgs('c1', '{"name":"ali'), { $wait: gate.promise }, toolArgs('c1', 'ce"}'), { type: 'TOOL_CALL_END', toolCallId: 'c1' } as never, runFinished()],
        [runStarted('r2'), ...text('a', 'done'), runFinished()],
      ],
      [getSecretNumber],
    );
    el.toolRenderers = {
      get_secret_number: (call, args) =>
        html`<p class="mine">${(args as { name?: string } | undefined)?.name ?? '…'}: ${call.status === 'completed' ? String(call.resultValue) : 'working'}</p>`,
    };
    el.send('go');
    await until(() => deepQuery(el, '[part~="tool-view"] .mine')?.textContent === 'ali: working');
    gate.resolve();
    await until(() => deepQuery(el, '[part~="tool-view"] .mine')?.textContent === 'alice: 42');
  });
});

describe('<soliplex-chat> keyboard and focus', function () {
  this.timeout(30_000);
  it('Escape stops a running turn, and focus stays in the composer', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a', 'Partial').slice(0, 2), { $hang: true }]]);
    await settled(el);
    const input = deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
    input.focus();
    const done = finishedOnce(el);
    input.value = 'go';
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await until(() => statusLine(el).textContent!.includes('Writing…'));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect((await done).outcome).to.equal('cancelled');
    await settled(el);
    await nextFrame();
    expect(deepActive() === input, 'where focus is').to.equal(true);
  });

  it('after Stop, focus returns to the composer instead of falling to the page', async () => {
    const { el } = await chatWith([[runStarted(), { $hang: true }]]);
    const done = finishedOnce(el);
    el.send('go');
    const stop = await waitFor<HTMLButtonElement>(el, '[part~="stop-button"]');
    stop.focus();
    stop.click();
    expect((await done).outcome).to.equal('cancelled');
    await settled(el);
    await nextFrame();
    await nextFrame();
    expect(deepActive() === deepQuery(el, '[part~="input"]'), 'where focus is').to.equal(true);
  });
});

describe('<soliplex-chat> errors a person understands', function () {
  this.timeout(30_000);
  it("says it can't reach the agent, with the browser's words under Details and in soliplex-error", async () => {
    const { el } = await chatWith([[{ $throw: new TransportError('network', 'The connection to the agent failed: Failed to fetch') }]]);
    const errors: SoliplexErrorEvent[] = [];
    el.addEventListener('soliplex-error', (e) => errors.push(e));
    el.send('hello');
    await until(() => statusLine(el).dataset['state'] === 'failed');
    await settled(el);
    expect(statusLine(el).querySelector('.reason')!.textContent).to.equal("Can't reach the agent. Check your connection and try again.");
    const details = deepQuery<HTMLDetailsElement>(el, '[part~="error-details"]')!;
    expect(details.open).to.equal(false);
    expect(details.textContent).to.contain('Failed to fetch');
    expect(errors[0]!.message).to.equal("Can't reach the agent. Check your connection and try again.");
    expect(errors[0]!.technical).to.contain('Failed to fetch');
    expect(button(el, 'Retry')).to.have.length(1);
  });

  it('a Soliplex thread that no longer exists offers "New chat", which starts one', async () => {
    const { room } = await script([[started, ...say('a1', 'Fresh answer.'), finished]]);
    // A well-formed thread id the server does not know (Soliplex answers 422 for one that is not a UUID4).
    const gone = '00000000-0000-4000-8000-000000000000';
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} thread=${gone}></soliplex-chat>`);
    await until(() => statusLine(el)?.dataset['state'] === 'failed');
    await settled(el);
    expect(statusLine(el).textContent).to.contain('This conversation no longer exists. Start a new chat.');
    expect(deepQuery(el, '[part~="retry-button"]') === undefined).to.equal(true);
    const newChat = deepQuery<HTMLButtonElement>(statusLine(el), '[part~="new-chat-button"]')!;
    expect(newChat.textContent!.trim()).to.equal('New chat');
    const changes: string[] = [];
    el.addEventListener('soliplex-thread-change', (e) => changes.push(e.threadKey.thread));
    newChat.click();
    await settled(el);
    expect(el.thread).to.equal('');
    expect(statusLine(el).dataset['state']).to.not.equal('failed');
    const done = finishedOnce(el);
    el.send('hello again');
    expect((await done).outcome).to.equal('success');
    // New chat, then the thread the send created.
    expect(changes).to.deep.equal(['', el.thread]);
  });
});

describe('<soliplex-chat> header', function () {
  this.timeout(30_000);
  it('shows an optional title and a "New chat" button, each hideable; the header slot stays', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a', 'Hi.'), runFinished()]]);
    expect(deepQuery(el, '[part~="title"]') === undefined).to.equal(true);
    el.chatTitle = 'Support';
    await settled(el);
    expect(deepQuery(el, '[part~="title"]')!.textContent).to.equal('Support');
    const newChat = button(el, 'New chat');
    expect(newChat).to.have.length(1);
    expect(newChat[0]!.disabled, 'nothing to leave yet').to.equal(true);
    const done = finishedOnce(el);
    el.send('hello');
    await done;
    await settled(el);
    const before = el.thread;
    const changes: string[] = [];
    el.addEventListener('soliplex-thread-change', (e) => changes.push(e.threadKey.thread));
    button(el, 'New chat')[0]!.click();
    await settled(el);
    expect(el.thread).to.not.equal(before);
    expect(changes, 'the page hears of the new thread').to.deep.equal([el.thread]);
    expect(deepQuery(el, '[part~="user-message"]') === undefined).to.equal(true);
    await until(() => deepActive() === deepQuery(el, '[part~="input"]'));
    el.setAttribute('no-new-chat', '');
    el.chatTitle = '';
    await settled(el);
    expect(button(el, 'New chat')).to.have.length(0);
    expect(deepQuery(el, '[part~="header"]') === undefined).to.equal(true);
    expect(el.shadowRoot!.querySelector('slot[name="header"]')).to.exist;
  });
});

describe('<soliplex-chat> restored history', function () {
  this.timeout(30_000);
  it('asks again for an approval left pending at reload (answerable, never a failure); approving runs the tool once', async function () {
    this.timeout(30_000); // axe in both themes on a shared machine
    const stored: HistoryRun[] = [
      {
        runId: 'r1',
        messages: [{ id: 'u1', role: 'user', content: 'Delete the note' }],
        events: [runStarted('r1'), ...toolCall('c1', 'delete_note', {}), runFinished()] as BaseEvent[],
      },
    ];
    let runs = 0;
    const deleteNote: ClientTool = { name: 'delete_note', description: '', requiresApproval: true, execute: () => `deleted ${++runs}` };
    const { el } = await chatWithHistory(stored, [[runStarted('r2'), ...text('a2', 'The note is gone.'), runFinished()]], [deleteNote]);
    const card = await waitFor(el, '[part~="tool-card"]');
    await settled(el);
    expect(card.dataset['status']).to.equal('awaiting-approval');
    expect(card.textContent).to.not.contain('Failed');
    expect(statusLine(el).dataset['state']).to.not.equal('failed');
    await accessibleInBothThemes(el, 'an approval asked again after a reload');
    const done = finishedOnce(el);
    (await waitFor<HTMLButtonElement>(el, '[part~="approve-button"]')).click();
    expect((await done).outcome).to.equal('success');
    expect(runs).to.equal(1);
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').some((m) => m.textContent?.includes('The note is gone.')));
  });

  it('does not announce restored messages; a new answer is announced', async () => {
    const { el } = await chatWithHistory([turn(1, 'Old answer one.'), turn(2, 'Old answer two.')], [[runStarted('r9'), ...text('n', 'New answer.'), runFinished()]]);
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').length === 2);
    await settled(el);
    const log = el.shadowRoot!.querySelector('[role="log"]')!;
    expect(log.textContent!.trim()).to.equal('');
    const done = finishedOnce(el);
    el.send('more');
    await done;
    await settled(el);
    expect(log.textContent).to.contain('New answer.');
    expect(log.textContent).to.not.contain('Old answer');
  });
});

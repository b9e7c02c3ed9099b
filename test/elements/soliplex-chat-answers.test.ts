import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendMouse } from '@web/test-runner-commands';
import { ThreadIndex, ToolRegistry, type ClientTool, type SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { deferred } from '../helpers/scripted-transport.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { chatWith, deepQuery, deepQueryAll, settled, statusLine, until } from './chat-fixture.js';

/**
 * Issue 24, items 1 and 4: a user turn's output is one answer with one set of actions (Copy copies
 * the text of every hop), a placeholder stands where the answer will appear until its first output,
 * and the actions are quiet (on hover and focus, always on the last answer and on touch screens).
 * Against the demo server's scripted runs, across a reload (the chat leaves the page, a new one opens
 * on the same thread from what the browser kept).
 */

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

const getSecretNumber: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  execute: ({ name }) => ({ alice: 42, bob: 7 })[name] ?? 0,
};

/** A tool turn of two hops: the first says what it does and calls the tool, the second answers. */
const toolTurn = (n: number, who: string, value: number) => [
  [started, ...say(`hop1-${n}`, `Let me check that with get_secret_number.`), ...toolCall(`call-${n}`, 'get_secret_number', { name: who }), finished],
  [started, ...say(`hop2-${n}`, `${who[0]!.toUpperCase()}${who.slice(1)}'s secret number is **${value}**.`), finished],
];
const HOPS_1 = "Let me check that with get_secret_number.\n\nAlice's secret number is **42**.";
const HOPS_2 = "Let me check that with get_secret_number.\n\nBob's secret number is **7**.";

function open(agentUrl: string, thread?: string): Promise<SoliplexChat> {
  const tools = new ToolRegistry([getSecretNumber as ClientTool]);
  return fixture<SoliplexChat>(
    thread
      ? html`<soliplex-chat agent-url=${agentUrl} thread=${thread} .toolRegistry=${tools}></soliplex-chat>`
      : html`<soliplex-chat agent-url=${agentUrl} .toolRegistry=${tools}></soliplex-chat>`,
  );
}

async function turn(el: SoliplexChat, text: string): Promise<void> {
  const done = new Promise<Event>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  expect(el.send(text)).to.equal(true);
  await done;
  await settled(el);
}

/** The chat leaves the page (its engine disposed, as on a reload) once what it kept is written; a new one opens on the thread. */
async function reload(el: SoliplexChat, agentUrl: string): Promise<SoliplexChat> {
  const thread = el.thread;
  const engine = el.engine!;
  el.remove();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await ThreadIndex.for(engine).flush();
  const again = await open(agentUrl, thread);
  await until(() => deepQueryAll(again, '[part~="answer"]').length > 0 && deepQuery(again, '[part~="copy-button"]') !== undefined);
  await settled(again);
  return again;
}

const answers = (el: SoliplexChat) => deepQueryAll(el, '[part~="answer"]');
/** An answer's actions: they follow its bubble. */
const actionsOf = (answer: Element) => answer.parentElement!.querySelector<HTMLElement>(':scope > [part~="message-actions"]');
const names = (actions: Element) => [...actions.querySelectorAll('button')].map((b) => b.textContent!.trim());

/** What the page's clipboard received (its API is the boundary: a headless page may not write the real one). */
function stubClipboard(): { written: string[]; restore: () => void } {
  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => (written.push(text), Promise.resolve()) },
  });
  return { written, restore: () => delete (navigator as { clipboard?: unknown }).clipboard };
}

/** The answer's shape: its hops' texts, tool cards and actions, and those of everything else in the list. */
function shapeOf(el: SoliplexChat) {
  return answers(el).map((answer) => ({
    hops: [...answer.querySelectorAll('[part~="assistant-message"] .text')].map((t) => t.textContent!.trim()),
    cards: answer.querySelectorAll('soliplex-tool-call-card').length,
    actions: names(actionsOf(answer)!),
  }));
}

// No fade of the quiet actions: their computed opacity is the end state at once, and axe never checks
// a row caught halfway through fading (the last answer's actions fade when a newer answer arrives).
before(() => emulateMedia({ reducedMotion: 'reduce' }));
after(() => emulateMedia({ reducedMotion: 'no-preference' }));

describe('<soliplex-chat> one turn, one answer (issue 24)', () => {
  beforeEach(() => deleteDatabase('soliplex-chat-threads'));

  it('shows a multi-hop tool turn as one answer with one Copy that copies every hop’s text, the same after a reload', async () => {
    const { agentUrl } = await script([...toolTurn(1, 'alice', 42), ...toolTurn(2, 'bob', 7)]);
    const el = await open(agentUrl);
    await turn(el, 'What is the secret number of alice?');
    await turn(el, 'And bob?');

    const expected = [
      { hops: ['Let me check that with get_secret_number.', "Alice's secret number is 42."], cards: 1, actions: ['Copy', 'Read aloud'] },
      { hops: ['Let me check that with get_secret_number.', "Bob's secret number is 7."], cards: 1, actions: ['Copy', 'Read aloud', 'Regenerate'] },
    ];
    expect(shapeOf(el)).to.deep.equal(expected);
    // Four assistant messages (one per hop), two answers, one Copy per answer and one per user message.
    expect(deepQueryAll(el, '[part~="assistant-message"]')).to.have.length(4);
    expect(deepQueryAll(el, '[part~="copy-button"]')).to.have.length(4);
    // The screen reader hears "Assistant:" once per answer, not once per hop.
    expect(answers(el).map((a) => (a.textContent!.match(/Assistant:/g) ?? []).length)).to.deep.equal([1, 1]);

    const clipboard = stubClipboard();
    try {
      actionsOf(answers(el)[0]!)!.querySelector<HTMLButtonElement>('[part~="copy-button"]')!.click();
      await until(() => clipboard.written.length === 1);
      expect(clipboard.written).to.deep.equal([HOPS_1]);

      const again = await reload(el, agentUrl);
      expect(shapeOf(again)).to.deep.equal(expected);
      actionsOf(answers(again)[1]!)!.querySelector<HTMLButtonElement>('[part~="copy-button"]')!.click();
      await until(() => clipboard.written.length === 2);
      expect(clipboard.written[1]).to.equal(HOPS_2);
      await expect(again).to.be.accessible();
    } finally {
      clipboard.restore();
    }
  });

  it('shows a placeholder from Send until the first output, named but not announced a second time', async () => {
    const firstOutput = deferred();
    const { el } = await chatWith(
      [
        [runStarted(), { $wait: firstOutput.promise }, ...text('a1', 'Let me check.'), ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), runFinished()],
        [runStarted('r2'), ...text('a2', 'It is 42.'), runFinished()],
      ],
      [getSecretNumber as ClientTool],
    );
    const done = new Promise<Event>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('the number of alice?');
    const placeholder = () => deepQuery(el, '[part~="answer-placeholder"]');
    await until(() => placeholder() !== undefined);
    await settled(el);
    // Where the answer will appear: after the user's message, with no answer yet.
    expect(answers(el).filter((a) => !a.matches('[part~="answer-placeholder"]'))).to.have.length(0);
    expect(placeholder()!.textContent!.trim()).to.equal('Thinking…');
    expect(statusLine(el).textContent!.trim()).to.equal('Thinking…');
    // The status line is the live region that says it; the placeholder is no second one.
    expect(placeholder()!.closest('[aria-live], [role="status"], [role="log"], [role="alert"]')).to.equal(null);
    expect(placeholder()!.querySelector('[aria-live], [role="status"], [role="alert"]')).to.equal(null);
    await expect(el).to.be.accessible();

    firstOutput.resolve();
    await done;
    await settled(el);
    expect(placeholder()).to.equal(undefined);
    expect(shapeOf(el)).to.deep.equal([{ hops: ['Let me check.', 'It is 42.'], cards: 1, actions: ['Copy', 'Read aloud', 'Regenerate'] }]);
  });

  it('keeps the first hop’s output in the answer while the turn goes on: no placeholder, and no actions until it is written', async () => {
    const secondHop = deferred();
    const { el } = await chatWith(
      [
        [runStarted(), ...text('a1', 'Let me check.'), ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), runFinished()],
        [runStarted('r2'), { $wait: secondHop.promise }, ...text('a2', 'It is 42.'), runFinished()],
      ],
      [getSecretNumber as ClientTool],
    );
    el.send('the number of alice?');
    await until(() => deepQuery(el, '[part~="tool-card"]')?.dataset['status'] === 'completed');
    await settled(el);
    expect(deepQuery(el, '[part~="answer-placeholder"]')).to.equal(undefined);
    // While the turn runs, its answer has no Copy yet (half an answer), and no Regenerate.
    expect(actionsOf(answers(el)[0]!)).to.equal(null);
    secondHop.resolve();
    await until(() => statusLine(el).dataset['state'] === 'success');
  });
});

/**
 * A stand-in for the page's `speechSynthesis` (the page's API is the boundary: a headless browser has
 * no voices): records what is spoken and cancelled; `finish()` ends the current utterance as a voice would.
 */
function stubSpeech() {
  const spoken: { text: string; lang: string }[] = [];
  let cancels = 0;
  let current: SpeechSynthesisUtterance | undefined;
  const own = Object.getOwnPropertyDescriptor(window, 'speechSynthesis');
  const stub = {
    speak(u: SpeechSynthesisUtterance) {
      spoken.push({ text: u.text, lang: u.lang });
      current = u;
    },
    cancel() {
      cancels++;
      const u = current;
      current = undefined;
      // As Chromium does: a cancelled utterance reports an error, later.
      if (u) setTimeout(() => u.dispatchEvent(new Event('error')), 0);
    },
    get speaking() {
      return !!current;
    },
  };
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => stub });
  return {
    spoken,
    cancels: () => cancels,
    finish() {
      const u = current;
      current = undefined;
      u?.dispatchEvent(new Event('end'));
    },
    restore: () => (own ? Object.defineProperty(window, 'speechSynthesis', own) : delete (window as { speechSynthesis?: unknown }).speechSynthesis),
  };
}

describe('<soliplex-chat> Read aloud (issue 24)', () => {
  beforeEach(() => deleteDatabase('soliplex-chat-threads'));

  const readButtons = (el: SoliplexChat) => deepQueryAll<HTMLButtonElement>(el, '[part~="read-aloud-button"]');

  it('reads an answer’s words (every hop, no Markdown marks), one at a time, and stops; the same after a reload', async () => {
    const speech = stubSpeech();
    try {
      const { agentUrl } = await script([...toolTurn(1, 'alice', 42), ...toolTurn(2, 'bob', 7)]);
      const el = await open(agentUrl);
      el.lang = 'en-GB';
      await turn(el, 'What is the secret number of alice?');
      await turn(el, 'And bob?');
      expect(readButtons(el).map((b) => b.textContent!.trim())).to.deep.equal(['Read aloud', 'Read aloud']);

      readButtons(el)[0]!.click();
      await until(() => speech.spoken.length === 1);
      expect(speech.spoken[0]).to.deep.equal({ text: "Let me check that with get_secret_number.\nAlice's secret number is 42.", lang: 'en-GB' });
      await until(() => readButtons(el)[0]!.textContent!.trim() === 'Stop reading');
      expect(readButtons(el)[1]!.textContent!.trim()).to.equal('Read aloud');

      // Another answer: the first stops (one utterance at a time), the second reads.
      const cancelled = speech.cancels();
      readButtons(el)[1]!.click();
      await until(() => speech.spoken.length === 2);
      expect(speech.cancels()).to.be.greaterThan(cancelled);
      expect(speech.spoken[1]!.text).to.equal("Let me check that with get_secret_number.\nBob's secret number is 7.");
      await until(() => readButtons(el)[1]!.textContent!.trim() === 'Stop reading');
      // The first one's late "cancelled" report does not end the second reading.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await settled(el);
      expect(readButtons(el).map((b) => b.textContent!.trim())).to.deep.equal(['Read aloud', 'Stop reading']);

      // Pressed again: it stops.
      const before = speech.cancels();
      readButtons(el)[1]!.click();
      await until(() => readButtons(el)[1]!.textContent!.trim() === 'Read aloud');
      expect(speech.cancels()).to.be.greaterThan(before);

      // A reading that comes to its end gives the button back.
      readButtons(el)[0]!.click();
      await until(() => speech.spoken.length === 3 && readButtons(el)[0]!.textContent!.trim() === 'Stop reading');
      await expect(el).to.be.accessible();
      speech.finish();
      await until(() => readButtons(el)[0]!.textContent!.trim() === 'Read aloud');

      const again = await reload(el, agentUrl);
      expect(readButtons(again)).to.have.length(2);
      readButtons(again)[1]!.click();
      await until(() => speech.spoken.length === 4);
      expect(speech.spoken[3]!.text).to.equal("Let me check that with get_secret_number.\nBob's secret number is 7.");
      // The chat leaves the page: its reading stops.
      const leaving = speech.cancels();
      again.remove();
      expect(speech.cancels()).to.be.greaterThan(leaving);
    } finally {
      speech.restore();
    }
  });

  it('is absent where the browser cannot speak', async () => {
    const own = Object.getOwnPropertyDescriptor(window, 'speechSynthesis');
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => undefined });
    try {
      const { agentUrl } = await script([[started, ...say('m1', 'Just **text**.'), finished]]);
      const el = await open(agentUrl);
      await turn(el, 'hello');
      expect(names(actionsOf(answers(el)[0]!)!)).to.deep.equal(['Copy', 'Regenerate']);
      expect(readButtons(el)).to.have.length(0);
    } finally {
      if (own) Object.defineProperty(window, 'speechSynthesis', own);
      else delete (window as { speechSynthesis?: unknown }).speechSynthesis;
    }
  });
});

describe('<soliplex-chat> quiet message actions (issue 24)', () => {
  beforeEach(() => deleteDatabase('soliplex-chat-threads'));

  const opacity = (e: Element) => getComputedStyle(e).opacity;
  /** Moves the real mouse over an element (so `:hover` applies), or away to the page's corner. */
  async function hover(e?: Element): Promise<void> {
    e?.scrollIntoView({ block: 'center' });
    const box = e?.getBoundingClientRect();
    await sendMouse({ type: 'move', position: box ? [Math.round(box.x + box.width / 2), Math.round(box.y + 4)] : [0, 0] });
  }

  async function twoTurns(): Promise<{ el: SoliplexChat; agentUrl: string }> {
    const { agentUrl } = await script([...toolTurn(1, 'alice', 42), ...toolTurn(2, 'bob', 7)]);
    const el = await open(agentUrl);
    el.style.height = '560px';
    await turn(el, 'What is the secret number of alice?');
    await turn(el, 'And bob?');
    await hover();
    return { el, agentUrl };
  }

  /** Every action row's opacity, and the user messages': first answer, last answer, first user message. */
  function states(el: SoliplexChat) {
    const [first, last] = answers(el);
    const user = deepQuery(el, '[part~="user-message"]')!.parentElement!.querySelector('[part~="message-actions"]')!;
    return { first: opacity(actionsOf(first!)!), last: opacity(actionsOf(last!)!), user: opacity(user) };
  }

  it('shows an answer’s actions on hover and on focus, always on the last answer; the same after a reload', async () => {
    expect(matchMedia('(hover: hover)').matches, 'this test runs with a mouse').to.equal(true);
    const { el, agentUrl } = await twoTurns();
    expect(states(el)).to.deep.equal({ first: '0', last: '1', user: '0' });

    await hover(answers(el)[0]!);
    await until(() => states(el).first === '1');
    expect(states(el)).to.deep.equal({ first: '1', last: '1', user: '0' });
    await hover();
    await until(() => states(el).first === '0');

    // A keyboard user reaches a faded action: it is in the tab order, and focus shows its row.
    const copy = actionsOf(answers(el)[0]!)!.querySelector<HTMLButtonElement>('[part~="copy-button"]')!;
    expect(getComputedStyle(copy).display).to.not.equal('none');
    expect(getComputedStyle(copy).visibility).to.equal('visible');
    expect(copy.tabIndex).to.equal(0);
    copy.focus();
    expect(copy.matches(':focus')).to.equal(true);
    await until(() => states(el).first === '1');
    await expect(el).to.be.accessible();
    copy.blur();
    await until(() => states(el).first === '0');

    const again = await reload(el, agentUrl);
    await hover();
    expect(states(again)).to.deep.equal({ first: '0', last: '1', user: '0' });
    await hover(deepQuery(again, '[part~="user-message"]')!);
    await until(() => states(again).user === '1');
    await expect(again).to.be.accessible();
  });

  // Last in the file: Chromium may keep `(hover: none)` after touch emulation is turned off.
  it('always shows them on a touch screen (hover: none)', async () => {
    const { el } = await twoTurns();
    expect(states(el).first).to.equal('0');
    await executeServerCommand('emulate-touch', { enabled: true });
    try {
      expect(matchMedia('(hover: none)').matches, 'the page is a touch screen now').to.equal(true);
      await until(() => states(el).first === '1');
      expect(states(el)).to.deep.equal({ first: '1', last: '1', user: '1' });
    } finally {
      await executeServerCommand('emulate-touch', { enabled: false });
    }
  });
});

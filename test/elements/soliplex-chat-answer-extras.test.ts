import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, ToolRegistry, type SoliplexChat, type SoliplexFeedbackEvent, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, setServerToken, started } from '../helpers/agui-server.js';

// The default buffer (250 entries) fills with the test page's own modules; a full one records no more.
performance.setResourceTimingBufferSize(100_000);

/**
 * Under each answer (issue 23): its sources (RAG citations of the turn), the feedback buttons with an
 * optional reason, and the token usage line. Against the demo server's `demo` room (Soliplex: its RAG
 * answers to "show citations" / "search the documents for …", its feedback and usage routes) and a
 * scripted generic endpoint, across a reload.
 */

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

async function turn(el: SoliplexChat, text: string): Promise<void> {
  const done = finishedOnce(el);
  expect(el.send(text)).to.equal(true);
  expect((await done).outcome).to.equal('success');
  await shown(el);
}

/** Settled, with the answers' extras (a lazily loaded element) upgraded and rendered. */
async function shown(el: SoliplexChat): Promise<void> {
  await settled(el);
  await customElements.whenDefined('soliplex-answer-extras');
  await settled(el);
}

/** The extras under each answer, in order. */
const extras = (el: SoliplexChat) => deepQueryAll(el, 'soliplex-answer-extras');
const sourcesOf = (host: Element) => deepQueryAll(host, '[part~="source"]');
const titlesOf = (host: Element) => sourcesOf(host).map((s) => s.querySelector('.title')!.textContent!.trim());
const buttonNamed = (host: Element, name: string) => deepQueryAll<HTMLButtonElement>(host, 'button').find((b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name);
const text = (e: Element | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();

const runPath = (room: string, thread: string, run: string) => `${server}/api/v1/rooms/${room}/agui/${thread}/${run}`;

async function reopen(thread: string, persist: boolean): Promise<SoliplexChat> {
  const el = await fixture<SoliplexChat>(
    persist
      ? html`<soliplex-chat server-url=${server} room="demo" thread=${thread} show-usage></soliplex-chat>`
      : html`<soliplex-chat server-url=${server} room="demo" thread=${thread} show-usage no-persist></soliplex-chat>`,
  );
  // The whole history, not its preview: the run status line is empty once it is in.
  await until(() => extras(el).length === 2 && statusLine(el)?.textContent?.trim() === '');
  await shown(el);
  await until(() => extras(el).every((e) => sourcesOf(e).length > 0));
  return el;
}

describe('<soliplex-chat> answers on Soliplex: sources, feedback, usage', function () {
  this.timeout(30_000); // two turns, a reload and the room's routes: slow on a loaded machine
  it('shows the turn’s sources with the chunk’s page preview, stores feedback with a reason and shows usage, all again after a reload', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" show-usage></soliplex-chat>`);
    await turn(el, 'show citations');
    await turn(el, 'search the documents for secret numbers');
    const thread = el.thread;

    // Sources: per turn, numbered across the thread as the backend numbers them.
    const [first, second] = extras(el);
    // The sources' code loads with the first answer that has some: they show a moment after the answer.
    await until(() => sourcesOf(first!).length > 0 && sourcesOf(second!).length > 0);
    expect(titlesOf(first!)).to.deep.equal(['Secret Numbers Handbook', 'Tools and Approvals', 'Release Notes']);
    expect(sourcesOf(first!).map((s) => s.querySelector('.number')!.textContent)).to.deep.equal(['1', '2', '3']);
    expect(titlesOf(second!).length).to.be.greaterThan(0);
    expect(titlesOf(second!).every((t) => t === 'Secret Numbers Handbook')).to.equal(true);
    // Alice's chunk, cited by both turns, is under both, with the number the backend gave it first.
    expect(sourcesOf(second!).map((s) => s.querySelector('.number')!.textContent)).to.include('1');
    expect(text(sourcesOf(first!)[0]!.querySelector('summary')!)).to.contain('p. 1');

    // Opening a source shows its text and the page preview the chunk route makes.
    sourcesOf(first!)[0]!.querySelector('summary')!.click();
    const preview = await waitFor<HTMLImageElement>(first!, '[part~="source-preview"]');
    expect(preview.src).to.match(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(preview.alt).to.equal('Page 1, the cited passage highlighted');
    await until(() => preview.complete && preview.naturalWidth > 0);
    expect(text(deepQuery(first!, '[part~="source-chunk"] .text')).length).to.be.greaterThan(10);

    // Feedback: sent at once, then again with the reason.
    const events: SoliplexFeedbackEvent[] = [];
    document.addEventListener('soliplex-feedback', (e) => events.push(e));
    buttonNamed(first!, 'Bad response')!.click();
    const reason = await waitFor<HTMLInputElement>(first!, '[part~="feedback-reason"] input');
    await until(() => events.length === 1);
    const runId = events[0]!.runId;
    expect(events[0]).to.include({ messageId: first!.dataset['answerFor'], rating: 'down', runId });
    expect(events[0]!.detail).to.include({ messageId: first!.dataset['answerFor'], rating: 'down', runId });
    expect(events[0]!.threadKey).to.deep.equal({ server, room: 'demo', thread });
    expect(events[0]!.reason).to.equal(undefined);
    expect(buttonNamed(first!, 'Bad response')!.getAttribute('aria-pressed')).to.equal('true');
    await expect(first!).to.be.accessible(); // a source open, the reason field open
    await until(async () => (await fetch(`${runPath('demo', thread, runId)}/feedback`)).ok);
    expect(await (await fetch(`${runPath('demo', thread, runId)}/feedback`)).json()).to.deep.equal({ feedback: 'thumbs_down', reason: null });

    reason.value = 'It cited the release notes for a number.';
    reason.dispatchEvent(new Event('input'));
    deepQuery<HTMLButtonElement>(first!, '[part~="feedback-reason"] button')!.click();
    await until(() => events.length === 2);
    expect(events[1]).to.include({ rating: 'down', runId, reason: 'It cited the release notes for a number.' });
    await until(async () => (await (await fetch(`${runPath('demo', thread, runId)}/feedback`)).json()).reason !== null);
    expect(await (await fetch(`${runPath('demo', thread, runId)}/feedback`)).json()).to.deep.equal({
      feedback: 'thumbs_down',
      reason: 'It cited the release notes for a number.',
    });
    await waitFor(first!, '.sent');
    expect(text(deepQuery(first!, '.sent'))).to.equal('Thanks for your feedback.');

    // Usage: each answer's from its runs' usage routes; the thread's on the last answer.
    const usage = async (run: string) => (await (await fetch(`${runPath('demo', thread, run)}/usage`)).json()) as { input_tokens: number; output_tokens: number };
    const firstUsage = await usage(runId);
    await until(() => text(deepQuery(first!, '[part~="usage"]')) !== '');
    expect(text(deepQuery(first!, '[part~="usage"]'))).to.equal(`This answer: ${firstUsage.input_tokens} tokens in, ${firstUsage.output_tokens} out`);
    await until(() => text(deepQuery(second!, '[part~="usage"]')).includes('Thread'));
    const secondLine = text(deepQuery(second!, '[part~="usage"]'));
    const [, secondIn, secondOut, threadIn, threadOut] = /This answer: ([\d,]+) tokens in, ([\d,]+) out · Thread: ([\d,]+) in, ([\d,]+) out/.exec(secondLine)!.map((n) => Number(n.replace(/,/g, '')));
    expect(threadIn).to.equal(firstUsage.input_tokens + secondIn!);
    expect(threadOut).to.equal(firstUsage.output_tokens + secondOut!);
    el.remove();

    // A reload (from the history cache, then from the server alone): the same sources, rating and usage.
    for (const persist of [true, false]) {
      const again = await reopen(thread, persist);
      const [a, b] = extras(again);
      expect(titlesOf(a!)).to.deep.equal(['Secret Numbers Handbook', 'Tools and Approvals', 'Release Notes']);
      expect(titlesOf(b!)).to.deep.equal(titlesOf(second!));
      // An answer asks for its rating and usage once on screen.
      a!.scrollIntoView();
      await until(() => buttonNamed(a!, 'Bad response')?.getAttribute('aria-pressed') === 'true');
      await until(() => text(deepQuery(a!, '[part~="usage"]')) !== '');
      b!.scrollIntoView();
      expect(buttonNamed(a!, 'Good response')!.getAttribute('aria-pressed')).to.equal('false');
      expect(buttonNamed(b!, 'Bad response')!.getAttribute('aria-pressed')).to.equal('false');
      await until(() => text(deepQuery(b!, '[part~="usage"]')) === secondLine);
      expect(text(deepQuery(a!, '[part~="usage"]'))).to.equal(`This answer: ${firstUsage.input_tokens} tokens in, ${firstUsage.output_tokens} out`);
      sourcesOf(a!)[0]!.querySelector('summary')!.click();
      await waitFor(a!, '[part~="source-preview"]');
      again.remove();
    }
  });

  it('sums the usage of a turn’s runs: a client tool call and its continuation', async () => {
    const tools = new ToolRegistry([{ name: 'get_secret_number', description: 'The secret number of a user', parameters: { type: 'object', properties: { name: { type: 'string' } } }, execute: () => '42' }]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" show-usage .toolRegistry=${tools}></soliplex-chat>`);
    await turn(el, 'What is the secret number for alice?');
    const thread = (await (await fetch(`${server}/api/v1/rooms/demo/agui/${el.thread}`)).json()) as { runs: Record<string, unknown> };
    const usages = await Promise.all(
      Object.keys(thread.runs).map(async (run) => (await (await fetch(`${runPath('demo', el.thread, run)}/usage`)).json()) as { input_tokens: number; output_tokens: number } | null),
    );
    const counted = usages.filter((u) => u !== null);
    expect(counted.length, 'the call and its continuation').to.equal(2);
    const input = counted.reduce((n, u) => n + u!.input_tokens, 0);
    const output = counted.reduce((n, u) => n + u!.output_tokens, 0);
    const [answer] = extras(el);
    await until(() => text(deepQuery(answer!, '[part~="usage"]')) !== '');
    expect(text(deepQuery(answer!, '[part~="usage"]'))).to.equal(`This answer: ${input.toLocaleString('en')} tokens in, ${output.toLocaleString('en')} out · Thread: ${input.toLocaleString('en')} in, ${output.toLocaleString('en')} out`);
  });

  it('says so when the server refuses a rating, and shows the rating it had again', async () => {
    const { room } = await script([[started, ...say('a1', 'An answer.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    await turn(el, 'hello');
    const [answer] = extras(el);
    await setServerToken('only-this-token', room); // the chat has no token: the POST is refused (401)
    try {
      buttonNamed(answer!, 'Good response')!.click();
      await until(() => text(deepQuery(answer!, '.sent')) === 'Your feedback could not be sent. Try again.');
      expect(buttonNamed(answer!, 'Good response')!.getAttribute('aria-pressed')).to.equal('false');
    } finally {
      await setServerToken(null, room);
    }
  });

  it('shows no sources for an answer without citations, and no feedback buttons with no-feedback', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo"></soliplex-chat>`);
    await turn(el, 'hello there');
    const [answer] = extras(el);
    expect(sourcesOf(answer!)).to.have.length(0);
    expect(deepQuery(answer!, '[part~="usage"]')).to.equal(undefined); // usage is off by default
    expect(buttonNamed(answer!, 'Good response')).to.not.equal(undefined);
    await expect(answer!).to.be.accessible();
    el.noFeedback = true;
    await settled(el);
    expect(extras(el)).to.have.length(0);
  });
});

describe('<soliplex-chat> answers on a generic endpoint: feedback and usage', () => {
  it('reports feedback by event only, sums RUN_FINISHED usage per answer and thread, and shows no sources', async () => {
    const usage = (inputTokens: number, outputTokens: number) => ({ ...finished, usage: [{ model: 'm', inputTokens, outputTokens }] });
    const { agentUrl } = await script([
      [started, ...say('a1', 'First.'), usage(120, 30)],
      [started, ...say('a2', 'Second.'), { type: 'STATE_SNAPSHOT', snapshot: { rag: { citations: [], citation_index: {} } } }, usage(200, 40)],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} show-usage></soliplex-chat>`);
    await turn(el, 'one');
    await turn(el, 'two');
    const [first, second] = extras(el);
    await until(() => text(deepQuery(second!, '[part~="usage"]')) !== ''); // the usage line's code loads with the first answer
    expect(text(deepQuery(first!, '[part~="usage"]'))).to.equal('This answer: 120 tokens in, 30 out');
    expect(text(deepQuery(second!, '[part~="usage"]'))).to.equal('This answer: 200 tokens in, 40 out · Thread: 320 in, 70 out');
    expect(sourcesOf(first!)).to.have.length(0);

    const events: SoliplexFeedbackEvent[] = [];
    el.addEventListener('soliplex-feedback', (e) => events.push(e));
    const requestsBefore = performance.getEntriesByType('resource').length;
    buttonNamed(second!, 'Good response')!.click();
    await until(() => events.length === 1);
    expect(events[0]).to.include({ rating: 'up', messageId: 'a2' });
    expect(events[0]!.threadKey).to.deep.equal({ server: agentUrl, room: '', thread: el.thread });
    expect(events[0]!.runId).to.be.a('string').and.not.equal('');
    await settled(el);
    expect(buttonNamed(second!, 'Good response')!.getAttribute('aria-pressed')).to.equal('true');
    expect(performance.getEntriesByType('resource').slice(requestsBefore).filter((r) => r.name.includes('feedback'))).to.have.length(0);

    // A reload: the thread kept in this browser brings its runs' usage back with it.
    const thread = el.thread;
    const engine = el.engine!;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await ThreadIndex.for(engine).flush(); // what the chat kept is written
    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread} show-usage></soliplex-chat>`);
    await until(() => extras(again).length === 2);
    await shown(again);
    await until(() => extras(again).every((x) => text(deepQuery(x, '[part~="usage"]')) !== ''));
    expect(extras(again).map((x) => text(deepQuery(x, '[part~="usage"]')))).to.deep.equal([
      'This answer: 120 tokens in, 30 out',
      'This answer: 200 tokens in, 40 out · Thread: 320 in, 70 out',
    ]);
  });
});

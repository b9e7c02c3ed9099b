// An answer's sources, usage line and reason field (answer-extras-view) load only with the first answer
// that shows one, and the Soliplex routes' half of the controller (answer-extras-soliplex) only with a
// Soliplex thread, and its usage and chunk-preview routes (answer-usage-routes) only with `show-usage` or an
// opened source (scripts/size.mjs lists them as optional). A file of its own: a module, once loaded,
// stays loaded for the page, and the other answer-extras tests load both.
import { loaded } from '../helpers/module-loads.js';
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexFeedbackEvent, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

const VIEW = '/soliplex-answer-extras/answer-extras-view';
const ROUTES = '/controllers/answer-extras-soliplex';
const USAGE_ROUTES = '/controllers/answer-usage-routes';

const extras = (el: SoliplexChat) => deepQueryAll(el, 'soliplex-answer-extras');
const buttonNamed = (host: Element, name: string) => deepQueryAll<HTMLButtonElement>(host, 'button').find((b) => b.getAttribute('aria-label') === name);
const text = (e: Element | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();

async function turn(el: SoliplexChat, message: string): Promise<void> {
  const done = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  expect(el.send(message)).to.equal(true);
  expect((await done).outcome).to.equal('success');
  await settled(el);
}

/** The reason field under `answer`, once its code is in, after a rating. */
async function reasonField(answer: Element): Promise<HTMLInputElement> {
  return waitFor<HTMLInputElement>(answer, '[part~="feedback-reason"] input');
}

async function sendReason(answer: Element, reason: string): Promise<void> {
  const input = await reasonField(answer);
  input.value = reason;
  input.dispatchEvent(new Event('input'));
  deepQuery<HTMLButtonElement>(answer, '[part~="feedback-reason"] button')!.click();
}

describe('<soliplex-chat> an answer’s extras, loaded on use', function () {
  this.timeout(30_000);

  it('shows a plain answer’s feedback buttons without the view’s code; a rating loads the reason field, focused, and its comment is sent', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'A plain answer.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    await turn(el, 'hello');
    await until(() => extras(el).length > 0);
    const answer = extras(el)[0]!;
    await until(() => !!buttonNamed(answer, 'Good response'));
    expect(buttonNamed(answer, 'Bad response')!.getAttribute('aria-pressed')).to.equal('false');
    expect(deepQuery(answer, '[part~="feedback"]')!.getAttribute('aria-label')).to.equal('Feedback');
    expect(loaded(VIEW), 'the sources, usage and reason field’s code').to.equal(false);
    expect(loaded(ROUTES), 'the Soliplex routes’ code').to.equal(false);

    const events: SoliplexFeedbackEvent[] = [];
    el.addEventListener('soliplex-feedback', (e) => events.push(e));
    buttonNamed(answer, 'Bad response')!.click();
    const input = await reasonField(answer);
    expect(loaded(VIEW)).to.equal(true);
    // The event's class loads with the rare page events, which may come after the view's code.
    await until(() => events.length > 0);
    expect(events.map((e) => [e.rating, e.reason])).to.deep.equal([['down', undefined]]);
    expect(buttonNamed(answer, 'Bad response')!.getAttribute('aria-pressed')).to.equal('true');
    await until(() => answer.shadowRoot!.activeElement === input); // focused once it is there, as before
    expect(input.getAttribute('aria-label')).to.equal('What was good or bad about it? (optional)');
    await expect(answer).to.be.accessible();

    await sendReason(answer, 'Too short.');
    await until(() => events.length === 2);
    expect(events[1]).to.include({ rating: 'down', reason: 'Too short.', messageId: 'a1' });
    await until(() => text(deepQuery(answer, '.sent')) === 'Thanks for your feedback.');
    expect(deepQuery(answer, '[part~="feedback-reason"]')).to.equal(undefined);
    // A generic endpoint's ratings are the page's: the Soliplex routes never load for them.
    expect(loaded(ROUTES), 'the Soliplex routes’ code').to.equal(false);
  });

  it('stores a comment on a Soliplex run through the routes loaded with the thread, and after a reload shows it and sends a new one', async () => {
    const { room } = await script([[started, ...say('a1', 'An answer to rate.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    await turn(el, 'hello');
    const thread = el.thread;
    await until(() => extras(el).length > 0);
    const answer = extras(el)[0]!;
    await until(() => !!buttonNamed(answer, 'Good response'));
    // The answer asked for its stored rating once on screen: the routes' code is in.
    await until(() => loaded(ROUTES));
    const events: SoliplexFeedbackEvent[] = [];
    el.addEventListener('soliplex-feedback', (e) => events.push(e));
    buttonNamed(answer, 'Good response')!.click();
    await sendReason(answer, 'Clear and short.');
    await until(() => events.length === 2);
    const runId = events[1]!.runId;
    const stored = async () => (await (await fetch(`${server}/api/v1/rooms/${room}/agui/${thread}/${runId}/feedback`)).json()) as unknown;
    await until(async () => JSON.stringify(await stored()) === JSON.stringify({ feedback: 'thumbs_up', reason: 'Clear and short.' }));
    await until(() => text(deepQuery(answer, '.sent')) === 'Thanks for your feedback.');
    el.remove();

    const again = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} thread=${thread} no-persist></soliplex-chat>`);
    await until(() => extras(again).length > 0);
    const reloaded = extras(again)[0]!;
    await until(() => buttonNamed(reloaded, 'Good response')?.getAttribute('aria-pressed') === 'true');
    buttonNamed(reloaded, 'Bad response')!.click();
    await sendReason(reloaded, 'On second thought, wrong.');
    await until(async () => JSON.stringify(await stored()) === JSON.stringify({ feedback: 'thumbs_down', reason: 'On second thought, wrong.' }));
    await until(() => text(deepQuery(reloaded, '.sent')) === 'Thanks for your feedback.');
    // Rating needs no usage routes: without `show-usage` (and no source opened) their code never loaded.
    expect(loaded(USAGE_ROUTES), 'the usage routes without show-usage').to.equal(false);

    // `show-usage` turned on: the answer asks its run's usage route, through the routes' code loaded now.
    // (A scripted room's runs count no usage, so the line stays empty: the demo room's usage line is
    // checked in soliplex-chat-answer-extras.test.ts.)
    const asked = () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/agui/${thread}/${runId}/usage`));
    expect(asked()).to.equal(false);
    again.showUsage = true;
    await until(() => asked());
    expect(loaded(USAGE_ROUTES)).to.equal(true);
  });
});

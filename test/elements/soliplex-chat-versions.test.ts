import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { ThreadIndex, type SoliplexChat } from '../../src/index.js';
import { LocalThreadSync } from '../../src/core/threads/local-thread-sync.js';
import { deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, started, type RecordedRequest } from '../helpers/agui-server.js';

/**
 * Issue 24, item 3: Regenerate and Edit (on any user message) keep the earlier versions, "‹ 2 / 3 ›" on
 * the message switches between them, the run input is the branch on screen, and the versions are kept
 * with the thread across a reload.
 */

type Body = { messages: { role: string; content: unknown }[] };
/** What a run sent: each message's role and text. */
const sentOf = (request: RecordedRequest<Body>) => request.body.messages.map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`);

const shownTexts = (el: SoliplexChat, part: string) =>
  deepQueryAll(el, `[part~="${part}"]`).map((m) => (m.textContent ?? '').replace(/\s+/g, ' ').replace(/^(You|Assistant): /, '').trim());
/** The conversation on screen, as "role: text" lines. */
const shown = (el: SoliplexChat) =>
  deepQueryAll(el, '[part~="user-message"], [part~="assistant-message"]').map(
    (m) => `${m.matches('[part~="user-message"]') ? 'user' : 'assistant'}: ${(m.textContent ?? '').replace(/\s+/g, ' ').replace(/^\s*(You|Assistant): /, '').trim()}`,
  );
function activeDeep(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Waits until the conversation on screen is `expected` (the chat renders once per frame), then checks it. */
async function expectShown(el: SoliplexChat, expected: string[], what?: string): Promise<void> {
  await until(() => JSON.stringify(shown(el)) === JSON.stringify(expected)).catch(() => {});
  await settled(el);
  expect(shown(el), what).to.deep.equal(expected);
}
/** The versions control of the user message that reads `text`. */
function versionsOf(el: SoliplexChat, text: string) {
  const message = deepQueryAll(el, '[part~="user-message"]').find((m) => (m.textContent ?? '').includes(text));
  const versions = message?.parentElement?.querySelector<HTMLElement>('[part~="versions"]') ?? undefined;
  return {
    versions,
    position: versions?.querySelector('.position')?.textContent?.trim(),
    previous: versions ? [...versions.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Previous version') : undefined,
    next: versions ? [...versions.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === 'Next version') : undefined,
  };
}
const done = (el: SoliplexChat) => new Promise<void>((resolve) => el.addEventListener('soliplex-run-finished', () => resolve(), { once: true }));

async function editMessage(el: SoliplexChat, text: string, newText: string): Promise<void> {
  const message = deepQueryAll(el, '[part~="user-message"]').find((m) => (m.textContent ?? '').includes(text))!;
  message.parentElement!.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
  const editor = await waitFor<HTMLTextAreaElement>(el, '.editor textarea');
  editor.value = newText;
  editor.dispatchEvent(new Event('input'));
  await settled(el);
  deepQuery<HTMLButtonElement>(el, '.editor button.primary')!.click();
}

async function leave(el: SoliplexChat): Promise<void> {
  const engine = el.engine!;
  // The storage code is a chunk of its own: the chat keeps threads once it has loaded.
  await until(() => !!LocalThreadSync.of(engine), 20_000);
  el.remove();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await ThreadIndex.for(engine).flush();
}

describe('<soliplex-chat> keeps versions of regenerated and edited turns', function () {
  // Five runs, a reload and an accessibility check in the first test: more than the default on a loaded machine.
  this.timeout(40_000);
  it('edit an earlier message, regenerate, switch versions: the server gets the branch on screen, and a reload keeps the versions', async () => {
    const { agentUrl, requests } = await script<Body>([
      [started, ...say('a1', 'Cats purr.'), finished],
      [started, ...say('a2', 'More about cats.'), finished],
      [started, ...say('a3', 'Dogs bark.'), finished],
      [started, ...say('a4', 'Dogs wag.'), finished],
      [started, ...say('a5', 'Back on cats.'), finished],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    let turn = done(el);
    el.send('cats');
    await turn;
    turn = done(el);
    el.send('more');
    await turn;
    await settled(el);
    expect(deepQueryAll(el, '[part~="edit-button"]').length, 'Edit on every user message').to.equal(2);
    expect(deepQuery(el, '[part~="versions"]'), 'no versions yet').to.equal(undefined);

    // Edit the first (earlier) message.
    turn = done(el);
    await editMessage(el, 'cats', 'dogs');
    await turn;
    await settled(el);
    expect(sentOf((await requests())[2]!), 'the edit sends the branch from the new text').to.deep.equal(['user: dogs']);
    await expectShown(el, ['user: dogs', 'assistant: Dogs bark.']);
    await until(() => versionsOf(el, 'dogs').position === '2 / 2').catch(() => {});
    expect(versionsOf(el, 'dogs').position).to.equal('2 / 2');

    // Regenerate the answer: a third version of the same turn.
    turn = done(el);
    deepQuery<HTMLButtonElement>(el, '[part~="regenerate-button"]')!.click();
    await turn;
    await settled(el);
    expect(sentOf((await requests())[3]!)).to.deep.equal(['user: dogs']);
    await expectShown(el, ['user: dogs', 'assistant: Dogs wag.']);
    let versions = versionsOf(el, 'dogs');
    expect(versions.position).to.equal('3 / 3');
    expect(versions.versions!.getAttribute('aria-label')).to.equal('Version 3 of 3');
    expect(versions.next!.disabled, 'no later version').to.equal(true);

    versions.previous!.click();
    await settled(el);
    await expectShown(el, ['user: dogs', 'assistant: Dogs bark.']);
    await until(() => versionsOf(el, 'dogs').position === '2 / 3').catch(() => {});
    expect(versionsOf(el, 'dogs').position).to.equal('2 / 3');
    // By keyboard: the button that is now at its end is disabled, so focus moves to the other one.
    versionsOf(el, 'dogs').previous!.focus();
    await sendKeys({ press: 'Enter' });
    await settled(el);
    await expectShown(el, ['user: cats', 'assistant: Cats purr.', 'user: more', 'assistant: More about cats.'], 'the first version, its later turn with it');
    await until(() => activeDeep() === versionsOf(el, 'cats').next).catch(() => {});
    expect(activeDeep() === versionsOf(el, 'cats').next, 'focus stays on the arrows').to.equal(true);
    versions = versionsOf(el, 'cats');
    expect(versions.position).to.equal('1 / 3');
    expect(versions.previous!.disabled).to.equal(true);
    await expect(el).to.be.accessible();

    turn = done(el);
    el.send('again');
    await turn;
    expect(sentOf((await requests())[4]!), 'the run input is the branch on screen').to.deep.equal([
      'user: cats',
      'assistant: Cats purr.',
      'user: more',
      'assistant: More about cats.',
      'user: again',
    ]);

    const thread = el.thread;
    await leave(el);
    const reloaded = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
    await until(() => shownTexts(reloaded, 'assistant-message').includes('Back on cats.'));
    await settled(reloaded);
    await expectShown(reloaded, ['user: cats', 'assistant: Cats purr.', 'user: more', 'assistant: More about cats.', 'user: again', 'assistant: Back on cats.']);
    await until(() => versionsOf(reloaded, 'cats').position === '1 / 3').catch(() => {});
    expect(versionsOf(reloaded, 'cats').position, 'the versions came back with the thread').to.equal('1 / 3');
    versionsOf(reloaded, 'cats').next!.click();
    await settled(reloaded);
    await expectShown(reloaded, ['user: dogs', 'assistant: Dogs bark.']);
    await until(() => versionsOf(reloaded, 'dogs').position === '2 / 3').catch(() => {});
    expect(versionsOf(reloaded, 'dogs').position).to.equal('2 / 3');
  });

  it('the version buttons wait while a turn runs', async () => {
    const { agentUrl } = await script<Body>([
      [started, ...say('a1', 'One.'), finished],
      [started, ...say('a2', 'Two.'), finished],
      [started, { $delay: 400 }, ...say('a3', 'Three.'), finished],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    let turn = done(el);
    el.send('count');
    await turn;
    turn = done(el);
    expect(el.regenerate()).to.equal(true);
    await turn;
    await settled(el);
    await until(() => versionsOf(el, 'count').position === '2 / 2').catch(() => {});
    expect(versionsOf(el, 'count').position).to.equal('2 / 2');
    turn = done(el);
    el.send('on');
    await settled(el);
    await until(() => !!versionsOf(el, 'count').previous?.disabled).catch(() => {});
    expect(versionsOf(el, 'count').previous!.disabled, 'disabled while the turn runs').to.equal(true);
    const message = deepQueryAll(el, '[part~="user-message"]')[0]!.dataset['messageId']!;
    expect(el.switchVersion(message, 0), 'the method refuses too').to.equal(false);
    await turn;
    await settled(el);
    await until(() => versionsOf(el, 'count').previous?.disabled === false).catch(() => {});
    expect(versionsOf(el, 'count').previous!.disabled).to.equal(false);
    expect(el.switchVersion(message, 0)).to.equal(true);
    await settled(el);
    await expectShown(el, ['user: count', 'assistant: One.']);
  });

  it('on a Soliplex server: an edit and a switch send the branch on screen in a fresh run, which the server accepts', async () => {
    const { room, requests } = await script<Body>([
      [started, ...say('a1', 'Paris.'), finished],
      [started, ...say('a2', 'Rome.'), finished],
      [started, ...say('a3', 'It is big.'), finished],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room}></soliplex-chat>`);
    let turn = done(el);
    el.send('capital of France?');
    await turn;
    await settled(el);
    turn = done(el);
    await editMessage(el, 'France', 'capital of Italy?');
    await turn;
    await settled(el);
    await expectShown(el, ['user: capital of Italy?', 'assistant: Rome.']);
    versionsOf(el, 'Italy').previous!.click();
    await settled(el);
    await expectShown(el, ['user: capital of France?', 'assistant: Paris.']);
    let outcome = '';
    el.addEventListener('soliplex-run-finished', (e) => (outcome = (e as unknown as { outcome: string }).outcome), { once: true });
    turn = done(el);
    el.send('how big?');
    await turn;
    expect(outcome).to.equal('success');
    const runs = (await requests()).filter((r) => Array.isArray(r.body?.messages) && r.body.messages.length > 0);
    expect(sentOf(runs.at(-1)!)).to.deep.equal(['user: capital of France?', 'assistant: Paris.', 'user: how big?']);
  });
});

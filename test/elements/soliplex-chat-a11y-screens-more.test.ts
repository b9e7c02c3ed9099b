import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { SoliplexChat } from '../../src/index.js';
import '../../src/inspector.js';
import { server } from '../helpers/agui-server.js';
import { deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';
import { newChatButton, panelOf, untilEntry } from './thread-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { ask, demoChat, done, textOf } from './a11y-demo-fixture.js';

// Issue 24 item 10: axe, in the light and the dark theme, in every state the screenshots show
// (scripts/screenshots*.mjs), against the demo server's scripted model with the demo page's tools
// (a11y-demo-fixture.ts). Split in three files, each well within the runner's time for a file.

// No fades: axe never catches a colour halfway through a transition.
before(() => emulateMedia({ reducedMotion: 'reduce' }));
after(() => emulateMedia({ reducedMotion: 'no-preference' }));

describe('<soliplex-chat> accessibility in every screenshot state, light and dark (issue 24 item 10): threads, languages, tools, Soliplex', () => {
  it('the thread list with live badges (waiting for approval, unread, executing a tool)', async function () {
    this.timeout(60_000);
    const { el, finishSlow } = await demoChat({ threadList: true });
    const list = await panelOf(el);
    ask(el, 'Please delete the note');
    await untilEntry(list, 'Please delete the note', (_, badge) => badge === 'Waiting for approval', 10_000);
    newChatButton(list).click();
    await settled(el);
    ask(el, 'What can you do?');
    newChatButton(list).click();
    await settled(el);
    await untilEntry(list, 'What can you do?', (name) => name.endsWith('unread'), 10_000);
    ask(el, 'Run the slow task please');
    await untilEntry(list, 'Run the slow task please', (_, badge) => badge === 'Executing Slow task', 10_000);
    await accessibleInBothThemes(el, 'thread list with badges');
    finishSlow();
  });

  for (const [lang, width] of [['ar', 375], ['ja', 860]] as const) {
    it(`${lang === 'ar' ? 'Arabic, right to left, at 375 px, and its thread drawer open' : 'Japanese with the thread list'}`, async function () {
      this.timeout(60_000);
      const { el } = await demoChat({ threadList: true, width, lang });
      await until(() => !/^Send$/.test(deepQuery(el, '[part~="send-button"]')!.textContent!.trim()), 10_000);
      ask(el, 'What are the secret numbers for alice and bob?');
      await done(el);
      await until(() => textOf(el).includes('42'));
      await accessibleInBothThemes(el, `${lang}, answered`);
      if (lang === 'ar') {
        expect(getComputedStyle(deepQuery(el, '[part~="input"]')!).direction).to.equal('rtl');
        // English in an Arabic chat keeps its own direction: the question's "?" ends it, a call's quotes stay put.
        expect(getComputedStyle(deepQuery(el, '[part~="user-message"] [dir="auto"]')!).direction).to.equal('ltr');
        for (const part of ['tool-name', 'tool-arguments']) expect(getComputedStyle(deepQuery(el, `[part~="${part}"]`)!).unicodeBidi, part).to.equal('plaintext');
        const toggle = await waitFor<HTMLButtonElement>(el, '[part~="threads-toggle"]');
        toggle.click();
        await until(() => toggle.getAttribute('aria-expanded') === 'true');
        await accessibleInBothThemes(el, `${lang}, thread drawer open`);
      }
    });
  }

  it('the demo page at work: a tool group expanded, an image result, and the inspector beside the chat', async function () {
    this.timeout(60_000);
    const { el } = await demoChat();
    // The inspector has no theme of its own: it follows its page, here a light one, then a dark one.
    const page = document.createElement('div');
    const inspector = document.createElement('soliplex-inspector') as HTMLElement & { chat?: SoliplexChat };
    inspector.chat = el;
    inspector.setAttribute('heading-level', '3'); // under the chat's title (level 2)
    page.append(inspector);
    document.body.append(page);
    try {
      ask(el, 'What is the weather forecast for Paris?');
      await done(el);
      await until(() => textOf(el).includes('returned'));
      ask(el, 'Draw a chart');
      await until(() => !!deepQuery(el, '[part~="tool-content"] img'), 10_000);
      await done(el);
      expect(deepQuery(el, '[part~="tool-changes"]'), "the group's expansion line").to.exist;
      await accessibleInBothThemes(el, 'client tools');
      await until(() => (inspector.shadowRoot?.querySelectorAll('pre').length ?? 0) > 0);
      for (const [theme, colours] of [['light', 'color: #1f2328; background: #ffffff'], ['dark', 'color: #e6edf3; background: #0d1117']]) {
        page.setAttribute('style', colours!);
        await expect(inspector, `inspector on a ${theme} page`).to.be.accessible();
      }
      const headings = [...inspector.shadowRoot!.querySelectorAll('[role="heading"]')];
      expect(headings.map((h) => h.getAttribute('aria-level'))).to.include('3').and.not.include('4');
      expect(inspector.shadowRoot!.querySelectorAll('h1, h2, h3, h4, h5, h6')).to.have.length(0);
    } finally {
      page.remove();
    }
  });

  it("Soliplex: an answer's sources (one open, its preview), feedback with its reason, usage with its cost, Export open", async function () {
    this.timeout(60_000);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" show-usage no-persist chat-title="Support"></soliplex-chat>`);
    el.usagePrices = { currency: 'USD', default: { input: 3, output: 15 } };
    ask(el, 'Search the documents for secret numbers');
    await done(el);
    ask(el, 'Show citations');
    await until(() => deepQueryAll(el, '[part~="sources"]').length === 2, 20_000);
    await done(el);
    const first = deepQuery(el, 'soliplex-answer-extras')!;
    deepQuery(first, '[part~="source"] summary')!.click();
    await waitFor(first, '[part~="source-preview"]', 10_000);
    deepQueryAll<HTMLButtonElement>(first, 'button').find((b) => b.textContent!.trim() === 'Bad response' || b.getAttribute('aria-label') === 'Bad response')!.click();
    await waitFor(first, '[part~="feedback-reason"] input');
    await until(() => deepQueryAll(el, '[part~="usage"]').some((u) => u.textContent!.includes('$')), 10_000);
    await accessibleInBothThemes(el, 'answer extras');
    deepQuery(el, '[part~="export-button"]')!.click();
    await waitFor(el, '[part~="export-menu"]');
    await accessibleInBothThemes(el, 'Export open');
  });

});

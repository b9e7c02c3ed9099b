import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { ToolRegistry, type ClientTool, type SoliplexChat, type ToolGroup } from '../../src/index.js';
import '../../src/inspector.js';
import { deferred } from '../helpers/scripted-transport.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';
import { deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { newChatButton, panelOf, untilEntry } from './thread-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';

// Issue 24 item 10: axe, in the light and the dark theme, in every state the screenshots show
// (scripts/screenshots*.mjs), against the demo server's scripted model with the demo page's tools.

// No fades: axe never catches a colour halfway through a transition.
before(() => emulateMedia({ reducedMotion: 'reduce' }));
after(() => emulateMedia({ reducedMotion: 'no-preference' }));

/** The demo page's tools (demo/demo-tools.js), the slow one held until the test lets it finish. */
function demoTools() {
  let slow = deferred<string>();
  const tools: ClientTool[] = [
    {
      name: 'get_secret_number',
      title: 'Secret number',
      description: 'Get the secret number of a person',
      parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      execute: ({ name }) => (String(name).toLowerCase() === 'bob' ? '7' : '42'),
    },
    {
      name: 'delete_note',
      title: 'Delete a note',
      description: 'Delete the note on the page',
      requiresApproval: true,
      execute: () => 'note deleted',
    },
    {
      name: 'slow_task',
      title: 'Slow task',
      description: 'Run the slow task (takes 3 seconds)',
      execute: (_args, { signal }) =>
        new Promise<string>((resolve, reject) => {
          void slow.promise.then(resolve);
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    },
    {
      name: 'draw_chart',
      title: 'Sales chart',
      description: 'Draw a chart of the monthly sales',
      execute: () => ({
        content: [
          { type: 'text', text: 'Monthly sales: 3, 7, 4' },
          { type: 'binary', mimeType: 'image/png', data: PIXEL, filename: 'sales.png' },
        ],
      }),
    },
  ];
  const weather: ToolGroup = {
    name: 'weather',
    title: 'Weather tools',
    icon: '🌤',
    description: 'Weather tools: forecasts and temperatures for a city',
    tools: [
      {
        name: 'get_forecast',
        title: 'Weather forecast',
        description: 'The forecast for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        execute: () => 'sunny, 24 °C',
      },
    ],
  };
  return {
    registry: new ToolRegistry(tools, [weather]),
    /** Lets the slow task finish (and arms the next one). */
    finishSlow: () => {
      slow.resolve('slow task finished');
      slow = deferred<string>();
    },
  };
}

/** A 4×4 PNG, blue. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGNkYPjPgAcwDZ4ZAGIOAQdJy6nFAAAAAElFTkSuQmCC';

async function demoChat(attributes: { threadList?: boolean; width?: number; height?: number; lang?: string } = {}) {
  const { registry, finishSlow } = demoTools();
  const el = await fixture<SoliplexChat>(html`
    <soliplex-chat
      no-persist
      chat-title="Assistant"
      agent-url=${`${server}/agent`}
      ?thread-list=${!!attributes.threadList}
      lang=${attributes.lang ?? 'en'}
      .toolRegistry=${registry}
      style="display: block; width: ${attributes.width ?? 860}px; height: ${attributes.height ?? 640}px"
    ></soliplex-chat>
  `);
  return { el, finishSlow };
}

/** Each chat's last turn, finished (`soliplex-run-finished` fires once per turn, tool hops included). */
const turns = new WeakMap<SoliplexChat, Promise<unknown>>();
function ask(el: SoliplexChat, text: string): void {
  turns.set(el, new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true })));
  expect(el.send(text), `sent: ${text}`).to.equal(true);
}
const done = (el: SoliplexChat) => turns.get(el);
const textOf = (el: SoliplexChat) => deepQueryAll(el, '[part~="assistant-message"]').map((m) => m.textContent ?? '').join(' ');

describe('<soliplex-chat> accessibility in every screenshot state, light and dark (issue 24 item 10)', () => {
  it('empty, answer placeholder, tool running, answered, approval, Markdown', async function () {
    this.timeout(60_000);
    const { el, finishSlow } = await demoChat();
    await accessibleInBothThemes(el, 'empty');

    ask(el, 'Run the slow task please');
    await waitFor(el, '[part~="answer-placeholder"]');
    await accessibleInBothThemes(el, 'answer placeholder');
    await until(() => deepQuery(el, '[part~="tool-card"]')?.dataset['status'] === 'executing', 10_000);
    await accessibleInBothThemes(el, 'tool running');
    finishSlow();
    await done(el);
    await until(() => textOf(el).includes('slow task finished'));
    await accessibleInBothThemes(el, 'answered');

    ask(el, 'Please delete the note');
    await waitFor(el, '[part~="approve-button"]', 10_000);
    await accessibleInBothThemes(el, 'approval');
    deepQuery(el, '[part~="approve-button"]')!.click();
    await done(el);

    ask(el, 'show markdown');
    await until(() => !!deepQuery(el, '[part~="assistant-message"] table') && !!deepQuery(el, '[part~="assistant-message"] pre .hljs-keyword'), 10_000);
    await done(el);
    await accessibleInBothThemes(el, 'Markdown');
  });

  it('jump to latest, writing, stopped, and an agent that cannot be reached (its details open)', async function () {
    this.timeout(60_000);
    const { el } = await demoChat({ height: 420 });
    ask(el, 'What are the secret numbers for alice and bob?');
    await done(el);
    ask(el, 'And who are you, what else can you do?');
    await done(el);
    const messages = deepQuery(el, '[part~="messages"]')!;
    messages.scrollTop = 0;
    await waitFor(el, '[part~="jump-to-latest"]');
    await accessibleInBothThemes(el, 'jump to latest');

    ask(el, 'Hello there, who are you and what can you do?');
    await until(() => statusLine(el).textContent!.includes('Writing…'), 10_000);
    await accessibleInBothThemes(el, 'writing');
    await done(el);

    ask(el, 'Run the slow task please');
    await until(() => deepQuery(el, '[part~="tool-card"][data-status="executing"]') !== undefined, 10_000);
    deepQuery(el, '[part~="stop-button"]')!.click();
    await until(() => deepQueryAll(el, '[part~="tool-status"]').some((s) => s.textContent!.includes('Stopped')));
    await accessibleInBothThemes(el, 'stopped');

    el.setAttribute('agent-url', 'http://127.0.0.1:9/agent');
    ask(el, 'Hello?');
    const details = await waitFor<HTMLDetailsElement>(el, '[part~="error-details"]', 10_000);
    details.open = true;
    await accessibleInBothThemes(el, 'error');
  });

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

  it('an answer cut at its limit, with its notice', async function () {
    this.timeout(30_000);
    const { agentUrl } = await script([[started, ...say('a1', 'word '.repeat(21_000)), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} no-persist style="display: block; height: 480px"></soliplex-chat>`);
    ask(el, 'say a lot');
    await waitFor(el, '[part~="truncated-notice"]', 15_000);
    await done(el);
    await accessibleInBothThemes(el, 'truncated notice');
  });
});

describe('<soliplex-chat> accessibility of generative UI, light and dark (issue 24 item 10)', () => {
  before(async function () {
    // The A2UI renderer's chunk is hundreds of modules unbundled: loaded once, outside a test's limit.
    this.timeout(180_000);
    await import('../../src/a2ui.js');
    await import('../../src/elements/soliplex-activity/a2ui-activity.js');
  });

  it('an A2UI surface with a name typed in, and an MCP App in its frame', async function () {
    this.timeout(60_000);
    const { el } = await demoChat();
    ask(el, 'show a2ui');
    await done(el);
    const inputs = () => {
      const surface = deepQuery(el, 'a2ui-surface');
      return surface ? deepQueryAll<HTMLInputElement>(surface, 'input') : [];
    };
    await until(() => inputs().length > 0, 30_000);
    const field = inputs()[0]!;
    field.value = 'Ada';
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    // The renderer's labels name nothing by themselves: the fields take their text (a2ui-labels.ts).
    await until(() => inputs().some((i) => i.getAttribute('aria-label') === 'Guests'));
    expect(inputs().map((i) => i.getAttribute('aria-label'))).to.include.members(['Name', 'Guests']);
    await accessibleInBothThemes(el, 'A2UI surface');

    ask(el, 'show mcp');
    await until(() => !!deepQuery(el, 'soliplex-mcp-app-activity')?.shadowRoot?.querySelector('iframe'), 20_000);
    await done(el);
    await accessibleInBothThemes(el, 'MCP App');
  });
});


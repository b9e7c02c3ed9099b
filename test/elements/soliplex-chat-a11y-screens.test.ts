import { fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { SoliplexChat } from '../../src/index.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { deepQuery, deepQueryAll, statusLine, until, waitFor } from './chat-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { ask, demoChat, done, textOf } from './a11y-demo-fixture.js';

// Issue 24 item 10: axe, in the light and the dark theme, in every state the screenshots show
// (scripts/screenshots*.mjs), against the demo server's scripted model with the demo page's tools
// (a11y-demo-fixture.ts). Split in three files, each well within the runner's time for a file.

// No fades: axe never catches a colour halfway through a transition.
before(() => emulateMedia({ reducedMotion: 'reduce' }));
after(() => emulateMedia({ reducedMotion: 'no-preference' }));

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

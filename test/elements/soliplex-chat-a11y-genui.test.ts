import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { deepQuery, deepQueryAll, until } from './chat-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { ask, demoChat, done } from './a11y-demo-fixture.js';

// Issue 24 item 10: axe, in the light and the dark theme, in every state the screenshots show
// (scripts/screenshots*.mjs), against the demo server's scripted model with the demo page's tools
// (a11y-demo-fixture.ts). Split in three files, each well within the runner's time for a file.

// No fades: axe never catches a colour halfway through a transition.
before(() => emulateMedia({ reducedMotion: 'reduce' }));
after(() => emulateMedia({ reducedMotion: 'no-preference' }));

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
    // Every field stays inside the surface's card (the Slider's margin once pushed it past the edge).
    const card = deepQuery(deepQuery(el, 'a2ui-surface')!, '.a2ui-card')!.getBoundingClientRect();
    for (const input of inputs()) expect(input.getBoundingClientRect().right, input.type).to.be.at.most(card.right + 0.5);
    await accessibleInBothThemes(el, 'A2UI surface');

    ask(el, 'show mcp');
    await until(() => !!deepQuery(el, 'soliplex-mcp-app-activity')?.shadowRoot?.querySelector('iframe'), 20_000);
    await done(el);
    await accessibleInBothThemes(el, 'MCP App');
  });
});

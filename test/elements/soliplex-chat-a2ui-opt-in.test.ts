import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat } from '../../src/index.js';
import { deepQuery, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * On npm, A2UI is opt-in (`import 'soliplex-chat/a2ui'`): its renderer needs `@a2ui/lit`, which a chat
 * without A2UI must not install. This file does not import it: an `a2ui-surface` activity shows as any
 * other activity, and nothing tries to load the renderer.
 */
describe('<soliplex-chat> without soliplex-chat/a2ui', () => {
  it('shows an a2ui-surface activity by its fields, as any other activity', async () => {
    const surface = { type: 'ACTIVITY_SNAPSHOT', messageId: 'a2ui-1', activityType: 'a2ui-surface', content: { status: 'building' }, replace: true };
    const { agentUrl } = await script([[started, surface, ...say('a1', 'Here is the form.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} no-persist></soliplex-chat>`);
    el.send('show a form');
    await until(() => !!deepQuery(el, '[part~="activity"][data-activity-type="a2ui-surface"] dl'));
    const activity = deepQuery(el, '[part~="activity"][data-activity-type="a2ui-surface"]')!;
    expect(activity.textContent).to.contain('status').and.contain('building');
    expect(deepQuery(el, 'a2ui-surface')).to.equal(undefined);
    expect(performance.getEntriesByType('resource').some((r) => /a2ui-activity|@a2ui/.test(r.name))).to.equal(false);
  });
});

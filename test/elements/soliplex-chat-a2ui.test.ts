import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import '../../src/a2ui.js'; // A2UI is opt-in on npm
import { deepQuery, deepQueryAll, leave, settled, until, waitFor } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * `a2ui-surface` activities (issue 25 item 3) against the real demo server on loopback, in the shape
 * `@ag-ui/a2ui-middleware` 0.0.10 streams them (test/interop runs the middleware itself): drawn by
 * `@a2ui/lit`, updated in place, and a person's action sent back as the middleware reads it.
 */
type Body = { messages: { role: string; content?: unknown }[]; forwardedProps?: { a2uiAction?: { userAction?: Record<string, unknown> } } };

const CATALOG = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const surfaceId = 'order-form';
const components = (status: string) => [
  { id: 'root', component: 'Card', child: 'col' },
  { id: 'col', component: 'Column', children: ['title', 'status', 'name', 'send'] },
  { id: 'title', component: 'Text', text: 'Order coffee', variant: 'h3' },
  { id: 'status', component: 'Text', text: status, variant: 'caption' },
  { id: 'name', component: 'TextField', label: 'Name', value: { path: '/form/name' } },
  { id: 'send', component: 'Button', child: 'send-label', variant: 'primary', action: { event: { name: 'order', context: { name: { path: '/form/name' }, size: 'large' } } } },
  { id: 'send-label', component: 'Text', text: 'Order' },
];
const operations = (status: string, name: string) => ({
  a2ui_operations: [
    { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOG } },
    { version: 'v0.9', updateComponents: { surfaceId, components: components(status) } },
    { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: { form: { name } } } },
  ],
});
const snapshot = (content: object) => ({ type: 'ACTIVITY_SNAPSHOT', messageId: 'a2ui-surface-call1', activityType: 'a2ui-surface', content, replace: true });

const firstRun = [started, snapshot({ status: 'building' }), { $delay: 150 }, snapshot(operations('Pick up at the counter', 'Ann')), ...say('a1', 'Here is the form.'), finished];

async function chatOn(runs: object[][], extra = '') {
  const server = await script<Body>(runs);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${server.agentUrl} thread=${`a2ui-${extra}${crypto.randomUUID()}`}></soliplex-chat>`);
  const outcomes: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
  return { el, outcomes, requests: server.requests, agentUrl: server.agentUrl };
}

const surfaceText = (el: Element) => (deepQuery(el, 'a2ui-surface')?.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
const input = (el: Element) => deepQueryAll<HTMLInputElement>(el, 'a2ui-surface input')[0] ?? deepQuery<HTMLInputElement>(deepQuery(el, 'a2ui-surface')!, 'input')!;
const button = (el: Element, text: string) => deepQueryAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent?.trim() === text);

describe('<soliplex-chat> A2UI surfaces (a2ui-surface activities)', () => {
  before(async function () {
    // The renderer's chunk, unbundled in the test server, is hundreds of modules (@a2ui, zod, date-fns):
    // loaded once here rather than inside a test's time limit. The chat loads the same module itself.
    this.timeout(180_000);
    await import('../../src/elements/soliplex-activity/a2ui-activity.js');
  });

  it('shows the building status, then the surface drawn by @a2ui/lit, themed by the chat', async () => {
    const { el, outcomes } = await chatOn([[started, snapshot({ status: 'building' }), { $delay: 400 }, snapshot(operations('Pick up at the counter', 'Ann')), ...say('a1', 'Here is the form.'), finished]]);
    el.send('coffee');
    const activity = await waitFor(el, '[part~="activity"][data-activity-type="a2ui-surface"]');
    await until(() => (activity.textContent ?? '').includes('Building the interface') || deepQuery(el, 'a2ui-surface') !== undefined);
    await until(() => outcomes.length === 1);
    await until(() => surfaceText(el).includes('Order coffee'));
    await settled(el);
    expect(activity.getAttribute('aria-label')).to.equal('Activity: a2ui-surface');
    expect(surfaceText(el)).to.contain('Pick up at the counter');
    expect(input(el).value).to.equal('Ann');
    expect(button(el, 'Order')).to.exist;
    // No generic list of the content's fields.
    expect(activity.querySelector('dl')).to.equal(null);
    // The chat's accent is the surface's primary colour.
    const surface = deepQuery(el, 'a2ui-surface')!;
    const accent = getComputedStyle(deepQuery(el, 'soliplex-a2ui-activity')!).getPropertyValue('--a2ui-color-primary').trim();
    expect(accent).to.not.equal('');
    expect(getComputedStyle(surface).getPropertyValue('--a2ui-color-primary').trim()).to.equal(accent);
    // The library's document-wide defaults do not restyle the host page.
    expect(getComputedStyle(document.documentElement).colorScheme).to.equal('normal');
  });

  it("sends a person's action as the middleware reads it (forwardedProps.a2uiAction), and the answer updates the surface in place", async () => {
    const { el, outcomes, requests } = await chatOn([
      firstRun,
      [started, snapshot(operations('Ordered ✓', 'Bea')), ...say('a2', 'One large coffee for Bea.'), finished],
    ]);
    el.send('coffee');
    await until(() => outcomes.length === 1);
    await until(() => button(el, 'Order') !== undefined);
    const surfaceBefore = deepQuery(el, 'a2ui-surface')!;
    const field = input(el);
    field.value = 'Bea';
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    button(el, 'Order')!.click();
    await until(() => outcomes.length === 2);
    await until(() => surfaceText(el).includes('Ordered ✓'));

    const sent = (await requests())[1]!.body;
    const action = sent.forwardedProps?.a2uiAction?.userAction;
    expect(action).to.include({ name: 'order', surfaceId, sourceComponentId: 'send' });
    expect(action!['context']).to.deep.equal({ name: 'Bea', size: 'large' });
    expect(action!['timestamp']).to.be.a('string');
    // No user message of its own: the middleware adds the action to the run's messages itself.
    expect(sent.messages.filter((m) => m.role === 'user')).to.have.length(1);
    // The same surface element, repainted: one activity, one surface.
    expect(deepQueryAll(el, 'a2ui-surface')).to.have.length(1);
    expect(deepQuery(el, 'a2ui-surface')).to.equal(surfaceBefore);
    expect(deepQueryAll(el, '[part~="assistant-message"]').at(-1)!.textContent).to.contain('One large coffee for Bea.');
  });

  it('refuses an action while a turn runs (no run is sent)', async () => {
    const { el, outcomes, requests } = await chatOn([[started, snapshot(operations('Wait', 'Ann')), { $delay: 800 }, ...say('a1', 'Done.'), finished]]);
    el.send('coffee');
    await until(() => button(el, 'Order') !== undefined);
    button(el, 'Order')!.click();
    await until(() => outcomes.length === 1);
    await settled(el);
    expect(await requests()).to.have.length(1);
  });

  it('comes back after a reload, from the kept conversation', async () => {
    const { el, outcomes, agentUrl } = await chatOn([firstRun]);
    el.send('coffee');
    await until(() => outcomes.length === 1);
    await until(() => surfaceText(el).includes('Order coffee'));
    const thread = el.thread;
    await leave(el);
    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
    await until(() => surfaceText(again).includes('Pick up at the counter'));
    expect(input(again).value).to.equal('Ann');
  });

  it("a page's renderer replaces the built-in one, and null turns it off (the generic list of fields)", async () => {
    const custom = await chatOn([firstRun]);
    custom.el.activityRenderers = { 'a2ui-surface': (content) => `ops: ${(content['a2ui_operations'] as unknown[] | undefined)?.length ?? 0}` };
    custom.el.send('coffee');
    await until(() => custom.outcomes.length === 1);
    await settled(custom.el);
    expect(deepQuery(custom.el, '[part~="activity-custom"]')!.textContent!.trim()).to.equal('ops: 3');
    expect(deepQuery(custom.el, 'a2ui-surface')).to.equal(undefined);

    const off = await chatOn([firstRun]);
    off.el.activityRenderers = { 'a2ui-surface': null };
    off.el.send('coffee');
    await until(() => off.outcomes.length === 1);
    await settled(off.el);
    const activity = deepQuery(off.el, '[part~="activity"][data-activity-type="a2ui-surface"]')!;
    expect(activity.querySelector('dt')!.textContent).to.equal('a2ui_operations');
    expect(deepQuery(off.el, 'a2ui-surface')).to.equal(undefined);
  });

  it('says so when the agent could not build the surface', async () => {
    const { el, outcomes } = await chatOn([[started, snapshot({ status: 'failed', error: 'bad components', attempts: [] }), finished]]);
    el.send('coffee');
    await until(() => outcomes.length === 1);
    await until(() => (deepQuery(el, 'soliplex-a2ui-activity')?.shadowRoot?.textContent ?? '').includes('The interface could not be built.'));
  });

  it('media follow image-origins: an Image from an unlisted origin shows its URL as text and fetches nothing', async () => {
    const picture = (url: string) => ({
      a2ui_operations: [
        { version: 'v0.9', createSurface: { surfaceId: 'pics', catalogId: CATALOG } },
        { version: 'v0.9', updateComponents: { surfaceId: 'pics', components: [
          { id: 'root', component: 'Column', children: ['img'] },
          { id: 'img', component: 'Image', url, description: 'A chart' },
        ] } },
      ],
    });
    const tracker = 'https://tracker.example/pixel.png?q=secret';
    const allowed = `${location.origin}/favicon.png`;
    const runs = [[started, snapshot(picture(tracker)), finished]];
    const blocked = await chatOn(runs);
    blocked.el.send('chart');
    await until(() => blocked.outcomes.length === 1);
    await until(() => surfaceText(blocked.el).includes(tracker));
    expect(deepQueryAll(blocked.el, 'img')).to.have.length(0);

    const listed = await chatOn([[started, snapshot(picture(allowed)), finished]]);
    listed.el.setAttribute('image-origins', location.origin);
    listed.el.send('chart');
    await until(() => listed.outcomes.length === 1);
    await until(() => deepQueryAll<HTMLImageElement>(listed.el, 'img').some((img) => img.getAttribute('src') === allowed));
  });
});

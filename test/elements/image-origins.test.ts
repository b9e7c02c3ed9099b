import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { RunOrchestrator, ToolRegistry, type ClientTool, type SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall, toolResult } from '../helpers/agui-events.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';
import { server } from '../helpers/agui-server.js';
import { deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';

/**
 * Two origins that reach the same real server (the demo server): an image from either makes a real
 * request, which the page's resource timing records by its URL.
 */
const allowed = new URL(server).origin;
const other = allowed.includes('127.0.0.1') ? allowed.replace('127.0.0.1', 'localhost') : allowed.replace('localhost', '127.0.0.1');

/** A URL no other test requests: whether the browser fetched it is a fact of this test alone. */
const unique = (origin: string, name: string) => `${origin}/img/${name}-${crypto.randomUUID()}.png`;
const requested = (url: string) => performance.getEntriesByType('resource').some((entry) => entry.name === url);
// The default buffer (250 entries) fills with the test page's own modules; a full one records no more requests.
performance.setResourceTimingBufferSize(100_000);

/** A chat whose agent answers with `runs`; `imageOrigins` as the page sets it (absent: the default). */
async function chatAnswering(runs: ScriptedRun[], imageOrigins?: string, tools: ClientTool[] = []) {
  const engine = new RunOrchestrator({ transport: new ScriptedTransport(runs) });
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat .engine=${engine} .toolRegistry=${new ToolRegistry(tools)} thread="t1" image-origins=${ifDefined(imageOrigins)} style="height: 40rem"></soliplex-chat>`,
  );
  const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send('show me');
  await finished;
  await settled(el);
  await until(() => deepQuery(el, '[data-message-id="a1"] .text') !== undefined);
  return { el, message: deepQuery(el, '[data-message-id="a1"] .text')! };
}

/** Waits until the browser has requested `url` (an image that does load: the control). */
const loaded = (url: string) => until(() => requested(url), 5000);

describe('image-origins: nothing in model output fetches by itself', () => {
  it('by default, a Markdown image makes no request and shows as a link the reader may open', async () => {
    const evil = `${unique(other, 'exfiltrate')}?secret=${encodeURIComponent('the user said: my PIN is 1234')}`;
    const { el, message } = await chatAnswering([[runStarted(), ...text('a1', `Here: ![chart](${evil})`), runFinished()]]);
    // Images come with the rare marks' chunk: the source shows as text until then.
    await until(() => message.querySelector('a.image-link') !== null);
    expect(deepQueryAll(el, 'img')).to.have.length(0);
    const link = message.querySelector('a.image-link')!;
    expect(link.textContent).to.equal('chart');
    expect(link.getAttribute('href')).to.equal(evil);
    expect(link.getAttribute('title')).to.equal(evil);
    expect(link.getAttribute('rel')).to.contain('noreferrer');
    // A control image the page itself shows loads: by then a request for the answer's image would show too.
    const control = unique(allowed, 'control');
    const img = document.createElement('img');
    img.src = control;
    document.body.append(img);
    await loaded(control);
    img.remove();
    expect(requested(evil.split('?')[0]!) || requested(evil)).to.equal(false);
  });

  it('loads images from a listed origin only; any other stays a link', async () => {
    const good = unique(allowed, 'good');
    const evil = unique(other, 'evil');
    const { el, message } = await chatAnswering(
      [[runStarted(), ...text('a1', `![ok](${good}) and ![no](${evil})`), runFinished()]],
      `https://cdn.example ${allowed}`,
    );
    await until(() => message.querySelector('a.image-link') !== null);
    const images = deepQueryAll<HTMLImageElement>(el, 'img');
    expect(images.map((i) => i.getAttribute('src'))).to.deep.equal([good]);
    await loaded(good);
    expect(requested(evil)).to.equal(false);
    expect([...message.querySelectorAll('a.image-link')].map((a) => a.getAttribute('href'))).to.deep.equal([evil]);
  });

  it('`*` allows every http(s) origin', async () => {
    const first = unique(allowed, 'first');
    const second = unique(other, 'second');
    const { el } = await chatAnswering([[runStarted(), ...text('a1', `![a](${first}) ![b](${second})`), runFinished()]], '*');
    await until(() => deepQueryAll(el, 'img').length > 0);
    expect(deepQueryAll<HTMLImageElement>(el, 'img').map((i) => i.getAttribute('src'))).to.deep.equal([first, second]);
    await loaded(first);
    await loaded(second);
  });

  it('follows the attribute when it changes: a shown answer is built again', async () => {
    const good = unique(allowed, 'later');
    const { el, message } = await chatAnswering([[runStarted(), ...text('a1', `![later](${good})`), runFinished()]]);
    await until(() => message.querySelector('a.image-link') !== null);
    expect(deepQueryAll(el, 'img')).to.have.length(0);
    el.imageOrigins = allowed;
    await settled(el);
    await until(() => deepQueryAll(el, 'img').length === 1);
    await loaded(good);
  });

  it("a server tool's image result loads only from a listed origin; the page's own tool's image loads", async () => {
    const serverImage = unique(other, 'server-tool');
    const pageImage = unique(other, 'page-tool');
    const chart: ClientTool = {
      name: 'chart',
      description: 'draws a chart',
      parameters: { type: 'object', properties: {} },
      execute: () => ({ content: { type: 'binary', mimeType: 'image/png', url: pageImage, filename: 'mine.png' } }),
    };
    const { el } = await chatAnswering(
      [
        [
          runStarted(),
          ...toolCall('s1', 'search_images', {}, 'a0'),
          toolResult('s1', { content: { type: 'binary', mimeType: 'image/png', url: serverImage, filename: 'found.png' } } as unknown as string),
          ...toolCall('c1', 'chart', {}, 'a0'),
          runFinished(),
        ],
        [runStarted('r2'), ...text('a1', 'Done.'), runFinished()],
      ],
      undefined,
      [chart],
    );
    await until(() => deepQueryAll(el, 'a.download').length === 2);
    for (const details of deepQueryAll<HTMLDetailsElement>(el, 'details')) details.open = true;
    await settled(el);
    const sources = deepQueryAll<HTMLImageElement>(el, 'img.preview').map((i) => i.getAttribute('src'));
    expect(sources).to.deep.equal([pageImage]);
    await loaded(pageImage);
    expect(requested(serverImage)).to.equal(false);
    // The server's file is still there for the reader to open.
    expect(deepQueryAll(el, 'a.download').map((a) => a.getAttribute('href'))).to.have.members([serverImage, pageImage]);
  });
});

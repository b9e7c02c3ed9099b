import { expect, fixture, html } from '@open-wc/testing';
import { html as litHtml, render } from 'lit';
import type { ClientTool } from '../../src/index.js';
import { renderMarkdown, safeHref } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { chatWith, deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';

const flag = globalThis as { __xss?: boolean };

const PAYLOAD = [
  'Hello <img src=x onerror="globalThis.__xss = true"> there',
  '<script>globalThis.__xss = true</script>',
  '<a href="javascript:globalThis.__xss=true">raw</a>',
  '[click me](javascript:globalThis.__xss=true) and [data](data:text/html,<script>alert(1)</script>)',
  '[tabbed](java\tscript:globalThis.__xss=true) and [ok](https://example.com/a?b=1)',
  '<svg onload="globalThis.__xss = true"></svg> <iframe src="javascript:globalThis.__xss=true"></iframe>',
].join('\n\n');

/** Asserts nothing in the chat's shadow DOM (deep) could run script. */
function assertInert(root: Element) {
  for (const tag of ['script', 'img', 'iframe', 'svg', 'object', 'embed']) {
    // The widget's own icons (the feedback thumbs) are its markup, not the agent's.
    expect(deepQueryAll(root, tag).filter((el) => !el.closest('[part~="feedback"]')), tag).to.have.length(0);
  }
  for (const el of deepQueryAll(root, '*')) {
    for (const attr of el.getAttributeNames()) {
      expect(attr.startsWith('on'), `${el.tagName} ${attr}`).to.equal(false);
    }
    const href = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
    expect(/^\s*(javascript|data|vbscript):/i.test(href), href).to.equal(false);
  }
}

async function markdown(source: string): Promise<HTMLElement> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  render(renderMarkdown(source), host);
  return host;
}

describe('Markdown rendering', () => {
  it('renders paragraphs, headings, emphasis, code, lists, links and blockquotes', async () => {
    const host = await markdown(
      [
        '# Title',
        'Some **bold**, *italic*, _also italic_ and `code` in snake_case_name.',
        '',
        '- one',
        '- two with [a link](https://example.com)',
        '',
        '1. first',
        '2. second',
        '',
        '> quoted **text**',
        '',
        '```js',
        'const a = "<b>not bold</b>";',
        '```',
      ].join('\n'),
    );
    expect(host.querySelector('h1')!.textContent).to.equal('Title');
    expect(host.querySelector('strong')!.textContent).to.equal('bold');
    expect([...host.querySelectorAll('em')].map((e) => e.textContent)).to.deep.equal(['italic', 'also italic']);
    expect(host.querySelector('p')!.textContent).to.contain('snake_case_name');
    expect(host.querySelector('p > code')!.textContent).to.equal('code');
    expect(host.querySelectorAll('ul > li')).to.have.length(2);
    expect(host.querySelectorAll('ol > li')).to.have.length(2);
    const link = host.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://example.com');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(link.getAttribute('target')).to.equal('_blank');
    expect(host.querySelector('blockquote strong')!.textContent).to.equal('text');
    expect(host.querySelector('pre code')!.textContent).to.equal('const a = "<b>not bold</b>";');
    expect(host.querySelector('b')).to.equal(null);
  });

  it('renders an unclosed fence while it streams', async () => {
    const host = await markdown('Look:\n```\nline 1\nline');
    expect(host.querySelector('pre code')!.textContent).to.equal('line 1\nline');
  });

  it('survives hostile nesting: deep quotes and lists stop nesting and show as text', async () => {
    const quotes = await markdown(`${'>'.repeat(20000)} deep`);
    expect(quotes.querySelectorAll('blockquote').length).to.be.within(1, 20);
    expect(quotes.textContent).to.contain('deep');
    const list = await markdown(Array.from({ length: 400 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n'));
    expect(list.querySelectorAll('li').length).to.be.greaterThan(0);
    expect(list.textContent).to.contain('level 399');
  });

  it('drops dangerous link schemes', () => {
    expect(safeHref('javascript:alert(1)')).to.equal(undefined);
    expect(safeHref(' JaVaScRiPt:alert(1)')).to.equal(undefined);
    expect(safeHref('java\nscript:alert(1)')).to.equal(undefined);
    expect(safeHref('data:text/html,x')).to.equal(undefined);
    expect(safeHref('vbscript:x')).to.equal(undefined);
    expect(safeHref('https://example.com')).to.equal('https://example.com');
    expect(safeHref('mailto:a@b.c')).to.equal('mailto:a@b.c');
    expect(safeHref('/relative/path')).to.equal('/relative/path');
  });
});

describe('<soliplex-chat> XSS', () => {
  beforeEach(() => delete flag.__xss);

  it('shows raw HTML and script links in model text as inert text', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a1', PAYLOAD, 7), runFinished()]]);
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('hi');
    await finished;
    await settled(el);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const message = deepQuery(el, '[part~="assistant-message"]')!;
    expect(message.textContent).to.contain('<img src=x onerror=');
    expect(message.textContent).to.contain('<script>');
    expect(message.textContent).to.contain('click me');
    const links = deepQueryAll<HTMLAnchorElement>(el, 'a');
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/a?b=1']);
    assertInert(el);
    expect(flag.__xss).to.equal(undefined);
  });

  it('shows tool arguments and results as text, and a tool renderer’s node or template', async () => {
    const evil: ClientTool = {
      name: 'evil',
      description: 'Returns markup',
      execute: () => '<img src=x onerror="globalThis.__xss = true"><script>globalThis.__xss = true</script>',
    };
    const card: ClientTool = {
      name: 'card',
      description: 'Has a renderer',
      execute: () => ({ title: '<b>t</b>' }),
      render: (result) => litHtml`<span class="custom">${(result as { title: string }).title}</span>`,
    };
    const nodeRenderer: ClientTool = {
      name: 'node',
      description: 'Renders a node',
      execute: () => 3,
      render: (result) => Object.assign(document.createElement('output'), { textContent: `n=${result}` }),
    };
    const { el } = await chatWith(
      [
        [runStarted(), ...toolCall('c1', 'evil', { html: '<img src=x onerror=alert(1)>' }), ...toolCall('c2', 'card', {}), ...toolCall('c3', 'node', {}), runFinished()],
        [runStarted('r2'), ...text('a2', 'done'), runFinished()],
      ],
      [evil, card, nodeRenderer],
    );
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('go');
    await finished;
    await settled(el);
    // The cards render from the list's lazy extras chunk: on a fresh page they follow it.
    await until(() => deepQueryAll(el, '[part~="tool-card"]').length === 3);
    const cards = deepQueryAll(el, '[part~="tool-card"]');
    expect(cards.map((c) => c.dataset['status'])).to.deep.equal(['completed', 'completed', 'completed']);
    // The arguments and the raw result show in the details, once opened.
    cards.forEach((card) => card.querySelector('summary')!.click());
    // Arguments and result; a call without arguments (c2, c3) shows its result alone.
    await until(() => cards.every((card, i) => card.querySelectorAll('details pre').length === (i === 0 ? 2 : 1)));
    expect(cards[0]!.textContent).to.contain('<script>globalThis.__xss = true</script>');
    expect(cards[0]!.textContent).to.contain('"html": "<img src=x onerror=alert(1)>"');
    expect(deepQuery(el, '[part~="tool-result"] .custom')!.textContent).to.equal('<b>t</b>');
    expect(deepQuery(el, '[part~="tool-result"] output')!.textContent).to.equal('n=3');
    assertInert(el);
    expect(flag.__xss).to.equal(undefined);
  });

  it('reasoning is collapsible', async () => {
    const { el } = await chatWith([
      [
        runStarted(),
        { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' } as never,
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'pondering' } as never,
        { type: 'REASONING_MESSAGE_END', messageId: 'r1' } as never,
        ...text('a1', 'answer'),
        runFinished(),
      ],
    ]);
    el.send('think');
    await until(() => deepQuery(el, '[part~="assistant-message"]')?.textContent?.includes('answer') ?? false);
    await settled(el);
    const details = deepQuery<HTMLDetailsElement>(el, 'details[part~="reasoning"]');
    expect(details, 'reasoning details').to.exist;
    expect(details!.open).to.equal(false);
    expect(details!.textContent).to.contain('pondering');
  });
});

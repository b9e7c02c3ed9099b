import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
import { until } from './chat-fixture.js';

// A fenced code block's own code (its label, Copy code, highlighting and styles) loads with the first
// block: until then its code shows plain, then the full block takes its place. This file runs in a page
// of its own, so its first block is the page's first: the chunk has not loaded when it renders.

const CODE = 'const tag = "<img src=x onerror=alert(1)>";\nconsole.log(tag);';
const SOURCE = `Before.\n\n\`\`\`js\n${CODE}\n\`\`\`\n\nAfter.`;

/** A shadow root in the page, as the message list's (and an answer's sources') is, with `source` rendered in it. */
function shadowWith(source: string): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  render(renderMarkdown(source), root);
  return { host, root };
}

describe('Markdown: a code block before and after its chunk loads', () => {
  it('shows the code at once as plain, selectable text, then the full block in its place, styled', async () => {
    const { host, root } = shadowWith(SOURCE);
    try {
      // Rendered in this task: no import can have resolved yet.
      expect(root.querySelector('.code-block'), 'not loaded yet').to.equal(null);
      const plain = root.querySelector('pre code')!;
      expect(plain.textContent).to.equal(CODE);
      expect(root.querySelector('img'), 'markup in the code is text').to.equal(null);
      expect(plain.getBoundingClientRect().height, 'visible').to.be.greaterThan(0);
      expect(getComputedStyle(plain).userSelect).not.to.equal('none');
      const sheets = root.adoptedStyleSheets.length;

      await until(() => root.querySelector('.code-block') !== null);
      const block = root.querySelector('.code-block')!;
      expect(root.querySelector('pre.code-plain'), 'the plain text replaced').to.equal(null);
      expect([...root.children].map((e) => e.localName)).to.deep.equal(['p', 'soliplex-code-block', 'p']);
      expect(block.querySelector('.code-language')!.textContent).to.equal('js');
      expect(block.querySelector('button.copy-code')!.textContent!.trim()).to.equal('Copy code');
      expect(block.querySelector('pre code')!.textContent).to.equal(CODE);
      expect(root.querySelector('img')).to.equal(null);
      // Its styles came with it, into this root, once.
      expect(getComputedStyle(block).display).to.equal('block');
      expect(getComputedStyle(block.querySelector('.code-header')!).display).to.equal('flex');
      expect(root.adoptedStyleSheets.length).to.equal(sheets + 1);
      render(renderMarkdown(`${SOURCE}\n\n\`\`\`\nmore\n\`\`\``), root);
      expect(root.querySelectorAll('.code-block'), 'loaded: the full block at once').to.have.length(2);
      expect(root.adoptedStyleSheets.length, 'not added twice').to.equal(sheets + 1);
    } finally {
      host.remove();
    }
  });

  it('styles a block in every shadow root it lands in (the list, an answer\'s sources)', async () => {
    const first = shadowWith(SOURCE);
    const second = shadowWith('```\nx\n```');
    try {
      await until(() => first.root.querySelector('.code-block') !== null && second.root.querySelector('.code-block') !== null);
      for (const { root } of [first, second]) expect(getComputedStyle(root.querySelector('.code-header')!).display).to.equal('flex');
    } finally {
      first.host.remove();
      second.host.remove();
    }
  });
});

import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
import { chatAnswering } from './markdown-fixture.js';
import { until } from './chat-fixture.js';

// The rarer inline marks (images, autolinks, strikethrough) load with the first line that has one: until
// then that line shows as parsed without them (their source as text), then with them, in place. This file
// runs in a page of its own, so its first such line is the page's first: the chunk has not loaded yet.

const RARE = 'See ~~old~~ **new** at https://e.com/a_b_c, <mailto:a@b.c> and ![chart](https://e.com/i.png).';
const ANSWER = `Before: **plain** [link](https://e.com/p).\n\n${RARE}\n\nAfter.`;

// A chat page loads hundreds of modules: room for the ones fetched from here on.
performance.setResourceTimingBufferSize(10_000);

/** The rare marks' chunk among the scripts the page fetched. */
const fetchedChunk = () => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('markdown-inline-rare'));

describe('<soliplex-chat> Markdown: the rarer inline marks before and after their chunk loads', () => {
  it('loads nothing for a plain answer (emphasis, code, links, a colon, a tilde, a lone `<` or `!`)', async () => {
    const { message } = await chatAnswering('A plain **answer**: `code`, a [link](https://e.com/x), ~5 minutes, a < b! Done.');
    await until(() => message.textContent!.includes('Done.'));
    expect(message.querySelector('a')!.getAttribute('href')).to.equal('https://e.com/x');
    expect(fetchedChunk(), 'rare marks').to.have.length(0);
  });

  it("shows a line's text at once, its rare marks as source, then the line with them in place", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    try {
      render(renderMarkdown(ANSWER), root);
      // Rendered in this task: no import can have resolved yet.
      const [before, line, after] = [...root.querySelectorAll('p')];
      expect(before!.querySelector('strong')!.textContent, 'other lines as ever').to.equal('plain');
      expect(before!.querySelector('a')!.getAttribute('href')).to.equal('https://e.com/p');
      expect(line!.textContent, 'the source as text').to.equal(RARE.replace('**new**', 'new'));
      expect(line!.querySelector('strong')!.textContent, 'its common marks rendered').to.equal('new');
      expect(line!.querySelector('del, a, img'), 'no rare mark yet').to.equal(null);
      expect(line!.getBoundingClientRect().height, 'visible').to.be.greaterThan(0);
      expect(after!.textContent).to.equal('After.');

      await until(() => line!.querySelector('del') !== null);
      expect(fetchedChunk(), 'the chunk was fetched').to.have.length.greaterThan(0);
      expect(root.querySelectorAll('p')).to.have.length(3);
      expectRare(line!);
      // Loaded: the next line with a rare mark renders at once.
      render(renderMarkdown(`${ANSWER}\n\nAlso ~~this~~.`), root);
      expect(root.querySelectorAll('del')).to.have.length(2);
    } finally {
      host.remove();
    }
  });

  it('shows them in an answer', async () => {
    const { message } = await chatAnswering(ANSWER);
    await until(() => message.querySelector('a.image-link') !== null);
    expectRare([...message.querySelectorAll('p')][1]!);
  });
});

/** The line RARE rendered with its rare marks: strikethrough, a bare URL, an autolink, an image (a link: no image origin is allowed). */
function expectRare(line: HTMLElement): void {
  expect(line.querySelector('del')!.textContent).to.equal('old');
  expect(line.querySelector('strong')!.textContent).to.equal('new');
  expect([...line.querySelectorAll('a')].map((a) => a.getAttribute('href'))).to.deep.equal(['https://e.com/a_b_c', 'mailto:a@b.c', 'https://e.com/i.png']);
  expect(line.querySelector('a.image-link')!.textContent).to.equal('chart');
  expect(line.querySelector('img'), 'no image loads').to.equal(null);
  expect(line.textContent).to.equal('See old new at https://e.com/a_b_c, mailto:a@b.c and chart.');
}

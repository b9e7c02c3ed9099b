import { expect } from '@open-wc/testing';
import { chatAnswering } from './markdown-fixture.js';
import { deepQueryAll } from './chat-fixture.js';
import { preloadTables } from '../../src/elements/soliplex-message-list/lazy-markdown-table.js';
import { preloadRareMarks } from '../../src/elements/soliplex-message-list/lazy-markdown-inline.js';

// GitHub-flavoured Markdown in an answer, as the reader sees it in <soliplex-chat>'s shadow DOM.

const texts = (els: Iterable<Element>) => [...els].map((e) => e.textContent!.trim());

// About rendering tables and the rarer inline marks, not about their chunks' loading (markdown-lazy-table.test.ts
// and markdown-lazy-inline.test.ts are).
before(() => Promise.all([preloadTables(), preloadRareMarks()]));

describe('<soliplex-chat> Markdown: tables', () => {

  it('renders a GFM table as a <table>: header row, alignment, inline formatting in cells, ragged rows', async () => {
    const { el, message } = await chatAnswering(
      [
        'Results:',
        '| Name | Score | Note |',
        '| :--- | ---: | :-: |',
        '| **Ada** | 10 | `x | y` is \\| escaped |',
        '| Bob | 7 |',
        '| Cy | 3 | ok | extra cell |',
        '',
        'After the table.',
      ].join('\n'),
    );
    const table = message.querySelector('table')!;
    expect(table, 'table').to.exist;
    expect(message.querySelector('p')!.textContent).to.equal('Results:');
    expect(texts(table.querySelectorAll('thead th'))).to.deep.equal(['Name', 'Score', 'Note']);
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => texts(tr.querySelectorAll('td')));
    // The cell of the first row: GFM splits on unescaped pipes, in code spans too; `\|` is a pipe in the cell.
    expect(rows).to.deep.equal([
      ['Ada', '10', '`x'],
      ['Bob', '7', ''],
      ['Cy', '3', 'ok'],
    ]);
    expect(table.querySelector('tbody td strong')!.textContent).to.equal('Ada');
    const aligns = [...table.querySelectorAll('thead th')].map((th) => getComputedStyle(th).textAlign);
    expect(aligns).to.deep.equal(['start', 'end', 'center']);
    expect(getComputedStyle(table.querySelector('td')!).borderTopStyle).to.equal('solid');
    expect(message.querySelector('table + p, .table + p')!.textContent).to.equal('After the table.');
    await expect(el).to.be.accessible();
  });

  it('keeps an escaped pipe inside a cell, formatting included', async () => {
    const { message } = await chatAnswering('| a | b |\n|---|---|\n| `x \\| y` | [l](https://e.com/a) ~~old~~ |');
    const cells = message.querySelectorAll('td');
    expect(cells[0]!.querySelector('code')!.textContent).to.equal('x | y');
    expect(cells[1]!.querySelector('a')!.getAttribute('href')).to.equal('https://e.com/a');
    expect(cells[1]!.querySelector('del')!.textContent).to.equal('old');
  });

  it('is no table without a matching delimiter row', async () => {
    const { message } = await chatAnswering('| a | b |\n| --- |\n| c | d |\n\na | b\nnot a delimiter');
    expect(message.querySelector('table')).to.equal(null);
    expect(message.textContent).to.contain('| a | b |');
  });
});

describe('<soliplex-chat> Markdown: inline syntax', () => {
  it('renders ~~strikethrough~~, and leaves a single tilde alone', async () => {
    const { message } = await chatAnswering('It takes ~5 minutes, ~~not~~ **~~ten~~**.');
    expect(texts(message.querySelectorAll('del'))).to.deep.equal(['not', 'ten']);
    expect(message.textContent).to.contain('~5 minutes');
  });

  it('links bare https URLs and <…> autolinks, less trailing punctuation, and not inside code or links', async () => {
    const { message } = await chatAnswering(
      [
        'See https://example.com/a_b?q=1. Or (https://en.wikipedia.org/wiki/Foo_(bar)), or <https://example.org/x>.',
        'Not in `https://code.example` nor in [a link https://inner.example](https://outer.example).',
        'Nor as part of a word: xhttps://no.example, and http:// alone.',
      ].join('\n'),
    );
    const links = [...message.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/a_b?q=1',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://example.org/x',
      'https://outer.example',
    ]);
    expect(links.map((a) => a.textContent)).to.deep.equal([
      'https://example.com/a_b?q=1',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://example.org/x',
      'a link https://inner.example',
    ]);
    for (const a of links) expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(message.textContent).to.contain('<https://example.org/x>'.slice(1, -1));
    expect(message.textContent).to.contain('xhttps://no.example');
  });

  it('shows backslash-escaped marks as the characters', async () => {
    const { message } = await chatAnswering('\\*not em\\* \\_nor\\_ \\`code\\` \\[no](link) \\~~no strike~~ \\\\ and a \\q');
    expect(message.querySelectorAll('em, strong, code, a, del')).to.have.length(0);
    expect(message.textContent).to.contain('*not em* _nor_ `code` [no](link) ~~no strike~~ \\ and a \\q');
  });

  it('does not close a mark on an escaped closer', async () => {
    const { message } = await chatAnswering('**bold \\** still** and [a \\] b](https://e.com)');
    expect(message.querySelector('strong')!.textContent).to.equal('bold ** still');
    expect(message.querySelector('a')!.textContent).to.equal('a ] b');
  });
});

describe('<soliplex-chat> Markdown: images', () => {
  it('shows an https image from an allowed origin lazily and without a referrer', async () => {
    const { message } = await chatAnswering('A chart: ![Sales \\[2024\\]](https://img.example/chart.png "Sales") done', { imageOrigins: 'https://img.example' });
    const img = message.querySelector('img')!;
    expect(img, 'img').to.exist;
    expect(img.getAttribute('src')).to.equal('https://img.example/chart.png');
    expect(img.getAttribute('alt')).to.equal('Sales [2024]');
    expect(img.getAttribute('loading')).to.equal('lazy');
    expect(img.getAttribute('referrerpolicy')).to.equal('no-referrer');
    expect(img.referrerPolicy).to.equal('no-referrer');
  });

  it('shows an image as a link’s text (a badge)', async () => {
    const { message } = await chatAnswering('[![build](https://img.example/badge.svg)](https://ci.example/run)', { imageOrigins: 'https://img.example' });
    const link = message.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://ci.example/run');
    expect(link.querySelector('img')!.getAttribute('src')).to.equal('https://img.example/badge.svg');
  });

  it('shows only the alt text for an image that is not http(s)', async () => {
    const { el } = await chatAnswering(
      [
        '![js](javascript:globalThis.__xss=true)',
        '![data](data:image/svg+xml,<svg onload=alert(1)>)',
        '![rel](/relative.png) ![proto](//host.example/x.png) ![tab](java\tscript:alert(1)) ![ftp](ftp://x.example/a.png)',
      ].join('\n\n'),
    );
    expect(deepQueryAll(el, 'img')).to.have.length(0);
    const message = deepQueryAll(el, '[data-message-id="a1"] .text')[0]!;
    for (const alt of ['js', 'rel', 'proto', 'tab', 'ftp']) expect(message.textContent).to.contain(alt);
    for (const a of deepQueryAll(el, 'a')) expect(a.getAttribute('href')).to.match(/^https?:/);
  });

  it('with no-images, shows a link to the image instead, and loads nothing', async () => {
    const { el, message } = await chatAnswering('![Chart](https://img.example/chart.png) and ![](https://img.example/b.png)', { noImages: true, imageOrigins: '*' });
    expect(deepQueryAll(el, 'img')).to.have.length(0);
    const links = [...message.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).to.deep.equal([
      ['Chart', 'https://img.example/chart.png'],
      ['https://img.example/b.png', 'https://img.example/b.png'],
    ]);
    // Turned on again, the same message shows the images.
    el.noImages = false;
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(deepQueryAll(el, 'img')).to.have.length(2);
  });
});

describe('<soliplex-chat> Markdown: lists', () => {
  it('renders a tight list without paragraphs, nested lists included, each item spaced alike', async () => {
    const { message } = await chatAnswering('- one\n- two\n  - two.a\n  - two.b\n- three\n  continued');
    const outer = message.querySelector('ul')!;
    expect(outer.querySelectorAll(':scope > li')).to.have.length(3);
    expect(message.querySelectorAll('p')).to.have.length(0);
    expect(texts(outer.querySelectorAll(':scope > li > ul > li'))).to.deep.equal(['two.a', 'two.b']);
    const items = [...outer.querySelectorAll(':scope > li')];
    const gaps = items.slice(1).map((li) => parseFloat(getComputedStyle(li).marginTop));
    expect(new Set(gaps).size, `${gaps}`).to.equal(1);
  });

  it('renders every item of a loose list as paragraphs, and keeps a nested loose list to itself', async () => {
    const { message } = await chatAnswering('1. first\n\n2. second\n   - a\n   - b\n\n3. third\n\n   more of third');
    const items = [...message.querySelectorAll('ol > li')];
    expect(items).to.have.length(3);
    for (const li of items) expect(li.firstElementChild!.tagName, li.textContent!).to.equal('P');
    expect(texts(items[2]!.querySelectorAll(':scope > p'))).to.deep.equal(['third', 'more of third']);
    expect(items[1]!.querySelectorAll('ul > li > p')).to.have.length(0);
  });

  it('keeps an ordered list’s start number, and nests by the item’s content indent', async () => {
    const { message } = await chatAnswering('3. three\n4. four\n\n10) ten\n    - nested under ten\n\n      para of nested');
    const lists = message.querySelectorAll(':scope > ol');
    expect([...lists].map((ol) => (ol as HTMLOListElement).start)).to.deep.equal([3, 10]);
    const nested = lists[1]!.querySelector('li > ul > li')!;
    expect(texts(nested.querySelectorAll(':scope > p'))).to.deep.equal(['nested under ten', 'para of nested']);
  });
});

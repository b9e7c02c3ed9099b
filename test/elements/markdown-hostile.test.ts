import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
// A namespace import: a missing export then fails only the test that uses it.
import * as markdownModule from '../../src/elements/soliplex-message-list/markdown.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { chatWith, deepQuery, deepQueryAll, settled } from './chat-fixture.js';
import { preloadTables } from '../../src/elements/soliplex-message-list/lazy-markdown-table.js';
import { preloadRareMarks } from '../../src/elements/soliplex-message-list/lazy-markdown-inline.js';

// Model text is untrusted: a reply shaped to blow the parser's stack or make it quadratic must still
// render, in work linear in its length. No wall-clock assertions: the parser counts its steps.

/** Rendered into a detached element: the DOM is built, but no time goes on laying out a megabyte. */
function markdown(source: string): HTMLElement {
  const host = document.createElement('div');
  render(renderMarkdown(source), host);
  return host;
}

/** 1 MB: a quadratic parser takes minutes on it (past mocha's timeout), a linear one milliseconds. */
const SIZE = 1_000_000;
const nestedMarks = (n: number) => `${'_'.repeat(n)}x${'_'.repeat(n)}`;
const nestedWords = (n: number) => `${Array.from({ length: n }, (_, i) => `_a${i} `).join('')}x${'_'.repeat(n)}`;
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
/** Whether the rendered text contains `part` (a boolean, so a failure does not print a megabyte). */
const shows = (host: Element, part: string) => host.textContent!.includes(part);

describe('Markdown on hostile input', () => {
  // About rendering tables, not about their chunk's loading (markdown-lazy-table.test.ts is).
  before(() => Promise.all([preloadTables(), preloadRareMarks()]));

  it('caps emphasis nesting instead of overflowing the stack, and keeps the text', () => {
    for (const source of [nestedMarks(4000), nestedWords(4000)]) {
      const host = markdown(source);
      expect(host.querySelectorAll('em, strong').length).to.be.within(1, 20);
      expect(shows(host, 'x') && shows(host, '_'.repeat(3000))).to.equal(true);
    }
    expect(shows(markdown(nestedWords(4000)), 'a3999')).to.equal(true);
  });

  it('shows a deeply nested reply in the chat', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a1', nestedWords(4000)), runFinished()]]);
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('hi');
    await finished;
    await settled(el);
    const message = deepQuery(el, '[part~="assistant-message"]');
    expect(message, 'assistant message').to.exist;
    expect(shows(message!, 'a3999')).to.equal(true);
    expect(deepQueryAll(el, '[part~="assistant-message"] em').length).to.be.within(1, 20);
  });

  it('renders 1 MB of one repeated character', () => {
    for (const c of ['*', '_', '-']) expect(markdown(c.repeat(SIZE)).querySelector('hr'), c).to.exist;
    for (const c of ['`', '~']) expect(markdown(c.repeat(SIZE)).querySelector('pre'), c).to.exist;
    for (const c of ['[', '|', '\\', '#', '>', 'a']) {
      expect(shows(markdown(c.repeat(SIZE)), c.repeat(1000)), c).to.equal(true);
    }
  });

  it('renders long lines of unclosed marks', () => {
    for (const unit of ['_a ', '__a ', '[a](', '[[a]', '[a](u "']) {
      expect(shows(markdown(fill(unit, SIZE)), unit.repeat(100).trim()), unit).to.equal(true);
    }
    expect(markdown(`# a${' '.repeat(SIZE)}b`).querySelector('h1')!.textContent).to.match(/^a +b$/);
  });

  it('keeps javascript: and data: out of images and autolinks', async () => {
    const { el } = await chatWith([
      [
        runStarted(),
        ...text(
          'a1',
          [
            '![x](javascript:alert(1)) ![y](JaVaScRiPt:alert(1)) ![z](data:image/png;base64,AAAA) ![w](vbscript:x)',
            '<javascript:alert(1)> <data:text/html,x> <vbscript:x> <java\tscript:alert(1)>',
            '[![img](https://e.com/i.png)](javascript:void0) https://e.com/"onmouseover="alert(1)',
            '| a | b |\n|---|---|\n| ![c](javascript:alert(1)) | <javascript:alert(2)> |',
          ].join('\n\n'),
        ),
        runFinished(),
      ],
    ]);
    el.imageOrigins = 'https://e.com';
    const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('hi');
    await finished;
    await settled(el);
    for (const node of deepQueryAll(el, '[href], [src]')) {
      const url = node.getAttribute('href') ?? node.getAttribute('src')!;
      expect(url, url).to.match(/^https:\/\/e\.com\//);
      for (const attr of node.getAttributeNames()) expect(attr.startsWith('on'), attr).to.equal(false);
    }
    expect(deepQueryAll(el, 'img').map((img) => img.getAttribute('src'))).to.deep.equal(['https://e.com/i.png']);
    expect(deepQueryAll(el, 'table')).to.have.length(1);
  });

  it('renders a huge table, a million pipes and deeply nested lists', function () {
    this.timeout(60_000); // the DOM of 20,000 rows and megabytes of text, on a shared machine
    const rows = markdown(`| a | b |\n|---|:-:|\n${fill('| x | y |\n', SIZE / 5)}`);
    expect(rows.querySelectorAll('tbody tr').length).to.be.at.least(19_999);
    // A header of a million pipes (and a delimiter row) is no table: it shows as text.
    const pipes = markdown(`${'|'.repeat(SIZE)}\n${'|-'.repeat(SIZE / 2)}\n`);
    expect(pipes.querySelector('table')).to.equal(null);
    expect(shows(pipes, '|'.repeat(1000))).to.equal(true);
    // Nor is a table of more than 64 columns.
    const wide = markdown(`${'| a '.repeat(65)}|\n${'| - '.repeat(65)}|\n${'| b '.repeat(65)}|`);
    expect(wide.querySelector('table')).to.equal(null);
    expect(markdown(`${'| a '.repeat(64)}|\n${'| - '.repeat(64)}|`).querySelectorAll('th')).to.have.length(64);
    // A table row of a million pipes keeps the table's two cells.
    const row = markdown(`| a | b |\n|---|---|\n${'|'.repeat(SIZE)}`);
    expect(row.querySelectorAll('tbody td')).to.have.length(2);
    // 2,000 levels (4 MB of indentation): nesting stops at the cap, the rest shows as text.
    const nested = markdown(Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n'));
    expect(nested.querySelectorAll('li').length).to.be.within(1, 40);
    expect(shows(nested, 'level 1999')).to.equal(true);
    const ordered = markdown(Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 3)}1. level ${i}`).join('\n'));
    expect(ordered.querySelectorAll('li').length).to.be.within(1, 40);
    expect(shows(ordered, 'level 1999')).to.equal(true);
  });

  it('shows a huge code block plain, without highlighting it', async () => {
    const code = fill('const x = "y"; // z\n', SIZE);
    const host = markdown(`\`\`\`js\n${code}\n\`\`\``);
    document.body.append(host);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(host.querySelector('pre code')!.textContent!.length).to.equal(code.length);
      expect(host.querySelectorAll('pre code span')).to.have.length(0);
    } finally {
      host.remove();
    }
  });

  it('parses in steps linear in the input', function () {
    this.timeout(60_000); // some 50 shapes, parsed twice each, on a shared machine (steps are counted, not time)
    const shapes: Record<string, (n: number) => string> = {
      ...Object.fromEntries(['*', '_', '`', '~', '[', '|', '\\', '#', '-', '>', 'a'].map((c) => [c, (n: number) => c.repeat(n)])),
      ...Object.fromEntries(
        [
          ...['_a ', '__a ', '*a ', '**a ', '`a', '[a](', '[a](u "', '[[a]', '| a | b |\n', '> a\n', '- a\n'],
          // The newer syntax: strikethrough, escapes, images, autolinks, tables.
          ...['~~a ', '\\*', '\\\\*', '![a](', '![a](https://e.com/i.png)', '<a:', '<https://e.com>', 'http://', 'https://e.com/(', 'a:', '*http://a', '| --- |\n'],
          ...['|-', '| a | b |\n|---|---|\n', '| a |\n| - |\n| b | c | d |\n', '- a\n  ', '1. a\n\n   ', '```js\nx\n```\n'],
        ].map((unit) => [unit, (n: number) => fill(unit, n)]),
      ),
      'one table, many rows': (n) => `| a | b | c |\n|:-|:-:|-:|\n${fill('| x | **y** | `z` |\n', n)}`,
      'a table row of pipes': (n) => `| a | b |\n|---|---|\n${'|'.repeat(n)}`,
      'nested lists': (n) => fill(Array.from({ length: 20 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}\n`).join(''), n),
      'nested marks': (n) => nestedMarks(n / 2),
      'nested words': (n) => nestedWords(n / 6),
      prose: (n) => fill('Some _emphasis_, **bold** and `code` with a [link](https://example.com) in snake_case.\n\n', n),
    };
    const steps = (source: string) => {
      const before = markdownModule.markdownSteps();
      // Into a detached element: a table's cells are parsed when its part renders.
      render(renderMarkdown(source), document.createElement('div'));
      return markdownModule.markdownSteps() - before;
    };
    for (const [name, shape] of Object.entries(shapes)) {
      const small = steps(shape(20_000));
      const large = steps(shape(40_000));
      expect(small, name).to.be.greaterThan(0);
      expect(large, `${name}: ${small} steps for 20 KB, ${large} for 40 KB`).to.be.at.most(2.5 * small);
    }
  });
});

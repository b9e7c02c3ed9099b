import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
// A namespace import: a missing export then fails only the test that uses it.
import * as markdownModule from '../../src/elements/soliplex-message-list/markdown.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { chatWith, deepQuery, deepQueryAll, settled } from './chat-fixture.js';

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

  it('parses in steps linear in the input', () => {
    const shapes: Record<string, (n: number) => string> = {
      ...Object.fromEntries(['*', '_', '`', '~', '[', '|', '\\', '#', '-', '>', 'a'].map((c) => [c, (n: number) => c.repeat(n)])),
      ...Object.fromEntries(['_a ', '__a ', '*a ', '**a ', '`a', '[a](', '[a](u "', '[[a]', '| a | b |\n', '> a\n', '- a\n'].map((unit) => [unit, (n: number) => fill(unit, n)])),
      'nested marks': (n) => nestedMarks(n / 2),
      'nested words': (n) => nestedWords(n / 6),
      prose: (n) => fill('Some _emphasis_, **bold** and `code` with a [link](https://example.com) in snake_case.\n\n', n),
    };
    const steps = (source: string) => {
      const before = markdownModule.markdownSteps();
      renderMarkdown(source);
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

import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
import { StreamingMarkdown, markdownSteps } from '../../src/elements/soliplex-message-list/markdown.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { chatWith, deepQuery, settled, until } from './chat-fixture.js';
import { preloadTables } from '../../src/elements/soliplex-message-list/lazy-markdown-table.js';
import { preloadRareMarks } from '../../src/elements/soliplex-message-list/lazy-markdown-inline.js';

// A streaming message re-parses only its open Markdown block: what it shows after every delta must be
// exactly what a one-shot parse of the text so far shows.

/** The DOM a template makes, without Lit's comment markers. */
function dom(host: HTMLElement): string {
  return host.innerHTML.replace(/<!--[^]*?-->/g, '');
}

function oneShot(source: string): string {
  const host = document.createElement('div');
  render(renderMarkdown(source), host);
  return dom(host);
}

/** A small deterministic PRNG (mulberry32), so a failure names its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DOCUMENTS = [
  'Hello **world**, with `code` and a [link](https://example.com "title").\n\nSecond paragraph\non two lines.',
  '# Title ##\n\nText\n\n## C#\n- one\n- two\n\n  continued item\n- three\n\n1. first\n2. second\n\nAfter the list.',
  '```js\nconst x = 1;\n\nconst y = 2;\n```\n\nafter the fence\n\n~~~\nunclosed',
  '> quoted\n> still quoted\n\n> another\n>> nested\n\nplain\n\n---\n\n* * *\n\n___\nend',
  '- a\n\n1. b\n\n- c\n  - nested\n    - deeper\n\n10) ten\n11) eleven\n\ntext',
  'Line one\r\nLine two\r\n\r\n- item\r\n- item 2\r\rcarriage\rreturns\n\ndone',
  'para\n- list right after\n# heading right after\n> quote right after\n```\nfence right after\n```\ntext',
  '_snake_case_ and __bold__ and *em* and **strong *nested* text** and [a [b] c](http://x.y)',
  '- a\n\n  para in item\n\n      code-ish\n- b\n\nx\n\n- c\n\n\n\n- d',
  '\n\n\n   \n  leading blanks\n\n\n',
  // Tables, GFM inline syntax, code blocks with a language.
  'Intro\n| a | b |\n| :- | -: |\n| 1 | **2** |\n| 3 |\nrow without pipes\n\n| c |\n| - |\n\nnot | a table\n| --- |\n\n|x|y|\n|-|-|\n# heading ends it',
  '~~gone~~ and \\*kept\\* and https://e.com/a_(b). <https://f.org> ![i](https://e.com/i.png) [![b](https://e.com/b.svg)](https://e.com)',
  '```ts\nconst a: number = 1;\n```\n- tight\n- list\n  - nested\n\n1. loose\n\n2. list\n\n```py\nprint(1)',
];

const FRAGMENTS = [
  'word ', 'words ', '**bold** ', '*', '_', '`', '[', ']', '(https://e.com)', '# ', '## ', '- ', '* ', '1. ', '2) ',
  '> ', '>', '```', '```py', '~~~', '---', '\n', '\n', '\n', '\n\n', '\r\n', '\r', '  ', '    ', '#', '1', 'x', '|',
  '| a ', '| b |', '|\n', '| --- ', '|:-:', ' -: |', '~~', '\\', '![', 'https://e.com/x', '<https://e.com>', ')', '\\|',
];

function randomDocument(random: () => number): string {
  const length = 10 + Math.floor(random() * 80);
  let out = '';
  for (let i = 0; i < length; i++) out += FRAGMENTS[Math.floor(random() * FRAGMENTS.length)];
  return out;
}

/** Cuts `source` into pieces of 1 to `max` characters. */
function pieces(source: string, random: () => number, max: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < source.length; ) {
    const size = 1 + Math.floor(random() * max);
    out.push(source.slice(i, i + size));
    i += size;
  }
  return out;
}

/** Streams the pieces into one host through one StreamingMarkdown, checking every step against a one-shot parse. */
function expectStreamsLikeOneShot(parts: string[], label: string): void {
  const stream = new StreamingMarkdown();
  const host = document.createElement('div');
  let source = '';
  for (const part of parts) {
    source += part;
    render(stream.render(source), host);
    const got = dom(host);
    if (got !== oneShot(source)) {
      expect(got, `${label}, after ${JSON.stringify(source)}`).to.equal(oneShot(source));
    }
  }
}

describe('Markdown streamed in pieces', () => {
  // Compares DOM with tables in it: their renderer is loaded first (markdown-lazy-table.test.ts tests its loading).
  before(() => Promise.all([preloadTables(), preloadRareMarks()]));

  it('shows, after every piece, what a one-shot parse shows (hand-written documents, every cut)', () => {
    for (const [index, document] of DOCUMENTS.entries()) {
      expectStreamsLikeOneShot([...document], `document ${index} char by char`);
      const random = prng(index + 1);
      for (let run = 0; run < 5; run++) expectStreamsLikeOneShot(pieces(document, random, 12), `document ${index}, run ${run}`);
    }
  });

  it('shows what a one-shot parse shows for 400 generated documents', function () {
    this.timeout(60_000);
    for (let seed = 1; seed <= 400; seed++) {
      const random = prng(seed);
      const document = randomDocument(random);
      expectStreamsLikeOneShot(pieces(document, random, 1 + Math.floor(random() * 10)), `seed ${seed}`);
    }
  });

  it('starts over when the text is replaced rather than extended', () => {
    const stream = new StreamingMarkdown();
    const host = document.createElement('div');
    render(stream.render('first paragraph\n\nsecond\n\nthird'), host);
    render(stream.render('other paragraph\n\nmore'), host);
    expect(dom(host)).to.equal(oneShot('other paragraph\n\nmore'));
  });

  it('keeps a streaming code block\'s "Copy code" button from one delta to the next', async () => {
    const stream = new StreamingMarkdown();
    const host = document.createElement('div');
    render(stream.render('Intro\n\n```js\nconst a = 1;\n'), host);
    // The block's chunk loads with the first one (the code shows plain until then).
    await until(() => host.querySelector('button.copy-code') !== null);
    const button = host.querySelector('button.copy-code');
    render(stream.render('Intro\n\n```js\nconst a = 1;\nconst b = 2;\n'), host);
    expect(host.querySelector('code')!.textContent).to.equal('const a = 1;\nconst b = 2;\n');
    expect(host.querySelector('button.copy-code'), 'the same button').to.equal(button);
  });

  it('parses each delta in work that does not grow with the text before the open block', () => {
    const stream = new StreamingMarkdown();
    const paragraph = 'Some words with **bold** and `code` in a paragraph.\n\n';
    let source = '';
    const cost = (delta: string) => {
      source += delta;
      const before = markdownSteps();
      stream.render(source);
      return markdownSteps() - before;
    };
    for (let i = 0; i < 20; i++) cost(paragraph);
    const early = cost('word ');
    for (let i = 0; i < 2000; i++) cost(paragraph);
    const late = cost('word ');
    expect(late).to.be.at.most(early + 5);
  });

  it('streams through the chat to the same DOM as the complete message', async () => {
    const answer = DOCUMENTS.join('\n\n');
    const { el } = await chatWith([[runStarted(), ...text('a1', answer, 97), runFinished()]]);
    el.send('go');
    await until(() => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'success');
    await settled(el);
    const shown = deepQuery(el, '[data-message-id="a1"] .text')!;
    // Highlighting arrives with the grammars; a one-shot parse after that highlights at once.
    await until(() => shown.querySelector('pre code[data-language="js"] span') !== null);
    expect(dom(shown)).to.equal(oneShot(answer));
  });

  it('keeps an answer\'s DOM when the chat renders it again for another reason (a selection in it survives)', async () => {
    const { el } = await chatWith([
      [runStarted(), ...text('a1', 'First **answer**, in\n\ntwo paragraphs.', 5), runFinished()],
      [runStarted(), ...text('a2', 'Second answer.', 3), runFinished()],
    ]);
    const done = () => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'success';
    el.send('one');
    // The answer's actions follow its bubble (one answer per turn).
    const regenerate = (id: string) => deepQuery(el, `[data-message-id="${id}"]`)?.closest('[part~="answer"]')?.parentElement?.querySelector('[part~="regenerate-button"]') ?? undefined;
    await until(() => done() && regenerate('a1') !== undefined);
    const paragraph = deepQuery(el, '[data-message-id="a1"] .text p')!;
    // The next turn moves Regenerate from this answer to the new one: the answer is rendered again.
    el.send('two');
    await until(() => regenerate('a2') !== undefined && regenerate('a1') === undefined);
    expect(deepQuery(el, '[data-message-id="a1"] .text p'), 'the same paragraph node').to.equal(paragraph);
    expect(paragraph.isConnected).to.equal(true);
  });

  it('builds a long answer as plain DOM: no marker comment per Markdown mark', async () => {
    const answer = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} with **bold**, _em_, \`code\` and a [link](https://e.com/${i}).`).join('\n\n');
    const { el } = await chatWith([[runStarted(), ...text('a1', answer, 200), runFinished()]]);
    el.send('go');
    await until(() => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'success');
    await settled(el);
    const shown = deepQuery(el, '[data-message-id="a1"] .text')!;
    expect(shown.querySelectorAll('strong, em, code, a').length).to.equal(160);
    const comments = document.createTreeWalker(shown, NodeFilter.SHOW_COMMENT);
    let count = 0;
    while (comments.nextNode()) count++;
    // Lit marks every binding with a comment (two per mark here: 320 and more); the built DOM has none
    // inside the blocks, only around the groups of blocks the stream finished together.
    expect(count).to.be.below(160);
  });
});

import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
import { messageListStyles } from '../../src/elements/soliplex-message-list/soliplex-message-list.styles.js';
import { report, table } from './bench-kit.js';

/**
 * Benchmark (not a test: `npm run bench`): parsing and rendering a 200 KB reply as Markdown, against
 * a baseline measured in the same run: the same text set into a text node. Both are laid out in an
 * assistant message's box, with the message list's styles, so the ratio is what Markdown costs on top
 * of showing the text at all.
 * It prints figures and asserts nothing about time.
 */
const SIZE = 200_000;
const RUNS = 5;

const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const SHAPES: Record<string, string> = {
  'prose with emphasis': fill('Some _emphasis_, **bold** and `code` with a [link](https://example.com) in snake_case.\n\n'),
  'one line of _a': fill('_a '),
  'nested emphasis': `${'_'.repeat(SIZE / 2 - 1)}x${'_'.repeat(SIZE / 2)}`,
  'table-less pipes': fill('| cell | cell | cell |\n'),
  'one big table': `| a | b | c |\n| :-- | :-: | --: |\n${fill('| **cell** | `code` | ~~old~~ https://e.com |\n')}`,
  'tight and loose lists': fill('- item **one**\n  - nested item\n  - another\n- item two\n\n1. first\n\n2. second\n\n'),
  'fenced code (no language)': fill('```\nconst x = a + b; // sum\nif (x) { return y; }\n```\n\n'),
  ...Object.fromEntries(['*', '_', '`', '[', '|', '#', '-', '>', 'a'].map((c) => [`200 KB of ${c}`, c.repeat(SIZE)])),
};

/** A fresh assistant message's text box, in the document so layout happens. */
function box(): HTMLDivElement {
  const host = document.createElement('div');
  host.style.cssText = 'width: 600px; contain: content';
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = messageListStyles.map((styles) => styles.styleSheet!);
  root.innerHTML = '<div class="message assistant"><div class="text"></div></div>';
  document.body.append(host);
  return root.querySelector<HTMLDivElement>('.text')!;
}

/** Milliseconds for `fill(el)` plus the layout it causes. */
function time(fillBox: (el: HTMLDivElement) => void): number {
  const el = box();
  const start = performance.now();
  fillBox(el);
  void el.offsetHeight;
  const elapsed = performance.now() - start;
  (el.getRootNode() as ShadowRoot).host.remove();
  return elapsed;
}

function summary(samples: number[]): { median: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { median, text: `${median.toFixed(1)} ms (${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)})` };
}

describe('benchmark: a 200 KB reply as Markdown vs. as plain text', () => {
  it('prints median (min–max) ms and the ratio per shape', async function () {
    this.timeout(600_000);
    const rows: string[][] = [];
    for (const [name, source] of Object.entries(SHAPES)) {
      const raw: number[] = [];
      const markdown: number[] = [];
      const parse: number[] = [];
      let failure = '';
      for (let run = 0; run < RUNS; run++) {
        raw.push(time((el) => el.append(document.createTextNode(source))));
        try {
          const start = performance.now();
          renderMarkdown(source);
          parse.push(performance.now() - start);
          markdown.push(time((el) => render(renderMarkdown(source), el)));
        } catch (error) {
          failure = String(error);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve)); // let the page breathe between runs
      }
      const base = summary(raw);
      if (failure) {
        rows.push([name, base.text, `THROWS ${failure}`, '', '']);
        continue;
      }
      const md = summary(markdown);
      rows.push([name, base.text, md.text, `${(md.median / Math.max(base.median, 0.1)).toFixed(1)}×`, summary(parse).text]);
    }
    await report(
      'markdown',
      5,
      `## Markdown: a ${SIZE / 1000} KB reply (${RUNS} runs)

Parsing and rendering a whole reply at once, laid out in an assistant message's box, against the same text
set into a text node (raw). Hostile shapes included: the parser stays linear.

${table(['shape', 'raw, ms', 'Markdown, ms', 'ratio', 'parsing alone, ms'], rows)}`,
    );
  });
});

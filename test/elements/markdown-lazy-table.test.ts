import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { renderMarkdown } from '../../src/index.js';
import { chatAnswering } from './markdown-fixture.js';
import { until } from './chat-fixture.js';

// A GFM table's renderer loads with the first table: until then its source lines show plain, in place,
// then the table takes their place. This file runs in a page of its own, so its first table is the
// page's first: the chunk has not loaded when the answer renders.

const TABLE = '| City | Days |\n| :-- | --: |\n| Oslo | **3** |\n| <img src=x onerror=alert(1)> | 2 |';
const ANSWER = `Before.\n\n${TABLE}\n\nAfter.`;

// A chat page loads hundreds of modules: room for the ones fetched from here on.
performance.setResourceTimingBufferSize(10_000);

/** The table renderer's chunk among the scripts the page fetched. */
const fetchedRenderer = () => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('markdown-table-render'));

describe('<soliplex-chat> Markdown: a table before and after its chunk loads', () => {
  it('loads nothing for a plain answer', async () => {
    const { message } = await chatAnswering('A plain **answer**, no table | at all.');
    await until(() => message.textContent!.includes('at all.'));
    expect(fetchedRenderer(), 'renderer').to.have.length(0);
  });

  it('shows the table\'s text at once as plain, selectable text in place, then the table', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    try {
      render(renderMarkdown(ANSWER), root);
      // Rendered in this task: no import can have resolved yet.
      expect(root.querySelector('table'), 'not loaded yet').to.equal(null);
      const plain = root.querySelector('pre.table-plain')!;
      expect(plain.textContent).to.equal(TABLE);
      expect([...root.children].map((e) => e.localName)).to.deep.equal(['p', 'pre', 'p']);
      expect(root.querySelector('img'), 'markup in the table is text').to.equal(null);
      expect(plain.getBoundingClientRect().height, 'visible').to.be.greaterThan(0);
      expect(getComputedStyle(plain).userSelect).not.to.equal('none');

      await until(() => root.querySelector('table') !== null);
      expect(fetchedRenderer(), 'the renderer was fetched').to.have.length.greaterThan(0);
      expect(root.querySelector('pre.table-plain'), 'the plain text replaced').to.equal(null);
      expect([...root.children].map((e) => e.localName + (e.className ? `.${e.className}` : ''))).to.deep.equal(['p', 'div.table', 'p']);
      expectTable(root.querySelector('table')!);
      // Loaded: the next table renders at once.
      render(renderMarkdown(`${ANSWER}\n\n| x |\n| - |`), root);
      expect(root.querySelectorAll('table')).to.have.length(2);
    } finally {
      host.remove();
    }
  });

  it('shows it in an answer, styled', async () => {
    const { message } = await chatAnswering(ANSWER);
    await until(() => message.querySelector('table') !== null);
    const table = message.querySelector('table')!;
    expectTable(table);
    expect(getComputedStyle(table.querySelectorAll('th')[1]!).textAlign).to.equal('end');
    expect(getComputedStyle(table.querySelector('td')!).borderTopStyle).to.equal('solid');
  });
});

function expectTable(table: HTMLTableElement): void {
  expect([...table.querySelectorAll('th')].map((th) => th.textContent)).to.deep.equal(['City', 'Days']);
  expect([...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))).to.deep.equal([
    ['Oslo', '3'],
    ['<img src=x onerror=alert(1)>', '2'],
  ]);
  expect(table.querySelector('td strong')!.textContent).to.equal('3');
  expect(table.querySelector('img'), 'markup in a cell is text').to.equal(null);
}

import { expect } from '@open-wc/testing';
import { chatAnswering } from './markdown-fixture.js';
import { deepQuery, until } from './chat-fixture.js';

// The default buffer (250 entries) fills with the test page's own modules; a full one records no more.
performance.setResourceTimingBufferSize(100_000);

// Fenced code in an answer: a language label, a "Copy code" button, and syntax highlighting whose code
// (the highlighter and each grammar) loads only when a block needs it.

/** The module files this page has fetched whose URL contains `part`. */
const fetched = (part: string) => performance.getEntriesByType('resource').filter((e) => e.name.includes(part));

const TS = ['```ts', 'const greeting: string = "<img src=x onerror=alert(1)>"; // say hi', 'function hi() { return 42; }', '```'].join('\n');

describe('<soliplex-chat> Markdown: code blocks', () => {
  // First in this file: the page has loaded no highlighter yet.
  it('loads no highlighter for an answer without code, nor for a block in a language it has no grammar for', async () => {
    const { message } = await chatAnswering('Plain **text**, a table:\n\n| a |\n| - |\n| b |\n\n```text\nnot highlighted\n```\n\n```\nno language\n```');
    // The blocks' own chunk loads with the first one (their code shows plain until then).
    await until(() => message.querySelectorAll('.code-block').length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetched('code-highlighter'), 'highlighter').to.have.length(0);
    expect(fetched('highlight.js'), 'grammars').to.have.length(0);
    const labels = [...message.querySelectorAll('.code-block')].map((b) => b.querySelector('.code-language')?.textContent ?? null);
    expect(labels).to.deep.equal(['text', null]);
    expect(message.querySelectorAll('pre code span')).to.have.length(0);
  });

  it('labels the block with its language and highlights it once its grammar has loaded, from a token tree', async () => {
    const { el, message } = await chatAnswering(`Here:\n\n${TS}\n\nDone.`);
    expect(message.querySelector('.code-language')!.textContent).to.equal('ts');
    const code = message.querySelector('pre code')!;
    await until(() => code.querySelector('span') !== null);
    expect(fetched('code-highlighter'), 'highlighter').to.have.length(1);
    expect(fetched('languages/typescript'), 'the typescript grammar').to.have.length(1);
    expect(fetched('languages/python'), 'no other grammar').to.have.length(0);
    // The text is the model's, unchanged; the markup in its string is a string token, not an element.
    expect(code.textContent).to.equal(TS.split('\n').slice(1, -1).join('\n'));
    const token = (className: string) => [...code.querySelectorAll(`.${className}`)].map((s) => s.textContent);
    expect(token('hljs-keyword')).to.include.members(['const', 'function', 'return']);
    expect(token('hljs-string')).to.deep.equal(['"<img src=x onerror=alert(1)>"']);
    expect(token('hljs-comment')).to.deep.equal(['// say hi']);
    expect(token('hljs-number')).to.deep.equal(['42']);
    expect(code.querySelector('img')).to.equal(null);
    // Token colours come from the theme.
    const keyword = code.querySelector('.hljs-keyword')!;
    expect(getComputedStyle(keyword).color).to.equal('rgb(196, 32, 43)');
    el.theme = 'dark';
    await el.updateComplete;
    expect(getComputedStyle(keyword).color).to.equal('rgb(255, 123, 114)');
    await expect(el).to.be.accessible(); // token colours keep their contrast in the dark theme too
    el.style.setProperty('--soliplex-chat-code-keyword', 'rgb(1, 2, 3)');
    expect(getComputedStyle(keyword).color).to.equal('rgb(1, 2, 3)');
    el.theme = 'light';
    el.style.removeProperty('--soliplex-chat-code-keyword');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('copies the code with "Copy code" and says it copied', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    try {
      const { message } = await chatAnswering('```python\nprint("hi")\n\nx = 1\n```');
      await until(() => message.querySelector('pre code span') !== null);
      const button = message.querySelector<HTMLButtonElement>('.code-block button')!;
      expect(button.textContent!.trim()).to.equal('Copy code');
      expect(button.getAttribute('aria-label')).to.equal(null);
      const status = message.querySelector('.code-block [role="status"]')!;
      expect(status.textContent).to.equal('');
      button.click();
      await until(() => status.textContent === 'Copied');
      expect(written).to.deep.equal(['print("hi")\n\nx = 1']);
      expect(button.textContent!.trim()).to.equal('Copy code');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('says so when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    try {
      const { message } = await chatAnswering('```\nsecret\n```');
      message.querySelector<HTMLButtonElement>('.code-block button')!.click();
      const status = message.querySelector('.code-block [role="status"]')!;
      await until(() => status.textContent === 'Copy failed');
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('highlights a block only once its closing fence has arrived', async () => {
    const { el, message } = await chatAnswering('```js\nconst a = 1;\nconst b = 2;', { chunks: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(message.querySelector('pre code')!.textContent).to.equal('const a = 1;\nconst b = 2;');
    expect(message.querySelectorAll('pre code span'), 'an unclosed block stays plain').to.have.length(0);
    expect(deepQuery(el, '.copy-code')).to.exist;
  });
});

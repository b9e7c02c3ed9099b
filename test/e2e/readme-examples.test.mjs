// The README's examples marked `<!-- readme-example: cdn -->` run, as written, on the CDN build
// (dist/cdn/soliplex-chat.js, where `chat.engine` is undefined until the engine's code has arrived),
// against the demo server's scripted model, in the system Chromium. The README's example page is the
// page: its elements and its module scripts, with the CDN URL and the agent's URL pointed here.
/* global document -- page.evaluate callbacks run in the page */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { setUpE2e } from './e2e-setup.mjs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The marked examples in the README's order: `{ lang, code }`. */
function readmeExamples() {
  return [...README.matchAll(/<!-- readme-example: cdn -->\n```(\w+)\n([^]*?)\n```/g)].map((m) => ({ lang: m[1], code: m[2] }));
}

/** An example as markup (the elements it puts on the page) and the module scripts it runs. */
function split({ lang, code }) {
  if (lang === 'js') return { markup: '', scripts: [code] };
  const scripts = [...code.matchAll(/<script type="module">([^]*?)<\/script>/g)].map((m) => m[1]);
  const markup = code.replace(/<script\b[^]*?<\/script>/g, '').trim();
  return { markup, scripts };
}

describe('README examples on the CDN build', () => {
  let env;
  before(async () => (env = await setUpE2e({ hosts: [] })), { timeout: 15 * 60_000 });
  after(async () => env?.close());

  it('finds the examples that use the engine', () => {
    const examples = readmeExamples();
    assert.ok(examples.length >= 3, `${examples.length} examples marked`);
    assert.ok(examples.filter((e) => /engineReady/.test(e.code)).length >= 2, 'the engine examples are among them');
    // None reaches for chat.engine directly: on the CDN build it is undefined at first.
    for (const { code } of examples) assert.doesNotMatch(code.replace(/\/\/.*$/gm, ''), /chat\.engine\b(?!Ready)/);
  });

  it('each runs as written, and together they see a tool call and its turn finish', { timeout: 90_000 }, async () => {
    const page = await env.browser.newPage();
    const pageErrors = [];
    const logged = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`${env.servers.url}/demo-config.json`); // a page of the demo server's origin, no chat on it yet
    await page.evaluate(() => import('/dist/cdn/soliplex-chat.js'));

    for (const example of readmeExamples()) {
      const { markup, scripts } = split(example);
      // The README's agent URL is the reader's; here it is the demo server's AG-UI endpoint.
      if (markup) await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), markup.replaceAll('/api/agent', `${env.servers.aguiUrl}/agent`));
      for (const script of scripts) {
        // A module script's body, top-level await included, as the body of an async function.
        const outcome = await page.evaluate(`(async () => {\n${script}\n})().then(() => 'ran', (error) => 'threw: ' + error)`);
        assert.equal(outcome, 'ran', `the example threw:\n${script}`);
      }
    }

    // The first example registered get_selection; the scripted model calls a tool the message names.
    await page.evaluate(() => document.querySelector('soliplex-chat').send('Use get_selection, please.'));
    for (let i = 0; i < 200 && !logged.some((line) => line.startsWith('turn ')); i++) await new Promise((resolve) => setTimeout(resolve, 50));

    assert.ok(logged.includes('tool get_selection {}'), `the middleware saw the call: ${JSON.stringify(logged)}`);
    assert.ok(logged.includes('turn success 1 tool calls'), `the listener saw the turn end: ${JSON.stringify(logged)}`);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

// A newcomer's first minutes with the demo page and the README: the prompts above the chat send
// themselves and cover every feature the demo server can show, the chat shows its thread list and
// takes attachments, and the README's first tool (get_selection) answers with what the person
// selected before clicking into the chat to ask.
/* global document, getSelection -- page.evaluate callbacks run in the page */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { SHOWCASES } from '../../demo/server/showcase-runs.mjs';
import { setUpE2e } from './e2e-setup.mjs';

const answerText = (page, pattern) => page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: pattern });

describe('demo page for a newcomer', () => {
  let env;
  before(async () => (env = await setUpE2e({ hosts: [] })), { timeout: 15 * 60_000 });
  after(async () => env?.close());

  async function open(path = '/demo/') {
    const page = await env.browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${env.servers.url}${path}`);
    await page.locator('soliplex-chat textarea').waitFor();
    return { page, pageErrors };
  }

  /** Selects the text of `selector` with the mouse (a triple click), as a person would. */
  async function selectWithMouse(page, selector) {
    await page.locator(selector).click({ clickCount: 3 });
    const selected = await page.evaluate(() => String(getSelection()).trim());
    assert.ok(selected.length > 10, `something is selected (${JSON.stringify(selected)})`);
    return selected;
  }

  /** Clicks into the composer (which clears the page's selection), then asks. */
  async function askFromComposer(page, text) {
    await page.locator('soliplex-chat textarea').click();
    assert.equal(await page.evaluate(() => String(getSelection())), '', 'clicking into the chat cleared the selection');
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
  }

  it('has a prompt for every feature the demo server can show ("show …") and for the Soliplex room', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    const prompts = await page.locator('#prompts button[data-prompt]').evaluateAll((buttons) => buttons.map((b) => b.dataset.prompt));
    for (const name of SHOWCASES) assert.ok(prompts.includes(`show ${name}`), `a "show ${name}" prompt`);
    assert.ok(prompts.some((p) => /^search the documents for /i.test(p)), 'a document search');
    assert.ok(prompts.some((p) => /^show citations$/i.test(p)), 'show citations');
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('clicking a prompt sends it: the question shows as the user message, the tools run, the answer comes', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    await page.getByRole('button', { name: 'What are the secret numbers for alice and bob?' }).click();
    await page.locator('soliplex-chat [part~="user-message"]').filter({ hasText: 'What are the secret numbers for alice and bob?' }).waitFor({ timeout: 20_000 });
    await answerText(page, /returned 42.*returned 7|returned 7.*returned 42/s).waitFor({ timeout: 20_000 });

    await page.locator('soliplex-chat [part~="send-button"]').waitFor();
    await page.getByRole('button', { name: 'show markdown' }).click();
    await page.locator('soliplex-chat [part~="assistant-message"] table').waitFor({ timeout: 20_000 });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('a Soliplex prompt switches the backend and answers with citations from the room\'s documents', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    await page.getByRole('button', { name: 'Show citations' }).click();
    await answerText(page, /\[1\]/).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('input[value=soliplex]').isChecked(), true);
    assert.match(await page.locator('soliplex-chat').evaluate((chat) => chat.thread), /^[0-9a-f-]{36}$/, 'a Soliplex thread');
    assert.equal(new URL(page.url()).searchParams.get('backend'), 'soliplex');
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('shows the thread list and takes attachments', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    await page.locator('soliplex-chat [part~="thread-list"]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.locator('soliplex-chat [part~="threads-toggle"]').click();
    await page.locator('soliplex-chat [part~="thread-list"]').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');

    await page.locator('soliplex-chat [part~="attach-button"]').waitFor();
    await page.locator('soliplex-chat input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('remember the milk') });
    await page.locator('soliplex-chat [part~="attachment"]').filter({ hasText: 'notes.txt' }).waitFor();
    await page.locator('soliplex-chat textarea').fill('Here are my notes');
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat [part~="message-attachment"]').filter({ hasText: 'notes.txt' }).waitFor({ timeout: 20_000 });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it("the demo's get_selection returns the text selected before the person clicked into the chat", { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    const selected = await selectWithMouse(page, 'main > p');
    await askFromComposer(page, 'What is my selection?');
    // The answer streams: wait until it quotes the whole selection.
    await answerText(page, /get_selection\(\) returned/).filter({ hasText: selected }).waitFor({ timeout: 20_000 });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it("the README's first tool, as written there, returns the text selected before the person clicked into the chat", { timeout: 60_000 }, async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const snippet = [...readme.matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1]).find((html) => html.includes("name: 'get_selection'"));
    assert.ok(snippet, 'the README has the get_selection example');
    // The README's page, with the local build for the CDN one and the demo server's agent.
    const html = snippet
      .replace(/src="https:\/\/cdn\.jsdelivr\.net\/npm\/soliplex-chat@[^"]*\/dist\/cdn\/soliplex-chat\.js"/, 'src="/dist/cdn/soliplex-chat.js"')
      .replace(/agent-url="[^"]*"/, `agent-url="${env.servers.agentUrl}"`);
    assert.notEqual(html, snippet);
    const page = await env.browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // On a page of the demo server (its origin serves /dist): the README's markup, its scripts
    // made anew so that they run, in document order as a parsed page runs them (async = false).
    await page.goto(`${env.servers.url}/demo-config.json`);
    await page.evaluate((markup) => {
      document.body.innerHTML = `<p id="article">The quarterly report is due on Friday the 13th.</p>${markup}`;
      for (const old of document.body.querySelectorAll('script')) {
        const script = document.createElement('script');
        for (const { name, value } of old.attributes) script.setAttribute(name, value);
        script.textContent = old.textContent;
        script.async = false;
        old.replaceWith(script);
      }
    }, html);
    await page.locator('soliplex-chat textarea').waitFor();
    const selected = await selectWithMouse(page, '#article');
    await askFromComposer(page, 'What is my selection?');
    // The answer streams: wait until it quotes the whole selection.
    await answerText(page, /get_selection\(\) returned/).filter({ hasText: selected }).waitFor({ timeout: 20_000 });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

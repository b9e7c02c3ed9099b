#!/usr/bin/env node
// Screenshots of the widget for docs/: light and dark themes in the empty, tool-running, approval,
// answered, writing, stopped, error, jump-to-latest, interrupted (a tool running at a reload) and
// not-answered (an approval pending at a reload, asked again)
// states, with its thread list (live badges), the demo page with client tools (a group, an image
// result, the inspector), and the demo page at 375 px, taken from the real demo
// (CDN bundle, demo server) in headless Chromium.
// Usage: npm run build && node scripts/screenshots.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

/**
 * The chat with its thread list (`thread-list`): four threads at once, three of them in the background —
 * one unread, one waiting for approval, one executing a tool — and the one on screen answered.
 */
async function shootThreads(theme) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 640 }, colorScheme: theme });
  await page.goto(`http://localhost:${port}/demo/`);
  const chat = page.locator('soliplex-chat');
  await page.locator('soliplex-chat textarea').waitFor();
  await chat.evaluate((el, t) => {
    el.setAttribute('theme', t);
    el.setAttribute('no-persist', '');
    el.setAttribute('thread-list', '');
    // eslint-disable-next-line no-undef -- runs in the page
    document.body.style.gridTemplateColumns = '1fr 860px';
    el.style.height = '640px';
  }, theme);
  const newChat = page.locator('soliplex-chat soliplex-thread-list [part~="new-chat-button"]');
  await newChat.waitFor();
  const ask = async (text) => {
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
  };
  const badge = (text) => page.locator('soliplex-chat [part~="badge"]').getByText(text).first().waitFor({ timeout: 15000 });
  await ask('What are the secret numbers for alice and bob?');
  await badge(/Streaming|Calling|Executing/);
  await newChat.click();
  await ask('Please delete the note');
  await badge('Waiting for approval');
  await newChat.click();
  await ask('What can you do?');
  await page.locator('soliplex-chat [part~="unread-badge"]').first().waitFor({ timeout: 40000 });
  await page.locator('soliplex-chat [part~="assistant-message"]').first().waitFor({ timeout: 15000 });
  await newChat.click();
  await ask('Run the slow task please');
  await page.locator('soliplex-chat [part~="tool-card"]').getByText(/executing/i).first().waitFor();
  await badge('Executing Slow task');
  await chat.screenshot({ path: new URL(`${theme}-threads.png`, out).pathname });
  await page.close();
}

/**
 * The whole demo page with the client-tool model at work: the collapsed weather group expanded by the
 * model (its card says what changed), a tool's image result, and the inspector beside the chat.
 */
async function shootTools(theme) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
  await page.goto(`http://localhost:${port}/demo/`);
  await page.locator('soliplex-chat textarea').waitFor();
  const ask = async (text) => {
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
  };
  const answer = (pattern) => page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: pattern });
  await ask('What is the weather forecast for Paris?');
  await answer(/get_forecast\(city="Paris"\) returned/).waitFor({ timeout: 20000 });
  await page.locator('soliplex-chat [part~="send-button"]').waitFor();
  await ask('Draw a chart');
  await page.locator('soliplex-chat [part~="tool-content"] img').waitFor({ timeout: 20000 });
  await page.locator('soliplex-chat [part~="send-button"]').waitFor();
  await page.screenshot({ path: new URL(`${theme}-client-tools.png`, out).pathname });
  await page.close();
}

/**
 * An answer's extras on Soliplex (room "demo", `show-usage`): two answers with their numbered sources,
 * the first source open (its cited text and the page preview the chunk route makes), "Bad response"
 * chosen with the reason field open, and the usage line (the answer's tokens, the thread's on the last).
 */
async function shootAnswers(theme) {
  const page = await browser.newPage({ viewport: { width: 900, height: 1220 }, colorScheme: theme });
  await page.goto(`http://localhost:${port}/demo/`);
  const chat = page.locator('soliplex-chat');
  await page.locator('soliplex-chat textarea').waitFor();
  await page.check('input[value=soliplex]');
  await chat.evaluate((el, t) => {
    el.setAttribute('theme', t);
    el.setAttribute('show-usage', '');
    el.removeAttribute('thread-list');
    // eslint-disable-next-line no-undef -- runs in the page
    document.body.style.gridTemplateColumns = '1fr 720px';
    el.style.height = '1220px';
  }, theme);
  const ask = async (text) => {
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached', timeout: 15000 });
  };
  await ask('Search the documents for secret numbers');
  await page.locator('soliplex-chat [part~="sources"]').first().waitFor({ timeout: 15000 });
  await ask('Show citations');
  await page.locator('soliplex-chat [part~="sources"]').nth(1).waitFor({ timeout: 15000 });
  await page.locator('soliplex-chat [part~="usage"]').getByText(/Thread/).waitFor({ timeout: 15000 });
  const first = page.locator('soliplex-chat soliplex-answer-extras').first();
  await first.locator('[part~="source"] summary').first().click();
  await first.locator('[part~="source-preview"]').first().waitFor({ timeout: 15000 });
  await first.getByRole('button', { name: 'Bad response', exact: true }).click();
  await first.locator('[part~="feedback-reason"] input').fill('Bob’s number is missing.');
  await chat.evaluate((el) => el.shadowRoot.querySelector('soliplex-message-list').scrollToEnd());
  await page.waitForTimeout(300); // the scroll settles
  await chat.screenshot({ path: new URL(`${theme}-answer-extras.png`, out).pathname });
  await page.close();
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
/** `--only=answers`: just the answers' extras (a quicker run while working on them). */
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
try {
  for (const theme of only === 'answers' ? [] : ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: theme });
    await page.goto(`http://localhost:${port}/demo/`);
    const chat = page.locator('soliplex-chat');
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    await page.locator('soliplex-chat textarea').waitFor();
    const shoot = (name) => chat.screenshot({ path: new URL(`${theme}-${name}.png`, out).pathname });
    const ask = async (text) => {
      await chat.evaluate((el) => el.newChat());
      await page.locator('soliplex-chat textarea').fill(text);
      await page.locator('soliplex-chat textarea').press('Enter');
    };

    await shoot('empty');
    await ask('Run the slow task please');
    await page.locator('soliplex-chat [part~="tool-card"]').getByText(/executing/i).first().waitFor();
    await shoot('tool-running');
    await page.locator('soliplex-chat [part~="assistant-message"]').getByText(/returned slow task finished/).waitFor({ timeout: 15000 });

    await ask('Please delete the note');
    await page.locator('soliplex-chat [part~="approve-button"]').waitFor();
    await shoot('approval');
    await page.locator('soliplex-chat [part~="approve-button"]').click();

    await ask('What are the secret numbers for alice and bob?');
    await page.locator('soliplex-chat [part~="assistant-message"]').getByText(/returned 42/).waitFor({ timeout: 15000 });
    // eslint-disable-next-line no-undef -- runs in the page
    await page.waitForFunction(() => document.querySelector('soliplex-chat')?.shadowRoot?.querySelector('[part~="stop-button"]') === null);
    await shoot('answered');

    // Markdown as the chat renders it: a GFM table, a highlighted code block with its label and Copy
    // code, a nested list, strikethrough and an autolink.
    await ask('show markdown');
    await page.locator('soliplex-chat [part~="assistant-message"] table').waitFor({ timeout: 15000 });
    await page.locator('soliplex-chat [part~="assistant-message"] pre .hljs-keyword').first().waitFor({ timeout: 15000 });
    await shoot('markdown');

    // The reader scrolled up: "Jump to latest" offers the way back.
    await page.locator('soliplex-chat textarea').fill('And who are you, what else can you do?');
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat [part~="regenerate-button"]').waitFor({ timeout: 15000 });
    await page.locator('soliplex-chat [part~="messages"]').evaluate((el) => (el.scrollTop = 0));
    await page.locator('soliplex-chat [part~="jump-to-latest"]').waitFor();
    await shoot('jump-to-latest');

    // Text streaming in: "Writing…" and a caret. (The scripted model lists its tools at length.)
    await ask('Hello there, who are you and what can you do?');
    await page.locator('soliplex-chat [part~="status"]').getByText('Writing…').waitFor();
    await shoot('writing');
    await page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached', timeout: 15000 });

    // Stop while a tool runs: the card says "Stopped", focus stays in the composer.
    await ask('Run the slow task please');
    await page.locator('soliplex-chat [part~="tool-card"]').getByText(/executing/i).first().waitFor();
    await page.locator('soliplex-chat [part~="stop-button"]').click();
    await page.locator('soliplex-chat [part~="tool-status"]').getByText('Stopped').waitFor();
    await shoot('stopped');

    // An agent that cannot be reached: what it means, and the browser's words under Details.
    const agentUrl = await chat.evaluate((el) => el.getAttribute('agent-url'));
    await chat.evaluate((el) => el.setAttribute('agent-url', 'http://127.0.0.1:9/agent'));
    await ask('Hello?');
    await page.locator('soliplex-chat [part~="error-details"]').waitFor();
    await page.locator('soliplex-chat [part~="error-details"] summary').click();
    await shoot('error');
    await chat.evaluate((el, url) => el.setAttribute('agent-url', url), agentUrl);

    // A reload while a tool runs: the call comes back interrupted (Run again), the turn with Continue.
    await ask('Run the slow task please');
    await page.locator('soliplex-chat [part~="tool-card"]').getByText(/executing/i).first().waitFor();
    await page.waitForTimeout(400); // the chat keeps the turn a moment after it shows it
    await page.reload();
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    await page.locator('soliplex-chat [part~="run-again-button"]').waitFor({ timeout: 15000 });
    // The status line's Continue comes with its rare states' chunk (run-status-extras.ts).
    await page.locator('soliplex-chat [part~="continue-button"]').waitFor({ timeout: 15000 });
    await shoot('interrupted');

    // Soliplex: an approval still pending when the page reloads is asked again, not a failure.
    await page.check('input[value=soliplex]');
    await ask('Please delete the note');
    await page.locator('soliplex-chat [part~="approve-button"]').waitFor();
    // eslint-disable-next-line no-undef -- runs in the page
    await page.waitForFunction(() => new URL(location.href).searchParams.get('thread'));
    await page.reload();
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    await page.locator('soliplex-chat [part~="approve-button"]').waitFor({ timeout: 15000 });
    await shoot('not-answered');
    await page.close();

    // The demo page on a phone, 375 px wide: the chat first, full width, following the colour scheme.
    const phone = await browser.newPage({ viewport: { width: 375, height: 740 }, colorScheme: theme, deviceScaleFactor: 1 });
    await phone.goto(`http://localhost:${port}/demo/`);
    await phone.locator('soliplex-chat textarea').fill('What are the secret numbers for alice and bob?');
    await phone.locator('soliplex-chat textarea').press('Enter');
    await phone.locator('soliplex-chat [part~="assistant-message"]').getByText(/returned 42/).waitFor({ timeout: 15000 });
    await phone.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached' });
    await phone.screenshot({ path: new URL(`${theme}-375px.png`, out).pathname });
    await phone.close();
    await shootThreads(theme);
    await shootTools(theme);
  }
  for (const theme of ['light', 'dark']) await shootAnswers(theme);
  console.log(`screenshots written to ${out.pathname}`);
} finally {
  await browser.close();
  demo.kill('SIGTERM');
}

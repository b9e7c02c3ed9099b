#!/usr/bin/env node
// Screenshots of an answer with a table and a code block (the demo's "show markdown"), light and dark:
// `<theme>-markdown.png` as it settles, and `<theme>-markdown-loading.png` while the code block's
// chunk is still on its way (held back here), the code shown plain in its place.
// Usage: npm run build && node scripts/screenshots-markdown.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { holdRequests, openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const theme of ['light', 'dark']) {
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 1100, height: 760 });
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    // Hold the code block's chunk until the plain code has been shot.
    const release = await holdRequests(page, /\/chunks\/code-block-[^/]*\.js$/);
    await page.locator('soliplex-chat textarea').fill('show markdown');
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat [part~="assistant-message"] table').waitFor({ timeout: 15000 });
    await page.locator('soliplex-chat [part~="assistant-message"] pre.code-plain').waitFor({ timeout: 15000 });
    await page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached', timeout: 15000 });
    await chat.screenshot({ path: new URL(`${theme}-markdown-loading.png`, out).pathname });
    release();
    await page.locator('soliplex-chat [part~="assistant-message"] pre .hljs-keyword').first().waitFor({ timeout: 15000 });
    await chat.screenshot({ path: new URL(`${theme}-markdown.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

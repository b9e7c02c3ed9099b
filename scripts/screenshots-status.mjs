#!/usr/bin/env node
// Screenshots of the run status line's rarer states, which load with the first (run-status-extras.ts),
// light and dark: a turn a reload interrupted while a tool ran, `<theme>-interrupted-loading.png` while
// that chunk is still on its way (held back here: the line is empty, the conversation all there) and
// `<theme>-interrupted.png` once it is in ("… the page was reloaded" and Continue).
// Usage: npm run build && node scripts/screenshots-status.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { holdRequests, openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const theme of ['light', 'dark']) {
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 1100, height: 760 });
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    await page.locator('soliplex-chat textarea').fill('Run the slow task please');
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat [part~="tool-card"]').getByText(/executing/i).first().waitFor();
    await page.waitForTimeout(400); // the chat keeps the turn a moment after it shows it
    // Hold the rare states' chunk until the line without them has been shot.
    const release = await holdRequests(page, /\/chunks\/run-status-extras-[^/]*\.js$/);
    await page.reload();
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    await page.locator('soliplex-chat [part~="run-again-button"]').waitFor({ timeout: 15000 });
    await chat.screenshot({ path: new URL(`${theme}-interrupted-loading.png`, out).pathname });
    release();
    await page.locator('soliplex-chat [part~="continue-button"]').waitFor({ timeout: 15000 });
    await chat.screenshot({ path: new URL(`${theme}-interrupted.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

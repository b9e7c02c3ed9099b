#!/usr/bin/env node
// Screenshots of Export (the header's button with its choices open) and of a usage line with its cost
// (`usagePrices`), light and dark, from the real demo (CDN bundle, demo server's Soliplex room) in
// headless Chromium. Usage: npm run build && node scripts/screenshots-export.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const theme of ['light', 'dark']) {
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 900, height: 640 });
    await page.check('input[value=soliplex]');
    await chat.evaluate((el, t) => {
      el.setAttribute('theme', t);
      el.setAttribute('show-usage', '');
      el.setAttribute('no-persist', '');
      el.setAttribute('chat-title', 'Support');
      el.removeAttribute('thread-list');
      el.usagePrices = { currency: 'USD', default: { input: 3, output: 15 } };
      // eslint-disable-next-line no-undef -- runs in the page
      document.body.style.gridTemplateColumns = '1fr 720px';
      el.style.height = '640px';
    }, theme);
    await page.locator('soliplex-chat textarea').fill('What is the secret number for alice?');
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached', timeout: 20000 });
    await page.locator('soliplex-chat [part~="usage"]').getByText(/\$/).first().waitFor({ timeout: 15000 });
    await page.locator('soliplex-chat [part~="export-button"]').click();
    await page.locator('soliplex-chat [part~="export-menu"]').waitFor();
    await page.waitForTimeout(300); // focus ring and scroll settle
    await chat.screenshot({ path: new URL(`${theme}-export.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

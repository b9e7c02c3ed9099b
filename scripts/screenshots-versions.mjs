#!/usr/bin/env node
// Screenshots of a user message with versions ("‹ 2 / 3 ›": the turn was regenerated twice, the
// second version on screen), light and dark, from the real demo (CDN bundle, demo AG-UI server's
// generic endpoint) in headless Chromium. Usage: npm run build && node scripts/screenshots-versions.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const theme of ['light', 'dark']) {
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 900, height: 560 });
    await chat.evaluate((el, t) => {
      el.setAttribute('theme', t);
      el.setAttribute('no-persist', '');
      el.setAttribute('chat-title', 'Support');
      el.removeAttribute('thread-list');
      // eslint-disable-next-line no-undef -- runs in the page
      document.body.style.gridTemplateColumns = '1fr 720px';
      el.style.height = '560px';
    }, theme);
    const idle = () => page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached', timeout: 20000 });
    await page.locator('soliplex-chat textarea').fill('Tell me a joke');
    await page.locator('soliplex-chat textarea').press('Enter');
    await idle();
    for (let i = 0; i < 2; i++) {
      await page.locator('soliplex-chat [part~="regenerate-button"]').click();
      await idle();
    }
    await page.getByRole('button', { name: 'Previous version' }).click();
    await page.locator('soliplex-chat [part~="versions"]').getByText('2 / 3').waitFor();
    // The actions are quiet: they show while their message is hovered.
    await page.locator('soliplex-chat [part~="user-message"]').hover();
    await page.waitForTimeout(300);
    await chat.screenshot({ path: new URL(`${theme}-versions.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

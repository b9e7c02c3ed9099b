#!/usr/bin/env node
// Screenshots of the chat in other languages for docs/: Arabic (right to left) on a 375 px phone, with its
// drawer open, and Japanese with the thread list, light and dark, from the real demo (CDN bundle, demo
// server) in headless Chromium. `lang` on <html> picks the translation, as on a host page.
// Usage: npm run build && node scripts/screenshots-languages.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

/** The demo page in `lang`, after one answered question (tool calls included). */
async function answered(browser, { lang, theme, width, height, listWidth }) {
  const { page, chat } = await openDemoPage(browser, port, theme, { width, height }, { deviceScaleFactor: 1 });
  await chat.evaluate(
    (el, { lang, theme, listWidth }) => {
      // eslint-disable-next-line no-undef -- runs in the page
      document.documentElement.lang = lang;
      el.setAttribute('theme', theme);
      el.setAttribute('no-persist', '');
      // eslint-disable-next-line no-undef -- runs in the page
      if (listWidth) document.body.style.gridTemplateColumns = `1fr ${listWidth}px`;
    },
    { lang, theme, listWidth },
  );
  // The translation has arrived when the Send button no longer says Send.
  await page.locator('soliplex-chat [part~="send-button"]').filter({ hasNotText: /^Send$/ }).waitFor();
  await page.locator('soliplex-chat textarea').fill('What are the secret numbers for alice and bob?');
  await page.locator('soliplex-chat textarea').press('Enter');
  await page.locator('soliplex-chat [part~="assistant-message"]').getByText(/42/).first().waitFor({ timeout: 20000 });
  await page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached' });
  return { page, chat };
}

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const theme of ['light', 'dark']) {
    // Arabic on a phone: right to left throughout; then the thread drawer, which comes from the right.
    const ar = await answered(browser, { lang: 'ar', theme, width: 375, height: 740 });
    await ar.page.screenshot({ path: new URL(`${theme}-ar-375px.png`, out).pathname });
    await ar.page.locator('soliplex-chat [part~="threads-toggle"]').click();
    await ar.page.waitForTimeout(300); // the drawer's slide (0.15 s)
    await ar.page.screenshot({ path: new URL(`${theme}-ar-375px-drawer.png`, out).pathname });
    await ar.page.close();

    // Japanese, with the thread list beside the chat.
    const ja = await answered(browser, { lang: 'ja', theme, width: 1100, height: 640, listWidth: 860 });
    await ja.chat.screenshot({ path: new URL(`${theme}-ja.png`, out).pathname });
    await ja.page.close();
  }
  console.log(`screenshots written to ${out.pathname}`);
} finally {
  await browser.close();
  demo.kill('SIGTERM');
}

#!/usr/bin/env node
// Screenshots of one answer per turn for docs/ (issue 24): a multi-hop tool turn as one answer with
// one set of actions (the earlier answer's actions quiet, the last one's shown), the placeholder
// between Send and the first output, and the same on a 375 px phone, light and dark, from the real
// demo (CDN bundle, demo server) in headless Chromium.
// Usage: npm run build && node scripts/screenshots-answers.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { holdRequests, openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

/** The demo page, themed, its chat keeping nothing; `hold` delays the agent's answers until released. */
async function demoPage(browser, { theme, width, height }) {
  const { page, chat } = await openDemoPage(browser, port, theme, { width, height }, { deviceScaleFactor: 1 });
  await chat.evaluate((el, t) => {
    el.setAttribute('theme', t);
    el.setAttribute('no-persist', '');
  }, theme);
  const ask = async (text) => {
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
  };
  const answered = async (pattern) => {
    await page.locator('soliplex-chat [part~="assistant-message"]').getByText(pattern).first().waitFor({ timeout: 20000 });
    await page.locator('soliplex-chat [part~="stop-button"]').waitFor({ state: 'detached', timeout: 20000 });
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300); // the actions' fade (0.15 s)
  };
  return { page, chat, ask, answered };
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const theme of ['light', 'dark']) {
    const { page, chat, ask, answered } = await demoPage(browser, { theme, width: 1100, height: 760 });
    // Two tool turns: the first answer's actions quiet (no hover), the last one's shown.
    await ask('What is the secret number of alice?');
    await answered(/42/);
    await ask('What are the secret numbers for alice and bob?');
    await answered(/7/);
    await chat.screenshot({ path: new URL(`${theme}-one-answer.png`, out).pathname });

    // The placeholder: the agent's answer held back until the shot is taken.
    const release = await holdRequests(page, /\/agent\b|\/agui\b/);
    await ask('What is the secret number of bob?');
    await page.locator('soliplex-chat [part~="answer-placeholder"]').waitFor();
    await page.waitForTimeout(200);
    await chat.screenshot({ path: new URL(`${theme}-answer-placeholder.png`, out).pathname });
    release();
    await page.close();

    const phone = await demoPage(browser, { theme, width: 375, height: 740 });
    await phone.ask('What are the secret numbers for alice and bob?');
    await phone.answered(/7/);
    await phone.page.screenshot({ path: new URL(`${theme}-one-answer-375px.png`, out).pathname });
    await phone.page.close();
  }
  console.log(`screenshots written to ${out.pathname}`);
} finally {
  await browser.close();
  demo.kill('SIGTERM');
}

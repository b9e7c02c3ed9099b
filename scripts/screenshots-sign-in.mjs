#!/usr/bin/env node
// Screenshots of a Soliplex room's sign-in and documents (issue 23), light and dark: the Sign in
// offer of a server in auth mode, the signed-in header (Documents, Sign out) after an answer, and the
// documents picker. Taken from the CDN bundle against the demo server in auth mode, signing in
// through its demo identity provider, in headless Chromium.
// Usage: npm run build && node scripts/screenshots-sign-in.mjs
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { startDemoServers } from './demo-servers.mjs';
import { startAguiServer } from '../demo/server/agui-server.mjs';
import { scriptedModel } from '../demo/server/scripted-model.mjs';

const out = new URL('../docs/screenshots/', import.meta.url);
await mkdir(out, { recursive: true });

const servers = await startDemoServers({ port: 0, aguiPort: 0, model: scriptedModel });
const auth = await startAguiServer({ port: 0, model: scriptedModel, soliplexToken: 'screenshots-only' });
const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });

async function shoot(theme) {
  const page = await browser.newPage({ viewport: { width: 720, height: 560 }, colorScheme: theme });
  const pageUrl = `${servers.url}/test/e2e/pages/soliplex-sign-in.html?server=${encodeURIComponent(auth.url)}&room=demo`;
  const setUp = () =>
    page.locator('soliplex-chat').evaluate((el, t) => {
      el.setAttribute('theme', t);
      el.setAttribute('chat-title', 'Demo room');
      el.style.height = '520px';
      // eslint-disable-next-line no-undef -- runs in the page
      document.body.style.margin = '20px';
    }, theme);
  await page.goto(pageUrl);
  await setUp();
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await signIn.waitFor();
  await page.screenshot({ path: new URL(`${theme}-sign-in.png`, out).pathname });

  await signIn.click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor({ timeout: 15000 });
  await setUp();
  await page.locator('soliplex-chat textarea').fill('What does the handbook say about secret numbers?');
  await page.locator('soliplex-chat textarea').press('Enter');
  await page.locator('soliplex-chat [part~="assistant-message"]').first().waitFor({ timeout: 15000 });
  // eslint-disable-next-line no-undef -- runs in the page
  await page.waitForFunction(() => window.pageEvents.some((e) => e.startsWith('finished')), undefined, { timeout: 15000 });
  await page.screenshot({ path: new URL(`${theme}-signed-in.png`, out).pathname });

  await page.locator('soliplex-chat [part~="documents-button"]').click();
  const boxes = page.locator('soliplex-chat [part~="documents"] input[type="checkbox"]');
  await boxes.first().check();
  await boxes.nth(2).check();
  await page.screenshot({ path: new URL(`${theme}-documents.png`, out).pathname });
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn.waitFor({ timeout: 15000 });
  await page.close();
}

try {
  for (const theme of ['light', 'dark']) await shoot(theme);
  console.log('wrote docs/screenshots/{light,dark}-{sign-in,signed-in,documents}.png');
} finally {
  await browser.close();
  await auth.close();
  await servers.close();
}

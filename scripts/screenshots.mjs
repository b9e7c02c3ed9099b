#!/usr/bin/env node
// Screenshots of the widget for docs/: light and dark themes in the empty, tool-running, approval and
// answered states, taken from the real demo (CDN bundle, demo server) in headless Chromium.
// Usage: npm run build && node scripts/screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';

const out = new URL('../docs/screenshots/', import.meta.url);
await mkdir(out, { recursive: true });

const port = 18000 + Math.floor(Math.random() * 1000);
const demo = spawn(process.execPath, ['scripts/start-demo.mjs'], {
  env: { ...process.env, PORT: String(port), AGUI_PORT: String(port + 1) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  demo.stdout.on('data', (chunk) => String(chunk).includes('http://') && resolve());
  demo.on('exit', (code) => reject(new Error(`demo exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: theme });
    await page.goto(`http://localhost:${port}/demo/`);
    const chat = page.locator('soliplex-chat');
    await chat.evaluate((el, t) => el.setAttribute('theme', t), theme);
    await page.locator('soliplex-chat textarea').waitFor();
    const shoot = (name) => chat.screenshot({ path: new URL(`${theme}-${name}.png`, out).pathname });
    const ask = async (text) => {
      await chat.evaluate((el) => el.newThread());
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
    await page.close();
  }
  console.log(`screenshots written to ${out.pathname}`);
} finally {
  await browser.close();
  demo.kill('SIGTERM');
}

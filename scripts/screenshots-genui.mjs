#!/usr/bin/env node
// Screenshots of the generative UI activities for docs/: an A2UI surface (`show a2ui`, with the name
// typed in) and an MCP App (`show mcp`, the dice roller in its sandboxed frame), light and dark, from
// the real demo (CDN bundle, demo server) in headless Chromium.
// Usage: npm run build && node scripts/screenshots-genui.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  for (const theme of ['light', 'dark']) {
    for (const [name, prompt] of [['a2ui', 'show a2ui'], ['mcp-app', 'show mcp']]) {
      const page = await browser.newPage({ viewport: { width: 900, height: 760 }, colorScheme: theme });
      await page.goto(`http://localhost:${port}/demo/`);
      const chat = page.locator('soliplex-chat');
      await chat.evaluate((el, t) => {
        el.setAttribute('theme', t);
        el.setAttribute('no-persist', '');
      }, theme);
      await page.locator('soliplex-chat textarea').waitFor();
      await page.locator('soliplex-chat textarea').fill(prompt);
      await page.locator('soliplex-chat textarea').press('Enter');
      if (name === 'a2ui') {
        const field = page.locator('soliplex-chat a2ui-surface input[type="text"], soliplex-chat a2ui-surface input:not([type])').first();
        await field.waitFor({ timeout: 30000 });
        await field.fill('Ada');
      } else {
        await page.locator('soliplex-chat soliplex-mcp-app-activity iframe').waitFor({ timeout: 30000 });
        await page.frameLocator('soliplex-chat soliplex-mcp-app-activity iframe').getByText(/=/).first().waitFor({ timeout: 15000 });
      }
      await page.waitForTimeout(500); // the frame's resize and the scroll settle
      await chat.screenshot({ path: new URL(`${theme}-${name}.png`, out).pathname });
      await page.close();
    }
  }
} finally {
  await browser.close();
  demo.kill('SIGTERM');
}

#!/usr/bin/env node
// Screenshots of sources from metadata (AG-UI 1.1, issue 25 item 6), light and dark: a generic
// endpoint (the demo server's scripted agent) whose search tool result carries text parts with a
// `source` and `title` in their metadata; the answer shows them numbered, the first one opened.
// Usage: npm run build && node scripts/screenshots-metadata-sources.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

const hits = [
  { type: 'text', text: 'AG-UI is an open, event-based protocol that connects AI agents to user-facing applications.', metadata: { source: 'https://docs.ag-ui.com/introduction', title: 'Introduction' } },
  { type: 'text', text: '**Unrecognised material is not an error. A malformed known value is.** An event of a type this implementation does not recognise MUST NOT abort the run.', metadata: { source: 'https://docs.ag-ui.com/spec/1.1/basic/processing', title: 'Processing Model' } },
];
const say = (id, text) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const run = [
  { type: 'RUN_STARTED' },
  { type: 'TOOL_CALL_START', toolCallId: 'search-1', toolCallName: 'search_docs', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'search-1', delta: '{"query":"what is AG-UI"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'search-1' },
  { type: 'TOOL_CALL_RESULT', messageId: 'search-r1', toolCallId: 'search-1', content: hits },
  ...say('a2', 'AG-UI is an open protocol that connects agents to the apps people use [1]. A 1.1 client strips what it does not recognise, with a warning, and fails only on a malformed known value [2].'),
  { type: 'RUN_FINISHED' },
];

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const theme of ['light', 'dark']) {
    const response = await fetch(`http://localhost:${port + 1}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [run] }) });
    const { agentUrl } = await response.json();
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 720, height: 620 });
    await chat.evaluate((el, [t, url]) => {
      el.setAttribute('theme', t);
      el.setAttribute('no-persist', '');
      el.setAttribute('agent-url', url);
      el.style.height = '620px';
    }, [theme, agentUrl]);
    await page.locator('soliplex-chat textarea').fill('What is AG-UI?');
    await page.locator('soliplex-chat textarea').press('Enter');
    const source = page.locator('soliplex-chat soliplex-answer-extras [part~="source"]').first();
    await source.waitFor({ timeout: 15000 });
    await source.locator('summary').click();
    await page.locator('soliplex-chat soliplex-answer-extras [part~="source-chunk"]').first().waitFor();
    await page.waitForTimeout(300);
    await chat.screenshot({ path: new URL(`${theme}-metadata-sources.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

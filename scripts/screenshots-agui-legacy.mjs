#!/usr/bin/env node
// Screenshots of older AG-UI shapes repaired as AG-UI 1.1 asks (issue 25), light and dark: a generic
// endpoint set as `max-protocol-version="0.0.57"` (the demo server's scripted agent) whose messages
// snapshot carries a 0.x `binary` image (shown as the user message's attachment, upgraded to a 1.0
// image part), a text message of a role outside the closed set (shown as the agent's, the role
// stripped with a warning) and a subagent's message (shown flat: that era has no subagents).
// Usage: npm run build && node scripts/screenshots-agui-legacy.mjs
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { openDemoPage, startDemo } from './screenshot-demo.mjs';

/** A 96×64 PNG: a blue square on an amber ground (RGB, no filter), base64. */
function png(width = 96, height = 64) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = x > 28 && x < 68 && y > 12 && y < 52;
      rows.set(inside ? [11, 92, 173] : [255, 214, 102], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]).toString('base64');
}

const { out, port, demo } = await startDemo();

const sub = { subagentRunId: 'sub-1' };
const run = [
  { type: 'RUN_STARTED' },
  { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'vision' },
  { type: 'TEXT_MESSAGE_START', messageId: 's1', role: 'assistant', ...sub },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 's1', delta: 'The image is 96 by 64 pixels, mostly amber.', ...sub },
  { type: 'TEXT_MESSAGE_END', messageId: 's1', ...sub },
  { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'n1', role: 'narrator' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'n1', delta: 'A dark blue square sits in the middle of an amber field.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'n1' },
  {
    type: 'MESSAGES_SNAPSHOT',
    messages: [
      { id: 'u-legacy', role: 'user', content: [{ type: 'text', text: 'What is in this picture?' }, { type: 'binary', mimeType: 'image/png', data: png(), filename: 'square.png' }] },
      { id: 's1', role: 'assistant', content: 'The image is 96 by 64 pixels, mostly amber.', ...sub },
      { id: 'n1', role: 'assistant', content: 'A dark blue square sits in the middle of an amber field.' },
    ],
  },
  { type: 'RUN_FINISHED' },
];

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const theme of ['light', 'dark']) {
    const response = await fetch(`http://localhost:${port + 1}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [run] }) });
    const { agentUrl } = await response.json();
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 720, height: 520 });
    await chat.evaluate((el, [t, url]) => {
      el.setAttribute('theme', t);
      el.setAttribute('no-persist', '');
      el.setAttribute('max-protocol-version', '0.0.57');
      el.setAttribute('agent-url', url);
      el.style.height = '520px';
    }, [theme, agentUrl]);
    await page.locator('soliplex-chat textarea').fill('What is in this picture?');
    await page.locator('soliplex-chat textarea').press('Enter');
    await page.locator('soliplex-chat img[part~="message-attachment"]').first().waitFor({ timeout: 15000 });
    await page.locator('soliplex-chat [part~="assistant-message"]').getByText('dark blue square').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(300);
    const jump = page.locator('soliplex-chat [part~="jump-to-latest"]');
    if (await jump.isVisible()) console.log(`${theme}: "Jump to latest" is shown although the conversation fits`);
    await chat.screenshot({ path: new URL(`${theme}-agui-legacy-shapes.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

#!/usr/bin/env node
// Screenshots of a long chat (1,000 messages) scrolled to its middle, light and dark: the pages near the
// viewport rendered, the others empty placeholders of their height (the scrollbar as if all were there).
// From the real demo page (CDN bundle), the conversation given to the chat's engine in the page.
// Usage: npm run build && node scripts/screenshots-long-chat.mjs
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { openDemoPage, startDemo } from './screenshot-demo.mjs';

const { out, port, demo } = await startDemo();

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const theme of ['light', 'dark']) {
    const { page, chat } = await openDemoPage(browser, port, theme, { width: 900, height: 640 });
    const counts = await chat.evaluate(async (el, t) => {
      const core = await import('/dist/cdn/core.js');
      const registry = new core.RunRegistry();
      const engine = new core.RunOrchestrator({ transport: { run: async () => ({ runId: 'unused' }) }, registry });
      const messages = [];
      for (let i = 0; i < 1000; i++) {
        const n = i >> 1;
        messages.push(
          i % 2 === 0
            ? { role: 'user', id: `u${i}`, text: `Question ${n}: how do I rotate the logs of service ${n}?` }
            : {
                role: 'assistant',
                id: `a${i}`,
                text: `Answer ${n}: set **rotate** in \`/etc/app/${n}.conf\`${n % 3 ? '.' : ':\n\n- keep 7 days\n- compress the old ones'}`,
                toolCallIds: [],
                complete: true,
              },
        );
      }
      const conversation = core.reduceConversation({ messages, toolCalls: {}, state: null }, { type: 'RUN_FINISHED', threadId: 'long', runId: 'r' });
      registry.set({ key: { server: '', room: '', thread: 'long' }, conversation, run: { status: 'idle' }, unread: false });
      // A chat of its own on that engine (a chat's backend is decided once, when it connects).
      // eslint-disable-next-line no-undef -- runs in the page
      const chat = document.createElement('soliplex-chat');
      chat.engine = engine;
      chat.setAttribute('thread', 'long');
      chat.setAttribute('theme', t);
      chat.setAttribute('no-persist', '');
      chat.setAttribute('chat-title', 'A long chat');
      chat.style.height = '640px';
      // eslint-disable-next-line no-undef -- runs in the page
      document.body.style.gridTemplateColumns = '1fr 720px';
      el.replaceWith(chat);
      el = chat;
      const list = () => el.shadowRoot.querySelector('soliplex-message-list')?.shadowRoot;
      // Every page in place (older ones come in idle chunks), then the middle of the conversation.
      for (let i = 0; i < 600 && !list()?.querySelector('[data-page-id="u0"]'); i++) await new Promise((r) => setTimeout(r, 16));
      if (!list()) return { error: [...el.shadowRoot.querySelectorAll('*')].map((e) => e.localName).slice(0, 40).join(' ') };
      const scroller = list().querySelector('[part~="messages"]');
      for (let i = 0; i < 30; i++) {
        scroller.scrollTop = scroller.scrollHeight / 2 - scroller.clientHeight / 2;
        // eslint-disable-next-line no-undef -- runs in the page
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
      }
      return { messages: list().querySelectorAll('[data-message-id]').length, placeholders: list().querySelectorAll('.placeholder').length };
    }, theme);
    if (counts.error) throw new Error(counts.error);
    console.log(`${theme}: ${counts.messages} messages rendered of 1,000, ${counts.placeholders} placeholder pages`);
    await page.waitForTimeout(300);
    await chat.screenshot({ path: new URL(`${theme}-long-chat.png`, out).pathname });
    await page.close();
  }
} finally {
  await browser.close();
  demo.kill();
}

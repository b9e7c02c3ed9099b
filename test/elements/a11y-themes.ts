import { expect } from '@open-wc/testing';
import { settled } from './chat-fixture.js';
import type { SoliplexChat } from '../../src/index.js';

/**
 * axe on `root` (default: the chat) in the light theme, then in the dark one (issue 24 item 10:
 * contrast ≥ 4.5:1, names, landmarks in both). The chat's `theme` attribute is put back afterwards.
 */
export async function accessibleInBothThemes(chat: SoliplexChat, what: string, root: Element = chat): Promise<void> {
  const before = chat.getAttribute('theme');
  try {
    for (const theme of ['light', 'dark'] as const) {
      chat.setAttribute('theme', theme);
      await settled(chat);
      await expect(root, `${what}, ${theme} theme`).to.be.accessible();
    }
  } finally {
    if (before === null) chat.removeAttribute('theme');
    else chat.setAttribute('theme', before);
  }
}

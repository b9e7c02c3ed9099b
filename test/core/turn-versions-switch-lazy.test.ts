import { expect, waitUntil } from '@open-wc/testing';
// Not through the core's index, which re-exports message-branches.ts (the CDN's chat imports modules one by one).
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { emptyConversation } from '../../src/core/conversation/empty-conversation.js';
import type { Conversation } from '../../src/core/conversation/conversation.js';
import type { ThreadKey } from '../../src/core/tool-loop/run-state.js';
import { idleState } from '../../src/core/tool-loop/run-state.js';

/**
 * A page that puts a conversation with versions into the engine's registry itself (no restore, no
 * regenerate: nothing loaded the versions' code) can switch them: the switch is accepted at once and
 * shows once turn-versions.ts is there. A page of its own (nothing loaded it yet).
 */
describe('switching versions a page put in the registry, before their code is loaded', () => {
  it('is accepted at once and shows a moment later', async () => {
    const user = { role: 'user', id: 'u1', text: 'hi' } as const;
    const answer = (id: string, text: string) => ({ role: 'assistant', id, text, toolCallIds: [], complete: true }) as const;
    const conversation: Conversation = {
      ...emptyConversation,
      messages: [user, answer('a2', 'New.')],
      versions: { u1: { others: [{ messages: [user, answer('a1', 'Old.')], toolCalls: {} }], index: 1 } },
    };
    const engine = new RunOrchestrator({ transport: { run: () => Promise.reject(new Error('no runs here')) } });
    const key: ThreadKey = { server: 'https://page.example', room: '', thread: 'put' };
    engine.registry.set({ key, conversation, run: idleState, unread: false });
    expect(performance.getEntriesByType('resource').some((entry) => entry.name.includes('/tool-loop/turn-versions'))).to.equal(false);
    expect(engine.switchVersion(key, 'u2', 0), 'a turn without versions: refused at once').to.equal(false);
    expect(engine.switchVersion(key, 'u1', 0)).to.equal(true);
    const texts = () => engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text);
    await waitUntil(() => texts()[1] === 'Old.', 'the earlier version shows once the code is there');
    expect(texts()).to.deep.equal(['hi', 'Old.']);
    expect(engine.snapshot(key).conversation.versions?.['u1']?.index).to.equal(0);
  });
});

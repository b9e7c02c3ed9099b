import { expect, waitUntil } from '@open-wc/testing';
// Not through the core's index, which re-exports message-branches.ts (the CDN's chat imports modules one by one).
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { emptyConversation } from '../../src/core/conversation/empty-conversation.js';
import type { Conversation } from '../../src/core/conversation/conversation.js';
import type { ThreadKey } from '../../src/core/tool-loop/run-state.js';

/**
 * A thread kept with versions, restored before the versions' code (message-branches.ts) has loaded:
 * its versions are read back once it has, and can be switched to. A page of its own (nothing loaded it yet).
 */
describe('a thread restored with versions, before their code is loaded', () => {
  it('gets its versions a moment later, and switches to them', async () => {
    const user = { role: 'user', id: 'u1', text: 'hi' } as const;
    const answer = (id: string, text: string) => ({ role: 'assistant', id, text, toolCallIds: [], complete: true }) as const;
    const saved: Conversation = {
      ...emptyConversation,
      messages: [user, answer('a2', 'New.')],
      versions: { u1: { others: [{ messages: [user, answer('a1', 'Old.')], toolCalls: {} }], index: 1 } },
    };
    const engine = new RunOrchestrator({ transport: { run: () => Promise.reject(new Error('no runs here')) } });
    const key: ThreadKey = { server: 'https://kept.example', room: '', thread: 'kept' };
    expect(performance.getEntriesByType('resource').some((entry) => entry.name.includes('/conversation/message-branches'))).to.equal(false);
    expect(engine.restore(key, { conversation: saved, inFlight: false })).to.equal(true);
    await waitUntil(() => engine.snapshot(key).conversation.versions?.['u1'], 'the kept versions are read back');
    expect(engine.snapshot(key).conversation.versions!['u1']!.index).to.equal(1);
    expect(engine.switchVersion(key, 'u1', 0)).to.equal(true);
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text)).to.deep.equal(['hi', 'Old.']);
  });
});

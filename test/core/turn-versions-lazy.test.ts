import { expect } from '@open-wc/testing';
// Not through the core's index, which re-exports message-branches.ts (the CDN's chat imports modules one by one).
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { AgUiHttpTransport } from '../../src/core/transport/agui-http-transport.js';
import type { EngineEvent } from '../../src/core/tool-loop/engine-events.js';
import type { ThreadKey } from '../../src/core/tool-loop/run-state.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * The engine's side of versions (turn-versions.ts) loads with the first regenerate or edit: here the
 * first is an edit, on a fresh page. It runs the thread at once, is announced once the code is there,
 * keeps the earlier version, and the run sends the edited branch only. A page of its own (module state
 * is this file's).
 */
const versionsLoaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/tool-loop/turn-versions'));
const texts = (engine: RunOrchestrator, key: ThreadKey) => engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text);

describe('a first edit loads the versions on demand', () => {
  it('runs at once, is announced once loaded, keeps the earlier version and sends the edited branch', async () => {
    const { agentUrl, requests } = await script<{ messages: { role: string; content: unknown }[] }>([
      [started, ...say('a1', 'Cats purr.'), finished],
      [started, ...say('a2', 'Dogs bark.'), finished],
    ]);
    const engine = new RunOrchestrator({ transport: new AgUiHttpTransport({ url: agentUrl }) });
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'edit-lazy' };
    expect(await engine.send(key, 'cats')).to.equal('success');
    expect(versionsLoaded(), 'a plain answer does not load them').to.equal(false);

    const events: EngineEvent[] = [];
    engine.on((e) => events.push(e));
    const userId = engine.snapshot(key).conversation.messages[0]!.id;
    const edited = engine.edit(key, userId, 'dogs');
    expect(engine.snapshot(key).run.status, 'running from the gesture on').to.equal('running');
    expect(await edited).to.equal('success');
    expect(versionsLoaded()).to.equal(true);

    expect(texts(engine, key)).to.deep.equal(['dogs', 'Dogs bark.']);
    const started_ = events.find((e) => e.type === 'turn-started');
    expect(started_?.type === 'turn-started' && started_.userMessage?.text, 'announced with the edited message').to.equal('dogs');
    expect(events.filter((e) => e.type === 'turn-finished')).to.have.length(1);
    const { body } = (await requests()).at(-1)!;
    expect(body.messages.map((m) => m.content), 'only the branch on screen is sent').to.deep.equal(['dogs']);

    // The earlier version is kept, and switched back to.
    expect(engine.snapshot(key).conversation.versions?.[userId]?.others).to.have.length(1);
    expect(engine.switchVersion(key, userId, 0)).to.equal(true);
    expect(texts(engine, key)).to.deep.equal(['cats', 'Cats purr.']);
  });
});

import { expect } from '@open-wc/testing';
// Not through the core's index, which re-exports message-branches.ts (the CDN's chat imports modules one by one).
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { AgUiHttpTransport } from '../../src/core/transport/agui-http-transport.js';
import type { EngineEvent } from '../../src/core/tool-loop/engine-events.js';
import type { ThreadKey } from '../../src/core/tool-loop/run-state.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * Making versions of a turn (message-branches.ts) loads with the first regenerate or edit: a chat of
 * plain answers never loads it, and the first regenerate runs the thread at once and is announced once
 * the code is there. The tests run in order, in a page of their own (module state is this file's).
 */
const branchesLoaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/conversation/message-branches'));
const texts = (engine: RunOrchestrator, key: ThreadKey) => engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text);

describe('versions of a turn load on demand', () => {
  let engine: RunOrchestrator;
  let key: ThreadKey;

  it('a plain answer does not load them', async () => {
    const { agentUrl } = await script([
      [started, ...say('a1', 'One.'), finished],
      [started, ...say('a2', 'Two.'), finished],
      [started, ...say('a3', 'Three.'), finished],
    ]);
    engine = new RunOrchestrator({ transport: new AgUiHttpTransport({ url: agentUrl }) });
    key = { server: agentUrl, room: '', thread: 'versions-lazy' };
    expect(await engine.send(key, 'hi')).to.equal('success');
    expect(branchesLoaded()).to.equal(false);
  });

  it('the first regenerate runs the thread at once; a send meanwhile supersedes it before it is announced; the next one keeps a version', async () => {
    const events: EngineEvent['type'][] = [];
    engine.on((e) => events.push(e.type));
    const regenerated = engine.regenerate(key);
    expect(engine.snapshot(key).run.status, 'running from the gesture on').to.equal('running');
    const sent = engine.send(key, 'other');
    expect(await regenerated).to.equal('cancelled');
    expect(await sent).to.equal('success');
    expect(texts(engine, key)).to.deep.equal(['hi', 'One.', 'other', 'Two.']);
    expect(engine.snapshot(key).conversation.versions).to.equal(undefined);

    // Waits for the same load, after the superseded regenerate's turn would have gone on (it must not).
    expect(await engine.regenerate(key)).to.equal('success');
    expect(events.filter((t) => t === 'turn-started'), 'the send and the second regenerate').to.have.length(2);
    expect(events.filter((t) => t === 'turn-finished')).to.have.length(2);
    expect(texts(engine, key)).to.deep.equal(['hi', 'One.', 'other', 'Three.']);
    expect(branchesLoaded(), 'loaded by now').to.equal(true);
    const other = engine.snapshot(key).conversation.messages[2]!;
    expect(engine.switchVersion(key, other.id, 0), 'switched').to.equal(true);
    expect(texts(engine, key)).to.deep.equal(['hi', 'One.', 'other', 'Two.']);
  });
});

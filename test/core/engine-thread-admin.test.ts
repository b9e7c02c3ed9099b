import { expect } from '@open-wc/testing';
import { RunOrchestrator, SoliplexTransport } from '../../src/core/index.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * The engine's stored-thread requests (createThread, listThreads, renameThread, deleteThread) load
 * with their first use (thread-admin.ts): a chat that only talks in its thread never loads them. This
 * file runs on a fresh page, so the engine below loads that code itself, against the demo server's
 * Soliplex API.
 */
describe('the engine stored-thread requests, loaded on use', () => {
  it('creates a thread, lists and renames it, and deletes it with its snapshot', async () => {
    const { room } = await script([[started, ...say('a1', 'Hello there.'), finished]]);
    const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room }) });
    const key = await engine.createThread(server, room);
    expect(key.thread).to.be.a('string').and.not.equal('');
    expect((await engine.listThreads(server, room)).map((t) => t.threadId)).to.include(key.thread);

    expect(await engine.send(key, 'hello')).to.equal('success');
    expect(engine.snapshot(key).conversation.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);

    await engine.renameThread(key, 'Oslo trip');
    expect((await engine.listThreads(server, room)).find((t) => t.threadId === key.thread)?.name).to.equal('Oslo trip');

    await engine.deleteThread(key);
    expect((await engine.listThreads(server, room)).map((t) => t.threadId)).to.not.include(key.thread);
    expect(engine.snapshot(key).conversation.messages, 'the snapshot is forgotten').to.deep.equal([]);
    engine.dispose();
  });
});

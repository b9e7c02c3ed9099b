import { expect } from '@open-wc/testing';
import { SoliplexApi, SoliplexTransport } from '../../src/core/index.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * A room's thread list calls (list, rename, delete) load with their first use (soliplex-thread-ops.ts
 * with `SoliplexApi`): a chat that only talks in the room never loads them. This file runs on a fresh
 * page, so the transport below loads that code itself, against the demo server's Soliplex API.
 */
describe('a Soliplex room thread list calls, loaded on use', () => {
  it('lists the room threads, renames one (keeping its description) and deletes it', async () => {
    const { room } = await script([[started, ...say('a1', 'Hello there.'), finished]]);
    const transport = new SoliplexTransport({ serverUrl: server, room });
    const signal = new AbortController().signal;
    const { threadId } = await transport.createThread(signal);
    // A new thread has Soliplex's placeholder name, which the list does not show as a title.
    const listed = await transport.listThreads(signal);
    expect(listed.map((t) => t.threadId)).to.include(threadId);
    const entry = listed.find((t) => t.threadId === threadId)!;
    expect(entry.name).to.equal(undefined);
    expect(entry.lastActivity).to.be.a('number');

    const api = new SoliplexApi({ serverUrl: server });
    await api.updateThreadMetadata(room, threadId, { description: 'Planning the Oslo trip' }, signal);
    await transport.renameThread(threadId, 'Oslo trip', signal);
    expect((await transport.listThreads(signal)).find((t) => t.threadId === threadId)?.name).to.equal('Oslo trip');
    expect((await transport.api.getThread(room, threadId, signal)).metadata).to.deep.include({ name: 'Oslo trip', description: 'Planning the Oslo trip' });

    await transport.deleteThread(threadId, signal);
    expect((await transport.listThreads(signal)).map((t) => t.threadId)).to.not.include(threadId);
    const gone = await transport.api.getThread(room, threadId, signal).then(
      () => undefined,
      (error: { status?: number }) => error.status,
    );
    expect(gone).to.equal(404);
  });
});

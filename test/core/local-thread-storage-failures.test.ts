import { expect } from '@open-wc/testing';
import { LocalThreadStore, LocalThreadSync, RunOrchestrator, ThreadStorageError, type ThreadKey } from '../../src/index.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';

/**
 * Issue 20: when this browser cannot keep a conversation (no IndexedDB, as in some private modes;
 * another tab upgrading the database; a full disk), the store says why with a `ThreadStorageError`,
 * the sync keeps that once as its `problem`, and the conversation in memory is untouched.
 */
const key: ThreadKey = { server: 'https://agent.example', room: '', thread: 't1' };
const thread = { key, lastActivity: 1, conversation: { messages: [{ role: 'user' as const, id: 'u1', text: 'hi' }], toolCalls: {}, state: undefined } };

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

describe('local thread storage failures (issue 20)', () => {
  it('IndexedDB that cannot be opened (a private window): saves reject as unavailable; the sync says so once and the turn is untouched', async () => {
    const open = IDBFactory.prototype.open;
    IDBFactory.prototype.open = function () {
      const request = { error: new DOMException('The user denied permission to access the database.', 'InvalidStateError') } as unknown as IDBOpenDBRequest;
      setTimeout(() => request.onerror?.(new Event('error')));
      return request;
    };
    try {
      const store = new LocalThreadStore({ dbName: `unavailable-${Math.random()}` });
      const error = await store.save(thread).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ThreadStorageError);
      expect((error as ThreadStorageError).kind).to.equal('unavailable');

      const engine = new RunOrchestrator({
        transport: new ScriptedTransport([
          [runStarted('r1'), ...text('m1', 'One.'), runFinished()],
          [runStarted('r2'), ...text('m2', 'Two.'), runFinished()],
        ]),
      });
      const sync = LocalThreadSync.for(engine, store);
      let told = 0;
      sync.subscribe(() => told++);
      await engine.send(key, 'first');
      await sync.flush();
      await engine.send(key, 'second');
      await sync.flush();
      expect(sync.problem?.kind).to.equal('unavailable');
      expect(told, 'told once').to.equal(1);
      const texts = engine.snapshot(key).conversation.messages.map((m) => ('text' in m ? m.text : ''));
      expect(texts).to.deep.equal(['first', 'One.', 'second', 'Two.']);
      sync.close();
      engine.dispose();
    } finally {
      IDBFactory.prototype.open = open;
    }
  });

  it('another tab upgrading the database: this connection closes, and the next save says the store is unavailable', async () => {
    const name = `upgraded-${Math.random().toString(36).slice(2)}`;
    const store = new LocalThreadStore({ dbName: name });
    expect(await store.save(thread)).to.deep.equal({ saved: true, revision: 1 });
    // Another tab (another version of the page) upgrades the database to version 2.
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 2);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const error = await store.save(thread, 1).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ThreadStorageError);
    expect((error as ThreadStorageError).kind).to.equal('unavailable');
    upgraded.close();
    await deleteDatabase(name);
  });

  it('two writers: a save based on an older revision is refused and leaves the stored copy as it was', async () => {
    const name = `revisions-${Math.random().toString(36).slice(2)}`;
    const store = new LocalThreadStore({ dbName: name });
    expect(await store.save(thread, 0)).to.deep.equal({ saved: true, revision: 1 });
    const other = { ...thread, conversation: { ...thread.conversation, messages: [...thread.conversation.messages, { role: 'user' as const, id: 'u2', text: 'other tab' }] } };
    expect(await store.save(other, 1)).to.deep.equal({ saved: true, revision: 2 });
    expect(await store.save(thread, 1)).to.deep.equal({ saved: false, revision: 2 });
    const kept = await store.load(key);
    expect(kept?.revision).to.equal(2);
    expect(kept?.conversation.messages.map((m) => m.id)).to.deep.equal(['u1', 'u2']);
    await deleteDatabase(name);
  });
});

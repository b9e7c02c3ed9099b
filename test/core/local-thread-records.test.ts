import { expect } from '@open-wc/testing';
import { LocalThreadStore, ToolCallStatus, type StoredThread, type ThreadKey } from '../../src/index.js';

/**
 * What a first visit never needs of the local store loads on use (local-thread-records.ts): reading a
 * record back and checking it, dropping the oldest threads past the cap, keeping a copy IndexedDB cannot
 * clone, deleting one. Each test runs on a fresh page, so each path here loads that code itself.
 */
const server = 'https://agent.example';
const keyOf = (thread: string): ThreadKey => ({ server, room: '', thread });
const threadOf = (thread: string, lastActivity: number): StoredThread => ({
  key: keyOf(thread),
  lastActivity,
  conversation: { messages: [{ role: 'user', id: `u-${thread}`, text: `hello ${thread}` }], toolCalls: {}, state: undefined },
});
const dbName = () => `records-${Math.random().toString(36).slice(2)}`;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

function putRaw(name: string, record: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(name, 1);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const tx = opening.result.transaction('threads', 'readwrite');
      tx.objectStore('threads').put(record);
      tx.oncomplete = () => {
        opening.result.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

describe('local thread records, loaded on use', () => {
  it('past maxThreads, a save drops the least recently active threads', async () => {
    const name = dbName();
    const store = new LocalThreadStore({ dbName: name, maxThreads: 2 });
    await store.save(threadOf('old', 1));
    await store.save(threadOf('newest', 3));
    await store.save(threadOf('middle', 2));
    expect((await store.loadAll()).map((t) => t.key.thread)).to.deep.equal(['newest', 'middle']);
    expect(await store.load(keyOf('old'))).to.equal(undefined);
    await deleteDatabase(name);
  });

  it('only a save that adds a thread counts the store: a turn’s in-flight copies replace one and never do', async () => {
    const name = dbName();
    const store = new LocalThreadStore({ dbName: name, maxThreads: 2 });
    const count = IDBObjectStore.prototype.count;
    let counted = 0;
    IDBObjectStore.prototype.count = function (this: IDBObjectStore, ...args: Parameters<typeof count>) {
      counted++;
      return count.apply(this, args);
    };
    try {
      await store.save(threadOf('a', 1));
      await store.save(threadOf('b', 2));
      expect(counted, 'two new threads').to.equal(2);
      let revision = (await store.load(keyOf('a')))!.revision!;
      for (let i = 0; i < 5; i++) revision = (await store.save(threadOf('a', 3 + i), revision)).revision;
      expect(counted, 'five copies of a kept thread').to.equal(2);
      await store.save(threadOf('c', 10));
      expect(counted).to.equal(3);
      // The cap still holds: the least recently active went with the third thread.
      expect((await store.loadAll()).map((t) => t.key.thread)).to.deep.equal(['c', 'a']);
    } finally {
      IDBObjectStore.prototype.count = count;
      await deleteDatabase(name);
    }
  });

  it('a conversation IndexedDB cannot clone is kept as JSON keeps it: the result text stays, the value goes', async () => {
    const name = dbName();
    const store = new LocalThreadStore({ dbName: name });
    const call = { id: 'c1', name: 'pick', status: ToolCallStatus.Completed, argsText: '{}', serverRun: false, result: '"ok"', resultValue: () => 'a function' };
    const thread: StoredThread = { ...threadOf('t', 1), conversation: { ...threadOf('t', 1).conversation, toolCalls: { c1: call } } };
    expect(await store.save(thread, 0)).to.deep.equal({ saved: true, revision: 1 });
    const kept = await store.load(keyOf('t'));
    expect(kept?.revision).to.equal(1);
    expect(kept?.conversation.toolCalls.c1?.result).to.equal('"ok"');
    expect(kept?.conversation.toolCalls.c1).to.not.have.property('resultValue');
    expect(kept?.conversation.messages.map((m) => m.id)).to.deep.equal(['u-t']);
    await deleteDatabase(name);
  });

  it('a corrupt record reads back as none, with a warning; delete removes a kept thread', async () => {
    const name = dbName();
    const store = new LocalThreadStore({ dbName: name });
    await store.save(threadOf('good', 2));
    await putRaw(name, { id: JSON.stringify([server, '', 'bad']), format: 1, key: keyOf('bad'), lastActivity: 1, conversation: { messages: 'oops', toolCalls: {} } });
    const warn = console.warn;
    const warnings: string[] = [];
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      expect(await store.load(keyOf('bad'))).to.equal(undefined);
    } finally {
      console.warn = warn;
    }
    expect(warnings.some((w) => w.includes('a stored thread was skipped: its conversation is malformed'))).to.equal(true);
    expect((await store.load(keyOf('good')))?.conversation.messages[0]).to.deep.include({ text: 'hello good' });
    await store.delete(keyOf('good'));
    expect(await store.load(keyOf('good'))).to.equal(undefined);
    await deleteDatabase(name);
  });
});

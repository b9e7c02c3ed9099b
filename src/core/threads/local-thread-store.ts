import type { Conversation } from '../conversation/conversation.js';
import { threadKeyId, type ThreadKey } from '../tool-loop/run-state.js';
import { done, openDatabase, request } from '../indexed-db.js';

/** The stored format; a record of another format (older or newer) is skipped with a warning. */
const FORMAT = 1;
const STORE = 'threads';
const DEFAULT_MAX_THREADS = 50;
const DEFAULT_DB = 'soliplex-chat-threads';

/** What is kept of a thread: its conversation (tool calls with their results, state), never credentials. */
export interface StoredThread {
  readonly key: ThreadKey;
  /** The name the user gave it. */
  readonly name?: string;
  /** When it last changed, in ms since the epoch: the oldest go first when the store is full. */
  readonly lastActivity: number;
  /** The whole conversation model (run bookkeeping, the thread's tool state, interrupts included). */
  readonly conversation: Pick<Conversation, 'messages' | 'toolCalls' | 'state'> & Partial<Conversation>;
  /** A turn was running when it was saved: a page that went away mid-turn left it so. */
  readonly inFlight?: boolean;
  /** Counts the writes of this thread (0 for a record written before revisions were kept). */
  readonly revision?: number;
}

export interface LocalThreadStoreOptions {
  /** The IndexedDB database (default `soliplex-chat-threads`). */
  readonly dbName?: string;
  /** Most threads kept (default 50): saving one more deletes the least recently active. */
  readonly maxThreads?: number;
}

/** A save's outcome: written (at `revision`), or refused because the stored copy is at another `revision`. */
export type ThreadSaveResult = { readonly saved: true; readonly revision: number } | { readonly saved: false; readonly revision: number };

/** Why the store could not read or keep a thread: no IndexedDB (some private modes), storage full, or another failure. */
export class ThreadStorageError extends Error {
  override readonly name = 'ThreadStorageError';
  constructor(
    readonly kind: 'unavailable' | 'quota' | 'failed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

interface ThreadRecord extends StoredThread {
  readonly id: string;
  readonly format: number;
}

/**
 * Threads of generic AG-UI endpoints (which keep no history on the server) kept in IndexedDB, so a
 * reload finds them again. Capped at `maxThreads`, the least recently active dropped first. A record
 * that is corrupt or of another format is skipped with a console warning, never thrown. Without
 * IndexedDB (some private modes), or when it fails, reads and saves reject with a `ThreadStorageError`.
 *
 * Every record carries a revision: `save(thread, base)` writes only over the revision it was based on,
 * so two tabs on one thread never overwrite each other's turns (the later writer is refused).
 */
export class LocalThreadStore {
  readonly dbName: string;
  readonly maxThreads: number;
  #db?: Promise<IDBDatabase | undefined>;

  constructor(options: LocalThreadStoreOptions = {}) {
    this.dbName = options.dbName ?? DEFAULT_DB;
    this.maxThreads = Math.max(1, Math.floor(options.maxThreads ?? DEFAULT_MAX_THREADS) || DEFAULT_MAX_THREADS);
  }

  /** The valid stored threads, most recently active first. */
  async loadAll(): Promise<StoredThread[]> {
    const db = await this.#openOrThrow();
    let records: unknown[];
    try {
      records = await request(db.transaction(STORE).objectStore(STORE).getAll());
    } catch (error) {
      throw this.#failure(error, 'stored threads could not be read');
    }
    const threads: StoredThread[] = [];
    for (const record of records) {
      const stored = validRecord(record);
      if (stored) threads.push(stored);
    }
    return threads.sort((a, b) => b.lastActivity - a.lastActivity);
  }

  /** One stored thread; undefined when none is kept (or its record is unusable). */
  async load(key: ThreadKey): Promise<StoredThread | undefined> {
    const db = await this.#openOrThrow();
    let record: unknown;
    try {
      record = await request(db.transaction(STORE).objectStore(STORE).get(threadKeyId(key)));
    } catch (error) {
      throw this.#failure(error, 'a stored thread could not be read');
    }
    return record === undefined ? undefined : validRecord(record);
  }

  /**
   * Keeps a thread (replacing its earlier copy), then drops the oldest beyond `maxThreads`. With
   * `base` (the revision this copy was loaded or last saved at), a stored copy at another revision is
   * left as it is and the save is refused; a missing copy is written. Rejects with a `ThreadStorageError`.
   */
  async save(thread: StoredThread, base?: number): Promise<ThreadSaveResult> {
    const db = await this.#openOrThrow();
    const record: ThreadRecord = { id: threadKeyId(thread.key), format: FORMAT, ...fromRecord(thread) };
    let result: ThreadSaveResult;
    try {
      result = await this.#put(db, record, base);
    } catch (error) {
      throw this.#failure(error, 'a thread could not be saved');
    }
    if (result.saved) await this.#prune(db).catch((error: unknown) => console.warn('[soliplex-chat] old threads could not be dropped', error));
    return result;
  }

  async delete(key: ThreadKey): Promise<void> {
    const db = await this.#openOrThrow();
    try {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).delete(threadKeyId(key));
      await done(tx);
    } catch (error) {
      throw this.#failure(error, 'a thread could not be deleted');
    }
  }

  /** Reads the stored revision and writes in one transaction, so no other tab's write lands between. */
  #put(db: IDBDatabase, record: ThreadRecord, base: number | undefined): Promise<ThreadSaveResult> {
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let result: ThreadSaveResult | undefined;
      let thrown: unknown;
      const reading = store.get(record.id);
      reading.onsuccess = () => {
        const stored = reading.result as Partial<ThreadRecord> | undefined;
        const current = stored ? (typeof stored.revision === 'number' ? stored.revision : 0) : undefined;
        if (base !== undefined && current !== undefined && current !== base) {
          result = { saved: false, revision: current };
          return;
        }
        const revision = Math.max(current ?? 0, base ?? 0) + 1;
        try {
          putRecord(store, { ...record, revision });
          result = { saved: true, revision };
        } catch (error) {
          thrown = error;
          tx.abort();
        }
      };
      tx.oncomplete = () => (result ? resolve(result) : reject(new Error('the save transaction ended without a result')));
      tx.onerror = (event) => event.preventDefault(); // reported once, by onabort
      tx.onabort = () => reject(thrown ?? tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    });
  }

  async #prune(db: IDBDatabase): Promise<void> {
    const store = db.transaction(STORE).objectStore(STORE);
    if ((await request(store.count())) <= this.maxThreads) return;
    const records = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Partial<ThreadRecord>[];
    const age = (r: Partial<ThreadRecord>) => (typeof r.lastActivity === 'number' ? r.lastActivity : -Infinity);
    const excess = records.sort((a, b) => age(b) - age(a)).slice(this.maxThreads);
    const tx = db.transaction(STORE, 'readwrite');
    for (const record of excess) if (record.id !== undefined) tx.objectStore(STORE).delete(record.id);
    await done(tx);
  }

  async #openOrThrow(): Promise<IDBDatabase> {
    this.#db ??= openDatabase(this.dbName, [{ name: STORE, keyPath: 'id' }], () => (this.#db = undefined), 'threads are not kept across reloads');
    const db = await this.#db;
    if (!db) throw new ThreadStorageError('unavailable', 'IndexedDB is not available (a private window, or another tab upgraded the database)');
    return db;
  }

  /** A failure as a `ThreadStorageError`; a closed connection (another tab upgraded the database) is opened again next time. */
  #failure(error: unknown, what: string): ThreadStorageError {
    if (error instanceof ThreadStorageError) return error;
    const name = (error as DOMException)?.name;
    if (name === 'InvalidStateError') this.#db = undefined;
    const kind = name === 'QuotaExceededError' ? 'quota' : 'failed';
    return new ThreadStorageError(kind, `${what}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  }
}

let pageStore: LocalThreadStore | undefined;

/** The page's one default store (database `soliplex-chat-threads`, 50 threads), shared by chats and thread lists. */
export function defaultLocalThreadStore(): LocalThreadStore {
  return (pageStore ??= new LocalThreadStore());
}

/**
 * Puts a record. What IndexedDB cannot clone (a tool result or an injected tool group holding a
 * function or a DOM node) is kept as JSON keeps it: result values as their text, functions left out.
 */
function putRecord(store: IDBObjectStore, record: ThreadRecord): void {
  try {
    store.put(record);
  } catch (error) {
    if ((error as DOMException)?.name !== 'DataCloneError') throw error;
    const conversation = JSON.parse(JSON.stringify(withoutResultValues(record.conversation))) as StoredThread['conversation'];
    store.put({ ...record, conversation });
  }
}

function validRecord(record: unknown): StoredThread | undefined {
  const problem = recordProblem(record);
  if (problem) {
    console.warn(`[soliplex-chat] a stored thread was skipped: ${problem}`);
    return undefined;
  }
  return fromRecord(record as ThreadRecord);
}

function fromRecord({ key, name, lastActivity, conversation, inFlight, revision }: StoredThread): StoredThread {
  return {
    key: { server: key.server, room: key.room, thread: key.thread },
    ...(name ? { name } : {}),
    lastActivity,
    conversation: { ...conversation, messages: conversation.messages, toolCalls: conversation.toolCalls, state: conversation.state },
    ...(inFlight ? { inFlight: true } : {}),
    revision: typeof revision === 'number' ? revision : 0,
  };
}

function withoutResultValues(conversation: StoredThread['conversation']): StoredThread['conversation'] {
  const toolCalls = Object.fromEntries(
    Object.entries(conversation.toolCalls).map(([id, call]) => {
      const { resultValue: _dropped, ...rest } = call;
      return [id, rest];
    }),
  );
  return { ...conversation, toolCalls };
}

const TEXT_ROLES = new Set(['user', 'assistant', 'reasoning', 'system', 'developer']);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a stored record cannot be restored, or undefined when it can. */
function recordProblem(record: unknown): string | undefined {
  if (!isObject(record)) return 'not an object';
  if (record.format !== FORMAT) return `format ${String(record.format)} is not ${FORMAT}`;
  const key = record.key;
  if (!isObject(key) || typeof key.server !== 'string' || typeof key.room !== 'string' || typeof key.thread !== 'string' || !key.thread) {
    return 'its thread key is malformed';
  }
  if (typeof record.lastActivity !== 'number' || (record.name !== undefined && typeof record.name !== 'string')) return 'malformed fields';
  if (record.revision !== undefined && typeof record.revision !== 'number') return 'its revision is malformed';
  const conversation = record.conversation;
  if (!isObject(conversation) || !Array.isArray(conversation.messages) || !isObject(conversation.toolCalls)) return 'its conversation is malformed';
  for (const message of conversation.messages) {
    if (!isObject(message) || typeof message.id !== 'string') return 'a message is malformed';
    if (message.role === 'interrupt') {
      if (!isObject(message.interrupt) || typeof message.status !== 'string') return 'an interrupt is malformed';
      continue;
    }
    if (message.role === 'activity') {
      if (typeof message.activityType !== 'string' || !isObject(message.content)) return 'an activity is malformed';
      continue;
    }
    if (!TEXT_ROLES.has(message.role as string) || typeof message.text !== 'string') return 'a message is malformed';
    if (message.role === 'assistant' && (!Array.isArray(message.toolCallIds) || typeof message.complete !== 'boolean')) {
      return 'an assistant message is malformed';
    }
  }
  for (const call of Object.values(conversation.toolCalls)) {
    if (!isObject(call) || typeof call.id !== 'string' || typeof call.name !== 'string' || typeof call.status !== 'string' || typeof call.argsText !== 'string') {
      return 'a tool call is malformed';
    }
  }
  return undefined;
}

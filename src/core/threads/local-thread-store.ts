import type { Conversation, ToolCall } from '../conversation/conversation.js';
import { MAX_TEXT_CHARS } from '../conversation/text-limit.js';
import { threadKeyId, type ThreadKey } from '../tool-loop/run-state.js';
import { openDatabase, request } from '../indexed-db.js';

/** The stored format; a record of another format (older or newer) is skipped with a warning. */
export const FORMAT = 1;
export const STORE = 'threads';
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

/** A record as stored. */
export interface ThreadRecord extends StoredThread {
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
      throw await this.#failure(error, 'stored threads could not be read');
    }
    return (await recordsCode()).validThreads(records);
  }

  /** One stored thread; undefined when none is kept (or its record is unusable). */
  async load(key: ThreadKey): Promise<StoredThread | undefined> {
    const db = await this.#openOrThrow();
    let record: unknown;
    try {
      record = await request(db.transaction(STORE).objectStore(STORE).get(threadKeyId(key)));
    } catch (error) {
      throw await this.#failure(error, 'a stored thread could not be read');
    }
    return record === undefined ? undefined : (await recordsCode()).validRecord(record);
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
    let created: boolean;
    try {
      ({ result, created } = await this.#put(db, record, base).catch(async (error: unknown) => {
        if ((error as DOMException)?.name !== 'DataCloneError') throw error;
        // Nothing was written (the transaction aborted): the copy goes again as JSON keeps it.
        return this.#put(db, (await recordsCode()).cloneableRecord(record), base);
      }));
    } catch (error) {
      throw await this.#failure(error, 'a thread could not be saved');
    }
    // Only a new record can take the store past its cap (a turn's in-flight copies replace one).
    if (created) await this.#prune(db).catch((error: unknown) => console.warn('[soliplex-chat] old threads could not be dropped', error));
    return result;
  }

  async delete(key: ThreadKey): Promise<void> {
    const db = await this.#openOrThrow();
    try {
      await (await recordsCode()).deleteRecord(db, threadKeyId(key));
    } catch (error) {
      throw await this.#failure(error, 'a thread could not be deleted');
    }
  }

  /** Reads the stored revision and writes in one transaction, so no other tab's write lands between; `created`: there was no record. */
  #put(db: IDBDatabase, record: ThreadRecord, base: number | undefined): Promise<{ result: ThreadSaveResult; created: boolean }> {
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      let result: ThreadSaveResult | undefined;
      let created = false;
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
          store.put({ ...record, revision });
          result = { saved: true, revision };
          created = current === undefined;
        } catch (error) {
          thrown = error;
          tx.abort();
        }
      };
      tx.oncomplete = () => (result ? resolve({ result, created }) : reject(new Error('the save transaction ended without a result')));
      tx.onerror = (event) => event.preventDefault(); // reported once, by onabort
      tx.onabort = () => reject(thrown ?? tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
    });
  }

  /** Counted after each save that added a thread; the oldest are dropped (by code loaded then) once there are more than `maxThreads`. */
  async #prune(db: IDBDatabase): Promise<void> {
    const store = db.transaction(STORE).objectStore(STORE);
    if ((await request(store.count())) <= this.maxThreads) return;
    await (await recordsCode()).dropOldest(db, this.maxThreads);
  }

  async #openOrThrow(): Promise<IDBDatabase> {
    this.#db ??= openDatabase(this.dbName, [{ name: STORE, keyPath: 'id' }], () => (this.#db = undefined), 'threads are not kept across reloads');
    const db = await this.#db;
    if (!db) throw (await recordsCode()).unavailable();
    return db;
  }

  /** A failure as a `ThreadStorageError` (by code loaded then); a closed connection (another tab upgraded the database) is opened again next time. */
  async #failure(error: unknown, what: string): Promise<ThreadStorageError> {
    if ((error as DOMException)?.name === 'InvalidStateError') this.#db = undefined;
    return (await recordsCode()).storageError(error, what);
  }
}

/**
 * Reading records back (and checking them), pruning, the clone fallback, deleting and the storage
 * failures' errors: loaded with their first use (local-thread-records.ts), so a first visit's saves
 * never load them.
 */
const recordsCode = () => import('./local-thread-records.js');

let pageStore: LocalThreadStore | undefined;

/** The page's one default store (database `soliplex-chat-threads`, 50 threads), shared by chats and thread lists. */
export function defaultLocalThreadStore(): LocalThreadStore {
  return (pageStore ??= new LocalThreadStore());
}

/** A stored thread's fields, in a fresh object (what is written, and what a valid record reads back as). */
export function fromRecord({ key, name, lastActivity, conversation, inFlight, revision }: StoredThread): StoredThread {
  return {
    key: { server: key.server, room: key.room, thread: key.thread },
    ...(name ? { name } : {}),
    lastActivity,
    conversation: { ...conversation, messages: conversation.messages, toolCalls: keptToolCalls(conversation.toolCalls), state: conversation.state },
    ...(inFlight ? { inFlight: true } : {}),
    revision: typeof revision === 'number' ? revision : 0,
  };
}

/**
 * The calls as kept: a result the model got cut (its text reached the bound, MAX_TEXT_CHARS) is kept
 * as that text, without the value the tool returned. Writing a 20 MB value with every save, and
 * reading it back (the save reads the stored revision), held the page for about a second each time.
 */
function keptToolCalls(calls: Conversation['toolCalls']): Conversation['toolCalls'] {
  const huge = (call: ToolCall) => call.resultValue !== undefined && (call.result?.length ?? 0) >= MAX_TEXT_CHARS * 0.9;
  if (!Object.values(calls).some(huge)) return calls;
  return Object.fromEntries(
    Object.entries(calls).map(([id, call]) => {
      if (!huge(call)) return [id, call];
      const { resultValue: _dropped, ...rest } = call;
      return [id, rest];
    }),
  );
}

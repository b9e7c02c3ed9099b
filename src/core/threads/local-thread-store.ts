import type { Conversation } from '../conversation/conversation.js';
import { threadKeyId, type ThreadKey } from '../tool-loop/run-state.js';
import { done, openDatabase, request } from '../indexed-db.js';

/** The stored format; a record of another format (older or newer) is skipped with a warning. */
const FORMAT = 1;
const STORE = 'threads';
const DEFAULT_MAX_THREADS = 50;

/** What is kept of a thread: its conversation (tool calls with their results, state), never credentials. */
export interface StoredThread {
  readonly key: ThreadKey;
  /** The name the user gave it. */
  readonly name?: string;
  /** When it last changed, in ms since the epoch: the oldest go first when the store is full. */
  readonly lastActivity: number;
  readonly conversation: Pick<Conversation, 'messages' | 'toolCalls' | 'state'>;
}

export interface LocalThreadStoreOptions {
  /** The IndexedDB database (default `soliplex-chat-threads`). */
  readonly dbName?: string;
  /** Most threads kept (default 50): saving one more deletes the least recently active. */
  readonly maxThreads?: number;
}

interface ThreadRecord extends StoredThread {
  readonly id: string;
  readonly format: number;
}

/**
 * Threads of generic AG-UI endpoints (which keep no history on the server) kept in IndexedDB, so a
 * reload finds them again. Capped at `maxThreads`, the least recently active dropped first. A record
 * that is corrupt or of another format is skipped with a console warning, never thrown; without
 * IndexedDB (some private modes) nothing is kept.
 */
export class LocalThreadStore {
  readonly dbName: string;
  readonly maxThreads: number;
  #db?: Promise<IDBDatabase | undefined>;

  constructor(options: LocalThreadStoreOptions = {}) {
    this.dbName = options.dbName ?? 'soliplex-chat-threads';
    this.maxThreads = Math.max(1, Math.floor(options.maxThreads ?? DEFAULT_MAX_THREADS) || DEFAULT_MAX_THREADS);
  }

  /** The valid stored threads, most recently active first. */
  async loadAll(): Promise<StoredThread[]> {
    const db = await this.#open();
    if (!db) return [];
    let records: unknown[];
    try {
      records = await request(db.transaction(STORE).objectStore(STORE).getAll());
    } catch (error) {
      console.warn('[soliplex-chat] stored threads could not be read', error);
      return [];
    }
    const threads: StoredThread[] = [];
    for (const record of records) {
      const problem = recordProblem(record);
      if (problem) console.warn(`[soliplex-chat] a stored thread was skipped: ${problem}`);
      else threads.push(fromRecord(record as ThreadRecord));
    }
    return threads.sort((a, b) => b.lastActivity - a.lastActivity);
  }

  /** Keeps a thread (replacing its earlier copy), then drops the oldest beyond `maxThreads`. */
  async save(thread: StoredThread): Promise<void> {
    const db = await this.#open();
    if (!db) return;
    const record: ThreadRecord = { id: threadKeyId(thread.key), format: FORMAT, ...fromRecord(thread) };
    try {
      await this.#put(db, record);
    } catch (error) {
      if ((error as DOMException)?.name !== 'DataCloneError') throw error;
      // A tool returned something IndexedDB cannot store (a function, a DOM node): keep its result text only.
      await this.#put(db, { ...record, conversation: withoutResultValues(record.conversation) });
    }
    await this.#prune(db);
  }

  async delete(key: ThreadKey): Promise<void> {
    const db = await this.#open();
    if (!db) return;
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(threadKeyId(key));
    await done(tx);
  }

  async #put(db: IDBDatabase, record: ThreadRecord): Promise<void> {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(record); // throws DataCloneError synchronously
    await done(tx);
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

  #open(): Promise<IDBDatabase | undefined> {
    this.#db ??= openDatabase(this.dbName, [{ name: STORE, keyPath: 'id' }], () => (this.#db = undefined), 'threads are not kept across reloads');
    return this.#db;
  }
}

function fromRecord({ key, name, lastActivity, conversation }: StoredThread): StoredThread {
  return {
    key: { server: key.server, room: key.room, thread: key.thread },
    ...(name ? { name } : {}),
    lastActivity,
    conversation: { messages: conversation.messages, toolCalls: conversation.toolCalls, state: conversation.state },
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

const ROLES = new Set(['user', 'assistant', 'reasoning', 'system', 'developer']);
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
  const conversation = record.conversation;
  if (!isObject(conversation) || !Array.isArray(conversation.messages) || !isObject(conversation.toolCalls)) return 'its conversation is malformed';
  for (const message of conversation.messages) {
    if (!isObject(message) || !ROLES.has(message.role as string) || typeof message.id !== 'string' || typeof message.text !== 'string') {
      return 'a message is malformed';
    }
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

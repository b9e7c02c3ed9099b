/**
 * What a first visit never needs of `LocalThreadStore`: reading stored records back (and checking
 * them), dropping the oldest threads once the store is over its cap, keeping a copy IndexedDB cannot
 * clone, deleting one, and the errors of a storage that fails; and, through local-thread-follow.ts,
 * what `LocalThreadSync` does with a copy read back. Its own chunk in the CDN build, loaded when a
 * stored thread is reopened or listed, when the store first holds more threads than its cap, with the
 * first save that cannot be cloned, or when the storage fails.
 */
import { done, request } from '../indexed-db.js';
import { FORMAT, fromRecord, STORE, ThreadStorageError, type StoredThread, type ThreadRecord } from './local-thread-store.js';
// Registers the sync's read-back half: every copy read back comes through this module.
import './local-thread-follow.js';

/** A storage failure as a `ThreadStorageError` (`quota` when storage is full). */
export function storageError(error: unknown, what: string): ThreadStorageError {
  if (error instanceof ThreadStorageError) return error;
  const kind = (error as DOMException)?.name === 'QuotaExceededError' ? 'quota' : 'failed';
  return new ThreadStorageError(kind, `${what}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
}

/** No IndexedDB to keep threads in. */
export const unavailable = () => new ThreadStorageError('unavailable', 'IndexedDB is not available (a private window, or another tab upgraded the database)');

/** The valid records among `records`, most recently active first. */
export function validThreads(records: readonly unknown[]): StoredThread[] {
  const threads: StoredThread[] = [];
  for (const record of records) {
    const stored = validRecord(record);
    if (stored) threads.push(stored);
  }
  return threads.sort((a, b) => b.lastActivity - a.lastActivity);
}

/** A record read back, or undefined (with a console warning) when it is corrupt or of another format. */
export function validRecord(record: unknown): StoredThread | undefined {
  const problem = recordProblem(record);
  if (problem) {
    console.warn(`[soliplex-chat] a stored thread was skipped: ${problem}`);
    return undefined;
  }
  return fromRecord(record as ThreadRecord);
}

/** Deletes the least recently active records beyond `max`. */
export async function dropOldest(db: IDBDatabase, max: number): Promise<void> {
  const records = (await request(db.transaction(STORE).objectStore(STORE).getAll())) as Partial<ThreadRecord>[];
  const age = (r: Partial<ThreadRecord>) => (typeof r.lastActivity === 'number' ? r.lastActivity : -Infinity);
  const excess = records.sort((a, b) => age(b) - age(a)).slice(max);
  const tx = db.transaction(STORE, 'readwrite');
  for (const record of excess) if (record.id !== undefined) tx.objectStore(STORE).delete(record.id);
  await done(tx);
}

/** Deletes one record. */
export async function deleteRecord(db: IDBDatabase, id: string): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  tx.objectStore(STORE).delete(id);
  await done(tx);
}

/**
 * A record IndexedDB could not clone (a tool result or an injected tool group holding a function or a
 * DOM node), as JSON keeps it: result values as their text, functions left out.
 */
export function cloneableRecord(record: ThreadRecord): ThreadRecord {
  const toolCalls = Object.fromEntries(
    Object.entries(record.conversation.toolCalls).map(([id, call]) => {
      const { resultValue: _dropped, ...rest } = call;
      return [id, rest];
    }),
  );
  return { ...record, conversation: JSON.parse(JSON.stringify({ ...record.conversation, toolCalls })) as StoredThread['conversation'] };
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

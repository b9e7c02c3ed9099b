import type { ResumeEntry } from '@ag-ui/core';
import type { HistoryRun } from '../transport.js';
import type { HistoryRunStore } from './soliplex-history.js';
import type { SoliplexTransport } from './soliplex-transport.js';
import { done, openDatabase, request } from '../../indexed-db.js';

/** The stored format; a record of another format is a miss (and is replaced on the next write). */
const FORMAT = 1;
const RUNS = 'runs';
const META = 'meta';
const DEFAULT_MAX_THREADS = 30;
const DEFAULT_MAX_BYTES = 50 * 2 ** 20;

export interface SoliplexHistoryCacheOptions {
  /** The IndexedDB database (default `soliplex-chat-history`). */
  readonly dbName?: string;
  /** Most threads kept (default 30): the least recently used go first. */
  readonly maxThreads?: number;
  /** About how many bytes of runs are kept (default 50 MB, measured as JSON): the least recently used go first. */
  readonly maxBytes?: number;
}

interface RunsRecord {
  readonly format: number;
  /** The runs as JSON: one string reads back far faster than thousands of cloned objects. */
  readonly runs: string;
}

/** The `resume` entries the widget sent, by run id, as JSON; kept beside the runs (key + `RESUMES`). */
interface ResumesRecord {
  readonly format: number;
  readonly resumes: string;
}
const RESUMES = '#resumes';

interface MetaRecord {
  readonly key: string;
  readonly used: number;
  readonly bytes: number;
}

/**
 * A Soliplex thread's finished runs kept in IndexedDB, so a reload fetches only the runs added since
 * (a finished run never changes, and a thread only gains runs). Records are keyed by a hash of the
 * server, room, thread and bearer token (see `historyCacheKey`): another user or token on the same
 * browser never reads them, and no id or token is kept in clear. Bounded by thread count and size,
 * the least recently used dropped first. Failures are misses: without IndexedDB nothing is kept.
 */
export class SoliplexHistoryCache implements HistoryRunStore {
  readonly dbName: string;
  readonly maxThreads: number;
  readonly maxBytes: number;
  #db?: Promise<IDBDatabase | undefined>;
  #writes: Promise<void> = Promise.resolve();

  constructor(options: SoliplexHistoryCacheOptions = {}) {
    this.dbName = options.dbName ?? 'soliplex-chat-history';
    this.maxThreads = Math.max(1, Math.floor(options.maxThreads ?? DEFAULT_MAX_THREADS) || DEFAULT_MAX_THREADS);
    this.maxBytes = Math.max(0, options.maxBytes ?? DEFAULT_MAX_BYTES);
  }

  /** The runs kept under `key`, or undefined; marks them used. */
  async read(key: string): Promise<readonly HistoryRun[] | undefined> {
    const db = await this.#open();
    if (!db) return undefined;
    const record = (await request(db.transaction(RUNS).objectStore(RUNS).get(key))) as Partial<RunsRecord> | undefined;
    if (record?.format !== FORMAT || typeof record.runs !== 'string') return undefined;
    // Marked used in a transaction of its own: the read does not wait for a write lock.
    db.transaction(META, 'readwrite').objectStore(META).put({ key, used: Date.now(), bytes: record.runs.length } satisfies MetaRecord);
    try {
      const runs: unknown = JSON.parse(record.runs);
      return Array.isArray(runs) && runs.every(isHistoryRun) ? runs : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps `runs` under `key` (replacing what was there), then drops the least recently used beyond the bounds. */
  write(key: string, runs: readonly HistoryRun[]): Promise<void> {
    const write = this.#writes.then(() => this.#write(key, runs));
    this.#writes = write.catch(() => {});
    return write;
  }

  /** Keeps the `resume` entries run `runId` of the thread under `key` was sent with (beside its runs, dropped with them). */
  recordResume(key: string, runId: string, resume: readonly ResumeEntry[]): Promise<void> {
    const write = this.#writes.then(async () => {
      const db = await this.#open();
      if (!db) return;
      const resumes = { ...(await this.readResumes(key)), [runId]: resume };
      const tx = db.transaction(RUNS, 'readwrite');
      tx.objectStore(RUNS).put({ format: FORMAT, resumes: JSON.stringify(resumes) } satisfies ResumesRecord, key + RESUMES);
      await done(tx);
    });
    this.#writes = write.catch(() => {});
    return write;
  }

  /** The `resume` entries kept for the thread under `key`, by run id (none: `{}`). */
  async readResumes(key: string): Promise<Readonly<Record<string, readonly ResumeEntry[]>>> {
    const db = await this.#open();
    if (!db) return {};
    const record = (await request(db.transaction(RUNS).objectStore(RUNS).get(key + RESUMES))) as Partial<ResumesRecord> | undefined;
    if (record?.format !== FORMAT || typeof record.resumes !== 'string') return {};
    try {
      const resumes: unknown = JSON.parse(record.resumes);
      if (!resumes || typeof resumes !== 'object' || Array.isArray(resumes)) return {};
      return Object.fromEntries(Object.entries(resumes).filter((entry): entry is [string, ResumeEntry[]] => Array.isArray(entry[1])));
    } catch {
      return {};
    }
  }

  /** Resolves once the writes started so far are done (for tests and pages that close right after). */
  flushed(): Promise<void> {
    return this.#writes;
  }

  /** Forgets every kept run (a page's sign-out, for instance). */
  async clear(): Promise<void> {
    const db = await this.#open();
    if (!db) return;
    const tx = db.transaction([RUNS, META], 'readwrite');
    tx.objectStore(RUNS).clear();
    tx.objectStore(META).clear();
    await done(tx);
  }

  async #write(key: string, runs: readonly HistoryRun[]): Promise<void> {
    const db = await this.#open();
    if (!db) return;
    const json = JSON.stringify(runs);
    const bytes = json.length;
    if (bytes > this.maxBytes) return;
    const tx = db.transaction([RUNS, META], 'readwrite');
    tx.objectStore(RUNS).put({ format: FORMAT, runs: json } satisfies RunsRecord, key);
    tx.objectStore(META).put({ key, used: Date.now(), bytes } satisfies MetaRecord);
    await done(tx);
    await this.#prune(db);
  }

  async #prune(db: IDBDatabase): Promise<void> {
    const metas = (await request(db.transaction(META).objectStore(META).getAll())) as MetaRecord[];
    metas.sort((a, b) => b.used - a.used);
    let bytes = 0;
    const excess = metas.filter((meta, index) => (bytes += meta.bytes) > this.maxBytes || index >= this.maxThreads);
    if (excess.length === 0) return;
    const tx = db.transaction([RUNS, META], 'readwrite');
    for (const { key } of excess) {
      tx.objectStore(RUNS).delete(key);
      tx.objectStore(RUNS).delete(key + RESUMES);
      tx.objectStore(META).delete(key);
    }
    await done(tx);
  }

  #open(): Promise<IDBDatabase | undefined> {
    this.#db ??= openDatabase(this.dbName, [{ name: RUNS }, { name: META, keyPath: 'key' }], () => (this.#db = undefined));
    return this.#db;
  }
}

/**
 * The key a thread's runs are kept under for one user: a SHA-256 of the server, room, thread and the
 * bearer token, so a page signed in with another token never finds them (a refreshed token starts
 * afresh). Undefined where the browser has no `crypto.subtle` (pages not served over HTTPS or localhost).
 */
export async function historyCacheKey(serverUrl: string, room: string, thread: string, token: string | undefined): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify([serverUrl, room, thread, token ?? null])));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A record written by another version or by hand is a miss, never a broken replay. */
function isHistoryRun(run: unknown): run is HistoryRun {
  const r = run as Partial<HistoryRun> | null;
  return !!r && typeof r.runId === 'string' && Array.isArray(r.messages) && Array.isArray(r.events);
}

/**
 * Keeps the answers a run of `transport` was sent (`resume`) in its `historyCache`: Soliplex stores a
 * run's input without them. A failure keeps none: a reload then reads the answers from the runs that follow.
 */
export async function recordTransportResume(transport: SoliplexTransport, threadId: string, runId: string, resume: readonly ResumeEntry[]): Promise<void> {
  const { historyCache, serverUrl, room } = transport.options;
  if (!historyCache?.recordResume) return;
  try {
    const key = await historyCacheKey(serverUrl, room, threadId, await transport.api.currentToken());
    if (key) await historyCache.recordResume(key, runId, resume);
  } catch {
    // No record.
  }
}

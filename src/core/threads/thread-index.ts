import { notifyEach } from '../notify-each.js';
import { delay } from '../abortable-delay.js';
import type { Conversation } from '../conversation/conversation.js';
import type { RunOrchestrator } from '../tool-loop/run-orchestrator.js';
import { isRunning, threadKeyId, type ThreadKey, type ThreadSnapshot } from '../tool-loop/run-state.js';
import type { LocalThreadStore } from './local-thread-store.js';
import { LocalThreadSync } from './local-thread-sync.js';
import { threadActivity, type ThreadActivity } from './thread-activity.js';

/** One thread as a thread list shows it. */
export interface ThreadEntry {
  readonly key: ThreadKey;
  /** Its name (given by the user or the server), else its first user message; `''` when it has neither. */
  readonly title: string;
  /** When a message was added, a turn started or ended, or it was renamed (ms since the epoch). */
  readonly lastActivity: number;
  /** The engine's run state says running (creating, loading, queued, streaming or executing). */
  readonly running: boolean;
  /** A turn ended while no view showed the thread. */
  readonly unread: boolean;
  /** What its run is doing, for its badge. */
  readonly activity: ThreadActivity;
  /** Listed by the backend (a stored thread, perhaps not loaded yet), not just made here. */
  readonly stored: boolean;
}

interface Meta {
  key: ThreadKey;
  name?: string;
  lastActivity: number;
  /** Shown even while empty: a new chat, or a thread the backend listed. */
  listed: boolean;
  /** Listed by the backend: a later listing without it drops it. */
  fromServer?: boolean;
  /** What the last change looked like, to tell activity from streamed deltas. */
  seen?: { messages: number; running: boolean };
  /** The entry last built: given again while nothing it shows has changed (streamed deltas change nothing). */
  entry?: ThreadEntry;
}

const TITLE_LENGTH = 80;
/** When to read a thread's title again after a turn (ms since the previous read): a bounded few. */
const TITLE_REREADS_MS = [300, 1000, 2500];
const NEVER = new AbortController().signal;
const indexes = new WeakMap<RunOrchestrator, ThreadIndex>();

/**
 * The threads of one engine, as thread lists show them: every thread of its run registry that has a
 * message or a running turn, the new chats and server-listed threads added to it, each with a title,
 * its last activity and its run's live activity. The run state stays the registry's (one owner); the
 * index keeps only what the engine does not: names, activity times, and which threads to list.
 *
 * One index per engine (`ThreadIndex.for`), shared by every list and chat on it. With `keepLocally`,
 * threads of generic endpoints (room `''`) are saved to a `LocalThreadStore` (see `LocalThreadSync`);
 * `persistLocally` also lists (and restores) every thread kept there.
 */
export class ThreadIndex {
  readonly engine: RunOrchestrator;
  readonly #metas = new Map<string, Meta>();
  readonly #listeners = new Set<() => void>();
  /** Threads whose server-made title is being waited for (one wait per thread). */
  readonly #awaitingTitle = new Set<string>();
  #local?: LocalThreadSync;
  #restored?: Promise<void>;

  /** The index of `engine`, made on first use. */
  static for(engine: RunOrchestrator): ThreadIndex {
    let index = indexes.get(engine);
    if (!index) indexes.set(engine, (index = new ThreadIndex(engine)));
    return index;
  }

  /** The index of `engine` when one was made (a thread list shows its threads), without making one. */
  static of(engine: RunOrchestrator): ThreadIndex | undefined {
    return indexes.get(engine);
  }

  constructor(engine: RunOrchestrator) {
    this.engine = engine;
    for (const snapshot of engine.registry.threads) this.#onSnapshot(snapshot);
    engine.registry.subscribe((snapshot) => this.#onSnapshot(snapshot));
    engine.on((event) => {
      if (event.type === 'thread-created') this.#moved(event.from, event.key);
      if (event.type === 'turn-finished' && event.outcome === 'success') void this.#awaitTitle(event.key);
    });
  }

  /** Listens to changes of the list (entries, titles, activity); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The threads to list, most recently active first; `include` keeps only some (by key). An entry whose
   * fields have not changed is the same object as last time, so a view can skip it.
   */
  entries(include: (key: ThreadKey) => boolean = () => true): ThreadEntry[] {
    const entries: ThreadEntry[] = [];
    for (const meta of this.#metas.values()) {
      if (!include(meta.key)) continue;
      const snapshot = this.engine.registry.get(meta.key);
      const running = isRunning(snapshot.run);
      if (!meta.listed && !running && snapshot.conversation.messages.length === 0) continue;
      const next: ThreadEntry = {
        key: meta.key,
        title: meta.name ?? firstUserText(snapshot.conversation),
        lastActivity: meta.lastActivity,
        running,
        unread: snapshot.unread,
        activity: threadActivity(snapshot),
        stored: !!meta.fromServer,
      };
      if (!meta.entry || !sameEntry(meta.entry, next)) meta.entry = next;
      entries.push(meta.entry);
    }
    return entries.sort((a, b) => b.lastActivity - a.lastActivity);
  }

  /** Lists a thread even while it is empty (a new chat), optionally with a name. */
  add(key: ThreadKey, name?: string): void {
    const meta = this.#meta(key);
    meta.listed = true;
    if (name) meta.name = name;
    meta.lastActivity = Date.now();
    this.#notify();
  }

  /** Names a thread (an empty name goes back to its first message); on Soliplex the server keeps it. */
  async rename(key: ThreadKey, name: string): Promise<void> {
    const meta = this.#meta(key);
    const previous = meta.name;
    meta.name = name.trim() || undefined;
    meta.lastActivity = Date.now();
    this.#notify();
    this.local?.touch(key);
    try {
      await this.engine.renameThread(key, name.trim());
    } catch (error) {
      meta.name = previous;
      this.#notify();
      throw error;
    }
  }

  /**
   * Deletes a thread: a running turn is cancelled first, then the engine deletes it (on Soliplex, with
   * the server's DELETE) and it leaves the list and the local store. Rejects, keeping it listed, when
   * the server refuses.
   */
  async delete(key: ThreadKey): Promise<void> {
    await this.engine.deleteThread(key);
    this.#metas.delete(threadKeyId(key));
    const local = this.local;
    local?.forget(key);
    this.#notify();
    if (local && !key.room) await local.store.delete(key);
  }

  /**
   * Lists the threads the backend keeps for (server, room) (Soliplex: `GET …/rooms/{room}/agui`);
   * threads it listed before and no longer lists leave the list unless they are running.
   */
  async refresh(server: string, room: string, signal?: AbortSignal): Promise<void> {
    const stored = await this.engine.listThreads(server, room, signal);
    const ids = new Set<string>();
    for (const info of stored) {
      const key = { server, room, thread: info.threadId };
      ids.add(threadKeyId(key));
      const meta = this.#meta(key, info.lastActivity);
      meta.listed = true;
      meta.fromServer = true;
      if (info.name) meta.name = info.name;
      if (info.lastActivity !== undefined) meta.lastActivity = Math.max(meta.lastActivity, info.lastActivity);
    }
    for (const [id, meta] of this.#metas) {
      const gone = meta.fromServer && meta.key.server === server && meta.key.room === room && !ids.has(id);
      if (gone && !isRunning(this.engine.registry.get(meta.key).run)) this.#metas.delete(id);
    }
    this.#notify();
  }

  /**
   * Saves the threads of generic endpoints to `store` from now on, turns in flight included (see
   * `LocalThreadSync`: `reopen` a thread from there, `problem` says when storage fails). Once per
   * index: later calls return the same sync, whatever store they name.
   */
  keepLocally(store: LocalThreadStore): LocalThreadSync {
    const sync = LocalThreadSync.for(this.engine, store);
    if (this.#local === sync) return sync;
    this.#local = sync;
    this.#local.describe = (key) => {
      const meta = this.#metas.get(threadKeyId(key));
      return meta ? { ...(meta.name ? { name: meta.name } : {}), lastActivity: meta.lastActivity } : undefined;
    };
    return this.#local;
  }

  /** The engine's local sync, once made (here, or by a chat that keeps its own engine's threads). */
  get local(): LocalThreadSync | undefined {
    return LocalThreadSync.of(this.engine);
  }

  /**
   * Keeps threads in `store` (`keepLocally`) and lists every thread kept there, restoring each into
   * the engine while it is still empty. Once per index; later calls return the first restore.
   */
  persistLocally(store: LocalThreadStore): Promise<void> {
    if (this.#restored) return this.#restored;
    const local = this.keepLocally(store);
    this.#restored = local.store.loadAll().then(
      (threads) => {
        for (const stored of threads) {
          const meta = this.#meta(stored.key, stored.lastActivity);
          if (stored.name && !meta.name) meta.name = stored.name;
          meta.listed = true;
          local.adopt(stored);
        }
        this.#notify();
      },
      (error: unknown) => console.warn('[soliplex-chat] stored threads could not be listed', error),
    );
    return this.#restored;
  }

  /** Resolves once the saves scheduled so far are written. */
  async flush(): Promise<void> {
    await this.local?.flush();
  }

  #meta(key: ThreadKey, lastActivity = Date.now()): Meta {
    const id = threadKeyId(key);
    let meta = this.#metas.get(id);
    if (!meta) this.#metas.set(id, (meta = { key, lastActivity, listed: false }));
    return meta;
  }

  #onSnapshot(snapshot: ThreadSnapshot): void {
    const running = isRunning(snapshot.run);
    const messages = snapshot.conversation.messages.length;
    const id = threadKeyId(snapshot.key);
    let meta = this.#metas.get(id);
    if (!meta) {
      if (!running && messages === 0) return;
      meta = this.#meta(snapshot.key);
    }
    // Streamed deltas change no order: only a new message or a turn's start or end is activity.
    if (meta.seen && (meta.seen.messages !== messages || meta.seen.running !== running)) meta.lastActivity = Date.now();
    meta.seen = { messages, running };
    this.#notify();
  }

  /** The first send of a new chat created its thread: the entry moves to the new key. */
  #moved(from: ThreadKey, to: ThreadKey): void {
    const old = this.#metas.get(threadKeyId(from));
    if (!old) return;
    this.#metas.delete(threadKeyId(from));
    const meta = this.#meta(to);
    meta.listed ||= old.listed;
    meta.name ??= old.name;
    this.#notify();
  }

  /**
   * A stored thread without a name gets one from its server shortly after a turn (Soliplex titles a
   * thread after its first run finishes): the room's threads are read again a few times, then never
   * more until the next turn (no polling). A name arrived, given by the user, or a failed read ends it.
   */
  async #awaitTitle(key: ThreadKey): Promise<void> {
    const id = threadKeyId(key);
    if (!key.room || !key.thread || this.#awaitingTitle.has(id)) return;
    this.#awaitingTitle.add(id);
    try {
      for (const ms of TITLE_REREADS_MS) {
        if (this.#metas.get(id)?.name) return;
        await delay(ms, NEVER);
        if (this.#metas.get(id)?.name || !this.#listeners.size) return;
        await this.refresh(key.server, key.room);
      }
    } catch {
      // The list shows the first message meanwhile; the next refresh (or turn) tries again.
    } finally {
      this.#awaitingTitle.delete(id);
    }
  }

  #notify(): void {
    notifyEach([...this.#listeners], undefined, 'a thread list');
  }
}

function sameEntry(a: ThreadEntry, b: ThreadEntry): boolean {
  return (
    a.key === b.key &&
    a.title === b.title &&
    a.lastActivity === b.lastActivity &&
    a.running === b.running &&
    a.unread === b.unread &&
    a.stored === b.stored &&
    JSON.stringify(a.activity) === JSON.stringify(b.activity)
  );
}

/** The first line of the first user message, shortened. */
function firstUserText(conversation: Conversation): string {
  const first = conversation.messages.find((m) => m.role === 'user');
  const line = first?.text.trim().split('\n', 1)[0] ?? '';
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

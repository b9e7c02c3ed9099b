import { notifyEach } from '../notify-each.js';
import type { Conversation } from '../conversation/conversation.js';
import type { RunOrchestrator } from '../tool-loop/run-orchestrator.js';
import { isInFlight, isRunning, threadKeyId, type ThreadKey, type ThreadSnapshot } from '../tool-loop/run-state.js';
import { ThreadStorageError, type LocalThreadStore, type StoredThread } from './local-thread-store.js';

/** Why threads are not being kept: no IndexedDB (a private window, another tab upgraded it), storage full, or another failure. */
export interface LocalThreadProblem {
  readonly kind: 'unavailable' | 'quota' | 'failed';
  /** The technical text. */
  readonly technical: string;
}

/** What a thread's name and activity are, as its list keeps them (saved with it); undefined: as last stored. */
export type DescribeThread = (key: ThreadKey) => { readonly name?: string; readonly lastActivity: number } | undefined;

const syncs = new WeakMap<RunOrchestrator, LocalThreadSync>();

/** Text streams in many small changes: saved at most this often while it does (its first piece at once). */
const STREAM_SAVE_MS = 300;
/** A turn's end waits this long, so a disposal that cancels the turn can keep its in-flight copy instead. */
const END_SAVE_MS = 30;

/** What this tab keeps of one thread (local-thread-follow.ts reads and sets it too). */
export interface Kept {
  readonly key: ThreadKey;
  readonly id: string;
  /** The stored revision this tab's copy is based on (0: none stored yet). */
  revision: number;
  /** Its name as last loaded (kept when no thread list names it). */
  name?: string;
  /** The conversation last written (or loaded), and whether a turn was running then. */
  saved?: Conversation;
  savedRunning?: boolean;
  /** What the last write looked like beyond streamed text (messages, call states, run phase). */
  milestone?: string;
  /** The latest conversation seen while a turn ran: what a disposal mid-turn keeps. */
  lastRunning?: Conversation;
  writing?: Promise<void>;
  /** A write was asked for while one was under way. */
  again: boolean;
  timer?: ReturnType<typeof setTimeout>;
  /** `timer` writes a milestone at the next task. */
  soon?: boolean;
  lastWriteAt: number;
  /** Another tab saved a turn this copy does not have: this tab no longer writes it. */
  outOfDate: boolean;
  /** The engine was disposed mid-turn: its in-flight copy stays as saved. */
  closed: boolean;
  reopening?: Promise<boolean>;
  /** Set while the engine puts a copy read from the store in place: showing it is no change to save. */
  adopting?: boolean;
  /** The tool-call object last looked at, each call's state then, and a count of their changes. */
  calls?: { of: Conversation['toolCalls']; readonly states: Map<string, string>; changes: number };
}

/**
 * What only a copy read back from the store needs (local-thread-follow.ts): registered by that module,
 * which local-thread-records.ts (the code every read goes through) imports, so it is there by the time a
 * copy is read back; a first visit's saves never load it.
 */
export interface SyncReadBack {
  adopt(engine: RunOrchestrator, keep: () => Kept, stored: StoredThread): boolean;
  follow(sync: LocalThreadSync, kept: Kept, stored: StoredThread, followable: (snapshot: ThreadSnapshot) => boolean, outOfDate: () => void): void;
}
let readBack: SyncReadBack | undefined;
/** Called by local-thread-follow.ts when it is evaluated. */
export function provideSyncReadBack(code: SyncReadBack): void {
  readBack = code;
}

type Broadcast = { readonly type: 'saved'; readonly id: string; readonly revision: number; readonly writer: string };

/**
 * Keeps the threads of generic AG-UI endpoints (room `''`) of one engine in a `LocalThreadStore`, so
 * that nothing the user does loses a conversation: every change is saved, a turn in flight too
 * (`inFlight`, throttled while text streams, at once when a message arrives, a tool starts or
 * settles, an approval or interrupt opens), and `reopen` puts a kept thread back into the engine
 * (`engine.restore`).
 *
 * Two tabs on one thread: each record has a revision and a tab writes only over the revision it
 * knows; a tab that is refused, or hears (BroadcastChannel) that another tab saved a thread it shows
 * while its own turn runs or its changes are unsaved, marks the thread out of date and stops writing
 * it; an idle, saved thread is updated from the store instead.
 *
 * A storage failure is kept once in `problem` (listeners are told); the conversation in memory is
 * never touched by one.
 */
export class LocalThreadSync {
  readonly engine: RunOrchestrator;
  readonly store: LocalThreadStore;
  /** The first storage failure, if any. */
  problem?: LocalThreadProblem;
  /** Names and activity times, from the engine's thread list (`ThreadIndex`) when there is one. */
  describe?: DescribeThread;
  readonly #kept = new Map<string, Kept>();
  readonly #listeners = new Set<() => void>();
  readonly #writer = Math.random().toString(36).slice(2);
  readonly #channel?: BroadcastChannel;
  readonly #stops: (() => void)[] = [];
  #closed = false;

  /** The sync of `engine`, made on first use with `store` (a later call's store is not used), or again after `close`. */
  static for(engine: RunOrchestrator, store: LocalThreadStore): LocalThreadSync {
    let sync = syncs.get(engine);
    if (!sync || sync.#closed) syncs.set(engine, (sync = new LocalThreadSync(engine, store)));
    return sync;
  }

  /** The sync of `engine`, if one was made. */
  static of(engine: RunOrchestrator): LocalThreadSync | undefined {
    return syncs.get(engine);
  }

  constructor(engine: RunOrchestrator, store: LocalThreadStore) {
    this.engine = engine;
    this.store = store;
    this.#stops.push(
      engine.registry.subscribe((snapshot) => this.#onSnapshot(snapshot)),
      engine.on((event) => {
        if (event.type === 'turn-finished' && event.reason === 'disposed') this.#onDisposed(event.key);
      }),
    );
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(`soliplex-chat-threads:${store.dbName}`);
      channel.onmessage = (event: MessageEvent<Broadcast>) => this.#onBroadcast(event.data);
      this.#channel = channel;
    }
    if (typeof addEventListener === 'function') {
      // The page is going away (a reload): write what waits now rather than after the throttle.
      const onHide = () => void this.flush();
      addEventListener('pagehide', onHide);
      this.#stops.push(() => removeEventListener('pagehide', onHide));
    }
    for (const snapshot of engine.registry.threads) this.#onSnapshot(snapshot);
  }

  /** Listens to `problem` and out-of-date changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Another tab saved turns of this thread that this tab's copy lacks (and this tab no longer saves it). */
  isOutOfDate(key: ThreadKey): boolean {
    return this.#kept.get(threadKeyId(key))?.outOfDate ?? false;
  }

  /**
   * Puts the kept copy of a thread into the engine (a turn that was running comes back through
   * `engine.restore` with `inFlight`), once per thread; resolves to true when it did. A thread that
   * already has messages or a turn is left as it is.
   */
  reopen(key: ThreadKey): Promise<boolean> {
    if (key.room || !key.thread) return Promise.resolve(false);
    const kept = this.#keep(key);
    kept.reopening ??= this.store.load(key).then(
      (stored) => (stored ? this.adopt(stored) : false),
      (error: unknown) => {
        this.#failed(error);
        return false;
      },
    );
    return kept.reopening;
  }

  /** Puts a thread read from the store into the engine when that thread is still empty; true when it did. */
  adopt(stored: StoredThread): boolean {
    if (this.#closed || stored.key.room) return false;
    return readBack!.adopt(this.engine, () => this.#keep(stored.key), stored);
  }

  /** Saves a thread now (a rename), whatever its last save was. */
  touch(key: ThreadKey): void {
    const kept = this.#kept.get(threadKeyId(key));
    if (kept) this.#write(kept, true);
  }

  /** Stops keeping a thread (it was deleted); its record is the caller's to delete. */
  forget(key: ThreadKey): void {
    const id = threadKeyId(key);
    clearTimeout(this.#kept.get(id)?.timer);
    this.#kept.delete(id);
  }

  /** Writes every waiting save now; resolves once all are written. */
  async flush(): Promise<void> {
    for (let round = 0; round < 10; round++) {
      for (const kept of this.#kept.values()) {
        if (kept.timer !== undefined) this.#write(kept);
      }
      const writing = [...this.#kept.values()].map((kept) => kept.writing).filter((w) => w !== undefined);
      if (writing.length === 0) return;
      await Promise.allSettled(writing);
    }
  }

  /** Stops listening (to the engine, other tabs and the page); waiting saves are written first. */
  close(): void {
    if (this.#closed) return;
    void this.flush();
    this.#closed = true;
    for (const stop of this.#stops.splice(0)) stop();
    this.#channel?.close();
    this.#listeners.clear();
  }

  #keep(key: ThreadKey): Kept {
    const id = threadKeyId(key);
    let kept = this.#kept.get(id);
    if (!kept) this.#kept.set(id, (kept = { key, id, revision: 0, again: false, lastWriteAt: 0, outOfDate: false, closed: false }));
    return kept;
  }

  #onSnapshot(snapshot: ThreadSnapshot): void {
    const { key, conversation, run } = snapshot;
    if (key.room || !key.thread || this.#closed) return;
    const running = isRunning(run);
    if (conversation.messages.length === 0 && !this.#kept.has(threadKeyId(key))) return;
    const kept = this.#keep(key);
    if (kept.closed || kept.outOfDate || kept.adopting) return;
    if (running) kept.lastRunning = conversation;
    if (conversation.messages.length === 0) return;
    // `savedRunning` is whether the copy was written in flight (a turn running, or one a reload interrupted).
    if (conversation === kept.saved && isInFlight(run) === kept.savedRunning) return;
    if (!running) {
      clearTimeout(kept.timer);
      kept.soon = false;
      kept.timer = setTimeout(() => this.#write(kept), END_SAVE_MS);
    } else if (this.#milestone(kept, snapshot) !== kept.milestone) {
      // In the next task, not inside the change: a tool hop's continuation request goes out first (the
      // write's copy and transaction are not on its way); a page that goes away meanwhile writes it on
      // pagehide, an engine disposed mid-turn its last copy (#onDisposed).
      if (!kept.soon) {
        clearTimeout(kept.timer);
        kept.soon = true;
        kept.timer = setTimeout(() => this.#write(kept), 0);
      }
    } else if (kept.timer === undefined) {
      // Streamed text: one write per interval, of whatever is latest then (no timer churn per token).
      kept.timer = setTimeout(() => this.#write(kept), Math.max(0, kept.lastWriteAt + STREAM_SAVE_MS - Date.now()));
    }
  }

  /** What a reload must not lose, in one string: the messages (the last one's first text), the calls' states, the run's phase. */
  #milestone(kept: Kept, { conversation, run }: ThreadSnapshot): string {
    const phase = isRunning(run) ? run.phase : run.status;
    const last = conversation.messages.at(-1);
    const spoken = !!last && 'text' in last && last.text.length > 0;
    return `${conversation.messages.length}|${spoken}|${phase}|${this.#callChanges(kept, conversation.toolCalls)}`;
  }

  /**
   * How often a call appeared, went or changed state (a streaming call counts once it is complete).
   * Runs on every snapshot of a running turn: only the calls the snapshot replaced are looked at, so a
   * hop of many calls costs no string of them all per change (it used to, on the way to the continuation).
   */
  #callChanges(kept: Kept, toolCalls: Conversation['toolCalls']): number {
    const seen = (kept.calls ??= { of: {} as Conversation['toolCalls'], states: new Map(), changes: 0 });
    if (seen.of === toolCalls) return seen.changes;
    let count = 0;
    for (const id in toolCalls) {
      count++;
      const call = toolCalls[id]!;
      if (seen.of[id] === call) continue;
      const state = call.status === 'streaming' ? '' : call.status;
      if (seen.states.get(id) === state) continue;
      seen.states.set(id, state);
      seen.changes++;
    }
    if (count !== seen.states.size) {
      for (const id of seen.states.keys()) if (!(id in toolCalls)) seen.states.delete(id);
      seen.changes++;
    }
    seen.of = toolCalls;
    return seen.changes;
  }

  /** Writes the thread's current copy; one write at a time per thread, the latest copy written last. */
  #write(kept: Kept, force = false): void {
    clearTimeout(kept.timer);
    kept.timer = undefined;
    kept.soon = false;
    if (kept.outOfDate || this.#kept.get(kept.id) !== kept || this.problem?.kind === 'unavailable') return;
    if (kept.writing) {
      kept.again = true;
      return;
    }
    const snapshot = this.engine.registry.get(kept.key);
    // A turn a reload interrupted and nobody took up yet is still in flight: a second reload keeps it so.
    const running = isInFlight(snapshot.run);
    const conversation = kept.closed ? kept.lastRunning : snapshot.conversation;
    if (!conversation || conversation.messages.length === 0) return;
    if (!force && conversation === kept.saved && running === kept.savedRunning) return;
    kept.saved = conversation;
    kept.savedRunning = running;
    kept.milestone = this.#milestone(kept, snapshot);
    kept.lastWriteAt = Date.now();
    const described = this.describe?.(kept.key);
    const name = described ? described.name : kept.name;
    const lastActivity = described?.lastActivity ?? Date.now();
    const thread: StoredThread = {
      key: kept.key,
      ...(name ? { name } : {}),
      lastActivity,
      conversation,
      ...(running || kept.closed ? { inFlight: true } : {}),
    };
    kept.writing = this.store
      .save(thread, kept.revision)
      .then(
        (result) => {
          if (result.saved) {
            kept.revision = result.revision;
            this.#channel?.postMessage({ type: 'saved', id: kept.id, revision: result.revision, writer: this.#writer } satisfies Broadcast);
          } else {
            this.#markOutOfDate(kept);
          }
        },
        (error: unknown) => {
          kept.saved = undefined; // not written: the next change tries again
          this.#failed(error);
        },
      )
      .finally(() => {
        kept.writing = undefined;
        if (kept.again) {
          kept.again = false;
          this.#write(kept);
        }
      });
  }

  /** The engine is being disposed mid-turn (the chat left the page): its in-flight copy is what stays. */
  #onDisposed(key: ThreadKey): void {
    const kept = this.#kept.get(threadKeyId(key));
    if (!kept || kept.closed) return;
    kept.closed = true;
    clearTimeout(kept.timer);
    kept.timer = undefined;
    kept.soon = false;
    if (kept.lastRunning && (kept.lastRunning !== kept.saved || !kept.savedRunning)) this.#write(kept);
  }

  #onBroadcast(message: Broadcast): void {
    if (!message || message.type !== 'saved' || message.writer === this.#writer || this.#closed) return;
    const kept = this.#kept.get(message.id);
    if (!kept || kept.closed || message.revision <= kept.revision) return;
    // A copy with nothing this tab has not saved may follow the other tab; any other is out of date.
    const followable = (snapshot: ThreadSnapshot) =>
      !isRunning(snapshot.run) &&
      (snapshot.conversation.messages.length === 0 || (snapshot.conversation === kept.saved && !kept.writing && kept.timer === undefined));
    if (!followable(this.engine.registry.get(kept.key))) return this.#markOutOfDate(kept);
    this.store.load(kept.key).then(
      (stored) => {
        // Read back: its code is there (`readBack`).
        if (stored && this.#kept.get(kept.id) === kept) readBack!.follow(this, kept, stored, followable, () => this.#markOutOfDate(kept));
      },
      (error: unknown) => this.#failed(error),
    );
  }

  #markOutOfDate(kept: Kept): void {
    if (kept.outOfDate) return;
    kept.outOfDate = true;
    clearTimeout(kept.timer);
    kept.timer = undefined;
    kept.soon = false;
    this.#notify();
  }

  #failed(error: unknown): void {
    if (this.problem) return;
    console.warn('[soliplex-chat] a conversation could not be kept in this browser', error);
    const kind = error instanceof ThreadStorageError ? error.kind : 'failed';
    this.problem = { kind, technical: (error as Error)?.message ?? String(error) };
    this.#notify();
  }

  #notify(): void {
    notifyEach([...this.#listeners], undefined, 'a thread storage');
  }
}

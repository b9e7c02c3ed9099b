import { notifyEach } from '../notify-each.js';
import { emptyThread, threadKeyId, type ThreadKey, type ThreadSnapshot } from './run-state.js';

export type ThreadListener = (snapshot: ThreadSnapshot) => void;

/**
 * The thread snapshots of every (server, room, thread), and who listens to them. Several threads run
 * at once; views subscribe to the one they show. A listener that throws is reported and skipped, so
 * one broken view cannot stop the others (or the engine) from seeing changes.
 */
export class RunRegistry {
  readonly #threads = new Map<string, ThreadSnapshot>();
  readonly #listeners = new Map<string, Set<ThreadListener>>();
  readonly #anyListeners = new Set<ThreadListener>();
  readonly #viewers = new Map<string, number>();
  /** Threads stored with `soon`: their listeners hear of the latest snapshot once the microtasks queued before have run. */
  readonly #soon = new Set<string>();

  /** The thread's snapshot; an empty idle one if it has never run. */
  get(key: ThreadKey): ThreadSnapshot {
    return this.#threads.get(threadKeyId(key)) ?? emptyThread(key);
  }

  /** Every thread that has a snapshot. */
  get threads(): ThreadSnapshot[] {
    return [...this.#threads.values()];
  }

  /**
   * Stores a new snapshot (`get` returns it at once) and notifies its listeners. With `soon`, they
   * hear of it in a microtask, with whatever is latest then: the changes of calls that advance
   * together (a hop's instant tools going executing, then completed, in the same task) reach them as
   * one snapshot rather than one each. A later `set` without `soon` tells them at once, and the
   * waiting notice goes with it.
   */
  set(snapshot: ThreadSnapshot, soon?: boolean): void {
    const id = threadKeyId(snapshot.key);
    const viewed = (this.#viewers.get(id) ?? 0) > 0;
    const next = viewed && snapshot.unread ? { ...snapshot, unread: false } : snapshot;
    this.#threads.set(id, next);
    if (soon) {
      // Told once, with the latest snapshot then (stored again: it is the one `get` has).
      if (!this.#soon.size) queueMicrotask(() => this.#soon.forEach((waiting) => this.set(this.#threads.get(waiting)!)));
      this.#soon.add(id);
      return;
    }
    this.#soon.delete(id);
    notifyEach([...(this.#listeners.get(id) ?? []), ...this.#anyListeners], next, 'a thread');
  }

  /** Forgets a thread's snapshot; its listeners are told it is empty again (what `get` now returns). */
  delete(key: ThreadKey): void {
    const id = threadKeyId(key);
    if (!this.#threads.delete(id)) return;
    this.#soon.delete(id);
    const empty = emptyThread(key);
    notifyEach([...(this.#listeners.get(id) ?? []), ...this.#anyListeners], empty, 'a thread');
  }

  /** Applies `update` to the current snapshot of `key` (`soon`: see `set`). */
  update(key: ThreadKey, update: (snapshot: ThreadSnapshot) => ThreadSnapshot, soon?: boolean): ThreadSnapshot {
    const next = update(this.get(key));
    this.set(next, soon);
    return next;
  }

  /**
   * Listens to one thread, or to all threads when `key` is omitted. Returns the unsubscribe function.
   * Changes stored with `soon` (streamed tokens, a hop's calls: see `set`) come as one snapshot, the
   * latest, by the end of the task that made them.
   */
  subscribe(listener: ThreadListener, key?: ThreadKey): () => void {
    if (!key) {
      this.#anyListeners.add(listener);
      return () => this.#anyListeners.delete(listener);
    }
    const id = threadKeyId(key);
    let set = this.#listeners.get(id);
    if (!set) this.#listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(id);
    };
  }

  /**
   * Marks the thread as shown by a view until the returned function is called. A thread shown by no
   * view gets `unread` when a turn ends there; showing it clears the flag.
   */
  view(key: ThreadKey): () => void {
    const id = threadKeyId(key);
    this.#viewers.set(id, (this.#viewers.get(id) ?? 0) + 1);
    const current = this.#threads.get(id);
    if (current?.unread) this.set({ ...current, unread: false });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.#viewers.get(id) ?? 1) - 1;
      if (count > 0) this.#viewers.set(id, count);
      else this.#viewers.delete(id);
    };
  }

  isViewed(key: ThreadKey): boolean {
    return (this.#viewers.get(threadKeyId(key)) ?? 0) > 0;
  }

  /** Drops all listeners (the snapshots stay readable). */
  clearListeners(): void {
    this.#listeners.clear();
    this.#anyListeners.clear();
  }
}

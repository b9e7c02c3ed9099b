import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FIRST_WINDOW } from './message-pages.js';

/** Then older items render this many at a time, in idle time, one task each. */
const CHUNK = 20;

type Item = { readonly id: string };

/**
 * Renders a long list in steps: when many items arrive at once, `shown()` gives the latest
 * FIRST_WINDOW first, and older ones are added CHUNK at a time in idle time (each a task of its own,
 * so the page stays responsive). Items are told apart by id; a list that grows a few at a time (a
 * streamed answer) renders whole. Loaded by the message list with the first long jump (the list shows
 * the latest FIRST_WINDOW until it is in).
 */
export class ProgressiveRenderController<T extends Item> implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  /** The items as they are now (read again in idle time, when the chunk is taken). */
  readonly #items: () => readonly T[];
  /** The first item rendered (older ones wait for idle time); undefined: all of them. */
  #firstShown?: string;
  /** How many items the last render had, and its first item, to tell a long jump. */
  #seen: { count: number; first?: string } = { count: 0 };
  #idle?: () => void;

  constructor(host: ReactiveControllerHost, items: () => readonly T[]) {
    this.#host = host;
    this.#items = items;
    host.addController(this);
  }

  /** The items to render now, out of `items` (the host's render calls this once). */
  shown(items: readonly T[]): readonly T[] {
    const first = items[0]?.id;
    const added = first === this.#seen.first ? items.length - this.#seen.count : items.length;
    this.#seen = { count: items.length, first };
    if (added >= FIRST_WINDOW * 2) this.#firstShown = items[items.length - FIRST_WINDOW]!.id;
    if (this.#firstShown === undefined) return items;
    const from = items.findIndex((item) => item.id === this.#firstShown);
    if (from <= 0) {
      this.#firstShown = undefined;
      return items;
    }
    this.#idle ??= whenIdle(() => {
      this.#idle = undefined;
      if (this.#firstShown === undefined) return;
      const now = this.#items();
      const at = now.findIndex((item) => item.id === this.#firstShown);
      this.#firstShown = at > CHUNK ? now[at - CHUNK]!.id : undefined;
      this.#host.requestUpdate();
    });
    return items.slice(from);
  }

  hostConnected(): void {
    // Back on the page: finish rendering the older items.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#idle?.();
    this.#idle = undefined;
  }
}

/** Runs `task` when the page is idle (soon, at the latest); returns its cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 16);
  return () => clearTimeout(id);
}

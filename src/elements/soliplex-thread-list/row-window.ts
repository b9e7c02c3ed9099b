import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Lists this long or shorter render every row (and find-in-page sees them all). */
export const WINDOW_MIN_ROWS = 40;
/** Rows rendered beyond each edge of what is visible, so a short scroll shows rows already there. */
const OVERSCAN = 8;
/** Before the first measure: a row's height and how many rows to render. */
const GUESS_PITCH = 52;
const GUESS_ROWS = 24;

/** What one list renders: the row indexes, in order, and the space to leave for the rows left out. */
export interface RowSlice {
  /** Indexes of the rows to render, ascending. */
  readonly rows: readonly number[];
  /** Height (px) of `count` skipped rows, as a spacer takes it (the list's gap after the spacer included). */
  readonly spacer: (count: number) => number;
}

/**
 * Renders only the rows of a long list that are near the viewport (a window of rows), with spacers of
 * the estimated height of the rows left out, so the scrollbar and scroll positions stay as if all were
 * there. Several lists of one host (one per server) each get their window, by key; each list is a
 * `[data-window]` element (its value the key) whose rendered rows are its `[data-row]` children.
 *
 * What is visible: the host's box, clipped to the window's viewport, so it works both when the host
 * scrolls (its own `overflow`) and when the page does. Rows are assumed about the same height: the pitch
 * is measured on the rows rendered (an odd row, such as one being renamed, moves the ones after it a
 * little until the next measure).
 */
export class RowWindowController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  /** Each list's visible span, px from its top (unknown until measured). */
  readonly #visible = new Map<string, { top: number; bottom: number }>();
  /** The last slice handed out per list: a new measure re-renders only when it would differ. */
  readonly #rendered = new Map<string, { first: number; last: number }>();
  #pitch = GUESS_PITCH;
  #gap = 0;
  #frame = 0;
  #resize?: ResizeObserver;
  readonly #onScroll = () => this.#schedule();

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.addEventListener('scroll', this.#onScroll, { passive: true });
    // A scroller around the host (the page, or an element of it) moves the rows too.
    document.addEventListener('scroll', this.#onScroll, { passive: true, capture: true });
    window.addEventListener('resize', this.#onScroll, { passive: true });
    this.#resize ??= new ResizeObserver(this.#onScroll);
    this.#resize.observe(this.#host);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('scroll', this.#onScroll);
    document.removeEventListener('scroll', this.#onScroll, { capture: true });
    window.removeEventListener('resize', this.#onScroll);
    this.#resize?.disconnect();
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  hostUpdated(): void {
    // Rows just rendered may show another pitch, or a list may have appeared: measure once they are laid out.
    this.#schedule();
  }

  /**
   * The rows of list `key` (of `count` rows) to render: all of a short list; else those near the
   * viewport, and `keep` (rows that must stay in the DOM wherever they are: the one holding the list's
   * tab stop or focus, one being renamed).
   */
  slice(key: string, count: number, keep: readonly number[]): RowSlice {
    const spacer = (n: number) => Math.max(0, n * this.#pitch - this.#gap);
    if (count <= WINDOW_MIN_ROWS) {
      this.#rendered.delete(key);
      return { rows: Array.from({ length: count }, (_, i) => i), spacer };
    }
    const { first, last } = this.#span(key, count);
    this.#rendered.set(key, { first, last });
    const rows = new Set<number>();
    for (let i = first; i <= last; i++) rows.add(i);
    for (const i of keep) if (i >= 0 && i < count) rows.add(i);
    return { rows: [...rows].sort((a, b) => a - b), spacer };
  }

  /** The first and last row near the viewport. */
  #span(key: string, count: number): { first: number; last: number } {
    const visible = this.#visible.get(key);
    if (!visible) return { first: 0, last: Math.min(count, GUESS_ROWS) - 1 };
    const first = Math.max(0, Math.floor(visible.top / this.#pitch) - OVERSCAN);
    const last = Math.min(count - 1, Math.max(first, Math.ceil(visible.bottom / this.#pitch) + OVERSCAN));
    return { first: Math.min(first, count - 1), last };
  }

  #schedule(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#measure();
    });
  }

  /** Reads where each list is against the viewport; re-renders when a list's window moved. */
  #measure(): void {
    const root = (this.#host as unknown as { renderRoot?: ParentNode }).renderRoot;
    if (!root || !this.#host.isConnected) return;
    const box = this.#host.getBoundingClientRect();
    const viewTop = Math.max(box.top, 0);
    const viewBottom = Math.min(box.bottom, window.innerHeight || document.documentElement.clientHeight);
    let changed = false;
    for (const list of root.querySelectorAll<HTMLElement>('[data-window]')) {
      const key = list.dataset.window!;
      if (this.#measurePitch(list)) changed = true;
      const top = list.getBoundingClientRect().top;
      this.#visible.set(key, { top: viewTop - top, bottom: viewBottom - top });
      const rendered = this.#rendered.get(key);
      if (!rendered) continue;
      const count = Number(list.dataset.count ?? 0);
      const next = this.#span(key, count);
      if (next.first !== rendered.first || next.last !== rendered.last) changed = true;
    }
    if (changed) this.#host.requestUpdate();
  }

  /** Measures the distance from one rendered row to the next, and the list's gap; true when the pitch changed. */
  #measurePitch(list: HTMLElement): boolean {
    const rows = list.querySelectorAll<HTMLElement>(':scope > [data-row]');
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      if (Number(b.dataset.row) !== Number(a.dataset.row) + 1) continue;
      const pitch = b.offsetTop - a.offsetTop;
      if (pitch <= 0) continue;
      const moved = Math.abs(pitch - this.#pitch) >= 1;
      this.#pitch = pitch;
      this.#gap = parseFloat(getComputedStyle(list).rowGap) || 0;
      return moved && this.#rendered.has(list.dataset.window!);
    }
    return false;
  }
}

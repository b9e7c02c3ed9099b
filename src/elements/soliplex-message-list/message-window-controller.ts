import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WINDOW_MIN_ITEMS } from './message-pages.js';
/** The last pages always render: the answer streaming in, and the end "Jump to latest" goes to. */
const TAIL_PAGES = 2;
/** "Near the viewport": within one viewport above or below it. */
const NEAR = '100% 0px';
/** Before any page was measured: an item's height (px). */
const GUESS_ITEM_PX = 120;

export interface MessageWindowConfig {
  /** The scrolling box (what "near the viewport" is measured against). */
  scroller: () => HTMLElement | null | undefined;
  /** The box whose children are the pages (`[data-page-id]`). */
  content: () => HTMLElement | null | undefined;
}

/**
 * Renders only the pages of a long conversation that are near the viewport, and the last ones: every
 * other page stands as an empty placeholder of its remembered height, so the DOM stays bounded by what
 * is on screen, the scrollbar as if every message were there, and a streaming frame lays out and
 * checks a few pages, not the whole conversation.
 *
 * Near: one IntersectionObserver on the scroller (a margin of a viewport above and below), one target
 * per page, placeholders included, so a page renders as it comes near and goes back to a placeholder
 * as it leaves. Heights: a ResizeObserver on the pages remembers each rendered page's size (read after
 * layout, so it forces none); a page never measured is guessed from the average item. The page that
 * holds focus stays rendered, so keyboard focus is never dropped by a scroll. Loaded by the message list
 * with the first chat longer than WINDOW_MIN_ITEMS (most chats never need it).
 */
export class MessageWindowController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #config: MessageWindowConfig;
  /** Pages the observer last saw near the viewport, by id. */
  readonly #near = new Set<string>();
  /** Rendered pages' last measured height (border box, px) and how many items they held then. */
  readonly #heights = new Map<string, { px: number; items: number }>();
  /** The observed page elements and their ids. */
  readonly #observed = new Map<Element, string>();
  /** Never-measured pages' guessed height (px) and their item count then. */
  readonly #guesses = new Map<string, { px: number; items: number }>();
  /** The height last written on each page element ('' for none): a style is written only when it changes. */
  readonly #written = new WeakMap<Element, string>();
  /** The page list last observed (count, first and last id): a render that kept it skips the scan. */
  #signature = '';
  #intersection?: IntersectionObserver;
  #resize?: ResizeObserver;
  #observerRoot?: Element;

  constructor(host: ReactiveControllerHost & HTMLElement, config: MessageWindowConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  /**
   * The ids of the pages to render whole (the others render as placeholders), or undefined: all of
   * them (a chat of WINDOW_MIN_ITEMS items or fewer).
   */
  whole(pages: readonly { readonly id: string; readonly items: readonly unknown[] }[]): ReadonlySet<string> | undefined {
    let items = 0;
    for (const page of pages) items += page.items.length;
    if (items <= WINDOW_MIN_ITEMS) return undefined;
    const ids = new Set<string>();
    for (const page of pages.slice(-TAIL_PAGES)) ids.add(page.id);
    // The page holding focus (a keyboard user on a button of it) stays, wherever the reader scrolls.
    const focused = this.#host.shadowRoot?.activeElement?.closest<HTMLElement>('[data-page-id]')?.dataset.pageId;
    for (const page of pages) if (this.#near.has(page.id) || page.id === focused) ids.add(page.id);
    return ids;
  }

  /**
   * The height (px) a placeholder for page `id` of `count` items takes: its own when it was rendered,
   * else a guess from `perItem` (the measured pages' average item, computed once per update).
   */
  #placeholderHeight(id: string, count: number, perItem: () => number): number {
    const known = this.#heights.get(id);
    if (known) return known.items === count ? known.px : Math.round((known.px / known.items) * count);
    // A guess stays until the page is measured: the average moves with every token of a streaming
    // answer, and a new guess per frame would restyle and lay out every placeholder per frame.
    const guess = this.#guesses.get(id);
    if (guess?.items === count) return guess.px;
    const px = Math.round(perItem() * count);
    this.#guesses.set(id, { px, items: count });
    return px;
  }

  /** The measured pages' average item height (px), or a guess before any was measured. */
  #perItem(): number {
    let px = 0;
    let items = 0;
    for (const h of this.#heights.values()) {
      px += h.px;
      items += h.items;
    }
    return items ? px / items : GUESS_ITEM_PX;
  }

  hostConnected(): void {
    // Back on the page: observe the pages again (the next update scans them).
    this.#signature = '';
  }

  hostUpdated(): void {
    const scroller = this.#config.scroller();
    const content = this.#config.content();
    if (!scroller || !content) return;
    if (scroller !== this.#observerRoot) this.#createObservers(scroller);
    const pages = content.children;
    // Placeholders take their page's height (set through the CSSOM, which a strict Content-Security-Policy
    // allows); a page rendered again takes its own.
    // Per streamed token too: only what changed is written (a style write, even of the same value, is
    // not free), and the average item is computed once.
    let perItem: number | undefined;
    const average = () => (perItem ??= this.#perItem());
    for (const page of pages as HTMLCollectionOf<HTMLElement>) {
      const id = page.dataset.pageId;
      if (id === undefined) continue;
      const size = page.classList.contains('placeholder') ? `${this.#placeholderHeight(id, Number(page.dataset.items) || 1, average)}px` : '';
      if ((this.#written.get(page) ?? '') === size) continue;
      page.style.blockSize = size;
      this.#written.set(page, size);
    }
    const first = pages[0] as HTMLElement | undefined;
    const last = pages[pages.length - 1] as HTMLElement | undefined;
    const signature = `${pages.length} ${first?.dataset.pageId} ${last?.dataset.pageId}`;
    if (signature === this.#signature) return;
    this.#signature = signature;
    // Pages that left (a thread switch, an edit): unobserved, forgotten.
    for (const [element, id] of this.#observed) {
      if (element.isConnected) continue;
      this.#intersection!.unobserve(element);
      this.#resize!.unobserve(element);
      this.#observed.delete(element);
      this.#near.delete(id);
      this.#heights.delete(id);
      this.#guesses.delete(id);
    }
    for (const page of pages) {
      const id = (page as HTMLElement).dataset.pageId;
      if (id === undefined || this.#observed.has(page)) continue;
      this.#observed.set(page, id);
      this.#intersection!.observe(page);
      this.#resize!.observe(page);
    }
  }

  hostDisconnected(): void {
    this.#intersection?.disconnect();
    this.#resize?.disconnect();
    this.#intersection = this.#resize = this.#observerRoot = undefined;
    this.#observed.clear();
  }

  #createObservers(scroller: HTMLElement): void {
    this.#intersection?.disconnect();
    this.#resize?.disconnect();
    this.#observed.clear();
    this.#observerRoot = scroller;
    this.#intersection = new IntersectionObserver(
      (entries) => {
        let changed = false;
        for (const entry of entries) {
          const id = this.#observed.get(entry.target);
          if (id === undefined || this.#near.has(id) === entry.isIntersecting) continue;
          if (entry.isIntersecting) this.#near.add(id);
          else this.#near.delete(id);
          changed = true;
        }
        if (changed) this.#host.requestUpdate();
      },
      { root: scroller, rootMargin: NEAR },
    );
    this.#resize = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const page = entry.target as HTMLElement;
        const id = this.#observed.get(page);
        const px = entry.borderBoxSize[0]?.blockSize;
        // A placeholder's size is the one given to it: only rendered pages are measured.
        if (id === undefined || !px || page.classList.contains('placeholder')) continue;
        this.#heights.set(id, { px, items: Number(page.dataset.items) || 1 });
        this.#guesses.delete(id);
      }
    });
  }
}

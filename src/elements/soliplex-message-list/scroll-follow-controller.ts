import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the end (px) still counts as "at the bottom". */
const BOTTOM_SLACK = 24;

export interface ScrollFollowConfig {
  /** The scrolling box. */
  scroller: () => HTMLElement | null | undefined;
  /** What grows inside it as messages stream in. */
  content: () => HTMLElement | null | undefined;
}

/**
 * Keeps a scrolling box at its end while the reader is there, and leaves them alone once they scroll
 * up (`away` is then true: the host shows "Jump to latest"). It follows the end from a
 * ResizeObserver on the content and on the box itself (a status line or composer growing below
 * shrinks it): called after layout, at most once a frame, so reading the sizes forces none. Where the
 * reader is, is kept from scroll events, as it must be known before a render.
 */
export class ScrollFollowController implements ReactiveController {
  readonly #host: ReactiveControllerHost;
  readonly #config: ScrollFollowConfig;
  #away = false;
  /** Whether the reader is at the end. */
  #atBottom = true;
  /** The scroll position this controller last set, so its own scroll is not taken for the reader's. */
  #pinnedTop = -1;
  /** The scroll position at the last scroll event: only a move up can take the reader away from the end. */
  #lastTop = 0;
  readonly #resize = new ResizeObserver(() => this.#pin());
  /**
   * Set while the scroll event of this controller's own scroll is due (until the next frame's
   * callbacks, which run after that frame's scroll events): that event is let go unread. Reading the
   * position in a scroll event forces a layout whenever the page changed since the frame (a stream
   * does, chunk by chunk), a whole layout per frame while text streams.
   */
  #ownScroll = false;
  #observed?: Element;

  constructor(host: ReactiveControllerHost, config: ScrollFollowConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  /** True while the reader is away from the end: new content may arrive below. */
  get away(): boolean {
    return this.#away;
  }

  /** Scrolls to the end and sticks there again. */
  scrollToEnd(): void {
    this.#atBottom = true;
    this.#pinnedTop = -1;
    this.#setAway(false);
    this.#pin();
  }

  /** The box's scroll listener. */
  readonly onScroll = (): void => {
    const el = this.#config.scroller();
    if (!el) return;
    if (this.#ownScroll) {
      // The reader may have scrolled in the same frame (one event for both): the next pin checks.
      this.#ownScroll = false;
      return;
    }
    const top = el.scrollTop;
    const moved = top - this.#lastTop;
    this.#lastTop = top;
    // The scroll this controller made itself says nothing about where the reader is.
    if (top === this.#pinnedTop) return;
    this.#pinnedTop = -1;
    if (el.scrollHeight - top - el.clientHeight <= BOTTOM_SLACK) this.#atBottom = true;
    // Only the reader scrolls up: layout (content growing above or below, scroll anchoring, cards
    // settling) never moves the view up and away from the end, so it cannot stop the following.
    else if (moved < 0) this.#atBottom = false;
    this.#setAway(!this.#atBottom);
  };

  hostConnected(): void {
    // Back on the page: the next update observes the content again.
    this.#host.requestUpdate();
  }

  hostUpdated(): void {
    // Layout is not read here: the ResizeObserver pins the end once the frame is laid out.
    const content = this.#config.content();
    if (!content || content === this.#observed) return;
    this.#resize.disconnect();
    this.#resize.observe(content);
    const scroller = this.#config.scroller();
    if (scroller) this.#resize.observe(scroller);
    this.#observed = content;
  }

  hostDisconnected(): void {
    this.#resize.disconnect();
    this.#observed = undefined;
  }

  #setAway(away: boolean): void {
    if (away === this.#away) return;
    this.#away = away;
    this.#host.requestUpdate();
  }

  /** At the end while the reader is there. Called after layout (or on a send), so it forces none per render. */
  #pin(): void {
    const el = this.#config.scroller();
    if (!el || !this.#atBottom) return;
    // The reader moved up since the last pin and its scroll event has not come yet (it can land a
    // frame later): theirs wins. (Content that shrank leaves the view at the end, not above it.)
    if (this.#pinnedTop >= 0 && el.scrollTop < this.#pinnedTop && el.scrollHeight - el.scrollTop - el.clientHeight > BOTTOM_SLACK) {
      this.#atBottom = false;
      this.#setAway(true);
      return;
    }
    const before = el.scrollTop;
    el.scrollTop = el.scrollHeight;
    // Its scroll event may come a frame later, after the reader's: measure their move from here.
    this.#pinnedTop = this.#lastTop = el.scrollTop;
    if (this.#pinnedTop !== before && !this.#ownScroll) {
      this.#ownScroll = true;
      // Its event comes with the next frame, before that frame's callbacks (a frame may bring none).
      requestAnimationFrame(() => (this.#ownScroll = false));
    }
  }
}

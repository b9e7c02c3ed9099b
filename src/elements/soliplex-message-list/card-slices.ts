import type { ToolCall } from '../../core/index.js';
import { NextFrame } from '../../controllers/next-frame.js';
import { awaitingStreamEnd } from '../../controllers/stream-end.js';
import type { ChatContextValue } from '../../context.js';

/**
 * How many new tool cards one frame adds while a turn runs. A card's first frame (its element, shadow
 * root, style, layout and paint) is what a hop's RUN_FINISHED waited behind: twenty cards that arrive
 * together are one long frame, and the page reads the next network chunk only after it. A few per
 * frame keep every frame short, so the chunk is read between two of them. Six: a hop of a handful of
 * calls still shows in one frame (4 made a hop of 5 two frames, for no gain in A/B runs); 20 take four.
 */
export const CARDS_PER_FRAME = 6;

/**
 * Shows a running turn's new tool cards a few per frame (CARDS_PER_FRAME), in order: a message shows
 * a prefix of its calls, which grows by the frame's budget until all are shown. A call awaiting
 * approval shows at once (with those before it): the approval card and its focus do not wait. Outside
 * a turn (a history, a thread switch, the turn's end) every card shows in the same render. Once shown,
 * a card stays.
 */
export class CardSlices {
  /** The calls whose cards have been rendered. */
  readonly #shown = new Set<string>();
  /** What this render may still add. */
  #budget = CARDS_PER_FRAME;
  readonly #next: NextFrame;
  /** The next slice is being held for a run's end (see the constructor). */
  #held = false;

  /**
   * `update` renders the list again (on the next frame, while cards wait); not while the thread's run
   * has just finished with its stream still open (the engine is about to hop: its continuation request
   * goes out first; the list's next render, or at the latest NextFrame's DEFER_LIMIT_MS, brings the cards).
   */
  constructor(update: () => void, chat: () => ChatContextValue | undefined) {
    this.#next = new NextFrame(() => {
      const context = chat();
      const snapshot = context?.engine.registry.get(context.threadKey);
      // Held once: a stream that stays open after its RUN_FINISHED gets its cards after the defer limit.
      if (!this.#held && snapshot && awaitingStreamEnd(snapshot)) {
        this.#held = true;
        this.#next.defer();
        return;
      }
      this.#held = false;
      update();
    });
  }

  /** Called at the start of each render of the list. */
  startRender(): void {
    this.#budget = CARDS_PER_FRAME;
  }

  /** Whether the card of call `id` was shown (a page's guard renders its page again when this changes). */
  shown(id: string): boolean {
    return this.#shown.has(id);
  }

  /** The calls of one message to render now: all of them outside a turn, else the grown prefix. */
  take(calls: readonly ToolCall[], running: boolean): readonly ToolCall[] {
    let count = 0;
    const forced = running ? calls.findLastIndex((c) => c.status === 'awaiting-approval') : calls.length - 1;
    for (const call of calls) {
      if (!this.#shown.has(call.id)) {
        if (count > forced && this.#budget <= 0) break;
        if (count > forced) this.#budget--;
        this.#shown.add(call.id);
      }
      count++;
    }
    if (count === calls.length) return calls;
    this.#next.schedule();
    return calls.slice(0, count);
  }

  /** Another thread or an emptied conversation: what was shown is forgotten (a bounded set). */
  clear(): void {
    this.#shown.clear();
  }

  /** The list left the page. */
  cancel(): void {
    this.#next.cancel();
  }
}

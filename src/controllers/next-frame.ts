/** When no animation frame comes (a hidden tab, a throttled frame), a waiting call runs after this long. */
const FRAME_FALLBACK_MS = 100;

/**
 * Calls `run` once on the next animation frame however often it is asked in between, or after
 * FRAME_FALLBACK_MS when no frame comes (so a hidden tab still finishes). The controllers use it to
 * render at most once per frame.
 */
export class NextFrame {
  readonly #run: () => void;
  #pending?: { frame: number; timer: ReturnType<typeof setTimeout> };

  constructor(run: () => void) {
    this.#run = run;
  }

  schedule(): void {
    if (this.#pending) return;
    const fire = () => {
      this.cancel();
      this.#run();
    };
    this.#pending = { frame: requestAnimationFrame(fire), timer: setTimeout(fire, FRAME_FALLBACK_MS) };
  }

  /** Drops a waiting call (a render that happened anyway has nothing left to do). */
  cancel(): void {
    if (!this.#pending) return;
    cancelAnimationFrame(this.#pending.frame);
    clearTimeout(this.#pending.timer);
    this.#pending = undefined;
  }
}

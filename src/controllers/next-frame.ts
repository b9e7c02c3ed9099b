/** When no animation frame comes (a hidden tab, a throttled frame), a waiting call runs after this long. */
const FRAME_FALLBACK_MS = 100;
/** The longest a deferred call waits for the change expected to replace it. */
const DEFER_LIMIT_MS = 1000;

/**
 * Calls `run` once on the next animation frame however often it is asked in between, or after
 * FRAME_FALLBACK_MS when no frame comes (so a hidden tab still finishes). The controllers use it to
 * render at most once per frame.
 */
export class NextFrame {
  readonly #run: () => void;
  #pending?: { frame?: number; timer: ReturnType<typeof setTimeout> };

  constructor(run: () => void) {
    this.#run = run;
  }

  schedule(): void {
    // A deferred call (see `defer`) is brought forward to the next frame.
    if (this.#pending?.frame !== undefined) return;
    this.cancel();
    this.#pending = { frame: requestAnimationFrame(this.#fire), timer: setTimeout(this.#fire, FRAME_FALLBACK_MS) };
  }

  /**
   * Holds the call back (a call waiting for the frame too) until `schedule` is asked again, or at most
   * DEFER_LIMIT_MS: for a state that the next change, expected at once, replaces.
   */
  defer(): void {
    if (this.#pending && this.#pending.frame === undefined) return;
    this.cancel();
    this.#pending = { timer: setTimeout(this.#fire, DEFER_LIMIT_MS) };
  }

  /** Drops a waiting call (a render that happened anyway has nothing left to do). */
  cancel(): void {
    if (!this.#pending) return;
    if (this.#pending.frame !== undefined) cancelAnimationFrame(this.#pending.frame);
    clearTimeout(this.#pending.timer);
    this.#pending = undefined;
  }

  readonly #fire = () => {
    this.cancel();
    this.#run();
  };
}

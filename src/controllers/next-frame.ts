/** When no animation frame comes (a hidden tab, a throttled frame), a waiting call runs after this long. */
const FRAME_FALLBACK_MS = 100;
/** The longest a deferred call waits for the change expected to replace it. */
const DEFER_LIMIT_MS = 1000;

/** A frame this much early still counts as due (frames come at the display's rate, not exactly on time). */
const FRAME_SLACK_MS = 4;

/**
 * Calls `run` once on the next animation frame however often it is asked in between, or after
 * FRAME_FALLBACK_MS when no frame comes (so a hidden tab still finishes). The controllers use it to
 * render at most once per frame, or once per `minIntervalMs`: then a frame that comes sooner after the
 * last call is skipped, and the call waits for the next one.
 */
export class NextFrame {
  readonly #run: () => void;
  readonly #minIntervalMs: number;
  #pending?: { frame?: number; timer: ReturnType<typeof setTimeout> };
  /** When `run` last ran (-Infinity: never). */
  #ranAt = -Infinity;

  constructor(run: () => void, minIntervalMs = 0) {
    this.#run = run;
    this.#minIntervalMs = minIntervalMs;
  }

  schedule(): void {
    // A deferred call (see `defer`) is brought forward to the next frame.
    if (this.#pending?.frame !== undefined) return;
    this.cancel();
    this.#pending = { frame: requestAnimationFrame(this.#onFrame), timer: setTimeout(this.#fire, FRAME_FALLBACK_MS) };
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

  readonly #onFrame = (now: number) => {
    if (this.#pending && now - this.#ranAt < this.#minIntervalMs - FRAME_SLACK_MS) {
      this.#pending.frame = requestAnimationFrame(this.#onFrame);
      return;
    }
    this.#fire(now);
  };

  /** Runs the call; `now` is the frame's time when a frame runs it. */
  readonly #fire = (now?: number) => {
    this.cancel();
    this.#ranAt = now ?? performance.now();
    this.#run();
  };
}

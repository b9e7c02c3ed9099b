// The server-side life of one Soliplex run: the stored event list plus live notifications.
// The producer (model or script) writes here whether or not any HTTP response is listening,
// so a dropped client can resume and GET …/{run} sees every event.

/**
 * @typedef {{ kind: 'event' } | { kind: 'raw', text: string } | { kind: 'cut' } | { kind: 'finish' }} RunNote
 */

export class RunChannel {
  /** @type {Array<Record<string, unknown>>} every AG-UI event of the run, in order */
  events = [];
  finished = false;
  /** @type {Set<(note: RunNote) => void>} */
  #listeners = new Set();
  #onFinish;

  /** @param {() => void} [onFinish] called once, when the producer is done */
  constructor(onFinish) {
    this.#onFinish = onFinish;
  }

  /** @param {Record<string, unknown>} event */
  append(event) {
    this.events.push(event);
    this.#notify({ kind: 'event' });
  }

  /** Wire-only text for the responses attached right now ($raw): not stored, not indexed. */
  raw(/** @type {string} */ text) {
    this.#notify({ kind: 'raw', text });
  }

  /** Drops the responses attached right now ($cut); production goes on. */
  cut() {
    this.#notify({ kind: 'cut' });
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    this.#onFinish?.();
    this.#notify({ kind: 'finish' });
  }

  /** @param {(note: RunNote) => void} listener @returns {() => void} unsubscribe */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** @param {RunNote} note */
  #notify(note) {
    for (const listener of [...this.#listeners]) listener(note);
  }
}

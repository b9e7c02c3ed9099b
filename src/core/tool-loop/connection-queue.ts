/**
 * At most `limit` streams at once per host, first come first served. Browsers open at most 6
 * connections per host over HTTP/1.1 and silently hold the rest back; queueing in the engine lets the
 * thread say it is waiting instead of looking stuck on "Thinking…".
 */
export class ConnectionQueue {
  readonly #limit: number;
  readonly #open = new Map<string, number>();
  readonly #waiting = new Map<string, Array<() => void>>();

  constructor(limit: number) {
    this.#limit = Math.max(1, Math.floor(limit) || 1);
  }

  /**
   * A slot for `host`: `release` must be called once the stream ends. `queued` tells whether the
   * caller must wait (`ready` resolves when the slot is free); an abort gives up the place in line
   * and rejects `ready` with the signal's reason.
   */
  acquire(host: string, signal: AbortSignal): { queued: boolean; ready: Promise<void>; release: () => void } {
    let granted = false;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (granted) this.#free(host);
    };
    const grant = () => {
      granted = true;
      this.#open.set(host, (this.#open.get(host) ?? 0) + 1);
    };
    if ((this.#open.get(host) ?? 0) < this.#limit && !this.#waiting.get(host)?.length) {
      grant();
      return { queued: false, ready: Promise.resolve(), release };
    }
    const ready = new Promise<void>((resolve, reject) => {
      const line = this.#waiting.get(host) ?? [];
      this.#waiting.set(host, line);
      const turn = () => {
        signal.removeEventListener('abort', onAbort);
        if (released) return this.#next(host); // given up meanwhile: pass the slot on
        grant();
        resolve();
      };
      const onAbort = () => {
        const index = line.indexOf(turn);
        if (index >= 0) line.splice(index, 1);
        released = true;
        reject(signal.reason);
      };
      line.push(turn);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
    return { queued: true, ready, release };
  }

  #free(host: string): void {
    const open = (this.#open.get(host) ?? 1) - 1;
    if (open > 0) this.#open.set(host, open);
    else this.#open.delete(host);
    this.#next(host);
  }

  #next(host: string): void {
    const line = this.#waiting.get(host);
    const next = line?.shift();
    if (line && line.length === 0) this.#waiting.delete(host);
    next?.();
  }
}

/** The host a thread's streams go to: the origin of its server URL (`''` when it has none). */
export function hostOf(server: string): string {
  try {
    return new URL(server, globalThis.location?.href).host;
  } catch {
    return server;
  }
}

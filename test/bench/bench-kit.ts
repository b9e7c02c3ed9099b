import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Shared pieces of the benchmarks: statistics, "visible" (a frame painted), long-task and
 * responsiveness probes, and the report that web-test-runner.bench.config.mjs writes to
 * docs/BENCHMARKS.md. Nothing here asserts anything about time.
 */

export interface Summary {
  median: number;
  min: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
}

/** `median (min–max)`, in ms unless `unit` says otherwise. */
export function fmt(s: Summary, digits = 1, unit = ''): string {
  const n = (v: number) => v.toFixed(digits);
  return `${n(s.median)}${unit} (${n(s.min)}–${n(s.max)})`;
}

export const ratio = (widget: Summary, raw: Summary): string => `${(widget.median / Math.max(raw.median, 0.01)).toFixed(2)}×`;

/** Resolves after the next frame has been produced (rAF, then a task queued behind the paint). */
export function painted(): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(null);
    }),
  );
}

export const pause = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Long tasks (> 50 ms, PerformanceObserver 'longtask') seen from now until `stop()`. */
export function watchLongTasks(): { stop: () => { longest: number; count: number } } {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  return {
    stop() {
      entries.push(...observer.takeRecords());
      observer.disconnect();
      return { longest: Math.max(0, ...entries.map((e) => e.duration)), count: entries.length };
    },
  };
}

/**
 * A user's click while something runs: every `everyMs` a timer dispatches a click on a button; the
 * delay is how late its handler ran after the moment it was due. Reports the worst delay.
 */
export function probeClicks(everyMs = 25): { stop: () => { worst: number; clicks: number } } {
  const button = document.createElement('button');
  button.textContent = 'probe';
  document.body.append(button);
  let due = 0;
  let worst = 0;
  let clicks = 0;
  let stopped = false;
  let timer = 0;
  button.addEventListener('click', () => {
    worst = Math.max(worst, performance.now() - due);
    clicks++;
  });
  const schedule = () => {
    due = performance.now() + everyMs;
    timer = window.setTimeout(() => {
      button.click();
      if (!stopped) schedule();
    }, everyMs);
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      // A click that was due but never ran counts as late as it is now.
      const pending = performance.now() - due;
      if (pending > 0) worst = Math.max(worst, pending);
      button.remove();
      return { worst, clicks };
    },
  };
}

/** Heap in use after a full garbage collection (needs --js-flags=--expose-gc), in bytes; NaN without it. */
/**
 * The renderer's counters (DevTools Performance domain: `LayoutCount`, `RecalcStyleCount`,
 * `LayoutDuration`, `RecalcStyleDuration` in seconds, `Nodes`…), or undefined under the plain test config.
 */
export async function performanceMetrics(): Promise<Record<string, number> | undefined> {
  return executeServerCommand<Record<string, number>, undefined>('performance-metrics').catch(() => undefined);
}

/** What the renderer did between `traceStart` and `traceStop` (a DevTools trace), as counts. */
export interface RenderWork {
  styleRecalcs: number;
  restyledElements: number;
  layouts: number;
  laidOutObjects: number;
}

/** Starts a trace of the page's rendering (false under the plain test config). */
export async function traceStart(): Promise<boolean> {
  return executeServerCommand<boolean, undefined>('trace-start').then((ok) => ok === true, () => false);
}

/** Ends the trace: the work it saw, or undefined under the plain test config. */
export async function traceStop(): Promise<RenderWork | undefined> {
  return executeServerCommand<RenderWork, undefined>('trace-stop').catch(() => undefined);
}

export async function heapAfterGc(): Promise<number> {
  // The bench config takes a heap snapshot: precise, where gc() from a script scans the stack
  // conservatively and reports garbage as retained.
  const snapshot = await executeServerCommand<number, undefined>('heap-snapshot').catch(() => undefined);
  if (typeof snapshot === 'number') return snapshot;
  const w = window as unknown as { gc?: () => void };
  const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
  if (!w.gc || !memory) return NaN;
  for (let i = 0; i < 3; i++) {
    w.gc();
    await pause(10);
  }
  return memory.usedJSHeapSize;
}

/** Sends one section of docs/BENCHMARKS.md to the runner (and prints it). */
export async function report(name: string, order: number, markdown: string): Promise<void> {
  console.log(`BENCH ${name}\n${markdown}`);
  try {
    await executeServerCommand('bench-section', { name, order, markdown, userAgent: navigator.userAgent });
  } catch {
    // Run with the plain test config: printed only.
  }
}

/** A Markdown table. */
export function table(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/**
 * Raw and widget measurements interleaved (raw, widget, raw, widget…) with a pause between, so both
 * see the same machine noise.
 */
export async function interleaved<T>(
  reps: number,
  raw: (rep: number) => Promise<T>,
  widget: (rep: number) => Promise<T>,
  gapMs = 50,
): Promise<{ raws: T[]; widgets: T[] }> {
  const raws: T[] = [];
  const widgets: T[] = [];
  for (let rep = 0; rep < reps; rep++) {
    raws.push(await raw(rep));
    await pause(gapMs);
    widgets.push(await widget(rep));
    await pause(gapMs);
  }
  return { raws, widgets };
}

/**
 * The raw baselines' SSE reading: the least a client can do (split frames on blank lines, parse each
 * `data:` line). `onEvent` may return a promise, which is awaited before the next frame.
 */
export async function readRawSse(body: ReadableStream<Uint8Array>, onEvent: (event: Record<string, unknown>) => void | Promise<void>): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const frames = buffer.split('\n\n');
    buffer = frames.pop()!;
    for (const frame of frames) {
      if (!frame.startsWith('data: ')) continue;
      const result = onEvent(JSON.parse(frame.slice(6)) as Record<string, unknown>);
      if (result) await result;
    }
  }
}

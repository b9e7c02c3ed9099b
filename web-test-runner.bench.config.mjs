// Benchmarks (`npm run bench`): test/bench/*.bench.ts in headless Chromium, one page at a time (so
// runs do not compete with each other), with a garbage collector the page can call (window.gc) and
// exact heap figures (performance.memory). Each bench file sends its Markdown section to the
// `bench-section` command; when the run ends they are written, in file order, to docs/BENCHMARKS.md
// with the machine they ran on.
import os from 'node:os';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import base, { chromium } from './web-test-runner.config.mjs';

/** @type {Map<string, { order: number, markdown: string }>} */
const sections = new Map();
let userAgent = '';

/**
 * The page's retained heap in bytes: a heap snapshot (a precise full GC, with no conservative scan of
 * the stack that can keep garbage alive) summed over its objects, JS and DOM (one unified heap).
 * @param {import('playwright-core').Page} page
 */
async function heapSnapshotBytes(page) {
  const cdp = await page.context().newCDPSession(page);
  const chunks = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (event) => chunks.push(event.chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  const { snapshot, nodes } = JSON.parse(chunks.join(''));
  const width = snapshot.meta.node_fields.length;
  const size = snapshot.meta.node_fields.indexOf('self_size');
  let bytes = 0;
  for (let i = size; i < nodes.length; i += width) bytes += nodes[i];
  return bytes;
}

/** One DevTools session per page, with its Performance domain enabled (counters for `performance-metrics`). */
const performanceSessions = new WeakMap();

/**
 * The page's renderer counters (the DevTools Performance domain): layouts and style recalculations with
 * their total time, DOM nodes, and so on, by name. Counts do not depend on how loaded the machine is.
 * @param {import('playwright-core').Page} page
 */
async function performanceMetrics(page) {
  let cdp = performanceSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    performanceSessions.set(page, cdp);
  }
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((/** @type {{ name: string, value: number }} */ m) => [m.name, m.value]));
}

/** Traces under way, by page: their DevTools session and the events collected so far. */
const traces = new WeakMap();

/**
 * Starts tracing the page's rendering (`devtools.timeline`); `trace-stop` ends it and sums what the
 * renderer did: style recalculations and the elements they restyled, layouts and the objects they laid
 * out. Counts of work, not times: they do not depend on how loaded the machine is.
 * @param {import('playwright-core').Page} page
 */
async function traceStart(page) {
  const cdp = await page.context().newCDPSession(page);
  /** @type {any[]} */
  const events = [];
  cdp.on('Tracing.dataCollected', (/** @type {{ value: any[] }} */ data) => events.push(...data.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  traces.set(page, { cdp, events });
  return true;
}

/** @param {import('playwright-core').Page} page */
async function traceStop(page) {
  const trace = traces.get(page);
  if (!trace) return undefined;
  traces.delete(page);
  const complete = new Promise((resolve) => trace.cdp.once('Tracing.tracingComplete', resolve));
  await trace.cdp.send('Tracing.end');
  await complete;
  await trace.cdp.detach();
  const sums = { styleRecalcs: 0, restyledElements: 0, layouts: 0, laidOutObjects: 0 };
  for (const e of trace.events) {
    if (e.name === 'UpdateLayoutTree' && (e.ph === 'X' || e.ph === 'E')) {
      sums.styleRecalcs++;
      sums.restyledElements += e.args?.elementCount ?? e.args?.data?.elementCount ?? 0;
    } else if (e.name === 'Layout' && (e.ph === 'X' || e.ph === 'B')) {
      sums.layouts++;
      sums.laidOutObjects += e.args?.beginData?.dirtyObjects ?? 0;
    }
  }
  return sums;
}

const benchReportPlugin = {
  name: 'bench-report',
  /** @param {{ command: string, payload?: any, session: any }} call */
  executeCommand({ command, payload, session }) {
    if (command === 'heap-snapshot') return heapSnapshotBytes(session.browser.getPage(session.id));
    if (command === 'performance-metrics') return performanceMetrics(session.browser.getPage(session.id));
    if (command === 'trace-start') return traceStart(session.browser.getPage(session.id));
    if (command === 'trace-stop') return traceStop(session.browser.getPage(session.id));
    if (command !== 'bench-section') return undefined;
    sections.set(payload.name, { order: payload.order ?? 99, markdown: payload.markdown });
    userAgent = payload.userAgent || userAgent;
    return true;
  },
  serverStop() {
    if (sections.size === 0) return;
    const cpus = os.cpus();
    const machine = [
      `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM`,
      `${os.type()} ${os.release()} (${os.arch()})`,
      `Node ${process.version}`,
      userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium',
      `load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`,
    ].join(', ');
    const body = [...sections.values()].sort((a, b) => a.order - b.order).map((s) => s.markdown.trim()).join('\n\n');
    const text = `# Benchmarks

Generated by \`npm run bench\` (web-test-runner.bench.config.mjs, test/bench/*.bench.ts) on ${new Date().toISOString().slice(0, 10)}.
Do not edit by hand: run the benchmarks again.

**Machine:** ${machine}.

Every figure is measured in headless Chromium against a raw baseline in the same run, repetitions
interleaved (raw, widget, raw, widget…): median and (min–max) in ms, and the ratio of the medians.
Nothing here is asserted: the machine may be shared and noisy, so read the ratios.

${body}
`;
    writeFileSync(fileURLToPath(new URL('./docs/BENCHMARKS.md', import.meta.url)), text);
    console.log(`Benchmarks written to docs/BENCHMARKS.md (${sections.size} sections)`);
  },
};

export default {
  ...base,
  files: ['test/bench/*.bench.ts'],
  // Lit's production build, as pages ship it (the test config uses the development build).
  nodeResolve: { exportConditions: ['browser', 'production'] },
  plugins: [...base.plugins, benchReportPlugin],
  // window.gc() and unrounded performance.memory, for heap-after-GC figures.
  browsers: [chromium(['--js-flags=--expose-gc', '--enable-precise-memory-info'])],
  concurrency: 1,
  testsFinishTimeout: 1_800_000,
  testFramework: { config: { timeout: 1_800_000 } },
};

// Plays a sequence of Steps (AG-UI events and test directives) onto one HTTP response as SSE.
// Used both for scripted test runs and for the demo model, so both behave identically on the wire.
import { EventEncoder } from '@ag-ui/encoder';
import { EventType } from '@ag-ui/core';
import { SSE_HEADERS, sendJson, sleep } from './http-util.mjs';

/**
 * A Step is an AG-UI event object (written as one SSE frame) or exactly one directive:
 * @typedef {{ type: string, [key: string]: unknown }} EventStep
 * @typedef {{ $delay: number }} DelayStep    wait before the next step
 * @typedef {{ $raw: string }} RawStep        write text to the socket verbatim
 * @typedef {{ $cut: true }} CutStep          destroy the socket (dropped stream)
 * @typedef {{ $hang: true }} HangStep        keep the response open until the client leaves or the server closes
 * @typedef {{ $status: number, body?: unknown, headers?: Record<string, string> }} StatusStep  first step only: plain HTTP answer (with `headers`, e.g. Retry-After) instead of a stream
 * @typedef {{ $end: true }} EndStep          end the response cleanly now
 * @typedef {{ $mark: string }} MarkStep       note the server's clock (ms) under this name, for benchmarks
 * @typedef {{ $large: { event: EventStep, field: string, unit: string, length: number } }} LargeStep  one event frame whose string `field` is `unit` repeated to `length` characters, built here (a script body is limited to 10 MB)
 * @typedef {EventStep|DelayStep|RawStep|CutStep|HangStep|StatusStep|EndStep} Step
 */

const DIRECTIVES = ['$delay', '$raw', '$cut', '$hang', '$status', '$end', '$mark', '$large'];

/**
 * Returns why a run (array of steps) is invalid, or null when it is fine.
 * @param {unknown} run
 * @returns {string | null}
 */
export function validateRun(run) {
  if (!Array.isArray(run)) return 'a run must be an array of steps';
  for (const [i, step] of run.entries()) {
    if (!step || typeof step !== 'object' || Array.isArray(step)) return `step ${i} is not an object`;
    const directives = Object.keys(step).filter((k) => k.startsWith('$'));
    if (directives.length === 0) {
      if (typeof step.type !== 'string') return `step ${i} has neither a "type" nor a $directive`;
      continue;
    }
    const unknown = directives.find((k) => !DIRECTIVES.includes(k));
    if (unknown) return `step ${i} has unknown directive ${unknown} (known: ${DIRECTIVES.join(', ')})`;
    if (directives.length > 1) return `step ${i} mixes directives ${directives.join(', ')}`;
    if ('type' in step) return `step ${i} mixes an event with ${directives[0]}; use separate steps`;
    if ('$status' in step && i !== 0) return `step ${i}: $status is only valid as the first step`;
    if ('$status' in step && !Number.isInteger(step.$status)) return `step ${i}: $status must be an integer`;
    if ('$status' in step && 'headers' in step && !isHeaders(step.headers)) return `step ${i}: $status headers must be an object of strings`;
    if ('$delay' in step && !(typeof step.$delay === 'number' && step.$delay >= 0)) {
      return `step ${i}: $delay must be a number of ms >= 0`;
    }
    if ('$raw' in step && typeof step.$raw !== 'string') return `step ${i}: $raw must be a string`;
    if ('$large' in step && !isLarge(step.$large)) return `step ${i}: $large must be {event: {type, …}, field, unit: non-empty string, length ≤ ${MAX_LARGE}}`;
  }
  return null;
}

/**
 * Fills threadId/runId of RUN_STARTED/RUN_FINISHED from the request when the script left them out.
 * @param {EventStep} event @param {{ threadId?: string, runId?: string }} input
 */
export function withRunIds(event, input) {
  if (event.type !== EventType.RUN_STARTED && event.type !== EventType.RUN_FINISHED) return event;
  return { ...event, threadId: event.threadId ?? input?.threadId, runId: event.runId ?? input?.runId };
}

/**
 * Writes, waiting for 'drain' under backpressure so slow readers don't buffer unbounded output.
 * @param {import('node:http').ServerResponse} res @param {string} text @param {AbortSignal} signal
 */
async function write(res, text, signal) {
  if (res.write(text) || signal.aborted) return;
  await new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      signal.removeEventListener('abort', done);
      resolve(undefined);
    };
    res.on('drain', done);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Plays `steps` onto `res`. Never throws: a failing step source becomes a RUN_ERROR event (or a 500
 * if nothing was sent yet). Stops quietly when `signal` aborts (client gone or server closing).
 * @param {import('node:http').ServerResponse} res
 * @param {Iterable<Step> | AsyncIterable<Step>} steps
 * @param {{ input?: any, stepDelayMs?: number, signal: AbortSignal, onMark?: (name: string, at: number) => void }} options
 * @returns {Promise<void>}
 */
export async function playSteps(res, steps, { input, stepDelayMs = 0, signal, onMark }) {
  const encoder = new EventEncoder();
  let index = 0;
  try {
    for await (const step of steps) {
      if (signal.aborted || res.destroyed) return;
      if (index === 0 && step && '$status' in step) {
        const status = /** @type {StatusStep} */ (step);
        sendJson(res, status.$status, status.body ?? { error: `scripted HTTP ${status.$status}` }, status.headers);
        return;
      }
      if (index === 0) res.writeHead(200, SSE_HEADERS).flushHeaders();
      else if (stepDelayMs > 0) await sleep(stepDelayMs, signal);
      index++;
      if (signal.aborted) break;

      if ('$delay' in step) await sleep(/** @type {DelayStep} */ (step).$delay, signal);
      else if ('$raw' in step) await write(res, /** @type {RawStep} */ (step).$raw, signal);
      else if ('$cut' in step) return void res.destroy();
      else if ('$hang' in step) await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
      else if ('$end' in step) break;
      else if ('$mark' in step) onMark?.(/** @type {MarkStep} */ (step).$mark, performance.now());
      else if ('$large' in step) await write(res, encoder.encode(/** @type {any} */ (large(/** @type {LargeStep} */ (step).$large))), signal);
      else if ('$status' in step) throw new Error('$status is only valid as the first step');
      else await write(res, encoder.encode(/** @type {any} */ (withRunIds(step, input))), signal);
    }
    if (index === 0) res.writeHead(200, SSE_HEADERS); // an empty run is an empty, clean stream
  } catch (err) {
    const message = /** @type {Error} */ (err)?.message ?? String(err);
    if (!res.headersSent) return sendJson(res, 500, { error: message });
    if (!res.destroyed && !res.writableEnded) {
      res.write(encoder.encode(/** @type {any} */ ({ type: EventType.RUN_ERROR, message, code: 'server_error' })));
    }
  }
  if (!res.destroyed && !res.writableEnded) res.end();
}

/** @param {unknown} value */
function isHeaders(value) {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/** The largest `$large` field, in characters (a 100 MB string is about what V8 handles comfortably). */
const MAX_LARGE = 100_000_000;

/** @param {any} value */
function isLarge(value) {
  return (
    !!value && typeof value === 'object' && !!value.event && typeof value.event.type === 'string' && typeof value.field === 'string' &&
    typeof value.unit === 'string' && value.unit !== '' && Number.isInteger(value.length) && value.length >= 0 && value.length <= MAX_LARGE
  );
}

/** The `$large` step's event: its field filled with `unit`, repeated and cut to `length` characters. @param {LargeStep['$large']} spec */
function large({ event, field, unit, length }) {
  return { ...event, [field]: unit.repeat(Math.ceil(length / unit.length)).slice(0, length) };
}

// Small HTTP helpers shared by the demo AG-UI server: CORS, JSON in/out, SSE headers.

/** CORS headers sent on every response, so browser tests on any origin can call us. */
export const CORS_HEADERS = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Content-Type, Authorization, Last-Event-ID, Accept',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Max-Age': '600',
  // A page reads a busy answer's Retry-After only when it is exposed (not a CORS-safelisted header).
  'Access-Control-Expose-Headers': 'Retry-After',
});

export const SSE_HEADERS = Object.freeze({
  ...CORS_HEADERS,
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
});

const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** An error that maps to an HTTP status with a JSON `{error}` body. */
export class HttpError extends Error {
  /** @param {number} status @param {string} message @param {Record<string, unknown>} [extra] */
  constructor(status, message, extra = {}) {
    super(message);
    this.status = status;
    this.extra = extra;
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} [body] omitted for 204
 */
export function sendJson(res, status, body, headers = {}) {
  if (res.headersSent) {
    res.end();
    return;
  }
  if (status === 204 || body === undefined) {
    res.writeHead(status, { ...CORS_HEADERS, ...headers }).end();
    return;
  }
  res.writeHead(status, { ...CORS_HEADERS, ...headers, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The raw request body as text ('' when there is none); 413 past 10 MB. @param {import('node:http').IncomingMessage} req */
export async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the whole request body and parses it as JSON; throws HttpError(400) on an empty or bad body.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<unknown>}
 */
export async function readJsonBody(req) {
  const text = await readBody(req);
  if (!text.trim()) throw new HttpError(400, 'request body must be JSON (got an empty body)');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `request body is not valid JSON: ${/** @type {Error} */ (err).message}`);
  }
}

/**
 * Resolves after `ms`, or early (without rejecting) when `signal` aborts.
 * @param {number} ms @param {AbortSignal} [signal]
 */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(undefined);
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve(undefined);
    }
  });
}

/**
 * Answers plain text (FastAPI's PlainTextResponse), with CORS headers.
 * @param {import('node:http').ServerResponse} res @param {number} status @param {string} text
 */
export function sendText(res, status, text) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { ...CORS_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

/**
 * An uncaught server error as uvicorn/Starlette answers it: 500, plain text, and NO CORS headers
 * (the error middleware sits outside the CORS one), so a browser sees a network error.
 * @param {import('node:http').ServerResponse} res
 */
export function sendInternalError(res) {
  if (res.headersSent) return void res.end();
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error');
}

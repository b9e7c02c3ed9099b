// Helpers for the Soliplex API tests: a server per test, JSON calls under /api, SSE with ids.
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { createScriptedModel } from '../../demo/server/scripted-model.mjs';

/**
 * Starts a server with a fast scripted model that the test closes when it ends.
 * @param {import('node:test').TestContext} t @param {Parameters<typeof startAguiServer>[0]} [options]
 */
export async function soliplexServer(t, options = {}) {
  const server = await startAguiServer({ model: createScriptedModel({ chunkDelayMs: 0 }), ...options });
  t.after(() => server.close());
  return server;
}

/**
 * Calls `${url}/api${path}` with an optional JSON body and bearer token.
 * @param {string} url @param {string} path
 * @param {{ method?: string, body?: unknown, token?: string, headers?: Record<string, string>, signal?: AbortSignal }} [init]
 */
export function api(url, path, { method, body, token, headers = {}, signal } = {}) {
  return fetch(`${url}/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(token && { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/** Calls api() and returns the parsed JSON, failing on an unexpected status. */
export async function apiJson(/** @type {string} */ url, /** @type {string} */ path, init = {}, expected = 200) {
  const response = await api(url, path, init);
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${path} → ${response.status} (expected ${expected}): ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Splits an SSE body into frames: `{id, event}` for data frames, `{comment}` for comment-only ones.
 * @param {string} text
 * @returns {Array<{ id?: string, event?: any, comment?: string }>}
 */
export function parseFrames(text) {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim())
    .map((frame) => {
      const lines = frame.split('\n');
      const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, ''));
      const id = lines.find((l) => l.startsWith('id:'))?.slice(3).trim();
      if (!data.length) return { comment: lines.filter((l) => l.startsWith(':')).join('\n') };
      return { id, event: JSON.parse(data.join('\n')) };
    });
}

/** Reads a stream until the socket is cut (or it ends); returns the text received and whether it was cut. */
export async function readUntilCut(/** @type {Response} */ response) {
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text, cut: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, cut: true };
  }
}

/** A RunAgentInput for a Soliplex run: ids from the thread/run, one user message. */
export function soliplexInput(/** @type {string} */ threadId, /** @type {string} */ runId, text = 'Hello', extra = {}) {
  return {
    threadId,
    runId,
    state: {},
    messages: [{ id: `u-${runId}`, role: 'user', content: text }],
    tools: [],
    context: [],
    forwardedProps: {},
    ...extra,
  };
}

/** Creates a thread in `room` and returns `{ thread, runId }` (runId = the initial run). */
export async function newThread(/** @type {string} */ url, /** @type {string} */ room, init = {}) {
  const thread = await apiJson(url, `/v1/rooms/${room}/agui`, { body: {}, ...init });
  return { thread, runId: Object.keys(thread.runs)[0] };
}

/** Polls `check` every 10 ms until it returns truthy (or fails after `ms`). */
export async function eventually(/** @type {() => Promise<any>} */ check, ms = 2000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

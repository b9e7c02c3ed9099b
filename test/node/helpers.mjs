// Shared helpers for the node tests of demo/server: SSE parsing and small fetch wrappers.

/**
 * Parses an SSE body the way @ag-ui/client does (frames split on a blank line, `data:` lines joined).
 * @param {string} text
 * @returns {{ data: string }[]}
 */
export function parseSseFrames(text) {
  return text
    .split('\n\n')
    .filter((frame) => frame.trim())
    .map((frame) => ({
      data: frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n'),
    }));
}

/** Reads a whole SSE response and returns its events parsed as JSON (throws on a non-JSON frame). */
export async function readEvents(/** @type {Response} */ response) {
  return parseSseFrames(await response.text()).map((f) => JSON.parse(f.data));
}

/** POSTs JSON and returns the Response. */
export function postJson(/** @type {string} */ url, /** @type {unknown} */ body, headers = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Creates a script and returns `{ id, agentUrl }`. */
export async function createScript(/** @type {string} */ baseUrl, /** @type {unknown} */ body) {
  const response = await postJson(`${baseUrl}/scripts`, body);
  if (response.status !== 201) throw new Error(`POST /scripts → ${response.status} ${await response.text()}`);
  return response.json();
}

/** A minimal valid RunAgentInput. */
export function runInput(/** @type {Record<string, unknown>} */ overrides = {}) {
  return { threadId: 'thread-1', runId: 'run-1', messages: [], tools: [], context: [], state: {}, forwardedProps: {}, ...overrides };
}

/** Resolves to 'timeout' if `promise` has not settled within `ms`. */
export function within(/** @type {Promise<unknown>} */ promise, /** @type {number} */ ms) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

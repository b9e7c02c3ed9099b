// A real AG-UI HTTP server on loopback for browser tests and the demo page.
//   POST /scripts                 → 201 { id, agentUrl }     (body { runs: Step[][], stepDelayMs? })
//   POST /scripts/{id}/agent      → SSE run runs[N] for the N-th request (500 when exhausted)
//   GET  /scripts/{id}/requests   → [{ body, headers, receivedAt }]
//   GET  /scripts/{id}/marks      → { [name]: server clock ms } ($mark steps, for benchmarks)
//   DELETE /scripts/{id}          → 204
//   POST /agent                   → SSE run from the (pluggable) scripted model
//   GET  /                        → { ok: true }
//   /api/**                       → the Soliplex rooms/threads/runs API (soliplex/routes.mjs)
//   /idp/**                       → the demo OpenID Connect provider Soliplex signs in with (soliplex/idp.mjs)
// See README.md next to this file for the Step directives.
import http from 'node:http';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { HttpError, readJsonBody, sendJson } from './http-util.mjs';
import { createScriptStore } from './script-store.mjs';
import { openAiModelFromEnv } from './openai-model.mjs';
import { scriptedModel } from './scripted-model.mjs';
import { parseDelivery } from './soliplex/delivery.mjs';
import { createSoliplexApi } from './soliplex/routes.mjs';
import { playSteps } from './step-player.mjs';

/**
 * @typedef {(input: any, ctx: { signal: AbortSignal }) =>
 *   Iterable<import('./step-player.mjs').Step> | AsyncIterable<import('./step-player.mjs').Step>} Model
 */

/**
 * @param {{ port?: number, host?: string, model?: Model, modelName?: string,
 *   soliplexToken?: string, keepaliveMs?: number, soliplexDelivery?: unknown,
 *   soliplexTitles?: boolean, soliplexNaiveTimes?: boolean }} [options]
 *   model: default is the OpenAI-compatible model when OPENAI_API_KEY is set, else the scripted one.
 *   soliplexToken: require `Authorization: Bearer <token>` on /api/v1/** and /api/user_info.
 *   keepaliveMs: silence before a `: keepalive` comment on Soliplex run streams (default 15 s, as Soliplex).
 *   soliplexDelivery: how Soliplex run streams deliver deltas: 'message' (default, as Soliplex),
 *     'token', or {strategy: 'bounded', maxDeltas, maxBytes, maxMs} (soliplex/delivery.mjs).
 *   soliplexTitles: name untitled threads after a successful run (default true).
 *   soliplexNaiveTimes: send Soliplex times without a UTC offset, as SQLite installs do (default false).
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startAguiServer({
  port = 0,
  host = '127.0.0.1',
  model,
  modelName,
  soliplexToken,
  keepaliveMs = 15_000,
  soliplexDelivery = 'message',
  soliplexTitles = true,
  soliplexNaiveTimes = false,
} = {}) {
  const fromEnv = model ? undefined : openAiModelFromEnv();
  /** @type {Model} */
  const runModel = model ?? fromEnv?.model ?? scriptedModel;
  if (!model) modelName ??= fromEnv?.modelName ?? 'scripted-demo';
  const scripts = createScriptStore();
  const soliplex = createSoliplexApi({
    model: runModel,
    modelName: modelName ?? 'custom',
    scripts,
    soliplexToken,
    keepaliveMs,
    baseUrl: () => url,
    settings: { delivery: parseDelivery(soliplexDelivery), titles: soliplexTitles, naiveTimes: soliplexNaiveTimes },
  });
  /** Abort controllers of in-flight requests, so close() can end streams (including $hang). */
  const inFlight = new Set();
  let url = '';

  const server = http.createServer(async (req, res) => {
    const controller = new AbortController();
    inFlight.add(controller);
    res.on('close', () => {
      controller.abort();
      inFlight.delete(controller);
    });
    try {
      await route(req, res, controller.signal);
    } catch (err) {
      if (err instanceof HttpError) sendJson(res, err.status, { error: err.message, ...err.extra });
      else {
        console.error('[agui-server]', err);
        sendJson(res, 500, { error: String(/** @type {Error} */ (err)?.message ?? err) });
      }
    }
  });

  /**
   * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {AbortSignal} signal
   */
  async function route(req, res, signal) {
    const method = req.method ?? 'GET';
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (method === 'OPTIONS') return sendJson(res, 204);

    if (path === '/api' || path.startsWith('/api/')) return soliplex.handle(req, res, path, signal);
    if (path.startsWith('/idp/')) return soliplex.handleIdp(req, res, path);

    if (method === 'GET' && path === '/') return sendJson(res, 200, { ok: true, agentUrl: `${url}/agent` });

    if (method === 'POST' && path === '/agent') {
      const body = await readJsonBody(req);
      const parsed = RunAgentInputSchema.safeParse(body);
      if (!parsed.success) {
        throw new HttpError(400, 'body is not a valid AG-UI RunAgentInput', { issues: parsed.error.issues });
      }
      return playSteps(res, runModel(parsed.data, { signal }), { input: parsed.data, signal });
    }

    if (method === 'POST' && path === '/scripts') {
      const script = scripts.create(await readJsonBody(req));
      return sendJson(res, 201, { id: script.id, agentUrl: `${url}/scripts/${script.id}/agent` });
    }

    const m = /^\/scripts\/([^/]+)(\/agent|\/requests|\/marks)?$/.exec(path);
    if (m) {
      const [, id, sub] = m;
      if (method === 'POST' && sub === '/agent') {
        const receivedAt = performance.now();
        const script = scripts.get(id);
        const body = await readJsonBody(req);
        const run = scripts.take(script, { body, headers: { ...req.headers }, receivedAt });
        const onMark = (/** @type {string} */ name, /** @type {number} */ at) => void (script.marks[name] = at);
        return playSteps(res, run, { input: body, stepDelayMs: script.stepDelayMs, signal, onMark });
      }
      if (method === 'GET' && sub === '/requests') return sendJson(res, 200, scripts.get(id).requests);
      if (method === 'GET' && sub === '/marks') return sendJson(res, 200, scripts.get(id).marks);
      if (method === 'DELETE' && !sub) {
        scripts.delete(id);
        return sendJson(res, 204);
      }
    }
    throw new HttpError(404, `no route for ${method} ${path}`);
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url,
    port: address.port,
    close() {
      closing ??= new Promise((resolve) => {
        // Aborting lets each stream end cleanly; then drop whatever sockets are left (keep-alive, slow ones).
        soliplex.close();
        for (const controller of inFlight) controller.abort();
        server.close(() => resolve());
        setImmediate(() => server.closeAllConnections());
      });
      return closing;
    },
  };
}

/**
 * Soliplex options from the environment, for `npm start` and `main.mjs`: SOLIPLEX_DELIVERY
 * (`message`, `token` or `bounded:DELTAS,BYTES,MS`).
 * @param {NodeJS.ProcessEnv} [env]
 */
export function soliplexOptionsFromEnv(env = process.env) {
  return env.SOLIPLEX_DELIVERY ? { soliplexDelivery: parseDelivery(env.SOLIPLEX_DELIVERY) } : {};
}

// The Soliplex rooms/threads/runs API under /api (see README.md). Errors are FastAPI-style `{detail}`.
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { CORS_HEADERS, HttpError, readJsonBody, sendJson } from '../http-util.mjs';
import { createAuthGate } from './auth.mjs';
import { RunChannel } from './run-channel.mjs';
import { produceRun } from './run-producer.mjs';
import { resumeFrom, streamRun } from './run-stream.mjs';
import { SCRIPT_ROOM_PREFIX, demoRoom, scriptRoom } from './rooms.mjs';
import { createThreadStore, isoNow, runJson, threadJson } from './thread-store.mjs';

const DEMO_USER = Object.freeze({
  preferred_username: 'demo',
  name: 'Demo User',
  given_name: 'Demo',
  family_name: 'User',
  email: 'demo@example.com',
});

/**
 * @param {{ model: import('../agui-server.mjs').Model, modelName: string,
 *   scripts: ReturnType<typeof import('../script-store.mjs').createScriptStore>,
 *   soliplexToken?: string, keepaliveMs: number, baseUrl: () => string }} options
 */
/** Counts a GET of a thread or of one of its runs (read back by `GET /api/test/threads/{id}/requests`). */
function countGet(/** @type {any} */ thread, /** @type {'thread' | 'runs'} */ what) {
  thread.gets ??= { thread: 0, runs: 0 };
  thread.gets[what]++;
}

export function createSoliplexApi({ model, modelName, scripts, soliplexToken, keepaliveMs, baseUrl }) {
  const auth = createAuthGate(soliplexToken);
  const threads = createThreadStore();

  /** @returns {Record<string, any>} rooms keyed by id; script rooms come and go with their scripts */
  function allRooms() {
    /** @type {Record<string, any>} */
    const rooms = { demo: demoRoom({ modelName }) };
    for (const script of scripts.list()) {
      const room = scriptRoom(script);
      rooms[room.id] = room;
    }
    return rooms;
  }

  /** @param {string} roomId */
  function getRoom(roomId) {
    const room = allRooms()[roomId];
    if (!room) throw new HttpError(404, `No such room: ${roomId}`);
    const script = roomId.startsWith(SCRIPT_ROOM_PREFIX) ? scripts.get(roomId.slice(SCRIPT_ROOM_PREFIX.length)) : null;
    return { room, script };
  }

  /**
   * Handles one /api request; answers errors as `{detail}`.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {string} path @param {AbortSignal} signal
   */
  async function handle(req, res, path, signal) {
    try {
      await route(req, res, path, signal);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      sendJson(res, err.status, { detail: err.extra.detail ?? err.message });
    }
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path @param {AbortSignal} signal */
  async function route(req, res, path, signal) {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/api/ok') return sendJson(res, 200, { status: 'ok' });
    if (method === 'GET' && path === '/api/login') return sendJson(res, 200, loginSystems());
    if (method === 'GET' && path === '/api/login/demo') return fakeLogin(req, res);
    if (method === 'POST' && path === '/api/test/token') {
      const body = /** @type {any} */ (await readJsonBody(req));
      auth.setToken(body?.token ?? null, typeof body?.room === 'string' ? body.room : undefined);
      return sendJson(res, 200, { token: auth.token });
    }
    if (method === 'POST' && path === '/api/test/threads') {
      const body = /** @type {any} */ (await readJsonBody(req));
      getRoom(String(body?.room));
      const thread = threads.seed(String(body.room), body);
      return sendJson(res, 200, { room_id: thread.room_id, thread_id: thread.thread_id, run_ids: [...thread.runs.keys()] });
    }
    const counted = /^\/api\/test\/threads\/([^/]+)\/requests$/.exec(path);
    if (method === 'GET' && counted) {
      // How often a seeded or created thread and its runs were read (tests of history caching).
      const thread = /** @type {any} */ (threads.find(counted[1]));
      return sendJson(res, 200, { thread_gets: thread.gets?.thread ?? 0, run_gets: thread.gets?.runs ?? 0 });
    }
    if (method === 'GET' && path === '/api/user_info') {
      auth.check(req);
      return sendJson(res, 200, DEMO_USER);
    }
    if (!path.startsWith('/api/v1/')) throw new HttpError(404, 'Not Found');
    auth.check(req, /^\/api\/v1\/rooms\/([^/]+)/.exec(path)?.[1]);

    if (method === 'GET' && path === '/api/v1/rooms') return sendJson(res, 200, allRooms());
    const m = /^\/api\/v1\/rooms\/([^/]+)(?:\/agui(?:\/([^/]+)(?:\/([^/]+))?)?)?$/.exec(path);
    if (!m) throw new HttpError(404, 'Not Found');
    const [, roomId, threadId, runId] = m; // ids are UUIDs / script-<uuid>: nothing to URL-decode
    const isAgui = path.includes('/agui');
    const { room, script } = getRoom(roomId);

    if (!isAgui) {
      if (method === 'GET') return sendJson(res, 200, room);
    } else if (!threadId) {
      if (method === 'GET') return sendJson(res, 200, { threads: threads.list(roomId).map((t) => threadJson(t, { runs: false })) });
      if (method === 'POST') return sendJson(res, 200, newThreadJson(threads.createThread(roomId, await readJsonBody(req))));
    } else if (!runId) {
      const thread = threads.get(roomId, threadId);
      if (method === 'GET') {
        countGet(thread, 'thread');
        return sendJson(res, 200, threadJson(thread, { runs: true }));
      }
      if (method === 'POST') {
        const body = /** @type {any} */ (await readJsonBody(req));
        if (body?.parent_run_id != null) threads.getRun(thread, body.parent_run_id);
        return sendJson(res, 200, runJson(threads.addRun(thread, body ?? {}), { events: true }));
      }
      if (method === 'DELETE') {
        threads.delete(thread);
        return sendJson(res, 204);
      }
    } else if (runId === 'meta') {
      // POST …/agui/{thread}/meta {name?, description?}: Soliplex answers 205; `{}` erases the metadata.
      const thread = threads.get(roomId, threadId);
      if (method === 'POST') {
        threads.setMetadata(thread, await readJsonBody(req));
        return sendJson(res, 205);
      }
    } else {
      const thread = threads.get(roomId, threadId);
      const run = threads.getRun(thread, runId);
      if (method === 'GET' && run.getStatus) throw new HttpError(run.getStatus, `seeded failure of run ${run.run_id}`);
      if (method === 'GET') {
        countGet(thread, 'runs');
        return sendJson(res, 200, runJson(run, { events: true }));
      }
      if (method === 'POST') return postRun(req, res, { thread, run, script, path, signal });
    }
    throw new HttpError(405, 'Method Not Allowed');
  }

  /**
   * Starts a run (its producer lives on without the response) or resumes following one.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {{ thread: import('./thread-store.mjs').Thread, run: import('./thread-store.mjs').Run,
   *   script: import('../script-store.mjs').Script | null, path: string, signal: AbortSignal }} ctx
   */
  async function postRun(req, res, { thread, run, script, path, signal }) {
    const body = /** @type {any} */ (await readJsonBody(req));
    if (script) scripts.record(script, { body, headers: { ...req.headers }, path });
    const ids = { threadId: thread.thread_id, runId: run.run_id };

    const lastEventId = req.headers['last-event-id'];
    if (typeof lastEventId === 'string') {
      const from = resumeFrom(lastEventId, run.run_id, run.channel?.events.length ?? 0);
      return streamRun(res, /** @type {RunChannel} */ (run.channel), { runId: run.run_id, from, keepaliveMs, signal });
    }
    if (run.run_input) throw new HttpError(400, `Run ${run.run_id} already has input: runs are single-use`);
    const parsed = RunAgentInputSchema.safeParse(body);
    if (!parsed.success) throw new HttpError(422, 'invalid RunAgentInput', { detail: parsed.error.issues });

    let stepDelayMs = 0;
    /** @type {() => Iterable<any> | AsyncIterable<any>} */
    let openSteps;
    if (script) {
      const steps = scripts.next(script);
      const first = /** @type {any} */ (steps[0]);
      // A scripted HTTP error leaves the run unused, as a proxy/server error before the run would.
      if (first && '$status' in first) return sendJson(res, first.$status, first.body ?? { detail: `scripted HTTP ${first.$status}` });
      stepDelayMs = script.stepDelayMs;
      openSteps = () => steps;
    } else {
      const producerSignal = run.abort.signal;
      openSteps = () => model({ ...parsed.data, ...ids }, { signal: producerSignal });
    }

    run.run_input = body;
    thread.last_activity = isoNow();
    const channel = new RunChannel(() => {
      run.finished = isoNow();
      thread.last_activity = run.finished;
    });
    run.channel = channel;
    void produceRun(channel, openSteps, { ids, stepDelayMs, signal: run.abort.signal });
    return streamRun(res, channel, { runId: run.run_id, from: 0, keepaliveMs, signal });
  }

  /** POST …/agui answers the initial run with a synthesized run_input, like Soliplex does. */
  function newThreadJson(/** @type {import('./thread-store.mjs').Thread} */ thread) {
    const json = threadJson(thread, { runs: true });
    for (const run of Object.values(/** @type {Record<string, any>} */ (json.runs))) {
      run.run_input = { threadId: thread.thread_id, runId: run.run_id, state: {}, messages: [], tools: [], context: [], forwardedProps: null };
      run.events = [];
    }
    return json;
  }

  function loginSystems() {
    if (!auth.token) return {};
    return {
      demo: { id: 'demo', title: 'Demo login (test token)', server_url: baseUrl(), client_id: 'soliplex-chat-demo', scope: 'openid profile' },
    };
  }

  /** `/api/login/demo?return_to=URL` → redirect to URL#token=… with the currently accepted token. */
  function fakeLogin(/** @type {import('node:http').IncomingMessage} */ req, /** @type {import('node:http').ServerResponse} */ res) {
    const returnTo = new URL(req.url ?? '/', 'http://localhost').searchParams.get('return_to');
    if (!auth.token) throw new HttpError(404, 'auth is off: no login systems');
    if (!returnTo) throw new HttpError(400, 'return_to is required');
    const fragment = new URLSearchParams({ token: auth.token, refresh_token: `refresh-${auth.token}`, expires_in: '3600' });
    res.writeHead(302, { ...CORS_HEADERS, Location: `${returnTo.split('#')[0]}#${fragment}` }).end();
  }

  return { handle, close: () => threads.abortAll() };
}

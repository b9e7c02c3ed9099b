// The Soliplex rooms/threads/runs API under /api (see README.md), answering as Soliplex (FastAPI)
// does: errors are `{detail}`; a path id that is not a UUID4 is 422; a run body that fails the AG-UI
// Python models is an uncaught error (500, plain text, no CORS headers).
import { HttpError, readBody, sendInternalError, sendJson, sendText } from '../http-util.mjs';
import { createAuthGate } from './auth.mjs';
import { produceRun } from './run-producer.mjs';
import { streamRun } from './run-stream.mjs';
import { describeInputErrors, parseRunAgentInput, storedRunInput } from './run-input.mjs';
import { SCRIPT_ROOM_PREFIX, demoRoom, initialState, scriptRoom } from './rooms.mjs';
import { createSettings } from './settings.mjs';
import { createThreadStore, isoNow, runJson, threadJson } from './thread-store.mjs';
import { needsTitle, titleFor } from './titles.mjs';
import { readModelBody, resumeIndex, uuid4Params } from './request.mjs';
import { createIdp } from './idp.mjs';
import { createLogin } from './login.mjs';
import { DEMO_DOCUMENTS, chunkImages, findChunk } from './documents.mjs';
import { ragSteps } from './rag-run.mjs';
import { countUsage, parseFeedback } from './run-extras.mjs';
import { identityJson, installationJson, versionsJson } from './installation.mjs';

const DEMO_USER = Object.freeze({
  preferred_username: 'demo',
  name: 'Demo User',
  given_name: 'Demo',
  family_name: 'User',
  email: 'demo@example.com',
});

/** Counts a GET of a thread or of one of its runs (read back by `GET /api/test/threads/{id}/requests`). */
function countGet(/** @type {any} */ thread, /** @type {'thread' | 'runs'} */ what) {
  thread.gets ??= { thread: 0, runs: 0 };
  thread.gets[what]++;
}

/**
 * @param {{ model: import('../agui-server.mjs').Model, modelName: string,
 *   scripts: ReturnType<typeof import('../script-store.mjs').createScriptStore>,
 *   soliplexToken?: string, keepaliveMs: number, baseUrl: () => string,
 *   settings: import('./settings.mjs').Settings }} options
 */
export function createSoliplexApi({ model, modelName, scripts, soliplexToken, keepaliveMs, baseUrl, settings: defaults }) {
  const idp = createIdp({ baseUrl });
  const auth = createAuthGate(soliplexToken, { accepts: idp.accepts });
  const login = createLogin({ idp, baseUrl, authOn: () => auth.enabled });
  const settings = createSettings(defaults);
  const threads = createThreadStore({
    onFinished(thread, run) {
      if (!thread.room_id.startsWith(SCRIPT_ROOM_PREFIX)) run.usage = countUsage(run.run_input, run.channel.events);
      maybeTitle(thread, run);
    },
  });

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
   * After a run that ended well, a thread without a name gets one, as Soliplex's title agent does
   * (in the background, once `finished` is stamped).
   * @param {import('./thread-store.mjs').Thread} thread @param {import('./thread-store.mjs').Run} run
   */
  function maybeTitle(thread, run) {
    if (!settings.for(thread.room_id).titles || run.channel.events.at(-1)?.type !== 'RUN_FINISHED') return;
    setTimeout(() => {
      if (!needsTitle(thread.metadata)) return;
      const title = titleFor(run.run_input?.messages ?? []);
      if (title) thread.metadata = { name: title, description: null }; // wholesale, as the rename route
    }, 0);
  }

  /**
   * Handles one /api request; answers errors as `{detail}`, and anything unexpected as Starlette does.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {string} path @param {AbortSignal} signal
   */
  async function handle(req, res, path, signal) {
    try {
      await route(req, res, path, signal);
    } catch (err) {
      if (err instanceof HttpError) return sendJson(res, err.status, { detail: err.extra.detail ?? err.message });
      console.error('[soliplex] 500:', err);
      sendInternalError(res);
    }
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path @param {AbortSignal} signal */
  async function route(req, res, path, signal) {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/api/ok') return sendText(res, 200, 'OK');
    if (method === 'GET' && path === '/api/login') return sendJson(res, 200, login.systems());
    if (login.route(req, res, path, method)) return;
    if (path.startsWith('/api/test/')) return testRoute(req, res, path, method);
    if (method === 'GET' && path === '/api/user_info') {
      // Without authentication there is no user: Soliplex answers 404.
      if (!auth.token) throw new HttpError(404, 'Not Found');
      auth.check(req);
      return sendJson(res, 200, DEMO_USER);
    }
    if (!path.startsWith('/api/v1/')) throw new HttpError(404, 'Not Found');
    auth.check(req, /^\/api\/v1\/rooms\/([^/]+)/.exec(path)?.[1]);

    if (method === 'GET' && path === '/api/v1/rooms') return sendJson(res, 200, allRooms());
    if (path.startsWith('/api/v1/installation')) return installationRoute(res, path, method);
    const rag = /^\/api\/v1\/rooms\/([^/]+)\/(documents|chunk\/([^/]+))$/.exec(path);
    if (rag) return ragRoute(res, method, rag[1], rag[3]);
    const extra = /^\/api\/v1\/rooms\/([^/]+)\/agui\/([^/]+)\/([^/]+)\/(usage|feedback)$/.exec(path);
    if (extra) return runExtraRoute(req, res, method, { roomId: extra[1], rawThreadId: extra[2], rawRunId: extra[3], what: extra[4] });
    const m = /^\/api\/v1\/rooms\/([^/]+)(?:\/agui(?:\/([^/]+)(?:\/([^/]+))?)?)?$/.exec(path);
    if (!m) throw new HttpError(404, 'Not Found');
    const [, roomId, rawThreadId, rawRunId] = m;
    const isAgui = path.includes('/agui');
    const isMeta = rawRunId === 'meta' && method === 'POST';

    if (!isAgui) {
      if (method !== 'GET') throw new HttpError(405, 'Method Not Allowed');
      return sendJson(res, 200, getRoom(roomId).room);
    }
    if (!rawThreadId) {
      if (method === 'GET') {
        const { naiveTimes } = settings.for(roomId);
        getRoom(roomId);
        return sendJson(res, 200, { threads: threads.list(roomId).map((t) => threadJson(t, { runs: false, naiveTimes })) });
      }
      if (method === 'POST') {
        const body = await readModelBody(req);
        getRoom(roomId);
        return sendJson(res, 200, newThreadJson(threads.createThread(roomId, body)));
      }
      throw new HttpError(405, 'Method Not Allowed');
    }

    // FastAPI checks the path's ids (UUID4) before the handler runs, bodies of JSON routes with them.
    const ids = uuid4Params({ thread_id: rawThreadId, ...(rawRunId && !isMeta ? { run_id: rawRunId } : {}) });
    const threadId = ids.thread_id;
    const { naiveTimes } = settings.for(roomId);

    if (!rawRunId) {
      if (method === 'GET') {
        getRoom(roomId);
        const thread = threads.get(roomId, threadId);
        countGet(thread, 'thread');
        return sendJson(res, 200, threadJson(thread, { runs: true, naiveTimes }));
      }
      if (method === 'POST') {
        const body = /** @type {any} */ (await readModelBody(req));
        getRoom(roomId);
        const thread = threads.get(roomId, threadId);
        // Soliplex's MissingParentRun is an AGUI_Exception: 400.
        if (body.parent_run_id != null && !thread.runs.has(body.parent_run_id)) {
          throw new HttpError(400, `Unknown parent run: UUID ${body.parent_run_id} does not exist in thread`);
        }
        return sendJson(res, 200, runJson(threads.addRun(thread, body), { events: true, naiveTimes }));
      }
      if (method === 'DELETE') {
        getRoom(roomId);
        threads.delete(threads.get(roomId, threadId));
        return sendJson(res, 204);
      }
      throw new HttpError(405, 'Method Not Allowed');
    }
    if (isMeta) {
      // POST …/agui/{thread}/meta {name?, description?}: 205; replaces the metadata (`{}` erases it).
      const body = await readModelBody(req);
      getRoom(roomId);
      threads.setMetadata(threads.get(roomId, threadId), body);
      return sendJson(res, 205);
    }
    const runId = /** @type {string} */ (ids.run_id);
    if (method === 'GET') {
      getRoom(roomId);
      const thread = threads.get(roomId, threadId);
      const run = threads.getRun(thread, runId);
      if (run.getStatus) throw new HttpError(run.getStatus, `seeded failure of run ${run.run_id}`);
      countGet(thread, 'runs');
      return sendJson(res, 200, runJson(run, { events: true, naiveTimes }));
    }
    if (method === 'POST') return postRun(req, res, { roomId, threadId, runId, path, signal });
    throw new HttpError(405, 'Method Not Allowed');
  }

  /**
   * Starts a run (its producer lives on without the response) or resumes following one.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {{ roomId: string, threadId: string, runId: string, path: string, signal: AbortSignal }} ctx
   */
  async function postRun(req, res, { roomId, threadId, runId, path, signal }) {
    const { script } = getRoom(roomId);
    const raw = await readBody(req);
    /** @type {unknown} */
    let body;
    let json = true;
    try {
      body = JSON.parse(raw);
    } catch {
      json = false;
      body = raw;
    }
    if (script) scripts.record(script, { body, headers: { ...req.headers }, path });

    const lastEventId = req.headers['last-event-id'];
    if (typeof lastEventId === 'string' && lastEventId) {
      // A resume: the body is not read; the header's run id is not checked, only its index. The run is
      // followed until it finishes, also one that has not started yet (it may never).
      const run = threads.getRun(threads.get(roomId, threadId), runId);
      const from = resumeIndex(lastEventId);
      return streamRun(res, run.channel, { runId, from, keepaliveMs, signal });
    }

    const parsed = json ? parseRunAgentInput(body) : { ok: /** @type {const} */ (false), errors: [{ type: 'json_invalid', loc: [], msg: 'Invalid JSON' }] };
    if (!parsed.ok) {
      // pydantic's ValidationError escapes Soliplex's handler: the client gets a bare 500.
      console.warn(`[soliplex] 500: the run body is not a valid RunAgentInput (AG-UI Python models): ${describeInputErrors(parsed.errors)}`);
      return sendInternalError(res);
    }
    const input = parsed.value;
    const thread = threads.get(roomId, threadId);
    const run = threads.getRun(thread, runId);
    for (const [key, fromUrl] of [['threadId', threadId], ['runId', runId]]) {
      if (input[key] !== fromUrl) throw new HttpError(400, `Run input field does not match run: ${key}`);
    }
    if (run.run_input) throw new HttpError(400, `Run already started: UUID ${run.run_id}`);

    let stepDelayMs = 0;
    /** @type {() => Iterable<any> | AsyncIterable<any>} */
    let openSteps;
    if (script) {
      const steps = scripts.next(script);
      const first = /** @type {any} */ (steps[0]);
      // A scripted HTTP error leaves the run unused, as a proxy/server error before the run would.
      if (first && '$status' in first) return sendJson(res, first.$status, first.body ?? { detail: `scripted HTTP ${first.$status}` }, first.headers);
      stepDelayMs = script.stepDelayMs;
      openSteps = () => steps;
    } else {
      const producerSignal = run.abort.signal;
      const rag = roomId === 'demo' ? ragSteps(input) : null;
      openSteps = () => rag ?? model(input, { signal: producerSignal });
    }

    run.run_input = storedRunInput(input);
    thread.last_activity = isoNow();
    const { delivery } = settings.for(roomId);
    void produceRun(run.channel, openSteps, { ids: { threadId, runId }, stepDelayMs, signal: run.abort.signal, delivery, state: input.state });
    return streamRun(res, run.channel, { runId, from: 0, keepaliveMs, signal });
  }

  /**
   * `GET /api/v1/installation`, `…/versions`, `…/identity`.
   * @param {import('node:http').ServerResponse} res @param {string} path @param {string} method
   */
  function installationRoute(res, path, method) {
    const answers = {
      '/api/v1/installation': () => installationJson({ authSystems: login.systems() }),
      '/api/v1/installation/versions': versionsJson,
      '/api/v1/installation/identity': identityJson,
    };
    const answer = answers[/** @type {keyof typeof answers} */ (path)];
    if (!answer) throw new HttpError(404, 'Not Found');
    if (method !== 'GET') throw new HttpError(405, 'Method Not Allowed');
    return sendJson(res, 200, answer());
  }

  /**
   * `GET …/rooms/{room}/documents` (the room's RAG document set, `{room_id, document_set}`; empty in
   * a room without RAG) and `GET …/rooms/{room}/chunk/{chunk}` (`{chunk_id, document_uri,
   * images_base_64}`; 404 for an unknown chunk, or one without page images, as Soliplex answers).
   * @param {import('node:http').ServerResponse} res @param {string} method @param {string} roomId @param {string} [chunkId]
   */
  function ragRoute(res, method, roomId, chunkId) {
    if (method !== 'GET') throw new HttpError(405, 'Method Not Allowed');
    getRoom(roomId);
    const hasRag = roomId === 'demo';
    if (chunkId === undefined) {
      const documents = hasRag ? DEMO_DOCUMENTS : [];
      return sendJson(res, 200, { room_id: roomId, document_set: Object.fromEntries(documents.map((d) => [d.id, d])) });
    }
    const chunk = hasRag ? findChunk(decodeURIComponent(chunkId)) : undefined;
    if (hasRag && !chunk) throw new HttpError(404, `Unknown chunk ID: ${chunkId}`);
    const images = chunk ? chunkImages(chunk) : [];
    if (!chunk || !images.length) throw new HttpError(404, `Images not available for chunk ID: ${chunkId}`);
    const document = DEMO_DOCUMENTS.find((d) => d.id === chunk.document_id);
    return sendJson(res, 200, { chunk_id: chunk.id, document_uri: document?.uri ?? null, images_base_64: images });
  }

  /**
   * `GET …/{run}/usage` (the run's usage or null), `GET …/{run}/feedback` (404 while none),
   * `POST …/{run}/feedback` `{feedback, reason}` (205; replaces earlier feedback).
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} method
   * @param {{ roomId: string, rawThreadId: string, rawRunId: string, what: string }} ctx
   */
  async function runExtraRoute(req, res, method, { roomId, rawThreadId, rawRunId, what }) {
    const allowed = what === 'usage' ? ['GET'] : ['GET', 'POST'];
    if (!allowed.includes(method)) throw new HttpError(405, 'Method Not Allowed');
    const ids = uuid4Params({ thread_id: rawThreadId, run_id: rawRunId });
    const feedback = method === 'POST' ? parseFeedback(await readModelBody(req)) : null;
    getRoom(roomId);
    const run = /** @type {any} */ (threads.getRun(threads.get(roomId, ids.thread_id), ids.run_id));
    if (what === 'usage') return sendJson(res, 200, run.usage ?? null);
    if (feedback) {
      run.feedback = feedback;
      return sendJson(res, 205);
    }
    if (!run.feedback) throw new HttpError(404, `No feedback for run: UUID ${run.run_id}`);
    return sendJson(res, 200, run.feedback);
  }

  /**
   * Test-only routes (no auth): `token` swaps the accepted token, `settings` the room's behaviour,
   * `threads` seeds a finished thread, `threads/{id}/requests` counts GETs.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path @param {string} method
   */
  async function testRoute(req, res, path, method) {
    if (method === 'POST' && path === '/api/test/token') {
      const body = /** @type {any} */ (await readModelBody(req));
      auth.setToken(body?.token ?? null, typeof body?.room === 'string' ? body.room : undefined);
      return sendJson(res, 200, { token: auth.token });
    }
    if (method === 'POST' && path === '/api/test/settings') return sendJson(res, 200, settings.update(await readModelBody(req)));
    // The identity provider: lifetimes of the tokens it issues from now on; a token set issued at once.
    if (method === 'POST' && path === '/api/test/idp') return sendJson(res, 200, idp.setLifetimes(await readModelBody(req)));
    if (method === 'POST' && path === '/api/test/idp/tokens') return sendJson(res, 200, idp.issue(await readModelBody(req)));
    if (method === 'POST' && path === '/api/test/threads') {
      const body = /** @type {any} */ (await readModelBody(req));
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
    throw new HttpError(404, 'Not Found');
  }

  /**
   * POST …/agui answers the initial run with a synthesized run_input, like Soliplex does: its state
   * has the defaults of the room's AG-UI features.
   */
  function newThreadJson(/** @type {import('./thread-store.mjs').Thread} */ thread) {
    const json = threadJson(thread, { runs: true, naiveTimes: settings.for(thread.room_id).naiveTimes });
    const state = initialState(getRoom(thread.room_id).room);
    for (const run of Object.values(/** @type {Record<string, any>} */ (json.runs))) {
      run.run_input = { threadId: thread.thread_id, runId: run.run_id, state, messages: [], tools: [], context: [], forwardedProps: null };
      run.events = [];
    }
    return json;
  }

  /** Requests under /idp: the demo identity provider. */
  const handleIdp = idp.handle;

  return { handle, handleIdp, close: () => threads.abortAll() };
}

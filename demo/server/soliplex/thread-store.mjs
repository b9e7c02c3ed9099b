// In-memory Soliplex threads and runs, and their JSON shapes (snake_case envelope, field names as
// in the Soliplex API: Thread = {room_id, thread_id, runs, created, metadata, last_activity},
// Run = {thread_id, run_id, parent_run_id, run_input, created, finished, events, metadata, usage}).
import { randomUUID } from 'node:crypto';
import { HttpError } from '../http-util.mjs';
import { RunChannel } from './run-channel.mjs';

let lastStamp = 0;
/** ISO time that strictly increases, so clients sorting runs by `created` never see ties. */
export function isoNow() {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

/**
 * @typedef {{ thread_id: string, run_id: string, parent_run_id: string | null, run_input: any,
 *   created: string, finished: string | null, metadata: any, usage: any,
 *   channel: import('./run-channel.mjs').RunChannel, abort: AbortController,
 *   getStatus?: number }} Run `getStatus`: a seeded run whose GET fails with this status (tests)
 * @typedef {{ room_id: string, thread_id: string, runs: Map<string, Run>, created: string,
 *   metadata: { name: string | null, description: string | null } | null, last_activity: string }} Thread
 */

/** `{name?, description?}` → the stored thread metadata shape, or null when absent. */
function threadMetadata(/** @type {any} */ metadata) {
  if (metadata == null) return null;
  if (typeof metadata !== 'object') throw new HttpError(422, 'metadata must be an object');
  return { name: metadata.name ?? null, description: metadata.description ?? null };
}

/**
 * @param {{ onFinished?: (thread: Thread, run: Run) => void }} [hooks] onFinished: a run's producer is
 *   done (`finished` is stamped), e.g. to give the thread a title
 */
export function createThreadStore({ onFinished } = {}) {
  /** @type {Map<string, Thread>} thread_id → thread (room checked on every lookup) */
  const threads = new Map();

  /** @param {Thread} thread @param {{ parent_run_id?: string | null, metadata?: any }} body @returns {Run} */
  function addRun(thread, body) {
    /** @type {Run} */
    const run = {
      thread_id: thread.thread_id,
      run_id: randomUUID(),
      parent_run_id: body.parent_run_id ?? null,
      run_input: null,
      created: isoNow(),
      finished: null,
      metadata: body.metadata ?? null,
      usage: null,
      // Every run has its event list from the start (empty, unfinished), so a resume of a run that
      // has not started yet follows it as the real server's poll does, instead of failing.
      channel: new RunChannel(() => {
        run.finished = isoNow();
        thread.last_activity = run.finished;
        onFinished?.(thread, run);
      }),
      abort: new AbortController(),
    };
    thread.runs.set(run.run_id, run);
    thread.last_activity = run.created;
    return run;
  }

  return {
    /** @param {string} roomId @param {any} body `{metadata?}` @returns {Thread} */
    createThread(roomId, body) {
      const created = isoNow();
      /** @type {Thread} */
      const thread = {
        room_id: roomId,
        thread_id: randomUUID(),
        runs: new Map(),
        created,
        metadata: threadMetadata(body?.metadata),
        last_activity: created,
      };
      threads.set(thread.thread_id, thread);
      addRun(thread, {}); // the initial run, used by the first turn
      return thread;
    },

    /** @param {string} roomId @returns {Thread[]} */
    list(roomId) {
      return [...threads.values()].filter((t) => t.room_id === roomId);
    },

    /** Any room's thread (test routes only). @param {string} threadId @returns {Thread} */
    find(threadId) {
      const thread = threads.get(threadId);
      if (!thread) throw new HttpError(404, `No such thread: ${threadId}`);
      return thread;
    },

    /** @param {string} roomId @param {string} threadId @returns {Thread} */
    get(roomId, threadId) {
      const thread = threads.get(threadId);
      if (!thread) throw new HttpError(404, `Unknown thread: UUID ${threadId}`);
      // Soliplex's ThreadRoomMismatch is an AGUI_Exception: 400, not 404.
      if (thread.room_id !== roomId) throw new HttpError(400, `Thread room ID '${thread.room_id}' does not match room ID '${roomId}'`);
      return thread;
    },

    addRun,

    /** @param {Thread} thread @param {string} runId @returns {Run} */
    getRun(thread, runId) {
      const run = thread.runs.get(runId);
      if (!run) throw new HttpError(404, `Unknown run: UUID ${runId} does not exist in thread`);
      return run;
    },

    /**
     * A finished thread in one call (`POST /api/test/threads`, for tests and benchmarks): each seeded
     * run's `run_input.messages` is the transcript so far (every earlier run's `messages` and `output`,
     * then its own `messages`), as a client that sends the full transcript on every run leaves it.
     * With `cumulative: false` each run's input has only its own `messages` (a lean thread: the
     * history's size is linear in its runs). The first seeded run is the thread's initial run.
     * @param {string} roomId @param {unknown} body `{runs: SeededRun[], cumulative?: boolean, metadata?}`
     * @returns {Thread}
     */
    seed(roomId, body) {
      const runs = seededRuns(body);
      const cumulative = /** @type {any} */ (body).cumulative !== false;
      const thread = this.createThread(roomId, { metadata: /** @type {any} */ (body).metadata });
      /** @type {unknown[]} */
      const transcript = [];
      for (const [index, seeded] of runs.entries()) {
        const run = index === 0 ? /** @type {Run} */ (thread.runs.values().next().value) : addRun(thread, {});
        transcript.push(...(seeded.messages ?? []));
        run.run_input = {
          threadId: thread.thread_id,
          runId: run.run_id,
          state: seeded.state ?? {},
          messages: cumulative ? [...transcript] : [...(seeded.messages ?? [])],
          tools: [],
          context: [],
          forwardedProps: {},
        };
        transcript.push(...(seeded.output ?? []));
        const channel = new RunChannel();
        for (const event of seeded.events ?? []) channel.events.push({ ...event, ...runIds(event, run) });
        channel.finished = true; // no onFinished: a seeded thread keeps the metadata it was given
        run.channel = channel;
        run.finished = isoNow();
        if (seeded.$status !== undefined) run.getStatus = seeded.$status;
        if (seeded.usage !== undefined) run.usage = seeded.usage;
        thread.last_activity = run.finished;
      }
      return thread;
    },

    /**
     * Replaces a thread's metadata (`{}` or nulls erase it, as Soliplex does).
     * @param {Thread} thread @param {any} body `{name?, description?}`
     */
    setMetadata(thread, body) {
      const metadata = threadMetadata(body ?? {});
      thread.metadata = metadata && (metadata.name !== null || metadata.description !== null) ? metadata : null;
      thread.last_activity = isoNow();
    },

    /** Deletes a thread and stops its producers. @param {Thread} thread */
    delete(thread) {
      for (const run of thread.runs.values()) run.abort.abort();
      threads.delete(thread.thread_id);
    },

    /** Stops every producer (server closing). */
    abortAll() {
      for (const thread of threads.values()) for (const run of thread.runs.values()) run.abort.abort();
    },
  };
}

/**
 * @typedef {{ messages?: any[], output?: any[], events?: any[], state?: unknown, $status?: number, usage?: unknown }} SeededRun
 * `messages`: what this run's input adds to the transcript (the user's message, tool results);
 * `output`: the messages its events amount to (appended to the transcript of later runs);
 * `events`: its stored AG-UI events; `$status`: its `GET …/{run}` answers this status; `usage`: what
 * its usage route answers (default null).
 */

/** Checks a seed body's shape. @param {unknown} body @returns {SeededRun[]} */
function seededRuns(body) {
  const runs = /** @type {any} */ (body)?.runs;
  if (!Array.isArray(runs) || runs.length === 0) throw new HttpError(422, 'runs must be a non-empty array');
  for (const [i, run] of runs.entries()) {
    if (!run || typeof run !== 'object') throw new HttpError(422, `runs[${i}] must be an object`);
    for (const key of ['messages', 'output', 'events']) {
      if (run[key] !== undefined && !Array.isArray(run[key])) throw new HttpError(422, `runs[${i}].${key} must be an array`);
    }
    if (run.events?.some((/** @type {any} */ e) => !e || typeof e.type !== 'string')) {
      throw new HttpError(422, `runs[${i}].events: every event needs a type`);
    }
    if (run.$status !== undefined && !(Number.isInteger(run.$status) && run.$status >= 400 && run.$status <= 599)) {
      throw new HttpError(422, `runs[${i}].$status must be an HTTP error status`);
    }
  }
  return runs;
}

/** RUN_STARTED / RUN_FINISHED without ids get the run's, as in script rooms. @param {any} event @param {Run} run */
function runIds(event, run) {
  if (event.type !== 'RUN_STARTED' && event.type !== 'RUN_FINISHED') return {};
  return { threadId: event.threadId ?? run.thread_id, runId: event.runId ?? run.run_id };
}

/** A stored time as sent: ISO UTC, or without its offset as SQLite installs send it (`naive`). */
const stamp = (/** @type {string | null} */ iso, /** @type {boolean} */ naive) => (iso && naive ? iso.replace(/Z$/, '') : iso);

/**
 * @param {Run} run @param {{ events: boolean, naiveTimes?: boolean }} options
 *   `run_input` never carries `resume` (Soliplex rebuilds it from the stored fields)
 */
export function runJson(run, { events, naiveTimes = false }) {
  const json = {
    thread_id: run.thread_id,
    run_id: run.run_id,
    parent_run_id: run.parent_run_id,
    run_input: run.run_input,
    created: stamp(run.created, naiveTimes),
    finished: stamp(run.finished, naiveTimes),
    events: events ? [...run.channel.events] : null,
    metadata: run.metadata,
    usage: run.usage,
  };
  return json;
}

/**
 * @param {Thread} thread @param {{ runs: boolean, naiveTimes?: boolean }} options the real list
 *   endpoint sends `runs: null`
 */
export function threadJson(thread, { runs, naiveTimes = false }) {
  return {
    room_id: thread.room_id,
    thread_id: thread.thread_id,
    runs: runs
      ? Object.fromEntries([...thread.runs.values()].map((run) => [run.run_id, runJson(run, { events: false, naiveTimes })]))
      : null,
    created: stamp(thread.created, naiveTimes),
    metadata: thread.metadata,
    last_activity: stamp(thread.last_activity, naiveTimes),
  };
}

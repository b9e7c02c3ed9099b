// In-memory store of test scripts: each script answers its N-th agent request with runs[N]
// and records every request so browser tests can assert on what the widget sent.
import { randomUUID } from 'node:crypto';
import { HttpError } from './http-util.mjs';
import { validateRun } from './step-player.mjs';

/**
 * @typedef {{ body: unknown, headers: Record<string, string | string[] | undefined>, path?: string, receivedAt?: number }} RecordedRequest
 *   path: set for Soliplex run posts (which thread/run was posted)
 * @typedef {{ id: string, runs: import('./step-player.mjs').Step[][], stepDelayMs: number,
 *   requests: RecordedRequest[], played: number, marks: Record<string, number> }} Script
 */

export function createScriptStore() {
  /** @type {Map<string, Script>} */
  const scripts = new Map();

  return {
    /**
     * Validates a `POST /scripts` body and stores it; throws HttpError(400) when it is malformed.
     * @param {any} body
     * @returns {Script}
     */
    create(body) {
      if (!body || typeof body !== 'object' || !Array.isArray(body.runs)) {
        throw new HttpError(400, 'body must be { runs: Step[][], stepDelayMs?: number }');
      }
      for (const [n, run] of body.runs.entries()) {
        const problem = validateRun(run);
        if (problem) throw new HttpError(400, `runs[${n}]: ${problem}`);
      }
      const stepDelayMs = body.stepDelayMs ?? 0;
      if (typeof stepDelayMs !== 'number' || stepDelayMs < 0) {
        throw new HttpError(400, 'stepDelayMs must be a number >= 0');
      }
      const script = { id: randomUUID(), runs: body.runs, stepDelayMs, requests: [], played: 0, marks: {} };
      scripts.set(script.id, script);
      return script;
    },

    /** @param {string} id @returns {Script} */
    get(id) {
      const script = scripts.get(id);
      if (!script) throw new HttpError(404, `no script ${id}`);
      return script;
    },

    /** @returns {Script[]} all scripts, oldest first */
    list() {
      return [...scripts.values()];
    },

    /** @param {string} id */
    delete(id) {
      if (!scripts.delete(id)) throw new HttpError(404, `no script ${id}`);
    },

    /**
     * Records a request without consuming a run (Soliplex resumes and rejected run POSTs).
     * @param {Script} script @param {RecordedRequest} request
     */
    record(script, request) {
      script.requests.push(request);
    },

    /**
     * Consumes and returns the next run. Counted apart from `requests` because in Soliplex mode
     * some recorded requests (resumes, rejected posts) do not play a run.
     * @param {Script} script
     */
    next(script) {
      const n = script.played++;
      const run = script.runs[n];
      if (!run) {
        throw new HttpError(500, `script exhausted: request ${n + 1} but only ${script.runs.length} runs`);
      }
      return run;
    },

    /**
     * Records a request and returns the run that answers it (the generic /scripts/{id}/agent endpoint).
     * @param {Script} script @param {RecordedRequest} request
     */
    take(script, request) {
      this.record(script, request);
      return this.next(script);
    },
  };
}

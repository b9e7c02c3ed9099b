// Per-run extras of the Soliplex API: usage (`GET …/{run}/usage`, what pydantic-ai counted for the
// run, null when nothing was counted) and feedback (`GET`/`POST …/{run}/feedback`).
import { HttpError } from '../http-util.mjs';

export const FEEDBACK_VALUES = Object.freeze(['thumbs_up', 'thumbs_down']);

/**
 * @typedef {{ input_tokens: number, output_tokens: number, requests: number, tool_calls: number }} RunUsage
 * @typedef {{ feedback: 'thumbs_up' | 'thumbs_down', reason: string | null }} RunFeedback
 */

/**
 * The usage the demo counts for a finished run, as Soliplex saves it when the agent completes
 * (only runs that end with RUN_FINISHED): about 4 characters a token, one model request.
 * @param {any} runInput @param {any[]} events @returns {RunUsage | null}
 */
export function countUsage(runInput, events) {
  if (!runInput || events.at(-1)?.type !== 'RUN_FINISHED') return null;
  const tokens = (/** @type {number} */ chars) => Math.max(1, Math.ceil(chars / 4));
  let output = 0;
  let toolCalls = 0;
  for (const event of events) {
    if (typeof event.delta === 'string' && event.type !== 'STATE_DELTA') output += event.delta.length;
    if (event.type === 'TOOL_CALL_START') toolCalls++;
  }
  return {
    input_tokens: tokens(JSON.stringify(runInput.messages ?? []).length + JSON.stringify(runInput.tools ?? []).length),
    output_tokens: tokens(output),
    requests: 1,
    tool_calls: toolCalls,
  };
}

/**
 * A feedback body checked as FastAPI checks `AGUI_RunFeedback`: 422 with a `detail` list.
 * @param {unknown} body @returns {RunFeedback}
 */
export function parseFeedback(body) {
  const detail = [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    detail.push({ type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: body });
  } else {
    const { feedback, reason } = /** @type {any} */ (body);
    if (feedback === undefined) detail.push({ type: 'missing', loc: ['body', 'feedback'], msg: 'Field required', input: body });
    else if (!FEEDBACK_VALUES.includes(feedback)) {
      detail.push({ type: 'enum', loc: ['body', 'feedback'], msg: "Input should be 'thumbs_up' or 'thumbs_down'", input: feedback, ctx: { expected: "'thumbs_up' or 'thumbs_down'" } });
    }
    if (reason !== undefined && reason !== null && typeof reason !== 'string') {
      detail.push({ type: 'string_type', loc: ['body', 'reason'], msg: 'Input should be a valid string', input: reason });
    }
    if (!detail.length) return { feedback, reason: reason ?? null };
  }
  throw new HttpError(422, 'invalid feedback', { detail });
}

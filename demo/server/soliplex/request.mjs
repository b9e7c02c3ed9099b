// Reading a Soliplex request as FastAPI does: UUID4 path ids, JSON bodies of declared models (422
// with a `detail` list when missing or not JSON), and the run route's `Last-Event-ID` index.
import { HttpError, readBody } from '../http-util.mjs';

/**
 * A JSON body of a route that declares a body model: 422 `{detail: [...]}` when it is missing or not
 * JSON, as FastAPI answers. @param {import('node:http').IncomingMessage} req @returns {Promise<any>}
 */
export async function readModelBody(req) {
  const text = await readBody(req);
  if (!text.trim()) throw new HttpError(422, 'body required', { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(422, 'invalid JSON', { detail: [{ type: 'json_invalid', loc: ['body', 0], msg: 'JSON decode error', input: {} }] });
  }
}

const UUID = /^(?:urn:uuid:)?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})$/i;

/**
 * Checks path ids typed `pydantic.UUID4`: each must parse as a UUID of version 4; they come back in
 * canonical form (lower case, hyphens). Throws 422 listing every bad one.
 * @template {Record<string, string>} T @param {T} params @returns {T}
 */
export function uuid4Params(params) {
  const detail = [];
  /** @type {Record<string, string>} */
  const out = {};
  for (const [name, value] of Object.entries(params)) {
    const m = UUID.exec(decodeURIComponent(value));
    if (!m) detail.push({ type: 'uuid_parsing', loc: ['path', name], msg: 'Input should be a valid UUID, unable to parse string as a UUID', input: value });
    else if (m[3][0] !== '4') detail.push({ type: 'uuid_version', loc: ['path', name], msg: 'UUID version 4 expected', input: value, ctx: { expected_version: 4 } });
    else out[name] = m.slice(1).join('-').toLowerCase();
  }
  if (detail.length) throw new HttpError(422, 'invalid path ids', { detail });
  return /** @type {T} */ (out);
}

/**
 * The first stored index to send for a `Last-Event-ID: {run_id}:{index}` header. Only the index after
 * the last `:` counts (Soliplex reads events with an index greater than it: `-1` replays from the
 * first event, an index past the end waits for more). An index that is not an integer (Python's
 * `int()`) is an uncaught error there: thrown as a plain Error here, so it answers 500 the same way.
 * @param {string} header @returns {number}
 */
export function resumeIndex(header) {
  const text = header.slice(header.lastIndexOf(':') + 1).trim();
  if (!/^[+-]?\d+(?:_\d+)*$/.test(text)) throw new Error(`Last-Event-ID ${JSON.stringify(header)}: invalid literal for int()`);
  return Math.max(0, Number(text.replace(/_/g, '')) + 1);
}

// How the demo Soliplex API behaves where real installations differ: delivery (`agui_sse_delivery`),
// automatic thread titles, and timestamps without a UTC offset (SQLite installs). Server-wide defaults
// come from startAguiServer's options; `POST /api/test/settings {room?, ...}` overrides them for one
// room (tests running at once on one server each choose their own) or for the whole server.
import { HttpError } from '../http-util.mjs';
import { parseDelivery } from './delivery.mjs';

/**
 * @typedef {{ delivery: import('./delivery.mjs').Delivery, titles: boolean, naiveTimes: boolean }} Settings
 */

/** @param {Settings} defaults */
export function createSettings(defaults) {
  let server = { ...defaults };
  /** @type {Map<string, Partial<Settings>>} */
  const rooms = new Map();

  /** Checks a `{delivery?, titles?, naiveTimes?}` body; unknown keys are refused. @returns {Partial<Settings>} */
  function parse(/** @type {any} */ body) {
    /** @type {Partial<Settings>} */
    const out = {};
    for (const [key, value] of Object.entries(body ?? {})) {
      if (key === 'room') continue;
      if (key === 'delivery') {
        try {
          out.delivery = parseDelivery(value);
        } catch (error) {
          throw new HttpError(422, /** @type {Error} */ (error).message);
        }
      } else if (key === 'titles' || key === 'naiveTimes') {
        if (typeof value !== 'boolean') throw new HttpError(422, `${key} must be a boolean`);
        out[key] = value;
      } else throw new HttpError(422, `unknown setting ${key} (known: delivery, titles, naiveTimes)`);
    }
    return out;
  }

  return {
    /** The settings that apply in a room. @param {string} room @returns {Settings} */
    for(room) {
      return { ...server, ...rooms.get(room) };
    },
    /** Applies a test route body: with `room`, to that room only; else server-wide. */
    update(/** @type {any} */ body) {
      const changes = parse(body);
      const room = typeof body?.room === 'string' ? body.room : undefined;
      if (room) rooms.set(room, { ...rooms.get(room), ...changes });
      else server = { ...server, ...changes };
      return room ? this.for(room) : server;
    },
  };
}

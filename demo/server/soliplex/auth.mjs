// Optional bearer-token check for the demo Soliplex API. No token = no-auth mode (Soliplex's default
// for local servers). Tests can swap the accepted token at runtime to make a client's token stale,
// for the whole server or for one room only (so test files running at once don't refuse each other).
import { HttpError } from '../http-util.mjs';

/**
 * @param {string | undefined} initialToken
 * @param {{ accepts?: (token: string) => boolean }} [options] accepts: other tokens that pass wherever
 *   auth is on (the demo identity provider's unexpired access tokens)
 */
export function createAuthGate(initialToken, { accepts = () => false } = {}) {
  /** @type {string | null} */
  let token = initialToken || null;
  /** Tokens that apply to one room only, by room id. */
  const roomTokens = new Map();
  return {
    get token() {
      return token;
    },
    /** Whether any request needs a token (server-wide, or in some room). */
    get enabled() {
      return token !== null || roomTokens.size > 0;
    },
    /** @param {string | null} next null (or '') switches auth off @param {string} [room] only for this room */
    setToken(next, room) {
      if (room) {
        if (next) roomTokens.set(room, next);
        else roomTokens.delete(room);
      } else token = next || null;
    },
    /**
     * Throws HttpError(401) unless the request carries `Authorization: Bearer <token>` (the room's
     * own token, when it has one, or a token `accepts` takes).
     * @param {import('node:http').IncomingMessage} req @param {string} [room]
     */
    check(req, room) {
      const wanted = (room && roomTokens.get(room)) || token;
      if (!wanted) return;
      const header = req.headers.authorization;
      if (!header) throw new HttpError(401, 'Not authenticated');
      if (header === `Bearer ${wanted}`) return;
      if (!header.startsWith('Bearer ') || !accepts(header.slice(7))) throw new HttpError(401, 'Invalid or expired token');
    },
  };
}

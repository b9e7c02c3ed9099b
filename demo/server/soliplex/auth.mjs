// Optional bearer-token check for the demo Soliplex API. No token = no-auth mode (Soliplex's default
// for local servers). Tests can swap the accepted token at runtime to make a client's token stale.
import { HttpError } from '../http-util.mjs';

/** @param {string | undefined} initialToken */
export function createAuthGate(initialToken) {
  /** @type {string | null} */
  let token = initialToken || null;
  return {
    get token() {
      return token;
    },
    /** @param {string | null} next null (or '') switches auth off */
    setToken(next) {
      token = next || null;
    },
    /** Throws HttpError(401) unless the request carries `Authorization: Bearer <token>`. */
    check(/** @type {import('node:http').IncomingMessage} */ req) {
      if (!token) return;
      const header = req.headers.authorization;
      if (!header) throw new HttpError(401, 'Not authenticated');
      if (header !== `Bearer ${token}`) throw new HttpError(401, 'Invalid or expired token');
    },
  };
}

// Soliplex's side of browser sign-in: `GET /api/login` lists the identity providers,
// `GET /api/login/{system}?return_to=URL` sends the browser to the provider's authorize step, and
// the provider's redirect to `GET /api/auth/{system}` ends at `return_to` with the tokens in the
// fragment (`#token=…&refresh_token=…&expires_in=…&refresh_expires_in=…`; when return_to already has
// a fragment, the tokens go inside it: `#frag?token=…`). In no-auth mode there are no systems.
import { randomUUID } from 'node:crypto';
import { CORS_HEADERS, HttpError } from '../http-util.mjs';
import { DEMO_CLIENT_ID } from './idp.mjs';

export const DEMO_SYSTEM = 'demo';

// Not a key of anything: real installations send the PEM their tokens are checked against.
const DEMO_PEM = '-----BEGIN PUBLIC KEY-----\nZGVtbyBrZXk=\n-----END PUBLIC KEY-----';

/**
 * `return_to` with the token set in its fragment, as Soliplex's callback builds it.
 * @param {string} returnTo @param {Record<string, string | number>} tokens
 */
export function withTokenFragment(returnTo, tokens) {
  const query = new URLSearchParams(Object.entries(tokens).map(([k, v]) => [k, String(v)])).toString();
  const hash = returnTo.indexOf('#');
  if (hash < 0) return `${returnTo}#${query}`;
  return `${returnTo}${returnTo.indexOf('?', hash) < 0 ? '?' : '&'}${query}`;
}

/**
 * @param {{ idp: ReturnType<typeof import('./idp.mjs').createIdp>, baseUrl: () => string, authOn: () => boolean }} options
 *   authOn: whether the server asks for a token anywhere (no systems otherwise)
 */
export function createLogin({ idp, baseUrl, authOn }) {
  /** login state → return_to (the server-side session the real one keeps in a cookie) */
  const pending = new Map();
  const callbackUrl = (/** @type {string} */ system) => `${baseUrl()}/api/auth/${system}`;

  function systems() {
    if (!authOn()) return {};
    return {
      [DEMO_SYSTEM]: {
        id: DEMO_SYSTEM,
        title: 'Demo identity provider',
        server_url: idp.issuer(),
        client_id: DEMO_CLIENT_ID,
        scope: 'openid profile email',
        token_validation_pem: DEMO_PEM,
      },
    };
  }

  /** @param {string} system */
  function knownSystem(system) {
    if (!authOn() || system !== DEMO_SYSTEM) throw new HttpError(404, `Unknown system: ${system}`);
  }

  /**
   * Answers the login routes; false when the path is not one of them.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
   * @param {string} path @param {string} method
   */
  function route(req, res, path, method) {
    if (method !== 'GET') return false;
    const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const redirect = (/** @type {string} */ location) => void res.writeHead(302, { ...CORS_HEADERS, Location: location }).end();
    const login = /^\/api\/login\/([^/]+)$/.exec(path);
    if (login) {
      knownSystem(login[1]);
      const returnTo = query.get('return_to');
      if (!returnTo) throw new HttpError(422, 'return_to missing', { detail: [{ type: 'missing', loc: ['query', 'return_to'], msg: 'Field required', input: null }] });
      const state = randomUUID();
      pending.set(state, returnTo);
      const authorize = new URL(`${idp.issuer()}/authorize`);
      authorize.search = new URLSearchParams({ response_type: 'code', client_id: DEMO_CLIENT_ID, redirect_uri: callbackUrl(login[1]), scope: 'openid profile email', state }).toString();
      redirect(authorize.toString());
      return true;
    }
    const callback = /^\/api\/auth\/([^/]+)$/.exec(path);
    if (callback) {
      knownSystem(callback[1]);
      const returnTo = pending.get(query.get('state') ?? '');
      pending.delete(query.get('state') ?? '');
      if (!returnTo) throw new HttpError(400, 'mismatching_state: CSRF Warning! State not equal in request and response.');
      const tokens = idp.exchangeCode(query.get('code') ?? '', callbackUrl(callback[1]));
      redirect(withTokenFragment(returnTo, {
        token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_in: tokens.expires_in,
        refresh_expires_in: tokens.refresh_expires_in,
      }));
      return true;
    }
    return false;
  }

  return { systems, route };
}

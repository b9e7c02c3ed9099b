// A tiny OpenID Connect provider under /idp, so the demo Soliplex server can sign users in as a real
// installation does: Soliplex only redirects to its identity provider and back; clients refresh their
// tokens at the provider (discovery, then `grant_type=refresh_token`), never at Soliplex.
// It auto-approves one demo user. Access tokens expire; the auth gate accepts the unexpired ones.
// Answers as a browser-facing IdP (Keycloak) does: CORS open, form-encoded token requests, OAuth
// errors as `{error, error_description}`.
import { randomUUID } from 'node:crypto';
import { CORS_HEADERS, HttpError, readBody, sendJson } from '../http-util.mjs';

export const IDP_PATH = '/idp';
export const DEMO_CLIENT_ID = 'soliplex-chat-demo';

/** An OAuth error answer (RFC 6749 §5.2). */
class OAuthError extends HttpError {
  /** @param {number} status @param {string} error @param {string} description */
  constructor(status, error, description) {
    super(status, description, { oauth: { error, error_description: description } });
  }
}

/**
 * @typedef {{ access_token: string, token_type: 'Bearer', expires_in: number, refresh_token: string,
 *   refresh_expires_in: number, scope: string }} TokenSet
 * @typedef {{ expires_in: number, refresh_expires_in: number }} Lifetimes seconds
 */

/** @param {{ baseUrl: () => string }} options */
export function createIdp({ baseUrl }) {
  /** @type {Lifetimes} */
  let lifetimes = { expires_in: 300, refresh_expires_in: 1800 };
  /** access token → expiry (ms since epoch) */
  const accessTokens = new Map();
  /** refresh token → expiry (ms) */
  const refreshTokens = new Map();
  /** authorization code → { redirect_uri, client_id, expires } (single use) */
  const codes = new Map();

  const issuer = () => `${baseUrl()}${IDP_PATH}`;

  /** @param {Partial<Lifetimes>} [override] @returns {TokenSet} */
  function issue(override = {}) {
    const { expires_in, refresh_expires_in } = { ...lifetimes, ...override };
    const now = Date.now();
    const set = {
      access_token: `demo-at-${randomUUID()}`,
      token_type: /** @type {const} */ ('Bearer'),
      expires_in,
      refresh_token: `demo-rt-${randomUUID()}`,
      refresh_expires_in,
      scope: 'openid profile email',
    };
    accessTokens.set(set.access_token, now + expires_in * 1000);
    refreshTokens.set(set.refresh_token, now + refresh_expires_in * 1000);
    return set;
  }

  /** Checks a `{expires_in?, refresh_expires_in?}` body (whole seconds ≥ 0). @returns {Partial<Lifetimes>} */
  function parseLifetimes(/** @type {any} */ body) {
    /** @type {Partial<Lifetimes>} */
    const out = {};
    for (const [key, value] of Object.entries(body ?? {})) {
      if (key !== 'expires_in' && key !== 'refresh_expires_in') throw new HttpError(422, `unknown key ${key} (known: expires_in, refresh_expires_in)`);
      if (!Number.isInteger(value) || value < 0) throw new HttpError(422, `${key} must be a whole number of seconds ≥ 0`);
      out[key] = value;
    }
    return out;
  }

  /** The token endpoint: `authorization_code` (Soliplex's callback) and `refresh_token` (clients). */
  function token(/** @type {URLSearchParams} */ form) {
    const grant = form.get('grant_type');
    if (form.get('client_id') !== DEMO_CLIENT_ID) throw new OAuthError(401, 'invalid_client', 'Invalid client or Invalid client credentials');
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const expires = refreshTokens.get(refresh);
      if (expires === undefined) throw new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
      if (expires <= Date.now()) throw new OAuthError(400, 'invalid_grant', 'Token is not active');
      return issue();
    }
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.expires <= Date.now()) throw new OAuthError(400, 'invalid_grant', 'Code not valid');
      if (code.redirect_uri !== form.get('redirect_uri')) throw new OAuthError(400, 'invalid_grant', 'Incorrect redirect_uri');
      return issue();
    }
    throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant_type: ${grant ?? '(none)'}`);
  }

  /**
   * Handles a request under /idp.
   * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {string} path
   */
  async function handle(req, res, path) {
    const method = req.method ?? 'GET';
    try {
      if (method === 'GET' && path === `${IDP_PATH}/.well-known/openid-configuration`) {
        return sendJson(res, 200, {
          issuer: issuer(),
          authorization_endpoint: `${issuer()}/authorize`,
          token_endpoint: `${issuer()}/token`,
          end_session_endpoint: `${issuer()}/logout`,
          userinfo_endpoint: `${issuer()}/userinfo`,
          response_types_supported: ['code'],
          grant_types_supported: ['authorization_code', 'refresh_token'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'profile', 'email'],
        });
      }
      if (method === 'GET' && path === `${IDP_PATH}/authorize`) {
        // Auto-approves the demo user: straight back to the client with a code.
        const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
        const redirectUri = query.get('redirect_uri');
        if (query.get('client_id') !== DEMO_CLIENT_ID || !redirectUri) throw new OAuthError(400, 'invalid_request', 'Invalid client_id or redirect_uri');
        if (query.get('response_type') !== 'code') throw new OAuthError(400, 'unsupported_response_type', 'Only response_type=code');
        const code = randomUUID();
        codes.set(code, { redirect_uri: redirectUri, client_id: DEMO_CLIENT_ID, expires: Date.now() + 60_000 });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        if (query.get('state') !== null) back.searchParams.set('state', /** @type {string} */ (query.get('state')));
        res.writeHead(302, { ...CORS_HEADERS, Location: back.toString() }).end();
        return;
      }
      if (method === 'POST' && path === `${IDP_PATH}/token`) {
        const type = req.headers['content-type'] ?? '';
        if (!type.startsWith('application/x-www-form-urlencoded')) throw new OAuthError(400, 'invalid_request', 'Token requests are form-encoded');
        return sendJson(res, 200, token(new URLSearchParams(await readBody(req))));
      }
      if (method === 'GET' && path === `${IDP_PATH}/logout`) {
        const back = new URL(req.url ?? '/', 'http://localhost').searchParams.get('post_logout_redirect_uri');
        if (!back) return sendJson(res, 200, { signed_out: true });
        res.writeHead(302, { ...CORS_HEADERS, Location: back }).end();
        return;
      }
      throw new OAuthError(404, 'not_found', `no route for ${method} ${path}`);
    } catch (err) {
      if (err instanceof HttpError) return sendJson(res, err.status, err.extra.oauth ?? { error: 'invalid_request', error_description: err.message });
      throw err;
    }
  }

  return {
    handle,
    issuer,
    /** Issues a token set directly (as the callback would), optionally with other lifetimes (test route). */
    issue(/** @type {unknown} */ body) {
      return issue(parseLifetimes(body));
    },
    /** Sets the lifetimes of tokens issued from now on (test route); answers the lifetimes in force. */
    setLifetimes(/** @type {unknown} */ body) {
      lifetimes = { ...lifetimes, ...parseLifetimes(body) };
      return lifetimes;
    },
    /** A code for Soliplex's callback, as the authorize step makes it (its own token exchange uses it). */
    exchangeCode(/** @type {string} */ code, /** @type {string} */ redirectUri) {
      return token(new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: DEMO_CLIENT_ID }));
    },
    /** Whether an access token was issued here and has not expired. @param {string} accessToken */
    accepts(accessToken) {
      const expires = accessTokens.get(accessToken);
      return expires !== undefined && expires > Date.now();
    },
  };
}

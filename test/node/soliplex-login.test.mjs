// Sign-in as Soliplex does it, with the demo server's own identity provider under /idp: /api/login
// lists it, the login redirect goes through its authorize step and Soliplex's callback back to
// return_to with the tokens in the fragment; clients refresh at the provider; issued tokens expire.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, apiJson, soliplexServer } from './soliplex-helpers.mjs';

/** Follows redirects by hand (each hop's status and Location), until one leaves the server. */
async function followLogin(/** @type {string} */ url, /** @type {string} */ start) {
  const hops = [];
  let next = start;
  while (next.startsWith(url)) {
    const response = await fetch(next, { redirect: 'manual' });
    hops.push({ status: response.status, location: response.headers.get('location') });
    if (response.status !== 302) break;
    next = /** @type {string} */ (response.headers.get('location'));
  }
  return { hops, final: next };
}

const form = (/** @type {Record<string, string>} */ fields) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

test('no-auth mode: no login systems, /api/login/{system} and /api/auth/{system} answer 404', async (t) => {
  const { url } = await soliplexServer(t);
  assert.deepEqual(await apiJson(url, '/login'), {});
  assert.equal((await api(url, '/login/demo?return_to=http://app.test/')).status, 404);
  assert.equal((await api(url, '/auth/demo?code=x&state=y')).status, 404);
});

test('auth mode: /api/login lists the demo provider, whose discovery names its endpoints on its own origin', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  const systems = await apiJson(url, '/login');
  assert.deepEqual(Object.keys(systems), ['demo']);
  const system = systems.demo;
  for (const key of ['id', 'title', 'server_url', 'client_id', 'scope', 'token_validation_pem']) assert.equal(typeof system[key], 'string', key);
  assert.equal(system.server_url, `${url}/idp`);
  const discovery = await fetch(`${system.server_url}/.well-known/openid-configuration`);
  assert.equal(discovery.status, 200);
  assert.equal(discovery.headers.get('access-control-allow-origin'), '*', 'a browser-facing provider allows CORS');
  const doc = await discovery.json();
  assert.equal(doc.issuer, system.server_url);
  assert.equal(doc.token_endpoint, `${url}/idp/token`);
  assert.equal(new URL(doc.authorization_endpoint).origin, url);
  assert.equal(new URL(doc.end_session_endpoint).origin, url);
});

test('the login redirect ends at return_to with the tokens in the fragment; they open the API', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  const returnTo = 'http://app.test/page?x=1';
  const { hops, final } = await followLogin(url, `${url}/api/login/demo?return_to=${encodeURIComponent(returnTo)}`);
  assert.deepEqual(hops.map((h) => h.status), [302, 302, 302], 'login → authorize → callback → return_to');
  assert.match(/** @type {string} */ (hops[0].location), /\/idp\/authorize\?/);
  assert.match(/** @type {string} */ (hops[1].location), /\/api\/auth\/demo\?code=/);
  const [base, fragment] = final.split('#');
  assert.equal(base, returnTo);
  const tokens = new URLSearchParams(fragment);
  assert.deepEqual([...tokens.keys()], ['token', 'refresh_token', 'expires_in', 'refresh_expires_in']);
  assert.equal(tokens.get('expires_in'), '300');
  assert.equal(tokens.get('refresh_expires_in'), '1800');
  const token = /** @type {string} */ (tokens.get('token'));
  assert.notEqual(token, 'static', 'an issued token, not the static test token');
  assert.equal((await api(url, '/v1/rooms', { token })).status, 200);
  assert.equal((await api(url, '/v1/rooms', { token: 'static' })).status, 200, 'the static test token still works');
  assert.equal((await api(url, '/v1/rooms', { token: `${token}x` })).status, 401);
});

test('a return_to with a fragment gets the tokens inside it (#frag?token=…)', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  const { final } = await followLogin(url, `${url}/api/login/demo?return_to=${encodeURIComponent('http://app.test/#/room/demo')}`);
  assert.match(final, /^http:\/\/app\.test\/#\/room\/demo\?token=[^&]+&refresh_token=/);
});

test('login refusals: unknown system 404, missing return_to 422, a callback without a login 400', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  assert.equal((await api(url, '/login/nope?return_to=http://app.test/')).status, 404);
  const missing = await api(url, '/login/demo');
  assert.equal(missing.status, 422);
  assert.deepEqual((await missing.json()).detail[0].loc, ['query', 'return_to']);
  assert.equal((await api(url, '/auth/demo?code=abc&state=never-issued')).status, 400);
});

test('refresh at the provider: form-encoded refresh_token grant issues a working token; refusals are OAuth errors', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  // A token set that is already expired (test route), so only a refresh opens the API again.
  const first = await apiJson(url, '/test/idp/tokens', { body: { expires_in: 0 } });
  assert.equal((await api(url, '/v1/rooms', { token: first.access_token })).status, 401, 'an expired issued token is refused');

  const refreshed = await fetch(`${url}/idp/token`, form({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: 'soliplex-chat-demo' }));
  assert.equal(refreshed.status, 200);
  assert.equal(refreshed.headers.get('access-control-allow-origin'), '*');
  const next = await refreshed.json();
  assert.equal(next.token_type, 'Bearer');
  assert.equal(typeof next.expires_in, 'number');
  assert.equal(typeof next.refresh_token, 'string');
  assert.notEqual(next.access_token, first.access_token);
  assert.equal((await api(url, '/v1/rooms', { token: next.access_token })).status, 200);

  const bad = await fetch(`${url}/idp/token`, form({ grant_type: 'refresh_token', refresh_token: 'forged', client_id: 'soliplex-chat-demo' }));
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error, 'invalid_grant');
  const client = await fetch(`${url}/idp/token`, form({ grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: 'other' }));
  assert.equal(client.status, 401);
  assert.equal((await client.json()).error, 'invalid_client');
  const grant = await fetch(`${url}/idp/token`, form({ grant_type: 'password', client_id: 'soliplex-chat-demo' }));
  assert.equal((await grant.json()).error, 'unsupported_grant_type');
  const json = await fetch(`${url}/idp/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ grant_type: 'refresh_token' }) });
  assert.equal(json.status, 400, 'token requests are form-encoded');

  const expiredRefresh = await apiJson(url, '/test/idp/tokens', { body: { refresh_expires_in: 0 } });
  const late = await fetch(`${url}/idp/token`, form({ grant_type: 'refresh_token', refresh_token: expiredRefresh.refresh_token, client_id: 'soliplex-chat-demo' }));
  assert.equal((await late.json()).error, 'invalid_grant', 'an expired refresh token is refused');
});

test('POST /api/test/idp sets the lifetime of tokens the login flow issues', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  assert.deepEqual(await apiJson(url, '/test/idp', { body: { expires_in: 0 } }), { expires_in: 0, refresh_expires_in: 1800 });
  assert.equal((await api(url, '/test/idp', { body: { expires_in: -1 } })).status, 422);
  assert.equal((await api(url, '/test/idp', { body: { lifetime: 5 } })).status, 422);
  const { final } = await followLogin(url, `${url}/api/login/demo?return_to=${encodeURIComponent('http://app.test/')}`);
  const tokens = new URLSearchParams(final.split('#')[1]);
  assert.equal(tokens.get('expires_in'), '0');
  assert.equal((await api(url, '/v1/rooms', { token: /** @type {string} */ (tokens.get('token')) })).status, 401, 'issued already expired');
});

test('with only a room token (tests), the provider is listed and issued tokens open that room', async (t) => {
  const { url } = await soliplexServer(t);
  await apiJson(url, '/test/token', { body: { token: 'room-static', room: 'demo' } });
  assert.deepEqual(Object.keys(await apiJson(url, '/login')), ['demo']);
  const { access_token: token } = await apiJson(url, '/test/idp/tokens', { body: {} });
  assert.equal((await api(url, '/v1/rooms/demo/agui')).status, 401);
  assert.equal((await api(url, '/v1/rooms/demo/agui', { token })).status, 200);
});

test('the provider\'s end-session endpoint redirects back to post_logout_redirect_uri', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'static' });
  const out = await fetch(`${url}/idp/logout?client_id=soliplex-chat-demo&post_logout_redirect_uri=${encodeURIComponent('http://app.test/')}`, { redirect: 'manual' });
  assert.equal(out.status, 302);
  assert.equal(out.headers.get('location'), 'http://app.test/');
});

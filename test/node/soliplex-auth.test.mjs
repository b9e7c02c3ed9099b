// The test auth mode: a bearer token on /api/v1/** and /api/user_info, swappable at runtime.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { api, apiJson, soliplexServer } from './soliplex-helpers.mjs';

test('with soliplexToken, /api/v1 needs the bearer token; /api/test/token makes it stale', async (t) => {
  const { url } = await soliplexServer(t, { soliplexToken: 'tok-1' });
  const missing = await api(url, '/v1/rooms');
  assert.equal(missing.status, 401);
  assert.equal(typeof (await missing.json()).detail, 'string');
  assert.equal((await api(url, '/v1/rooms', { token: 'wrong' })).status, 401);
  assert.equal((await api(url, '/v1/rooms/demo/agui', { body: {}, token: 'wrong' })).status, 401);
  assert.equal((await api(url, '/user_info')).status, 401);
  assert.equal((await api(url, '/ok')).status, 200, 'the health check stays open');
  assert.ok('demo' in (await apiJson(url, '/v1/rooms', { token: 'tok-1' })));

  assert.deepEqual(await apiJson(url, '/test/token', { body: { token: 'tok-2' } }), { token: 'tok-2' });
  assert.equal((await api(url, '/v1/rooms', { token: 'tok-1' })).status, 401, 'the old token is now stale');
  assert.equal((await api(url, '/v1/rooms', { token: 'tok-2' })).status, 200);

  await apiJson(url, '/test/token', { body: { token: null } });
  assert.equal((await api(url, '/v1/rooms')).status, 200, 'a null token switches auth off');
});

// Signing in to a Soliplex server from the chat (issue 23 item 1), in a real page: "Sign in" goes
// through the real login redirect (Soliplex's /api/login/{system} → the demo identity provider →
// Soliplex's callback → this page with the tokens in the fragment), the chat takes the tokens and
// cleans the address bar, sends signed in, refreshes its token at the provider before it expires,
// stays signed in across a reload (sessionStorage; memory mode does not), and "Sign out" forgets the
// tokens and ends the provider's session.
/* global window -- page.evaluate callbacks run in the page */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setUpE2e } from './e2e-setup.mjs';
import { startAguiServer } from '../../demo/server/agui-server.mjs';
import { scriptedModel } from '../../demo/server/scripted-model.mjs';

describe('Soliplex: sign in, refresh, reload, sign out', () => {
  let env;
  let auth;
  before(async () => {
    env = await setUpE2e({ hosts: [] });
    // A server of its own in auth mode: its /api/login lists the demo identity provider.
    auth = await startAguiServer({ port: 0, model: scriptedModel, soliplexToken: 'a-token-the-page-never-has' });
  }, { timeout: 15 * 60_000 });
  after(async () => {
    await auth?.close();
    await env?.close();
  });

  const setLifetimes = (body) => fetch(`${auth.url}/api/test/idp`, { method: 'POST', body: JSON.stringify(body) });
  const storedKey = () => `soliplex-chat:sign-in:${auth.url}`;

  /** Clicks "Sign in" and follows the redirects back; returns the access token the callback put in the URL. */
  async function signIn(page) {
    const callback = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const location = (await callback).headers().location;
    assert.ok(location.startsWith(page.url().split('#')[0]), `the callback returns to this page: ${location}`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor({ timeout: 15_000 });
    return new URLSearchParams(new URL(location).hash.slice(1)).get('token');
  }

  async function send(page, text, answered) {
    const input = page.locator('soliplex-chat textarea');
    await input.fill(text);
    await input.press('Enter');
    await page.waitForFunction((n) => window.pageEvents.filter((e) => e.startsWith('finished')).length >= n, answered, { timeout: 20_000 });
    assert.equal((await page.evaluate(() => window.pageEvents.filter((e) => e.startsWith('finished'))))[answered - 1], 'finished success');
  }

  it('signs in through the provider, sends, refreshes near expiry, survives a reload, and signs out', { timeout: 120_000 }, async () => {
    // Tokens that expire within the client's refresh margin (60 s): each use refreshes at the provider first.
    await setLifetimes({ expires_in: 30 });
    const page = await env.browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const refreshes = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/idp/token' && /grant_type=refresh_token/.test(request.postData() ?? '')) refreshes.push(request.postData());
    });
    const pageUrl = `${env.servers.url}/test/e2e/pages/soliplex-sign-in.html?server=${encodeURIComponent(auth.url)}&room=demo`;
    await page.goto(pageUrl);

    const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    await signInButton.waitFor({ timeout: 15_000 });
    assert.equal(await page.getByRole('button', { name: 'Sign out', exact: true }).count(), 0);

    const first = await signIn(page);
    assert.ok(first?.startsWith('demo-at-'), 'the provider issued an access token');
    assert.ok(!page.url().includes('token='), `the tokens left the address bar: ${page.url()}`);
    assert.equal(await signInButton.count(), 0, 'no Sign in while signed in');
    assert.ok((await page.evaluate(() => window.pageEvents)).includes('sign-in true'), 'soliplex-sign-in-change told the page');

    // Refreshed at the provider before use (the token was near expiry), and kept for the tab only.
    await send(page, 'hello while signed in', 1);
    assert.ok(refreshes.length >= 1, 'a refresh_token grant went to the provider');
    assert.match(refreshes[0], /client_id=soliplex-chat-demo/);
    const kept = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), storedKey());
    assert.ok(kept?.tokens?.accessToken, 'the session is in sessionStorage');
    assert.notEqual(kept.tokens.accessToken, first, 'the refreshed token replaced the first one');
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('sign-in')).length), 0, 'nothing in localStorage');
    await page.locator('soliplex-chat [part~="assistant-message"]').first().waitFor();
    await page.waitForURL(/thread=/);

    // A reload stays signed in (sessionStorage), reopens the thread and sends again.
    await setLifetimes({ expires_in: 300 });
    await page.reload();
    await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor({ timeout: 15_000 });
    assert.equal(await signInButton.count(), 0);
    await page.locator('soliplex-chat [part~="user-message"]').filter({ hasText: 'hello while signed in' }).waitFor({ timeout: 15_000 });
    await send(page, 'and after the reload', 1);

    assert.ok(!(await page.evaluate(() => window.pageEvents)).some((e) => e.startsWith('sign-in')), 'a reload that finds the session is no change');

    // Sign out: the tokens are forgotten and the provider's session ended (its logout comes back here).
    const logout = page.waitForRequest((request) => new URL(request.url()).pathname === '/idp/logout');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    const logoutUrl = new URL((await logout).url());
    assert.equal(logoutUrl.searchParams.get('client_id'), 'soliplex-chat-demo');
    assert.ok(logoutUrl.searchParams.get('post_logout_redirect_uri')?.startsWith(pageUrl.split('?')[0]));
    await signInButton.waitFor({ timeout: 15_000 });
    assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), storedKey()), null, 'the tokens are gone');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('test:sign-in-changes')), 'true false', 'soliplex-sign-in-change: signed in, then out');
    assert.equal(await page.getByRole('button', { name: 'Sign out', exact: true }).count(), 0);

    // In memory mode a reload forgets the session: Sign in again.
    await page.goto(`${pageUrl}&storage=memory`);
    await signIn(page);
    assert.equal(await page.evaluate((key) => sessionStorage.getItem(key), storedKey()), null, 'memory mode keeps nothing in sessionStorage');
    await page.reload();
    await signInButton.waitFor({ timeout: 15_000 });

    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

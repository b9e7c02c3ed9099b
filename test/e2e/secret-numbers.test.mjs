// End to end, in the system Chromium: the plain demo page (CDN bundle, one script tag) and the
// React, Vue and Angular host apps each run the two-tool conversation against the demo AG-UI server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setUpE2e } from './e2e-setup.mjs';
import { askForSecretNumbers, waitForLines } from './secret-numbers-flow.mjs';

describe('secret numbers, end to end', () => {
  let env;
  // Generous: a cold run installs three host apps (Angular alone is about a minute).
  before(async () => (env = await setUpE2e()), { timeout: 15 * 60_000 });
  after(async () => env?.close());

  it('plain demo page (CDN bundle)', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await askForSecretNumbers(env.browser, `${env.servers.url}/demo/`);
    const log = page.locator('#log');
    const finished = await waitForLines(log, /soliplex-run-finished/, 1);
    assert.equal(finished.length, 1, `one run-finished in #log, got:\n${await log.textContent()}`);
    assert.match(finished[0], /soliplex-run-finished success$/);
    assert.equal((await waitForLines(log, /soliplex-tool-result get_secret_number completed/, 2)).length, 2);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  for (const host of ['react', 'vue', 'angular']) {
    it(`${host} host app`, { timeout: 60_000 }, async () => {
      const { page, pageErrors } = await askForSecretNumbers(env.browser, `${env.servers.url}/hosts/${host}/`);
      const items = page.locator('#events li');
      const finished = await waitForLines(items, /soliplex-run-finished/, 1);
      assert.deepEqual(finished, ['soliplex-run-finished success'], 'the framework-rendered list shows one successful run');
      const results = await waitForLines(items, /soliplex-tool-result/, 2);
      assert.deepEqual(results, ['soliplex-tool-result get_secret_number completed', 'soliplex-tool-result get_secret_number completed']);
      assert.deepEqual(pageErrors, []);
      await page.close();
    });
  }
});

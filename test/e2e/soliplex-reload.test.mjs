// A real page reload while a Soliplex answer is still being written (issue 20 item 2): the reloaded
// page re-attaches to the run the server kept running, shows it from its start to its end (the
// page hears soliplex-run-finished), and the next send carries the whole transcript (no fork).
/* global window -- page.evaluate callbacks run in the page */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setUpE2e } from './e2e-setup.mjs';

describe('Soliplex: reload mid-answer', () => {
  let env;
  before(async () => (env = await setUpE2e({ hosts: [] })), { timeout: 15 * 60_000 });
  after(async () => env?.close());

  it('re-attaches to the unfinished run after page.reload(), and the next send does not fork the transcript', { timeout: 60_000 }, async () => {
    const { aguiUrl } = env.servers;
    const text = (id, delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta });
    const created = await fetch(`${aguiUrl}/scripts`, {
      method: 'POST',
      body: JSON.stringify({
        runs: [
          [
            { type: 'RUN_STARTED' },
            // Soliplex holds a message's text until its end (message delivery): the first one ends before the pause.
            { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
            text('a1', 'The first half.'),
            { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
            { $delay: 5000 }, // long enough for a loaded machine's reload to find the run still running
            { type: 'TEXT_MESSAGE_START', messageId: 'a1b', role: 'assistant' },
            text('a1b', 'Then the second half.'),
            { type: 'TEXT_MESSAGE_END', messageId: 'a1b' },
            { type: 'RUN_FINISHED' },
          ],
          [
            { type: 'RUN_STARTED' },
            { type: 'TEXT_MESSAGE_START', messageId: 'a2', role: 'assistant' },
            text('a2', 'Next answer.'),
            { type: 'TEXT_MESSAGE_END', messageId: 'a2' },
            { type: 'RUN_FINISHED' },
          ],
        ],
      }),
    });
    const { id } = await created.json();
    const page = await env.browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${env.servers.url}/test/e2e/pages/soliplex-reload.html?server=${encodeURIComponent(aguiUrl)}&room=script-${id}`);
    const input = page.locator('soliplex-chat textarea');
    await input.fill('tell me');
    await input.press('Enter');
    const answer = page.locator('soliplex-chat [part~="assistant-message"]');
    await answer.filter({ hasText: 'The first half' }).waitFor({ timeout: 10_000 });
    await page.waitForURL(/thread=/);

    await page.reload(); // mid-answer: the server runs on
    await page.locator('soliplex-chat [part~="user-message"]').filter({ hasText: 'tell me' }).waitFor({ timeout: 10_000 });
    await answer.filter({ hasText: 'Then the second half.' }).waitFor({ timeout: 15_000 });
    await page.waitForFunction(() => window.pageEvents.includes('finished success'), undefined, { timeout: 10_000 });
    assert.deepEqual(await page.evaluate(() => window.pageEvents), ['started', 'finished success'], 'the re-attached run is one announced turn');

    await input.fill('and then?');
    await input.press('Enter');
    await answer.filter({ hasText: 'Next answer.' }).waitFor({ timeout: 10_000 });
    const requests = await (await fetch(`${aguiUrl}/scripts/${id}/requests`)).json();
    const started = requests.filter((r) => !r.headers['last-event-id']);
    assert.equal(started.length, 2, 'one run per send: the reload started none');
    assert.deepEqual(
      started[1].body.messages.map((m) => [m.role, m.content]),
      [
        ['user', 'tell me'],
        ['assistant', 'The first half.'],
        ['assistant', 'Then the second half.'],
        ['user', 'and then?'],
      ],
    );
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

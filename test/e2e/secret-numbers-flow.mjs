// The one conversation every host must get right: the demo model calls the page tool
// get_secret_number twice (alice, bob), then answers with both numbers.
import assert from 'node:assert/strict';

export const QUESTION = 'What are the secret numbers for alice and bob?';

/** Opens `url`, asks the question in the chat's composer and waits for the answer with 42 and 7. */
export async function askForSecretNumbers(browser, url) {
  const page = await browser.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);

  // CSS locators pierce open shadow roots: this is the textarea inside <soliplex-composer>.
  const input = page.locator('soliplex-chat textarea');
  await input.fill(QUESTION);
  await input.press('Enter');

  const answers = page.locator('soliplex-chat [part~="assistant-message"] .text');
  await answers.filter({ hasText: /\b42\b/ }).filter({ hasText: /\b7\b/ }).first().waitFor({ timeout: 20_000 });
  const finalAnswer = (await answers.last().textContent()) ?? '';
  assert.match(finalAnswer, /\b42\b/, 'the final assistant message has alice’s number');
  assert.match(finalAnswer, /\b7\b/, 'the final assistant message has bob’s number');

  const cards = page.locator('soliplex-chat [part~="tool-card"]');
  assert.equal(await cards.count(), 2, 'two tool cards');
  assert.equal(await page.locator('soliplex-chat [part~="tool-card"][data-status="completed"]').count(), 2, 'both tool calls completed');
  // The tool's title where the host gave one (the demo page: "Secret number"), else its name.
  const names = await page.locator('soliplex-chat [part~="tool-name"]').allTextContents();
  assert.equal(names.length, 2);
  assert.equal(names[0], names[1]);
  assert.ok(['get_secret_number', 'Secret number'].includes(names[0]), names[0]);

  return { page, pageErrors };
}

/** Waits for `count` lines matching `pattern` in `locator` (list items or a log's lines). */
export async function waitForLines(locator, pattern, count, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const lines = (await locator.allTextContents()).flatMap((text) => text.split('\n')).filter((line) => pattern.test(line));
    if (lines.length >= count || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 100));
  }
}

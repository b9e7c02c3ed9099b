// Issue 20: real page reloads (playwright `page.reload()`) on a generic AG-UI endpoint. The chat has
// no thread list; the thread is in the URL (the demo's `?thread=`), and a reload must reopen it: after
// an answer, mid-stream, while a tool runs, while an approval waits; and two tabs on one thread.
/* global document -- page.waitForFunction callbacks run in the page */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setUpE2e } from './e2e-setup.mjs';

const hang = { $hang: true };
const started = { type: 'RUN_STARTED' };
const finished = { type: 'RUN_FINISHED' };
const say = (id, text) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const call = (id, name) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
  { type: 'TOOL_CALL_END', toolCallId: id },
];

describe('reload on a generic endpoint (no thread list)', () => {
  let env;
  before(async () => (env = await setUpE2e({ hosts: [] })), { timeout: 15 * 60_000 });
  after(async () => env?.close());

  async function scripted(runs) {
    const response = await fetch(`${env.servers.aguiUrl}/scripts`, { method: 'POST', body: JSON.stringify({ runs }) });
    return (await response.json()).agentUrl;
  }

  async function openPage(context, agentUrl, thread, extra = {}) {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const query = new URLSearchParams({ agent: agentUrl, ...(thread ? { thread } : {}), ...extra });
    await page.goto(`${env.servers.url}/test/e2e/pages/reload.html?${query}`);
    await page.locator('soliplex-chat textarea').waitFor();
    return { page, errors };
  }

  async function ask(page, text) {
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
  }

  const user = (page, text) => page.locator('soliplex-chat [part~="user-message"]').filter({ hasText: text });
  const assistant = (page, text) => page.locator('soliplex-chat [part~="assistant-message"]').filter({ hasText: text });
  const threadOf = (page) => new URL(page.url()).searchParams.get('thread');
  // A save is an IndexedDB write, done a few milliseconds after what it saves is on screen (on a busy
  // machine, more): a person does not reload faster than that, so the tests give it 400 ms. Reloads at
  // every point of a turn, with the write awaited, are test/core/reload-at-any-point.test.ts.
  const reload = async (page) => {
    await page.waitForTimeout(400);
    await page.reload();
  };
  const runs = (page, name) => page.evaluate((tool) => Number(localStorage.getItem(`runs:${tool}`) ?? 0), name);

  for (const backend of ['generic', 'soliplex']) {
    it(`the demo page (${backend} backend): a reload after an answer reopens the conversation from ?thread=`, { timeout: 60_000 }, async () => {
      const context = await env.browser.newContext();
      const page = await context.newPage();
      await page.goto(`${env.servers.url}/demo/?backend=${backend}`);
      await page.locator('soliplex-chat textarea').waitFor();
      await ask(page, 'What are the secret numbers for alice and bob?');
      const answer = page.locator('soliplex-chat [part~="assistant-message"]').filter({ hasText: /42/ });
      await answer.last().waitFor({ timeout: 20_000 });
      await page.locator('#log').filter({ hasText: 'soliplex-run-finished success' }).waitFor();
      const thread = threadOf(page);
      assert.ok(thread, 'the demo put the thread in its URL');
      assert.equal(new URL(page.url()).searchParams.get('backend'), backend);
      await reload(page);
      await answer.last().waitFor({ timeout: 10_000 });
      assert.equal(threadOf(page), thread);
      assert.equal(await user(page, 'secret numbers for alice and bob').count(), 1);
      await context.close();
    });
  }

  it('a reload keeps the draft in the composer (generic and Soliplex backends of the demo)', { timeout: 60_000 }, async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    for (const backend of ['generic', 'soliplex']) {
      await page.goto(`${env.servers.url}/demo/?backend=${backend}`);
      const input = page.locator('soliplex-chat textarea');
      await input.waitFor();
      await input.fill(`a half-written question on ${backend}`);
      await page.reload();
      await input.waitFor();
      await page.waitForFunction(
        (text) => document.querySelector('soliplex-chat')?.shadowRoot?.querySelector('soliplex-composer')?.shadowRoot?.querySelector('textarea')?.value === text,
        `a half-written question on ${backend}`,
        { timeout: 10_000 },
      );
    }
    await context.close();
  });

  it('a reload mid-stream keeps the question and what had streamed', { timeout: 60_000 }, async () => {
    const agentUrl = await scripted([
      [started, { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Half an ans' }, hang],
    ]);
    const context = await env.browser.newContext();
    const { page, errors } = await openPage(context, agentUrl);
    await ask(page, 'stream for me');
    await assistant(page, 'Half an ans').waitFor();
    await reload(page);
    await assistant(page, 'Half an ans').waitFor({ timeout: 10_000 });
    assert.equal(await user(page, 'stream for me').count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a reload while a tool runs keeps the call; the tool does not run again', { timeout: 60_000 }, async () => {
    const agentUrl = await scripted([[started, ...call('c1', 'slow_tool'), finished], [started, ...say('m2', 'unexpected'), finished]]);
    const context = await env.browser.newContext();
    const { page, errors } = await openPage(context, agentUrl);
    await ask(page, 'run the slow tool');
    await page.waitForFunction(() => localStorage.getItem('runs:slow_tool') === '1');
    await reload(page);
    await page.locator('soliplex-chat [part~="tool-card"]').filter({ hasText: 'slow_tool' }).waitFor({ timeout: 10_000 });
    assert.equal(await user(page, 'run the slow tool').count(), 1);
    await page.waitForTimeout(500);
    assert.equal(await runs(page, 'slow_tool'), 1, 'never executed twice');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('a reload after a tool returned keeps its result; it does not run again', { timeout: 60_000 }, async () => {
    const agentUrl = await scripted([[started, ...call('c1', 'get_number'), finished], [started, { type: 'TEXT_MESSAGE_START', messageId: 'm2', role: 'assistant' }, hang]]);
    const context = await env.browser.newContext();
    const { page } = await openPage(context, agentUrl);
    await ask(page, 'get the number');
    await page.locator('soliplex-chat [part~="tool-card"][data-status="completed"]').waitFor();
    await reload(page);
    const card = page.locator('soliplex-chat [part~="tool-card"][data-status="completed"]').filter({ hasText: 'get_number' });
    await card.waitFor({ timeout: 10_000 });
    await card.locator('summary').first().click();
    await page.locator('soliplex-chat [part~="tool-details"]').filter({ hasText: 'forty-two' }).first().waitFor();
    assert.equal(await runs(page, 'get_number'), 1);
    await context.close();
  });

  it('a reload while an approval waits keeps the call; nothing ran', { timeout: 60_000 }, async () => {
    const agentUrl = await scripted([[started, ...call('c1', 'delete_note'), finished], [started, ...say('m2', 'deleted'), finished]]);
    const context = await env.browser.newContext();
    const { page } = await openPage(context, agentUrl);
    await ask(page, 'delete the note');
    await page.locator('soliplex-chat [part~="approval-card"]').waitFor();
    await reload(page);
    await page.locator('soliplex-chat [part~="tool-card"], soliplex-chat [part~="approval-card"]').filter({ hasText: /delete_note|Delete a note/ }).first().waitFor({ timeout: 10_000 });
    assert.equal(await user(page, 'delete the note').count(), 1);
    assert.equal(await runs(page, 'delete_note'), 0);
    await context.close();
  });

  it('with a thread list: a reload while a tool runs keeps the thread, listed, with its call', { timeout: 60_000 }, async () => {
    const agentUrl = await scripted([[started, ...say('m0', 'Calling it.'), ...call('c1', 'slow_tool'), finished]]);
    const context = await env.browser.newContext();
    const { page, errors } = await openPage(context, agentUrl, undefined, { threads: '' });
    await ask(page, 'slow tool, with a list');
    await page.waitForFunction(() => localStorage.getItem('runs:slow_tool') === '1');
    await reload(page);
    await page.locator('soliplex-chat [part~="tool-card"]').filter({ hasText: 'slow_tool' }).waitFor({ timeout: 10_000 });
    await page.locator('soliplex-chat [part~="thread-button"]').filter({ hasText: 'slow tool, with a list' }).waitFor();
    assert.equal(await runs(page, 'slow_tool'), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('two tabs on one thread: the idle tab shows what the other one did; a reload has both turns', { timeout: 60_000 }, async () => {
    const agentUrl = await scripted([
      [started, ...say('m1', 'First answer.'), finished],
      [started, ...say('m2', 'Second answer, from tab A.'), finished],
    ]);
    const context = await env.browser.newContext();
    const { page: a } = await openPage(context, agentUrl);
    await ask(a, 'first question');
    await assistant(a, 'First answer.').waitFor();
    const { page: b } = await openPage(context, agentUrl, threadOf(a));
    await assistant(b, 'First answer.').waitFor({ timeout: 10_000 });
    await ask(a, 'second question');
    await assistant(a, 'Second answer, from tab A.').waitFor();
    // Tab B was not reloaded: it follows.
    await assistant(b, 'Second answer, from tab A.').waitFor({ timeout: 10_000 });
    await reload(b);
    await assistant(b, 'Second answer, from tab A.').waitFor({ timeout: 10_000 });
    assert.equal(await user(b, 'first question').count(), 1);
    assert.equal(await user(b, 'second question').count(), 1);
    await context.close();
  });
});

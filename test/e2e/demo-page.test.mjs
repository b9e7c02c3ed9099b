// The plain demo page beyond the secret numbers: a two-hop request that reads and then changes the
// page, and the same widget switched to the Soliplex API, in the system Chromium.
/* global document, window, customElements, getComputedStyle -- page.evaluate callbacks run in the page */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setUpE2e } from './e2e-setup.mjs';
import { waitForLines } from './secret-numbers-flow.mjs';

describe('demo page', () => {
  let env;
  before(async () => (env = await setUpE2e({ hosts: [] })), { timeout: 15 * 60_000 });
  after(async () => env?.close());

  /**
   * Gives the page's documents `window.cdnChat()`: imports the CDN bundle, then appends a chat on the demo's
   * agent that keeps nothing in this browser (`no-persist`), and resolves with it (its parts not loaded yet).
   */
  const withCdnChat = (page) =>
    page.addInitScript(() => {
      window.cdnChat = async () => {
        const { agentUrl } = await (await fetch('/demo-config.json')).json();
        await import('/dist/cdn/soliplex-chat.js');
        const chat = document.createElement('soliplex-chat');
        chat.setAttribute('agent-url', agentUrl);
        chat.setAttribute('no-persist', '');
        document.body.append(chat);
        return chat;
      };
    });

  /** A page of the demo server, its errors collected; `path` the demo-config.json for one with no chat (its bundle not loaded yet). */
  async function visit(path) {
    const page = await env.browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await withCdnChat(page);
    await page.goto(`${env.servers.url}${path}`);
    return { page, pageErrors };
  }

  async function open() {
    const opened = await visit('/demo/');
    await opened.page.locator('soliplex-chat textarea').waitFor();
    return opened;
  }

  async function ask(page, text) {
    await page.locator('soliplex-chat textarea').fill(text);
    await page.locator('soliplex-chat textarea').press('Enter');
  }

  it('CDN: chat.engineReady gives the engine (undefined right after creation) and the README\'s engine.use works with it', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await visit('/demo-config.json'); // any page of the server: no chat has loaded its parts yet
    const result = await page.evaluate(async () => {
      await import('/dist/cdn/soliplex-chat.js');
      const chat = document.createElement('soliplex-chat');
      chat.setAttribute('agent-url', '/agui');
      document.body.append(chat);
      const engineAtOnce = chat.engine;
      const engine = await chat.engineReady;
      const remove = engine.use((invocation, next) => next(invocation));
      return { engineAtOnce: engineAtOnce === undefined, same: engine === chat.engine, removable: typeof remove === 'function' };
    });
    assert.deepEqual(result, { engineAtOnce: true, same: true, removable: true });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('CDN: a send made before the engine has arrived runs, and the page hears its run start and finish', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await visit('/demo-config.json'); // any page of the server: no chat has loaded its parts yet
    const result = await page.evaluate(async () => {
      const chat = await window.cdnChat();
      const seen = [];
      chat.addEventListener('soliplex-run-started', () => seen.push('started'));
      const finished = new Promise((resolve) => chat.addEventListener('soliplex-run-finished', (event) => resolve(event.outcome), { once: true }));
      const engineAtSend = chat.engine;
      const accepted = chat.send('Hello');
      const outcome = await Promise.race([finished, new Promise((resolve) => setTimeout(() => resolve('never heard'), 30_000))]);
      return { engineAtSend: engineAtSend === undefined, accepted, outcome, seen };
    });
    assert.deepEqual(result, { engineAtSend: true, accepted: true, outcome: 'success', seen: ['started'] });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('CDN: what a chat fires before its parts have loaded reaches the page, in order; extras.js has the event classes and strings', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await visit('/demo-config.json'); // any page of the server: no chat has loaded its parts yet
    const result = await page.evaluate(async () => {
      await import('/dist/cdn/soliplex-chat.js');
      const chat = document.createElement('soliplex-chat');
      chat.setAttribute('agent-url', '/agui');
      const seen = [];
      chat.addEventListener('soliplex-thread-change', () => seen.push('thread-change'));
      chat.addEventListener('soliplex-error', (event) => seen.push({ event, message: event.detail.message }));
      document.body.append(chat);
      const partsLoadedBefore = !!customElements.get('soliplex-message-list');
      chat.newChat();
      chat.dispatchEvent(new CustomEvent('soliplex-register-tool', { detail: { tool: { name: 'broken', parameters: 5 } } }));
      const firedAtOnce = seen.length;
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      const extras = await import('/dist/cdn/extras.js');
      return {
        partsLoadedBefore,
        firedAtOnce,
        seen: seen.map((s) => (typeof s === 'string' ? s : `error: ${s.message}`)),
        errorIsExtrasClass: seen[1]?.event instanceof extras.SoliplexErrorEvent,
        retry: extras.defaultChatStrings.retry,
        finishedName: extras.SoliplexRunFinishedEvent.eventName,
        partsLoadedAfter: !!customElements.get('soliplex-message-list'),
      };
    });
    assert.equal(result.partsLoadedBefore, false, 'the chat parts were not there yet');
    assert.equal(result.firedAtOnce, 0, 'the events waited for their classes');
    assert.equal(result.seen[0], 'thread-change');
    assert.match(result.seen[1] ?? '', /^error: .*broken/);
    assert.equal(result.seen.length, 2);
    assert.equal(result.errorIsExtrasClass, true, 'extras.js shares its classes with the chat');
    assert.equal(result.retry, 'Retry');
    assert.equal(result.finishedName, 'soliplex-run-finished');
    assert.equal(result.partsLoadedAfter, true);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('CDN: the code that runs tool calls loads with the first run that offers tools (before its request), never for a chat without tools', { timeout: 60_000 }, async () => {
    const page = await env.browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const requests = [];
    page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
    await withCdnChat(page);
    await page.goto(`${env.servers.url}/demo-config.json`);
    const machinery = () => requests.findIndex((r) => /\/tool-machinery-[^/]*\.js$/.test(r));
    const runs = () => requests.flatMap((r, i) => (r === 'POST /agent' ? [i] : []));
    // A chat with no tools: its agent only writes text.
    const first = await page.evaluate(async () => {
      const chat = await window.cdnChat();
      const finished = new Promise((resolve) => chat.addEventListener('soliplex-run-finished', (event) => resolve(event.outcome), { once: true }));
      await chat.engineReady;
      chat.send('Hello');
      return finished;
    });
    assert.equal(first, 'success');
    assert.equal(runs().length, 1, requests.join('\n'));
    assert.equal(machinery(), -1, 'no tools, no tool calls: never loaded');
    // Then a tool is registered: the next run loads it, and asks for it before it sends the run.
    const outcome = await page.evaluate(async () => {
      const chat = document.querySelector('soliplex-chat');
      chat.toolRegistry = chat.toolRegistry.register({ name: 'get_secret_number', description: 'The secret number of a person', parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, execute: ({ name }) => (name === 'alice' ? 42 : 7) });
      const finished = new Promise((resolve) => chat.addEventListener('soliplex-run-finished', (event) => resolve(`${event.outcome} ${event.error?.message ?? ''}`.trim()), { once: true }));
      chat.send('What is the secret number for alice?');
      return finished;
    });
    assert.equal(outcome, 'success');
    assert.ok(machinery() >= 0, 'loaded with the tools');
    assert.ok(runs().length >= 3, `the run, then its continuation after the call:\n${requests.join('\n')}`);
    assert.ok(machinery() < runs()[1], `asked for before the run that offers the tools:\n${requests.join('\n')}`);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('CDN: a tool registered as the module loads (before the chat\'s parts and the JSON Schema check) runs', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await visit('/demo-config.json'); // any page of the server: no chat has loaded its parts yet
    const result = await page.evaluate(async () => {
      const chat = await window.cdnChat();
      const calls = [];
      // As the README's CDN example does, at once: nothing of the tools' code is there yet.
      chat.toolRegistry = chat.toolRegistry.register({
        name: 'get_secret_number',
        description: 'The secret number of a person',
        parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        execute: ({ name }) => (calls.push(name), name === 'alice' ? 42 : 7),
      });
      const engineAtRegister = chat.engine;
      const checked = await chat.toolRegistry.checked().then((registry) => registry === chat.toolRegistry);
      const finished = new Promise((resolve) => chat.addEventListener('soliplex-run-finished', (event) => resolve(event.outcome), { once: true }));
      chat.send('What is the secret number for alice?');
      return { engineAtRegister: engineAtRegister === undefined, checked, outcome: await finished, calls };
    });
    assert.deepEqual(result, { engineAtRegister: true, checked: true, outcome: 'success', calls: ['alice'] });
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('CDN: a JSON Schema the validator cannot use is still refused, with register()\'s message, and never offered', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await visit('/demo-config.json'); // any page of the server: no chat has loaded its parts yet
    const logged = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    const offered = [];
    page.on('request', (request) => request.method() === 'POST' && request.postData()?.includes('"lookup_order"') && offered.push(request.url()));
    const message = 'Tool "lookup_order" has an invalid JSON Schema in its parameters: $ref "#/definitions/missing" at "#/properties/id" points to nothing in this schema';
    const result = await page.evaluate(async () => {
      const chat = await window.cdnChat();
      const bad = {
        name: 'lookup_order',
        description: 'An order by its id',
        parameters: { type: 'object', properties: { id: { $ref: '#/definitions/missing' } } },
        execute: () => 'shipped',
      };
      const attempt = (register) => {
        try {
          register();
          return 'accepted';
        } catch (error) {
          return `${error.name}: ${error.message}`;
        }
      };
      // Before the check's code is there register() cannot tell: it returns, and checked() says.
      let registry;
      const atOnce = attempt(() => (registry = chat.toolRegistry.register(bad)));
      const checked = await registry.checked().then(() => 'accepted', (error) => `${error.name}: ${error.message}`);
      // Once it is there, register() throws again, for this tool as for any other.
      const again = attempt(() => chat.toolRegistry.register(bad));
      const other = attempt(() => chat.toolRegistry.register({ ...bad, name: 'lookup_parcel', parameters: { type: 'object', properties: { id: { type: 'text' } } } }));
      // A chat given the registry anyway never offers the tool: its turn fails with the same words.
      chat.toolRegistry = registry;
      const errors = [];
      chat.addEventListener('soliplex-error', (event) => errors.push(event.technical));
      const finished = new Promise((resolve) => chat.addEventListener('soliplex-run-finished', (event) => resolve(event.outcome), { once: true }));
      chat.send('Where is order 7?');
      return { atOnce, checked, again, other, outcome: await finished, errors };
    });
    assert.deepEqual(result, {
      atOnce: 'accepted',
      checked: `TypeError: ${message}`,
      again: `TypeError: ${message}`,
      other: 'TypeError: Tool "lookup_parcel" has an invalid JSON Schema in its parameters: "#/properties/id": unknown type "text"',
      outcome: 'failed',
      errors: [message],
    });
    assert.deepEqual(offered, [], 'the model was never offered the refused tool');
    assert.ok(logged.some((text) => text.includes('a tool was refused') && text.includes('lookup_order')), logged.join('\n'));
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('takes two tool hops in one turn: reads the form, then fills it', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    await ask(page, 'Read the form, then fill the form with name "Ada"');
    const answer = page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: /fill_form\(name="Ada"\) returned/ });
    await answer.waitFor({ timeout: 20_000 });
    assert.match((await answer.textContent()) ?? '', /read_form\(\) returned \{"name":"Grace"/);
    assert.equal(await page.locator('#contact input[name=name]').inputValue(), 'Ada', 'the page was changed');
    const log = page.locator('#log');
    assert.equal((await waitForLines(log, /soliplex-run-finished success/, 1)).length, 1, 'one turn for both hops');
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it("runs its suggested prompts as written: the form gets \"Ada\", the title turns teal", { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    await ask(page, 'Fill the form with name Ada');
    await page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: /fill_form\(name="Ada"\) returned/ }).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('#contact input[name=name]').inputValue(), 'Ada');
    await page.locator('soliplex-chat [part~="send-button"]').waitFor();
    await ask(page, 'Set the theme colour to teal');
    await page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: /set_theme_color\(color="teal"\) returned/ }).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('#title').evaluate((el) => el.style.color), 'teal');
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('expands the collapsed weather group, shows an image result, and unlocks tools by augmentation', { timeout: 90_000 }, async () => {
    const { page, pageErrors } = await open();
    const answer = (pattern) => page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: pattern });
    await ask(page, 'What is the weather forecast for Paris?');
    await answer(/get_forecast\(city="Paris"\) returned sunny/).waitFor({ timeout: 20_000 });
    // The expansion is one muted line in people's words; the full list is its tooltip.
    const expansion = page.locator('soliplex-chat [part~="tool-changes"]').first();
    assert.equal((await expansion.textContent()).replace(/\s+/g, ' ').trim(), '🌤Weather tools ready');
    assert.equal(await expansion.getAttribute('title'), 'Added tools: get_forecast, get_temperature. Added context: Instructions for the weather tools');

    await ask(page, 'Plan a trip for Rome');
    await answer(/plan_trip\(\) returned plan_trip skill activated.*get_forecast\(city="Rome"\) returned clear/).waitFor({ timeout: 20_000 });

    await ask(page, 'Draw a chart');
    await page.locator('soliplex-chat [part~="tool-content"] img[alt="sales.png"]').waitFor({ timeout: 20_000 });
    assert.ok(await page.locator('soliplex-chat [part~="tool-content"] img').evaluate((img) => img.naturalWidth === 200), 'the image decodes');
    // The image shows when the tool returns; the turn ends after the continuation: a send before is refused.
    await waitForLines(page.locator('#log'), /soliplex-run-finished success/, 3);

    await ask(page, 'Unlock admin tools, then reset password for alice');
    await answer(/reset_password\(name="alice"\) returned password of alice reset/).waitFor({ timeout: 20_000 });
    const augmentation = page.locator('soliplex-chat [part~="tool-changes"]').last();
    assert.match((await augmentation.textContent()) ?? '', /Admin tools ready/);
    assert.match((await augmentation.getAttribute('title')) ?? '', /Added tools: reset_password/);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });

  it('fits 375 px, follows dark mode, has a favicon, and keeps the Soliplex thread across a reload', { timeout: 60_000 }, async () => {
    const context = await env.browser.newContext({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });
    const page = await context.newPage();
    const failed = [];
    // Soliplex answers a run's feedback GET with 404 while it has no rating (as the real server does), and
    // the reload cuts what was still loading (net::ERR_ABORTED): neither is a broken request.
    const noRating = (response) => response.status() === 404 && /\/feedback$/.test(new URL(response.url()).pathname);
    page.on('response', (response) => response.status() >= 400 && !noRating(response) && failed.push(`${response.status()} ${response.url()}`));
    page.on('requestfailed', (request) => request.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(`failed ${request.url()} ${request.failure()?.errorText}`));
    await page.goto(`${env.servers.url}/demo/`);
    await page.locator('soliplex-chat textarea').waitFor();
    const send = await page.locator('soliplex-chat [part~="send-button"]').boundingBox();
    assert.ok(send && send.x + send.width <= 375, `Send fits the width (${JSON.stringify(send)})`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'nothing overflows sideways');
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(13, 17, 23)', 'the page is dark');
    assert.equal(await page.locator('link[rel=icon]').count(), 1);

    await page.check('input[value=soliplex]');
    await ask(page, 'What is the secret number for alice?');
    await page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: /returned 42/ }).waitFor({ timeout: 20_000 });
    const thread = await page.locator('soliplex-chat').evaluate((chat) => chat.thread);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('backend'), 'soliplex');
    assert.equal(url.searchParams.get('thread'), thread);
    await page.reload();
    await page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: /returned 42/ }).waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('soliplex-chat').evaluate((chat) => chat.thread), thread, 'the same thread after the reload');
    assert.equal(await page.locator('input[value=soliplex]').isChecked(), true);
    assert.deepEqual(failed, []);
    await context.close();
  });

  it('talks to the Soliplex API after the toggle: room suggestions, then a tool loop', { timeout: 60_000 }, async () => {
    const { page, pageErrors } = await open();
    await page.check('input[value=soliplex]');
    const suggestion = page.locator('soliplex-chat [part~="suggestion"]').filter({ hasText: /alice and bob/ });
    await suggestion.click();
    await page.locator('soliplex-chat [part~="assistant-message"] .text').filter({ hasText: /returned 42/ }).waitFor({ timeout: 20_000 });
    assert.match(await page.locator('soliplex-chat').evaluate((chat) => chat.thread), /^[0-9a-f-]{36}$/, 'a server thread');
    assert.equal((await waitForLines(page.locator('#log'), /soliplex-tool-result get_secret_number completed/, 2)).length, 2);
    assert.deepEqual(pageErrors, []);
    await page.close();
  });
});

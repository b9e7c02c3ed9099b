import { expect } from '@open-wc/testing';
import { z } from 'zod';
import type { ClientTool } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { deferred } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { newChatButton, threadsChat, untilEntry } from './thread-fixture.js';

const confirm: ClientTool<{ what: string }> = {
  name: 'confirm_order',
  description: 'Places an order',
  parameters: z.object({ what: z.string() }),
  requiresApproval: true,
  execute: ({ what }) => `ordered ${what}`,
};

describe('<soliplex-chat> accessibility', () => {
  it('is accessible when empty, with labelled controls', async () => {
    const { el } = await chatWith([]);
    await expect(el).to.be.accessible();
    expect(deepQuery(el, '[part~="input"]')!.getAttribute('aria-label')).to.equal('Message');
    expect(deepQuery(el, '[part~="send-button"]')!.textContent!.trim()).to.equal('Send');
    expect(deepQuery(el, '[role="log"]')).to.exist;
  });

  it('is accessible while streaming, awaiting approval, and completed; announces only finished text', async () => {
    const gate = deferred();
    const { el } = await chatWith(
      [
        [runStarted(), ...text('a1', 'Let me order that.'), ...toolCall('c1', 'confirm_order', { what: 'tea' }), runFinished()],
        [runStarted('r2'), ...text('a2', 'Streaming the answer'), { $wait: gate.promise }, ...text('a3', 'Done.'), runFinished()],
      ],
      [confirm],
    );
    el.send('order tea');
    await waitFor(el, '[part~="approval-card"]');
    await settled(el);
    await expect(el).to.be.accessible();
    const log = deepQuery(el, '[role="log"]')!;
    expect(log.textContent).to.contain('Assistant: Let me order that.');

    deepQuery(el, '[part~="approve-button"]')!.click();
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').some((m) => m.textContent!.includes('Streaming the answer')));
    await settled(el);
    expect(statusLine(el).dataset['state']).to.equal('running');
    await expect(el).to.be.accessible();
    expect(log.textContent).to.contain('confirm_order: Completed');

    gate.resolve();
    await until(() => statusLine(el).dataset['state'] === 'success');
    await settled(el);
    await expect(el).to.be.accessible();
    expect(log.textContent).to.contain('Assistant: Done.');
  });

  it('streams text without announcing every token', async () => {
    const gate = deferred();
    const { el } = await chatWith([[runStarted(), { type: 'TEXT_MESSAGE_START', messageId: 'm', role: 'assistant' } as never,
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'partial tok' } as never, { $wait: gate.promise },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm', delta: 'ens' } as never, { type: 'TEXT_MESSAGE_END', messageId: 'm' } as never, runFinished()]]);
    el.send('hi');
    await until(() => deepQuery(el, '[part~="assistant-message"]')?.textContent?.includes('partial tok') ?? false);
    await settled(el);
    const log = deepQuery(el, '[role="log"]')!;
    expect(log.textContent).to.not.contain('partial');
    // Text is streaming in: the status says so, and the message shows a caret.
    expect(statusLine(el).textContent).to.contain('Writing…');
    expect(deepQuery(el, '[part~="assistant-message"]')!.classList.contains('writing')).to.equal(true);
    gate.resolve();
    await until(() => log.textContent!.includes('partial tokens'));
  });

  it('is accessible when failed, with a labelled Retry button', async () => {
    const { el } = await chatWith([[runStarted(), { type: 'RUN_ERROR', message: 'boom' } as never]]);
    el.send('fail please');
    await until(() => statusLine(el)?.dataset['state'] === 'failed');
    await settled(el);
    await expect(el).to.be.accessible();
    expect(deepQuery(el, '[part~="retry-button"]')!.textContent!.trim()).to.equal('Retry');
  });

  it('announces an answer as plain text, without its Markdown marks', async () => {
    const answer = '# Plan\n\nThis is **bold**, ~~old~~ and `code`, see [the docs](https://example.com).\n\n| City | Days |\n| --- | :-: |\n| Oslo | 3 |\n\n```js\nconst x = 1;\n```\n- *one*';
    const { el } = await chatWith([[runStarted(), ...text('a1', answer), runFinished()]]);
    el.send('plan it');
    const log = deepQuery(el, '[role="log"]')!;
    await until(() => log.textContent!.includes('Assistant:'));
    const said = log.textContent!;
    expect(said).to.contain('This is bold, old and code, see the docs.');
    expect(said).to.contain('Oslo, 3');
    expect(said).to.contain('const x = 1;');
    for (const mark of ['**', '~~', '`', '|', '](', '# Plan', '---', '- one']) expect(said, mark).to.not.contain(mark);
  });

  it("empties the live region when the chat shows another thread: the old thread's lines are not heard again", async () => {
    const { el } = await chatWith([[runStarted(), ...text('a1', 'The first thread answers.'), runFinished()]]);
    el.send('hello');
    const log = deepQuery(el, '[role="log"]')!;
    await until(() => log.textContent!.includes('The first thread answers.'));
    el.newChat();
    await settled(el);
    expect(log.textContent!.trim()).to.equal('');
  });

  it("empties the live region when the thread list shows another thread, and does not read that thread's history out", async () => {
    const { agentUrl } = await script([
      [started, ...say('a1', 'Alpha is answered.'), finished],
      [started, ...say('b1', 'Beta is answered.'), finished],
    ]);
    const { el, list } = await threadsChat(agentUrl);
    const log = deepQuery(el, '[role="log"]')!;
    el.send('alpha');
    await until(() => log.textContent!.includes('Alpha is answered.'));
    newChatButton(list).click();
    await settled(el);
    expect(log.textContent!.trim(), 'a new chat').to.equal('');
    el.send('beta');
    await until(() => log.textContent!.includes('Beta is answered.'));
    (await untilEntry(list, 'alpha', (name) => name === 'alpha')).click();
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').some((m) => m.textContent!.includes('Alpha is answered.')));
    await settled(el);
    expect(log.textContent!.trim(), 'another thread picked in the list').to.equal('');
  });

  it('tool cards and activities are named groups, not landmarks; the title is the only heading, at the level the page sets', async () => {
    const search: ClientTool<{ q: string }> = { name: 'search', description: 'Searches', parameters: z.object({ q: z.string() }), execute: () => 'found' };
    const { el } = await chatWith(
      [
        [runStarted(), ...toolCall('c1', 'search', { q: 'a' }), ...toolCall('c2', 'search', { q: 'b' }), runFinished()],
        [runStarted('r2'), { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'progress', content: { step: 'done' } } as never, ...text('a2', 'Both found.'), runFinished()],
      ],
      [search],
    );
    el.chatTitle = 'Helper';
    el.headingLevel = 3;
    el.send('search a and b');
    await until(() => deepQueryAll(el, '[part~="tool-card"]').length === 2 && !!deepQuery(el, '[part~="activity"]'));
    await until(() => statusLine(el).dataset['state'] === 'success');
    for (const details of deepQueryAll<HTMLDetailsElement>(el, '[part~="tool-details"]')) details.open = true;
    await settled(el);
    for (const card of [...deepQueryAll(el, '[part~="tool-card"]'), deepQuery(el, '[part~="activity"]')!]) {
      expect(card.getAttribute('role')).to.equal('group');
      expect(card.localName).to.not.equal('section');
      expect(card.getAttribute('aria-label')).to.be.a('string').and.not.equal('');
    }
    expect(deepQueryAll(el, 'section, [role="region"]').map((r) => r.getAttribute('aria-label')), 'the conversation is the only region').to.deep.equal(['Conversation']);
    expect(deepQueryAll(el, 'h1, h2, h3, h4, h5, h6')).to.have.length(0);
    const headings = deepQueryAll(el, '[role="heading"]');
    expect(headings.map((h) => [h.textContent!.trim(), h.getAttribute('aria-level')])).to.deep.equal([['Helper', '3']]);
    await expect(el).to.be.accessible();
  });

  for (const theme of ['light', 'dark']) {
    it(`has enough contrast in the ${theme} theme: a failed tool's error, a diff in code, the status line`, async () => {
      const broken: ClientTool<{ q: string }> = { name: 'broken', description: 'Fails', parameters: z.object({ q: z.string() }), execute: () => { throw new Error('the tool broke'); } };
      const diff = '```diff\n- old line\n+ new line\n```';
      const { el } = await chatWith([
        [runStarted(), ...toolCall('c1', 'broken', { q: 'x' }), runFinished()],
        [runStarted('r2'), ...text('a2', diff), { type: 'RUN_ERROR', message: 'the server gave up' } as never],
      ], [broken]);
      el.setAttribute('theme', theme);
      el.send('break it');
      await until(() => statusLine(el)?.dataset['state'] === 'failed');
      for (const details of deepQueryAll<HTMLDetailsElement>(el, '[part~="tool-details"]')) details.open = true;
      await until(() => !!deepQuery(el, 'pre.error') && !!deepQuery(el, '.hljs-addition'));
      await settled(el);
      await expect(el).to.be.accessible();
    });
  }
});

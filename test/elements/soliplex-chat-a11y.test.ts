import { expect } from '@open-wc/testing';
import { z } from 'zod';
import type { ClientTool } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { deferred } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';

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
});

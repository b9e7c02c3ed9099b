import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ClientTool, SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import type { ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';

/** Where keyboard focus goes in the chat, in the cases the approval, interrupt and Stop tests leave out. */

function activeDeep(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const deleteFile: ClientTool<{ path: string }> = {
  name: 'delete_file',
  description: 'Deletes a file',
  parameters: { type: 'object', properties: { path: { type: 'string' } } },
  requiresApproval: true,
  execute: ({ path }) => `deleted ${path}`,
};

const done: ScriptedRun = [runStarted('r2'), ...text('a2', 'Done.'), runFinished()];
const composer = (el: SoliplexChat) => deepQuery(el, '[part~="input"]');
const shows = (el: SoliplexChat, text: string) => deepQuery(el, '[part~="messages"]')?.textContent?.includes(text) ?? false;
/** The approval cards' boxes (what takes focus in a card). */
const approvalCards = (el: SoliplexChat) => deepQueryAll(el, '[part~="approval-card"]');

describe('<soliplex-chat> focus', function () {
  this.timeout(20_000);

  it('after one of several approvals, focus moves to the next approval card; after the last, to the composer', async () => {
    const { el, transport } = await chatWith(
      [[runStarted(), ...toolCall('c1', 'delete_file', { path: '/a' }), ...toolCall('c2', 'delete_file', { path: '/b' }), runFinished()], done],
      [deleteFile],
    );
    el.send('delete both');
    await until(() => approvalCards(el).length === 2);
    await settled(el);
    const focused = approvalCards(el).find((card) => card === activeDeep());
    expect(focused !== undefined, 'an approval card has focus').to.equal(true);
    const other = approvalCards(el).find((card) => card !== focused)!;
    await sendKeys({ press: 'Tab' }); // Approve
    await sendKeys({ press: 'Enter' });
    await until(() => activeDeep() === other);
    expect(transport.requests).to.have.length(1); // the other call still waits
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await until(() => transport.requests.length === 2);
    await until(() => activeDeep() === composer(el));
  });

  it('an approval card does not take focus from a field of the page', async () => {
    const page = await fixture<HTMLDivElement>(html`<div><input aria-label="Elsewhere" /><div class="chat"></div></div>`);
    const { el } = await chatWith([[runStarted(), ...toolCall('c1', 'delete_file', { path: '/a' }), runFinished()], done], [deleteFile]);
    page.querySelector('.chat')!.append(el);
    const field = page.querySelector('input')!;
    field.focus();
    el.send('delete it');
    await until(() => approvalCards(el).length === 1);
    await settled(el);
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement === field, 'focus stays on the page').to.equal(true);
  });

  it('after the last question is answered, focus goes to an approval card still waiting', async () => {
    const { el, transport } = await chatWith(
      [
        [
          runStarted(),
          ...toolCall('c1', 'delete_file', { path: '/a' }),
          runFinished({ type: 'interrupt', interrupts: [{ id: 'q', reason: 'input_required', message: 'Sure?' }] }),
        ],
        done,
      ],
      [deleteFile],
    );
    el.send('delete it');
    const card = await waitFor(el, '[part~="interrupt-card"]');
    await until(() => approvalCards(el).length === 1);
    await settled(el);
    // The question is answered first (the approval card took focus when it appeared).
    deepQuery<HTMLButtonElement>(card, '[part~="interrupt-submit"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => activeDeep() === approvalCards(el)[0]);
    expect(transport.requests).to.have.length(1);
  });

  it('when Regenerate starts a turn, its button goes and focus returns to the composer', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a1', 'First.'), runFinished()], [runStarted('r2'), ...text('a2', 'Again.'), runFinished()]]);
    el.send('hello');
    const regenerate = await waitFor<HTMLButtonElement>(el, '[part~="regenerate-button"]');
    regenerate.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => shows(el, 'Again.'));
    await until(() => activeDeep() === composer(el));
  });

  it('"New chat" leaves focus in the composer', async () => {
    const { el } = await chatWith([[runStarted(), ...text('a1', 'Hi.'), runFinished()]]);
    el.send('hello');
    await until(() => shows(el, 'Hi.'));
    const newChat = deepQuery<HTMLButtonElement>(el, '[part~="header"] [part~="new-chat-button"]')!;
    newChat.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').length === 0);
    await until(() => activeDeep() === composer(el));
  });
});

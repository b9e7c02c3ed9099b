import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { deferred, type ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';

/** Focus around the agent's questions (interrupt cards), with the keyboard only. */

function activeDeep(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const asked = (...interrupts: object[]): ScriptedRun => [runStarted(), runFinished({ type: 'interrupt', interrupts })];
const answered: ScriptedRun = [runStarted('r2'), ...text('a2', 'Thanks.'), runFinished()];
const citySchema = { type: 'object', required: ['city'], properties: { city: { type: 'string', title: 'City' } } };

/** Types into the composer and sends with Enter, as a keyboard user does. */
async function sendByKeyboard(el: SoliplexChat, message: string) {
  deepQuery(el, '[part~="input"]')!.focus();
  await sendKeys({ type: message });
  await sendKeys({ press: 'Enter' });
}

describe('<soliplex-chat> interrupt cards and focus', () => {
  it('focus moves to the first field; the answer is typed and sent by keyboard; focus returns to the composer', async () => {
    const { el, transport } = await chatWith([asked({ id: 'where', reason: 'input_required', message: 'Which city?', responseSchema: citySchema }), answered]);
    await sendByKeyboard(el, 'book a trip');
    await waitFor(el, '[part~="interrupt-form"]');
    await settled(el);
    const city = deepQuery<HTMLInputElement>(el, '[part~="interrupt-form"] input')!;
    await until(() => activeDeep() === city);
    await expect(el).to.be.accessible();

    await sendKeys({ type: 'Lisbon' });
    await sendKeys({ press: 'Enter' }); // submits the form
    await until(() => transport.requests.length === 2);
    expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'where', status: 'resolved', payload: { city: 'Lisbon' } }]);
    await until(() => activeDeep() === deepQuery(el, '[part~="input"]'));
  });

  it('a tool-call interrupt focuses the card itself (a stray Enter approves nothing); Tab reaches Approve', async () => {
    const { el, transport } = await chatWith([
      [
        runStarted(),
        ...toolCall('srv1', 'delete_repo', { name: 'demo' }),
        runFinished({ type: 'interrupt', interrupts: [{ id: 'ok', reason: 'tool_approval', toolCallId: 'srv1', message: 'Delete the repo?' }] }),
      ],
      answered,
    ]);
    await sendByKeyboard(el, 'delete it');
    const card = await waitFor(el, '[part~="interrupt-card"]');
    await settled(el);
    await until(() => activeDeep() === card);
    await sendKeys({ press: 'Enter' });
    await new Promise((r) => setTimeout(r, 30));
    expect(transport.requests).to.have.length(1);
    await sendKeys({ press: 'Tab' });
    // (Booleans: chai hangs formatting a shadow-rooted element in a failure message.)
    expect(activeDeep() === deepQuery(el, '[part~="interrupt-submit"]')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await until(() => transport.requests.length === 2);
    expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'ok', status: 'resolved', payload: { approved: true } }]);
    await until(() => activeDeep() === deepQuery(el, '[part~="input"]'));
  });

  it('after one of several answers, focus moves to the next open card; after the last, to the composer', async () => {
    const { el, transport } = await chatWith([
      asked({ id: 'first', reason: 'input_required', message: 'First?' }, { id: 'second', reason: 'input_required', message: 'Second?' }),
      answered,
    ]);
    await sendByKeyboard(el, 'go');
    await waitFor(el, '[part~="interrupt-card"]');
    await settled(el);
    const [first, second] = deepQueryAll(el, '[part~="interrupt-card"]');
    // No fields: the card itself takes focus; Tab reaches its Send button.
    await until(() => activeDeep() === first);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await until(() => activeDeep() === second);
    expect(transport.requests).to.have.length(1); // no partial resume
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await until(() => transport.requests.length === 2);
    await until(() => activeDeep() === deepQuery(el, '[part~="input"]'));
  });

  it('does not take focus from a draft the user is typing in the composer', async () => {
    const gate = deferred();
    const { el } = await chatWith([
      [
        runStarted(),
        { $wait: gate.promise },
        runFinished({ type: 'interrupt', interrupts: [{ id: 'q', reason: 'input_required', message: 'Which city?', responseSchema: citySchema }] }),
      ],
    ]);
    await sendByKeyboard(el, 'go');
    await sendKeys({ type: 'a follow-up draft' });
    gate.resolve();
    await waitFor(el, '[part~="interrupt-form"]');
    await settled(el);
    await new Promise((r) => setTimeout(r, 50));
    expect(activeDeep() === deepQuery(el, '[part~="input"]')).to.equal(true);
    expect((activeDeep() as HTMLTextAreaElement).value).to.equal('a follow-up draft');
  });
});

import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/** A server-side call held for approval shows the user's decision, never a failure (issue 20, item 4). */

const interrupted = (...interrupts: object[]) => ({ type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts } });
const heldCall = [
  started,
  { type: 'TOOL_CALL_START', toolCallId: 'srv1', toolCallName: 'delete_old_files' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'srv1', delta: '{"olderThanDays":30}' },
  { type: 'TOOL_CALL_END', toolCallId: 'srv1' },
  interrupted({ id: 'approve-1', reason: 'tool_approval', toolCallId: 'srv1', message: 'Delete old files?' }),
];

async function chatOn(runs: object[][]) {
  const server = await script(runs);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${server.agentUrl}></soliplex-chat>`);
  const outcomes: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
  return { el, outcomes };
}

/** The tool card's status text and its `data-status`. */
function toolStatus(el: SoliplexChat): { text: string; status: string | null } {
  const status = deepQuery(el, '[part~="tool-status"]')!;
  return { text: status.textContent!.trim(), status: status.getAttribute('data-status') };
}

async function answer(el: SoliplexChat, button: 'interrupt-submit' | 'interrupt-cancel') {
  await waitFor(el, '[part~="interrupt-card"]');
  await settled(el);
  deepQuery<HTMLButtonElement>(el, `[part~="${button}"]`)!.click();
}

describe('<soliplex-chat> decisions on server-side calls', () => {
  it('Approve: the call shows "Approved" with the result the agent sent; the card says "Approved."', async () => {
    const { el, outcomes } = await chatOn([
      heldCall,
      [started, { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'srv1', content: 'Deleted 12 files.' }, ...say('a2', 'Done.'), finished],
    ]);
    el.send('clean up');
    await answer(el, 'interrupt-submit');
    await until(() => outcomes.length === 1);
    await settled(el);
    expect(outcomes[0]!.outcome).to.equal('success');
    expect(toolStatus(el).text).to.contain('Approved');
    expect(toolStatus(el).status).to.equal('completed');
    const details = deepQuery<HTMLDetailsElement>(el, '[part~="tool-details"]')!;
    details.open = true;
    await until(() => details.textContent!.includes('Deleted 12 files.'));
    expect(deepQuery(el, '[part~="interrupt-status"]')!.textContent).to.contain('Approved.');
  });

  it('Approve with no result from the agent: "Approved", not "Failed"', async () => {
    const { el, outcomes } = await chatOn([heldCall, [started, ...say('a2', 'Thanks.'), finished]]);
    el.send('clean up');
    await answer(el, 'interrupt-submit');
    await until(() => outcomes.length === 1);
    await settled(el);
    expect(toolStatus(el).text).to.contain('Approved');
    expect(toolStatus(el).text).not.to.contain('Failed');
  });

  it('Deny: the call shows "Denied" (even when the agent answers it), the card "Denied."', async () => {
    const { el, outcomes } = await chatOn([
      heldCall,
      [started, { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'srv1', content: 'The user denied this call.' }, ...say('a2', 'Kept them.'), finished],
    ]);
    el.send('clean up');
    await answer(el, 'interrupt-cancel');
    await until(() => outcomes.length === 1);
    await settled(el);
    expect(toolStatus(el)).to.deep.equal({ text: toolStatus(el).text, status: 'denied' });
    expect(toolStatus(el).text).to.contain('Denied');
    expect(deepQuery(el, '[part~="interrupt-status"]')!.textContent).to.contain('Denied.');
  });

  it('a form answer is summarised on its card', async () => {
    const schema = { type: 'object', required: ['city'], properties: { city: { type: 'string', title: 'City' } } };
    const { el, outcomes } = await chatOn([
      [started, interrupted({ id: 'trip', reason: 'input_required', message: 'Where to?', responseSchema: schema })],
      [started, ...say('a2', 'Booked.'), finished],
    ]);
    el.send('book');
    await waitFor(el, '[part~="interrupt-form"]');
    await settled(el);
    const card = deepQuery(el, 'soliplex-interrupt-card')!;
    const input = card.shadowRoot!.querySelector('input')!;
    input.value = 'Oslo';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await settled(el);
    deepQuery<HTMLButtonElement>(el, '[part~="interrupt-submit"]')!.click();
    await until(() => outcomes.length === 1);
    await settled(el);
    expect(deepQueryAll(el, '[part~="interrupt-status"]')[0]!.textContent).to.contain('Answered: city: Oslo');
  });
});

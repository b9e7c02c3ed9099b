import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { z } from 'zod';
import type { ClientTool, SoliplexChat, SoliplexRunFinishedEvent, SoliplexToolCallEvent } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import type { ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, settled, statusLine, until, waitFor } from './chat-fixture.js';

const deleteFile: ClientTool<{ path: string }> = {
  name: 'delete_file',
  description: 'Deletes a file',
  parameters: z.object({ path: z.string() }),
  requiresApproval: true,
  execute: ({ path }) => `deleted ${path}`,
};

const callDelete: ScriptedRun = [runStarted('r1'), ...toolCall('c1', 'delete_file', { path: '/tmp/x' }), runFinished()];
const reply: ScriptedRun = (request) => {
  const tool = request.messages.find((m) => m.role === 'tool');
  return [runStarted('r2'), ...text('a2', `Tool said: ${tool?.content}`), runFinished()];
};

function cardStatus(el: SoliplexChat): string | undefined {
  return deepQuery(el, '[part~="tool-card"]')?.dataset['status'];
}

function activeDeep(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

async function awaitingApproval() {
  const { el, transport } = await chatWith([callDelete, reply], [deleteFile]);
  const finished: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => finished.push(e));
  el.send('delete /tmp/x');
  const card = await waitFor(el, '[part~="approval-card"]');
  await settled(el);
  return { el, transport, finished, card };
}

describe('<soliplex-chat> approvals', () => {
  it('moves focus to the approval card, shows the arguments, and announces it', async () => {
    const { el, card } = await awaitingApproval();
    expect(activeDeep()).to.equal(card);
    // The status line's approval wait comes from its rare states' chunk (a frame later in a fresh page).
    await until(() => statusLine(el).textContent!.includes('Waiting for your approval'));
    expect(card.getAttribute('role')).to.equal('group');
    expect(deepQuery(el, '[part~="approval-arguments"]')!.textContent).to.contain('"path": "/tmp/x"');
    expect(statusLine(el).textContent).to.contain('Waiting for your approval: delete_file');
    expect(deepQuery(el, '[role="log"]')!.textContent).to.contain('delete_file: Awaiting approval');
    expect(cardStatus(el)).to.equal('awaiting-approval');
  });

  it('approves by click, runs the tool, then focuses the composer', async () => {
    const { el, transport, finished } = await awaitingApproval();
    deepQuery(el, '[part~="approve-button"]')!.click();
    await until(() => finished.length === 1);
    await settled(el);
    expect(cardStatus(el)).to.equal('completed');
    expect(transport.requests[1]!.messages.find((m) => m.role === 'tool')!.content).to.equal('deleted /tmp/x');
    expect(deepQuery(el, '[part~="approval-card"]')).to.equal(undefined);
    expect(activeDeep()).to.equal(deepQuery(el, '[part~="input"]'));
  });

  it('denies by click: the model is told, the card shows denied', async () => {
    const { el, transport, finished } = await awaitingApproval();
    deepQuery(el, '[part~="deny-button"]')!.click();
    await until(() => finished.length === 1);
    await settled(el);
    expect(cardStatus(el)).to.equal('denied');
    expect(deepQuery(el, '[part~="tool-status"]')!.textContent).to.contain('Denied');
    expect(transport.requests[1]!.messages.find((m) => m.role === 'tool')!.content).to.contain('denied');
  });

  it('approves with the keyboard (Enter on the focused button)', async () => {
    const { el, finished } = await awaitingApproval();
    deepQuery(el, '[part~="approve-button"]')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => finished.length === 1);
    await settled(el);
    expect(cardStatus(el)).to.equal('completed');
  });

  it('denies with the keyboard (Tab to Deny, Space)', async () => {
    const { el, finished } = await awaitingApproval();
    deepQuery(el, '[part~="approve-button"]')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(activeDeep()).to.equal(deepQuery(el, '[part~="deny-button"]'));
    await sendKeys({ press: 'Space' });
    await until(() => finished.length === 1);
    await settled(el);
    expect(cardStatus(el)).to.equal('denied');
  });
});

describe('<soliplex-chat> veto, stop and retry', () => {
  // Drafts are kept per thread in sessionStorage, and these chats share the thread "t1": start each test empty.
  beforeEach(() => sessionStorage.clear());
  it('vetoes a call through soliplex-tool-call preventDefault', async () => {
    let executed = false;
    const tool: ClientTool = { name: 'launch', description: 'Launches', execute: () => (executed = true) };
    const { el, transport } = await chatWith(
      [[runStarted(), ...toolCall('c1', 'launch', {}), runFinished()], reply],
      [tool],
    );
    const calls: SoliplexToolCallEvent[] = [];
    el.addEventListener('soliplex-tool-call', (e) => {
      calls.push(e);
      e.preventDefault();
    });
    const finished = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve));
    el.send('launch it');
    expect((await finished).outcome).to.equal('success');
    await settled(el);
    expect(calls).to.have.length(1);
    expect(calls[0]!.cancelable).to.equal(true);
    expect(calls[0]!.call.name).to.equal('launch');
    expect(executed).to.equal(false);
    expect(cardStatus(el)).to.equal('denied');
    expect(transport.requests[1]!.messages.find((m) => m.role === 'tool')!.content).to.contain('blocked');
  });

  it('Stop during a running tool cancels the turn and keeps the conversation and draft', async () => {
    let aborted = false;
    const slow: ClientTool = {
      name: 'slow',
      description: 'Takes long',
      execute: (_args, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(signal.reason);
          }),
        ),
    };
    const { el } = await chatWith([[runStarted(), ...toolCall('c1', 'slow', {}), runFinished()]], [slow]);
    const finished: SoliplexRunFinishedEvent[] = [];
    el.addEventListener('soliplex-run-finished', (e) => finished.push(e));
    el.send('be slow');
    await until(() => cardStatus(el) === 'executing');
    await settled(el);
    expect(statusLine(el).textContent).to.contain('Executing slow…');
    const input = deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
    input.value = 'my draft';
    input.dispatchEvent(new Event('input'));
    // Sending is locked while the tool runs: Enter keeps the draft.
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await settled(el);
    expect(input.value).to.equal('my draft');

    deepQuery(el, '[part~="stop-button"]')!.click();
    await until(() => finished.length === 1);
    await settled(el);
    expect(finished[0]!.outcome).to.equal('cancelled');
    expect(aborted).to.equal(true);
    expect(statusLine(el).dataset['state']).to.equal('cancelled');
    expect(deepQuery(el, '[part~="user-message"]')!.textContent).to.contain('be slow');
    expect(input.value).to.equal('my draft');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(finished).to.have.length(1);
  });

  it('shows a failure with its reason, and Retry runs the turn again', async () => {
    const { el, transport } = await chatWith([[runStarted(), ...text('a1', 'Partial'), { type: 'RUN_ERROR', message: 'model overloaded' } as never], [runStarted('r2'), ...text('a2', 'Recovered answer'), runFinished()]]);
    const outcomes: string[] = [];
    el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e.outcome));
    const errors: string[] = [];
    el.addEventListener('soliplex-error', (e) => errors.push(e.message));
    el.send('hello');
    await until(() => outcomes.length === 1);
    await settled(el);
    expect(outcomes).to.deep.equal(['failed']);
    // In words a person understands, with the agent's own message as the detail.
    expect(errors[0]).to.equal('The agent ran into a problem while answering. Try again.');
    expect(statusLine(el).textContent).to.contain('The agent ran into a problem while answering.');
    expect(deepQuery(el, '[part~="error-details"]')!.textContent).to.contain('model overloaded');

    deepQuery(el, '[part~="retry-button"]')!.click();
    await until(() => outcomes.length === 2);
    await settled(el);
    expect(outcomes).to.deep.equal(['failed', 'success']);
    expect(transport.requests).to.have.length(2);
    expect(deepQuery(el, '[part~="messages"]')!.textContent).to.not.contain('Partial');
    expect(deepQuery(el, '[part~="assistant-message"]')!.textContent).to.contain('Recovered answer');
    expect(deepQuery(el, '[part~="retry-button"]')).to.equal(undefined);
  });

  it('sends with Enter, keeps Shift+Enter as a line break, clears only an accepted draft', async () => {
    const { el, transport } = await chatWith([[runStarted(), ...text('a1', 'Hi'), runFinished()]]);
    const input = deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
    input.focus();
    await sendKeys({ type: 'line one' });
    await sendKeys({ press: 'Shift+Enter' });
    await sendKeys({ type: 'line two' });
    expect(input.value).to.equal('line one\nline two');
    await sendKeys({ press: 'Enter' });
    await settled(el);
    expect(input.value).to.equal('');
    await until(() => transport.requests.length === 1);
    expect(transport.requests[0]!.messages[0]!.content).to.equal('line one\nline two');
  });
});

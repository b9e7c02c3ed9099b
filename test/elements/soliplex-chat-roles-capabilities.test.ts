import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import type { SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { chatWith, deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';

/** Streamed messages in other roles than `assistant`, and the UI adapting to the agent's capabilities. */

const ev = (type: EventType, fields: object = {}) => ({ type, ...fields }) as BaseEvent;
const streamed = (messageId: string, role: string, content: string): BaseEvent[] => [
  ev(EventType.TEXT_MESSAGE_START, { messageId, role }),
  ev(EventType.TEXT_MESSAGE_CONTENT, { messageId, delta: content }),
  ev(EventType.TEXT_MESSAGE_END, { messageId }),
];
const reasoning = (messageId: string, content: string): BaseEvent[] => [
  ev(EventType.REASONING_START, { messageId: `${messageId}-r` }),
  ev(EventType.REASONING_MESSAGE_START, { messageId, role: 'reasoning' }),
  ev(EventType.REASONING_MESSAGE_CONTENT, { messageId, delta: content }),
  ev(EventType.REASONING_MESSAGE_END, { messageId }),
  ev(EventType.REASONING_END, { messageId: `${messageId}-r` }),
];

async function finishedTurn(el: SoliplexChat, text: string) {
  const done = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  el.send(text);
  await done;
  await settled(el);
}

describe('<soliplex-chat> messages streamed in other roles', () => {
  it('shows a streamed user message as the user\'s, and system / developer messages as muted notices', async () => {
    const { el } = await chatWith([
      [
        runStarted(),
        ...streamed('relayed', 'user', 'A question relayed by the agent'),
        ...streamed('sys', 'system', 'Handed over to the billing agent.'),
        ...streamed('dev', 'developer', 'Debug tracing is on.'),
        ...text('a1', 'Here is the answer.'),
        runFinished(),
      ],
    ]);
    await finishedTurn(el, 'Hi');
    const users = deepQueryAll(el, '[part~="user-message"]');
    expect(users.map((u) => u.dataset['messageId'])).to.deep.equal([users[0]!.dataset['messageId'], 'relayed']);
    expect(users[1]!.textContent).to.contain('A question relayed by the agent');
    // Notices render from the list's extras chunk (a frame later in a fresh page).
    await until(() => deepQueryAll(el, '[part~="notice"]').length >= 2);
    const notices = deepQueryAll(el, '[part~="notice"]');
    if (notices.length !== 2) throw new Error(`expected 2 notices, found ${notices.length}`);
    expect(notices.map((n) => [n.dataset['role'], n.getAttribute('role')])).to.deep.equal([
      ['system', 'note'],
      ['developer', 'note'],
    ]);
    expect(notices[0]!.textContent).to.contain('Notice: Handed over to the billing agent.');
    expect(notices[1]!.textContent).to.contain('Debug tracing is on.');
    // In order, between the user's message and the answer.
    const order = deepQueryAll(el, '[part~="message"]').map((m) => m.dataset['messageId']);
    expect(order.slice(1)).to.deep.equal(['relayed', 'sys', 'dev', 'a1']);
    // Not an assistant bubble, and muted (not the assistant's background).
    expect(notices[0]!.matches('[part~="assistant-message"]')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('sends the streamed messages back in the next run', async () => {
    const { el, transport } = await chatWith([
      [runStarted(), ...streamed('sys', 'system', 'Switched agents.'), ...text('a1', 'OK.'), runFinished()],
      [runStarted('r2'), ...text('a2', 'Again.'), runFinished()],
    ]);
    await finishedTurn(el, 'one');
    await finishedTurn(el, 'two');
    expect(transport.requests[1]!.messages.map((m) => m.role)).to.deep.equal(['user', 'system', 'assistant', 'user']);
  });
});

describe('<soliplex-chat> adapts to the agent\'s capabilities', () => {
  it('shows reasoning unless the capabilities say the agent has none', async () => {
    const runs = () => [[runStarted(), ...reasoning('think', 'Let me think.'), ...text('a1', 'Done.'), runFinished()]];
    const shown = await chatWith(runs());
    await finishedTurn(shown.el, 'go');
    // Reasoning renders from the list's extras, loaded with the first (a frame later).
    expect((await waitFor(shown.el, '[part~="reasoning"]')).textContent).to.contain('Let me think.');

    const hidden = await chatWith(runs());
    hidden.el.capabilities = { reasoning: { supported: false } };
    await finishedTurn(hidden.el, 'go');
    // (Booleans: chai hangs formatting a shadow-rooted element in a failure message.)
    expect(!!deepQuery(hidden.el, '[part~="reasoning"]')).to.equal(false);
    expect(deepQuery(hidden.el, '[part~="assistant-message"]')!.textContent).to.contain('Done.');

    // Declared (or not declared at all: unknown is not "unsupported"): shown.
    hidden.el.capabilities = { reasoning: { supported: true } };
    await settled(hidden.el);
    expect(!!deepQuery(hidden.el, '[part~="reasoning"]')).to.equal(true);
  });

  it("uses an agent's getCapabilities() answer", async () => {
    const { el } = await chatWith([[runStarted(), ...reasoning('think', 'Hmm.'), ...text('a1', 'Done.'), runFinished()]]);
    // The chat runs on its shared engine; the agent is only asked what it supports.
    el.agent = { getCapabilities: async () => ({ reasoning: { supported: false } }) } as never;
    await finishedTurn(el, 'go');
    expect(deepQuery(el, '[part~="assistant-message"]')!.textContent).to.contain('Done.');
    expect(!!deepQuery(el, '[part~="reasoning"]')).to.equal(false);
  });

  describe('tool-call interrupts', () => {
    const runs = () => [
      [
        runStarted(),
        ...toolCall('srv1', 'send_email', { to: 'bob@example.com', subject: 'Hi' }),
        runFinished({ type: 'interrupt', interrupts: [{ id: 'ok-send', reason: 'tool_approval', toolCallId: 'srv1', message: 'Send this e-mail?' }] }),
      ],
      [runStarted('r2'), ...text('a2', 'Sent.'), runFinished()],
    ];

    async function waiting(approveWithEdits: boolean | undefined) {
      const chat = await chatWith(runs());
      if (approveWithEdits !== undefined) chat.el.capabilities = { humanInTheLoop: { interrupts: true, approveWithEdits } };
      chat.el.send('mail bob');
      await waitFor(chat.el, '[part~="interrupt-card"]');
      await settled(chat.el);
      return chat;
    }

    it('are read-only unless the agent accepts edited arguments', async () => {
      for (const declared of [undefined, false]) {
        const { el } = await waiting(declared);
        expect(!!deepQuery(el, 'textarea.edit-arguments')).to.equal(false);
        expect(deepQuery(el, 'soliplex-interrupt-card')!.shadowRoot!.querySelector('pre.arguments')!.textContent).to.contain('bob@example.com');
      }
    });

    it('with approveWithEdits, the arguments can be edited and the answer carries editedArgs', async () => {
      const { el, transport } = await waiting(true);
      const field = deepQuery<HTMLTextAreaElement>(el, 'textarea.edit-arguments');
    if (!field) throw new Error('no editable arguments');
      expect(JSON.parse(field.value)).to.deep.equal({ to: 'bob@example.com', subject: 'Hi' });
      // Not JSON: refused, nothing sent.
      field.value = '{"to": ';
      field.dispatchEvent(new Event('input'));
      deepQuery(el, '[part~="interrupt-submit"]')!.click();
      await new Promise((r) => setTimeout(r, 30));
      expect(transport.requests).to.have.length(1);
      expect(field.validationMessage).to.contain('JSON object');
      field.value = '{"to": "carol@example.com", "subject": "Hi"}';
      field.dispatchEvent(new Event('input'));
      deepQuery(el, '[part~="interrupt-submit"]')!.click();
      await until(() => transport.requests.length === 2);
      expect(transport.requests[1]!.resume).to.deep.equal([
        { interruptId: 'ok-send', status: 'resolved', payload: { approved: true, editedArgs: { to: 'carol@example.com', subject: 'Hi' } } },
      ]);
    });

    it('with approveWithEdits, approving unchanged arguments sends no editedArgs', async () => {
      const { el, transport } = await waiting(true);
      deepQuery(el, '[part~="interrupt-submit"]')!.click();
      await until(() => transport.requests.length === 2);
      expect(transport.requests[1]!.resume).to.deep.equal([{ interruptId: 'ok-send', status: 'resolved', payload: { approved: true } }]);
    });
  });
});

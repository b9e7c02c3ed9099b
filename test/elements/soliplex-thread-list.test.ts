import { expect, fixture, html } from '@open-wc/testing';
import {
  ToolRegistry,
  type SoliplexChat,
  type SoliplexThreadChangeEvent,
  type SoliplexToolCallEvent,
} from '../../src/index.js';
import { deepQuery, settled, until, waitFor } from './chat-fixture.js';
import { finished, script, server, started, say } from '../helpers/agui-server.js';
import { answers, entry, entryButtons, finishedOn, gate, nameOf, newChatButton, panelOf, threadsChat, untilEntry } from './thread-fixture.js';

const secretTool = (execute: (name: string) => Promise<string>, extra = {}) => ({
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  execute: ({ name }: { name: string }) => execute(name),
  ...extra,
});

const call = (id: string, name: string, args: object) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(args) },
  { type: 'TOOL_CALL_END', toolCallId: id },
];

describe('<soliplex-chat thread-list>: several runs at once, visible', () => {
  it('two threads run tools at once; each finishes on its own, and the one not shown becomes unread', async () => {
    const gates = { alice: gate(), bob: gate() };
    const runs: string[] = [];
    const tools = new ToolRegistry([
      secretTool(async (name) => {
        runs.push(name);
        await gates[name as 'alice' | 'bob'].wait();
        return name === 'alice' ? '17' : '42';
      }),
    ]);
    const { el, list } = await threadsChat(`${server}/agent`, tools);
    const threadA = el.thread;
    const doneA = finishedOn(el, () => threadA);
    el.send('What is the secret number for alice?');
    await untilEntry(list, 'What is the secret number for alice?', (_, badge) => badge === 'Executing get_secret_number');

    newChatButton(list).click();
    await until(() => el.thread !== threadA);
    const threadB = el.thread;
    const doneB = finishedOn(el, () => threadB);
    el.send('What is the secret number for bob?');
    await untilEntry(list, 'What is the secret number for bob?', (_, badge) => badge === 'Executing get_secret_number');
    const a = entry(list, 'What is the secret number for alice?')!;
    expect(nameOf(a)).to.equal('What is the secret number for alice?, running, Executing get_secret_number');

    gates.bob.open();
    await until(() => doneB.length === 1);
    expect(doneB[0]!.outcome).to.equal('success');
    expect(doneA).to.have.length(0);
    await untilEntry(list, 'What is the secret number for alice?', (name) => name.includes('running'));

    gates.alice.open();
    await until(() => doneA.length === 1);
    expect(doneA[0]!.outcome).to.equal('success');
    expect(runs.sort()).to.deep.equal(['alice', 'bob']);
    await untilEntry(list, 'What is the secret number for alice?', (name) => name === 'What is the secret number for alice?, unread');
    expect(nameOf(entry(list, 'What is the secret number for bob?')!)).to.equal('What is the secret number for bob?');
    await settled(el);
    expect(answers(el).join(' ')).to.contain('42').and.not.contain('17');

    // Viewing the unread thread shows its answer and clears the mark.
    entry(list, 'What is the secret number for alice?')!.click();
    await until(() => answers(el).join(' ').includes('17'));
    await untilEntry(list, 'What is the secret number for alice?', (name) => !name.includes('unread'));
    expect(el.thread).to.equal(threadA);
  });

  it("switching threads mid-turn: the old turn's calls are still asked (a veto holds) and run once, it still reports its end, and its thread becomes unread", async () => {
    const { agentUrl, requests } = await script([
      [started, { $delay: 400 }, ...call('c1', 'get_secret_number', { name: 'alice' }), ...call('c2', 'get_secret_number', { name: 'bob' }), finished],
      [started, ...say('m1', 'Alice has 17; bob was blocked.'), finished],
    ]);
    const executed: string[] = [];
    const tools = new ToolRegistry([secretTool(async (name) => (executed.push(name), '17'))]);
    const { el, list } = await threadsChat(agentUrl, tools);
    const changes: SoliplexThreadChangeEvent[] = [];
    el.addEventListener('soliplex-thread-change', (e) => changes.push(e));
    const asked: string[] = [];
    el.addEventListener('soliplex-tool-call', (e: SoliplexToolCallEvent) => {
      asked.push(`${e.threadKey.thread}:${(e.call.args as { name: string }).name}`);
      if ((e.call.args as { name: string }).name === 'bob') e.preventDefault();
    });
    const threadA = el.thread;
    const doneA = finishedOn(el, () => threadA);
    el.send('Numbers please');
    await untilEntry(list, 'Numbers please', (name) => name.includes('running'));

    newChatButton(list).click();
    await until(() => el.thread !== threadA);
    expect(changes).to.have.length(1);
    expect(changes[0]!.threadKey.thread).to.equal(el.thread);
    expect(changes[0]!.detail.threadKey).to.equal(changes[0]!.threadKey);
    expect(changes[0]!.detail.previous?.thread).to.equal(threadA);
    expect(el.getAttribute('thread')).to.equal(el.thread);

    await until(() => doneA.length === 1);
    expect(doneA[0]!.outcome).to.equal('success');
    expect(asked).to.deep.equal([`${threadA}:alice`, `${threadA}:bob`]);
    expect(executed).to.deep.equal(['alice']);
    const continuation = (await requests())[1]!.body as { messages: { role: string; content?: string }[] };
    expect(continuation.messages.filter((m) => m.role === 'tool')).to.have.length(2);
    const a = await untilEntry(list, 'Numbers please', (name) => name === 'Numbers please, unread');
    expect(a.querySelector('[part~="unread-badge"]')).to.not.equal(null);

    a.click();
    await until(() => el.thread === threadA);
    expect(changes).to.have.length(2);
    await until(() => answers(el).includes('Alice has 17; bob was blocked.'));
    await untilEntry(list, 'Numbers please', (name) => name === 'Numbers please');
  });

  it('an approval waiting on a background thread says so in its badge, and waits for the user there', async () => {
    const { agentUrl } = await script([
      [started, { $delay: 300 }, ...call('c1', 'get_secret_number', { name: 'alice' }), finished],
      [started, ...say('m1', 'Approved: 17.'), finished],
    ]);
    const executed: string[] = [];
    const tools = new ToolRegistry([secretTool(async (name) => (executed.push(name), '17'), { requiresApproval: true })]);
    const { el, list } = await threadsChat(agentUrl, tools);
    const threadA = el.thread;
    const doneA = finishedOn(el, () => threadA);
    el.send('Secret, with approval');
    await untilEntry(list, 'Secret, with approval', (name) => name.includes('running'));
    newChatButton(list).click();
    await until(() => el.thread !== threadA);

    const waiting = await untilEntry(list, 'Secret, with approval', (_, badge) => badge === 'Waiting for approval');
    expect(nameOf(waiting)).to.equal('Secret, with approval, waiting for approval');
    expect(waiting.closest('[part~="thread"]')!.getAttribute('data-state')).to.equal('waiting-for-approval');
    expect(executed).to.deep.equal([]);

    waiting.click();
    const approve = await waitFor<HTMLButtonElement>(el, '[part~="approve-button"]');
    approve.click();
    await until(() => doneA.length === 1);
    expect(doneA[0]!.outcome).to.equal('success');
    expect(executed).to.deep.equal(['alice']);
  });

  it('entries are keyboard navigable, renamed with F2 and deleted after a confirmation', async () => {
    const { agentUrl } = await script([
      [started, ...say('m1', 'One.'), finished],
      [started, ...say('m2', 'Two.'), finished],
    ]);
    const { el, list } = await threadsChat(agentUrl);
    const first = finishedOn(el, () => el.thread);
    el.send('first thread');
    await until(() => first.length === 1);
    newChatButton(list).click();
    await settled(el);
    const second = finishedOn(el, () => el.thread);
    el.send('second thread');
    await until(() => second.length === 1);
    await untilEntry(list, 'second thread', (name) => name === 'second thread');

    const [top, next] = entryButtons(list);
    expect(nameOf(top!)).to.equal('second thread');
    expect(top!.tabIndex).to.equal(0);
    expect(next!.tabIndex).to.equal(-1);
    top!.focus();
    top!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    await list.updateComplete;
    expect(list.shadowRoot!.activeElement).to.equal(entry(list, 'first thread'));
    expect(entry(list, 'first thread')!.tabIndex).to.equal(0);

    entry(list, 'first thread')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'F2', bubbles: true }));
    await list.updateComplete;
    const input = list.shadowRoot!.querySelector<HTMLInputElement>('[part~="rename-input"]')!;
    expect(list.shadowRoot!.activeElement).to.equal(input);
    input.value = 'Renamed';
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await until(() => !!entry(list, 'Renamed'));

    entry(list, 'Renamed')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Delete', bubbles: true }));
    await list.updateComplete;
    const confirm = list.shadowRoot!.querySelector<HTMLButtonElement>('[part~="confirm-delete-button"]')!;
    expect(list.shadowRoot!.activeElement).to.equal(confirm);
    expect(confirm.closest('li')!.textContent).to.contain('Delete “Renamed”?');
    confirm.click();
    await until(() => !list.shadowRoot!.querySelector('ul')!.textContent!.includes('Renamed'));
    expect(entryButtons(list).map(nameOf)).to.deep.equal(['second thread']);
    await expect(list).to.be.accessible();
  });

  it('a narrow chat shows its thread list as a drawer, opened by its button and closed by Escape or a pick', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat thread-list no-persist agent-url=${`${server}/agent`} style="width: 360px"></soliplex-chat>`);
    const list = await panelOf(el);
    const toggle = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="threads-toggle"]')!;
    expect(getComputedStyle(toggle).display).to.not.equal('none');
    expect(getComputedStyle(list).visibility).to.equal('hidden');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    await until(() => getComputedStyle(list).visibility === 'visible');
    await expect(el).to.be.accessible();
    newChatButton(list).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    toggle.click();
    await el.updateComplete;
    newChatButton(list).click();
    await el.updateComplete;
    expect(toggle.getAttribute('aria-expanded')).to.equal('false', 'a pick closes the drawer');

    // Wide, the list sits beside the messages and the button is gone.
    el.style.width = '900px';
    await until(() => getComputedStyle(toggle).display === 'none');
    expect(getComputedStyle(list).visibility).to.equal('visible');
  });

  it('the thread reflects to its attribute, and New chat in the list does not stop the running turn', async () => {
    const { agentUrl } = await script([[started, { $delay: 300 }, ...say('m1', 'Late answer.'), finished]]);
    const { el, list } = await threadsChat(agentUrl);
    expect(el.getAttribute('thread')).to.equal(el.thread);
    const threadA = el.thread;
    const doneA = finishedOn(el, () => threadA);
    el.send('slow one');
    newChatButton(list).click();
    await until(() => doneA.length === 1);
    expect(doneA[0]!.outcome).to.equal('success');
    expect(deepQuery(el, '[part~="assistant-message"]')).to.equal(undefined);
    expect(el.getAttribute('thread')).to.not.equal(threadA);
  });
});

export type { SoliplexChat };

describe('<soliplex-chat thread-list>: its drawer button', () => {
  it("says strings.threadsLabel: 'Chats' by default, the page's translation when given", async () => {
    const toggle = (el: SoliplexChat) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="threads-toggle"]');
    const plain = await fixture<SoliplexChat>(html`<soliplex-chat thread-list no-persist agent-url=${`${server}/agent`}></soliplex-chat>`);
    await until(() => toggle(plain) !== null);
    expect(toggle(plain)!.textContent!.trim()).to.equal('☰ Chats');
    const translated = await fixture<SoliplexChat>(
      html`<soliplex-chat thread-list no-persist agent-url=${`${server}/agent`} .strings=${{ threadsLabel: 'Conversations' }}></soliplex-chat>`,
    );
    await until(() => toggle(translated) !== null);
    expect(toggle(translated)!.textContent!.trim()).to.equal('☰ Conversations');
    await expect(translated).to.be.accessible();
  });
});

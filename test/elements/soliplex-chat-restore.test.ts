import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import {
  RunOrchestrator,
  ToolRegistry,
  createAgUiHttpTransport,
  isInFlight,
  type ClientTool,
  type SoliplexChat,
  type SoliplexRunFinishedEvent,
  type SoliplexToolResultEvent,
  type ThreadKey,
} from '../../src/index.js';
import '../../src/index.js';
import { deepQuery, deepQueryAll, settled, statusLine, until } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { nameOf, panelOf, untilEntry } from './thread-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';

/**
 * Issue 20, item 2 in the UI (and item 5): a chat whose turn was in flight when the page went away
 * shows it again, interrupted, with **Continue** in the status line and **Run again** on a tool that
 * was running; a pending approval is still answerable. A reload is simulated as the page does it:
 * the thread's snapshot is kept, the chat and its engine go, a new engine gets the thread back with
 * `restore`, and a new chat shows it (the real demo server answers both).
 */

const hang = { $hang: true };
const partial = (id: string, text: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
];
const callEvents = (id: string, name: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
  { type: 'TOOL_CALL_END', toolCallId: id },
];

async function chatOn(agentUrl: string, thread: string, tools: ClientTool[]) {
  const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }), toolRegistry: new ToolRegistry(tools) });
  const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
  return { el, engine, key: { server: agentUrl, room: '', thread } as ThreadKey };
}

/** The page goes away with the chat's thread kept, and comes back with a new engine and chat. */
async function reload(page: { el: SoliplexChat; engine: RunOrchestrator; key: ThreadKey }, agentUrl: string, tools: ClientTool[]) {
  const snapshot = page.engine.snapshot(page.key);
  const saved = { conversation: structuredClone(snapshot.conversation), inFlight: isInFlight(snapshot.run) };
  page.el.remove();
  page.engine.dispose();
  const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }), toolRegistry: new ToolRegistry(tools) });
  expect(engine.restore(page.key, saved)).to.equal(true);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} agent-url=${agentUrl} thread=${page.key.thread}></soliplex-chat>`);
  await settled(el);
  return { el, engine, key: page.key };
}

const button = (el: Element, name: string) => deepQueryAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent?.trim() === name);
const answers = (el: Element) => deepQueryAll(el, '[part~="assistant-message"] .text').map((t) => t.textContent?.trim());

function counter() {
  const runs: string[] = [];
  const tool = (name: string, behaviour: 'answer' | 'hang', extra: Partial<ClientTool> = {}): ClientTool => ({
    name,
    description: `test tool ${name}`,
    ...extra,
    execute: (_args, { toolCall }) => {
      runs.push(toolCall.id);
      return behaviour === 'hang' ? new Promise(() => {}) : `${name} done`;
    },
  });
  return { runs, tool };
}

describe('<soliplex-chat> after a reload (issue 20, item 2)', () => {
  it('shows the half-streamed answer as interrupted with Continue, which keeps it until the new run writes', async function () {
    this.timeout(30_000); // axe in both themes on a shared machine
    const { agentUrl } = await script([
      [started, ...partial('m1', 'Half an answer'), hang],
      [started, { $delay: 300 }, ...say('m2', 'The full answer.'), finished],
    ]);
    const first = await chatOn(agentUrl, crypto.randomUUID(), []);
    first.el.send('Tell me');
    await until(() => answers(first.el).includes('Half an answer'));
    const { el, engine } = await reload(first, agentUrl, []);

    expect(answers(el)).to.deep.equal(['Half an answer']);
    expect(statusLine(el).dataset['state']).to.equal('interrupted');
    // The line's rarer states render from a chunk of their own (loaded with the first: a frame later here).
    await until(() => /reloaded/.test(statusLine(el).textContent ?? ''));
    expect(deepQuery(el, '[role="log"]')!.textContent!.trim(), 'a restored conversation is not read out').to.equal('');
    const continueButton = button(statusLine(el), 'Continue');
    expect(continueButton, 'a Continue button in the status line').to.exist;
    await accessibleInBothThemes(el, 'a half-streamed answer after a reload');

    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    continueButton!.click();
    await until(() => statusLine(el).dataset['state'] === 'running');
    expect(answers(el), 'the partial answer stays while the new run has written nothing').to.deep.equal(['Half an answer']);
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(answers(el)).to.deep.equal(['The full answer.']);
    expect(button(el, 'Continue')).to.equal(undefined);
    engine.dispose();
  });

  it('a tool running at reload shows Run again; pressing it runs the tool once and the turn finishes', async function () {
    this.timeout(30_000); // axe in both themes on a shared machine
    const tools = counter();
    const { agentUrl } = await script([
      [started, ...callEvents('c1', 'render_chart'), finished],
      [started, ...say('m2', 'Here is the chart.'), finished],
    ]);
    const first = await chatOn(agentUrl, crypto.randomUUID(), [tools.tool('render_chart', 'hang')]);
    first.el.send('Draw it');
    await until(() => first.engine.snapshot(first.key).conversation.toolCalls['c1']?.status === 'executing');
    const { el, engine } = await reload(first, agentUrl, [tools.tool('render_chart', 'answer')]);

    // Tool cards render from the list's extras chunk: on a fresh page the card follows its first load.
    await until(() => !!deepQuery(el, '[part~="tool-card"]'));
    const card = deepQuery(el, '[part~="tool-card"]')!;
    expect(card.dataset['status']).to.equal('interrupted');
    expect(deepQuery(el, '[part~="tool-status"]')!.textContent).to.match(/Interrupted/);
    const runAgain = button(el, 'Run again');
    expect(runAgain, 'Run again on the card').to.exist;
    expect(button(statusLine(el), 'Continue')).to.exist;
    await accessibleInBothThemes(el, 'a tool interrupted by a reload');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tools.runs, 'never re-run by itself').to.deep.equal(['c1']);

    const result = oneEvent(el, 'soliplex-tool-result') as Promise<SoliplexToolResultEvent>;
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    runAgain!.click();
    expect((await result).call).to.include({ id: 'c1', status: 'completed', result: 'render_chart done' });
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(tools.runs).to.deep.equal(['c1', 'c1']);
    expect(answers(el)).to.deep.equal(['Here is the chart.']);
    expect(button(el, 'Run again')).to.equal(undefined);
    engine.dispose();
  });

  it('Continue without the interrupted tool answers it as not completed (soliplex-tool-result fires) and never runs it', async () => {
    const tools = counter();
    const { agentUrl, requests } = await script<{ messages: { role: string; toolCallId?: string; error?: string }[] }>([
      [started, ...callEvents('c1', 'render_chart'), finished],
      [started, ...say('m2', 'No chart then.'), finished],
    ]);
    const first = await chatOn(agentUrl, crypto.randomUUID(), [tools.tool('render_chart', 'hang')]);
    first.el.send('Draw it');
    await until(() => first.engine.snapshot(first.key).conversation.toolCalls['c1']?.status === 'executing');
    const { el, engine } = await reload(first, agentUrl, [tools.tool('render_chart', 'answer')]);

    const result = oneEvent(el, 'soliplex-tool-result') as Promise<SoliplexToolResultEvent>;
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    button(statusLine(el), 'Continue')!.click();
    expect((await result).call).to.include({ id: 'c1', status: 'failed' });
    expect((await done).outcome).to.equal('success');
    expect(tools.runs).to.deep.equal(['c1']);
    const sent = await requests();
    expect(sent[1]!.body.messages.find((m) => m.role === 'tool')?.error).to.match(/did not complete/);
    engine.dispose();
  });

  it('an approval pending at reload is still answerable: Approve asks the page, runs the tool once, and the turn finishes', async () => {
    const tools = counter();
    const { agentUrl } = await script([
      [started, ...callEvents('c1', 'send_mail'), finished],
      [started, ...say('m2', 'Mail sent.'), finished],
    ]);
    const guarded = (behaviour: 'answer' | 'hang') => tools.tool('send_mail', behaviour, { requiresApproval: true });
    const first = await chatOn(agentUrl, crypto.randomUUID(), [guarded('answer')]);
    first.el.send('Mail Bob');
    await until(() => first.engine.snapshot(first.key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    const { el, engine } = await reload(first, agentUrl, [guarded('answer')]);

    const approve = deepQuery<HTMLButtonElement>(el, '[part~="approve-button"]');
    expect(approve, 'the approval card is back').to.exist;
    const asked = oneEvent(el, 'soliplex-tool-call');
    const done = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    approve!.click();
    await asked;
    expect((await done).outcome).to.equal('success');
    await settled(el);
    expect(tools.runs).to.deep.equal(['c1']);
    expect(answers(el)).to.deep.equal(['Mail sent.']);
    engine.dispose();
  });
});

describe('<soliplex-thread-list> after a reload', () => {
  it('lists a restored interrupted thread with an Interrupted badge and the state word in its name', async () => {
    const { agentUrl } = await script([[started, ...partial('m1', 'Half'), hang]]);
    const first = await chatOn(agentUrl, crypto.randomUUID(), []);
    first.el.send('Plan my trip');
    await until(() => answers(first.el).includes('Half'));
    const snapshot = first.engine.snapshot(first.key);
    first.el.remove();
    first.engine.dispose();
    const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }) });
    engine.restore(first.key, { conversation: structuredClone(snapshot.conversation), inFlight: true });
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat thread-list no-persist .engine=${engine} agent-url=${agentUrl} thread=${first.key.thread}></soliplex-chat>`,
    );
    const list = await panelOf(el);
    const item = await untilEntry(list, 'Plan my trip', (_name, badge) => badge === 'Interrupted');
    expect(nameOf(item)).to.match(/interrupted/);
    await expect(list).to.be.accessible();
    engine.dispose();
  });
});

describe('<soliplex-chat> Retry keeps what the user sees (issue 20, item 5)', () => {
  it('after Retry fails again, the earlier partial answer is still shown', async () => {
    const { agentUrl } = await script([
      [started, ...partial('m1', 'Partial answer'), { $delay: 100 }, { $cut: true }],
      [{ $status: 502 }],
    ]);
    const { el, engine } = await chatOn(agentUrl, crypto.randomUUID(), []);
    const failed = oneEvent(el, 'soliplex-run-finished');
    el.send('Answer me');
    await failed;
    await settled(el);
    expect(answers(el)).to.deep.equal(['Partial answer']);
    const again = oneEvent(el, 'soliplex-run-finished') as Promise<SoliplexRunFinishedEvent>;
    deepQuery<HTMLButtonElement>(el, '[part~="retry-button"]')!.click();
    expect((await again).outcome).to.equal('failed');
    await settled(el);
    expect(answers(el)).to.deep.equal(['Partial answer']);
    engine.dispose();
  });
});

import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, ToolRegistry, type SoliplexChat, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { toolCall } from '../helpers/agui-events.js';
import { deepQuery, settled, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

// Issue 24, item 8: Export (the header's "Export", `exportTranscript()`), against the demo server.

const used = (inputTokens: number, outputTokens: number, model = 'small-model') => ({ ...finished, usage: [{ model, inputTokens, outputTokens }] });

/** A turn of three runs: a call that asks for approval, a second call, then the answer; each run reports usage. */
const multiHop = () =>
  script([
    [started, { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Let me look that up.' }, { type: 'TEXT_MESSAGE_END', messageId: 'a1' }, ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), used(1000, 50)],
    [started, ...toolCall('c2', 'add_one', { value: 42 }, 'a2'), used(1200, 20)],
    [started, ...say('a3', 'Alice’s secret number plus one is **43**.'), used(1500, 30, 'big-model')],
  ]);

const tools = () =>
  new ToolRegistry([
    { name: 'get_secret_number', title: 'Secret number', description: 'The secret number of a user', parameters: { type: 'object', properties: { name: { type: 'string' } } }, requiresApproval: true, execute: () => '42' },
    { name: 'add_one', title: 'Add one', description: 'Adds one', parameters: { type: 'object', properties: { value: { type: 'number' } } }, execute: (args) => ({ sum: (args as { value: number }).value + 1 }) },
  ]);

const finishedOnce = (el: SoliplexChat) => new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

/** Sends the question, approves the first call when asked, and waits for the turn's end. */
async function askAndApprove(el: SoliplexChat): Promise<void> {
  const done = finishedOnce(el);
  expect(el.send('What is alice’s secret number plus one?')).to.equal(true);
  const approve = await waitFor<HTMLButtonElement>(el, '[part~="approve-button"]');
  approve.click();
  expect((await done).outcome).to.equal('success');
  await settled(el);
}

interface Exported {
  format: string;
  version: number;
  exportedAt: string;
  thread: { server: string; id: string };
  messages: { id: string; role: string; text?: string; createdAt?: string; runId?: string; toolCalls?: Record<string, unknown>[] }[];
  runs: Record<string, { usage?: { inputTokens: number; outputTokens: number; model: string }[] }>;
  usage?: { inputTokens: number; outputTokens: number; cost?: { amount: number; currency: string } };
}

describe('<soliplex-chat> export', () => {
  it('exportTranscript gives Markdown to read and complete JSON for a multi-hop turn with an approval and usage, the same after a reload', async () => {
    const { agentUrl } = await multiHop();
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} .toolRegistry=${tools()}></soliplex-chat>`);
    el.usagePrices = { currency: 'USD', default: { input: 2, output: 10 }, models: { 'big-model': { input: 5, output: 20 } } };
    const before = Date.now();
    await askAndApprove(el);
    const after = Date.now();

    const json = JSON.parse(await el.exportTranscript('json')) as Exported;
    expect(json.format).to.equal('soliplex-chat-transcript');
    expect(json.version).to.equal(1);
    expect(json.thread).to.deep.include({ server: agentUrl, id: el.thread });
    expect(json.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'assistant', 'assistant']);
    expect(json.messages[0]).to.include({ role: 'user', text: 'What is alice’s secret number plus one?' });
    const [first, second] = [json.messages[1]!.toolCalls![0]!, json.messages[2]!.toolCalls![0]!];
    expect(first).to.deep.include({ id: 'c1', name: 'get_secret_number', title: 'Secret number', status: 'completed', arguments: { name: 'alice' }, result: '42', serverRun: false });
    expect((first['approval'] as { decision: string }).decision).to.equal('approved');
    expect(Date.parse((first['approval'] as { at: string }).at)).to.be.within(before, after);
    expect(second).to.deep.include({ id: 'c2', name: 'add_one', title: 'Add one', status: 'completed', arguments: { value: 42 }, result: { sum: 43 } });
    expect(second['approval']).to.equal(undefined); // not asked
    expect(json.messages[3]).to.include({ role: 'assistant', text: 'Alice’s secret number plus one is **43**.' });
    // Every message has its time, in order, within the turn.
    const times = json.messages.map((m) => Date.parse(m.createdAt!));
    for (const t of times) expect(t).to.be.within(before, after);
    expect([...times].sort((a, b) => a - b)).to.deep.equal(times);
    // Each run's usage, the thread's total and its cost by the table (small-model at 2/10, big-model at 5/20 per million).
    expect(Object.values(json.runs).map((r) => r.usage![0]!.inputTokens)).to.have.members([1000, 1200, 1500]);
    expect(json.usage).to.deep.include({ inputTokens: 3700, outputTokens: 100 });
    expect(json.usage!.cost!.currency).to.equal('USD');
    expect(json.usage!.cost!.amount).to.be.closeTo((2200 * 2 + 70 * 10 + 1500 * 5 + 30 * 20) / 1e6, 1e-12);

    const md = await el.exportTranscript('markdown');
    expect(md).to.match(/^# What is alice’s secret number plus one\?\n/);
    expect(md).to.match(/\n## You · .+\n\nWhat is alice’s secret number plus one\?\n/);
    expect(md.match(/\n## Assistant/g), 'one answer for the turn').to.have.length(1);
    expect(md).to.contain('Let me look that up.');
    expect(md).to.contain('**Secret number** · Completed · approved by the user\n\nArguments: name: `alice`\n\nResult: `42`');
    expect(md).to.contain('**Add one** · Completed\n\nArguments: value: `42`\n\nResult: `{"sum":43}`');
    expect(md).to.contain('Alice’s secret number plus one is **43**.');
    expect(md).not.to.contain('get_secret_number');
    expect(md).to.contain('*Thread: 3,700 in, 100 out (≈ $0.013)*');

    // A reload: the chat kept in this browser gives the same transcript, times included.
    const thread = el.thread;
    const engine = el.engine!;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await ThreadIndex.for(engine).flush();
    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread} .toolRegistry=${tools()}></soliplex-chat>`);
    await until(() => !!deepQuery(again, 'soliplex-message-list'));
    again.usagePrices = el.usagePrices;
    const reloaded = JSON.parse(await again.exportTranscript('json')) as Exported;
    expect(reloaded.messages).to.deep.equal(json.messages);
    expect(reloaded.usage).to.deep.equal(json.usage);
    expect(await again.exportTranscript('markdown')).to.equal(md);
  });

  it('the header’s Export downloads the Markdown or the JSON, named from the thread’s title; no-export hides it', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello back.'), used(10, 5)]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    const done = finishedOnce(el);
    el.send('Plan a trip: Zürich → Köln');
    await done;
    await settled(el);
    const button = await waitFor<HTMLButtonElement>(el, '[part~="export-button"]');
    expect(button.textContent!.trim()).to.equal('Export');
    expect(button.getAttribute('aria-expanded')).to.equal('false');

    const downloads: { name: string; href: string }[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download) downloads.push({ name: this.download, href: this.href });
      else click.call(this);
    };
    try {
      for (const format of ['markdown', 'json'] as const) {
        button.click();
        await settled(el);
        expect(button.getAttribute('aria-expanded')).to.equal('true');
        const choice = deepQuery<HTMLButtonElement>(el, `[part~="export-menu"] [data-format="${format}"]`)!;
        expect(el.shadowRoot!.activeElement).to.equal(deepQuery(el, '[part~="export-menu"] button'));
        await expect(el).to.be.accessible();
        choice.click();
        await until(() => downloads.length === (format === 'markdown' ? 1 : 2));
        await settled(el);
        expect(deepQuery(el, '[part~="export-menu"]'), 'closed after a choice').to.equal(undefined);
      }
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(downloads.map((d) => d.name)).to.deep.equal(['Plan-a-trip-Zürich-Köln.md', 'Plan-a-trip-Zürich-Köln.json']);
    const [md, json] = await Promise.all(downloads.map(async (d) => (await fetch(d.href)).text()));
    expect(md).to.equal(await el.exportTranscript('markdown'));
    expect(md).to.contain('Hello back.');
    expect(JSON.parse(json!).messages.map((m: { text: string }) => m.text)).to.deep.equal(['Plan a trip: Zürich → Köln', 'Hello back.']);

    // Escape closes the menu (and does not stop anything), focus back on Export.
    button.click();
    await settled(el);
    deepQuery(el, '[part~="export-menu"] button')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await settled(el);
    expect(deepQuery(el, '[part~="export-menu"]')).to.equal(undefined);
    expect(el.shadowRoot!.activeElement).to.equal(button);

    el.noExport = true;
    await settled(el);
    expect(deepQuery(el, '[part~="export-button"]')).to.equal(undefined);
  });

  it('on Soliplex: the runs’ usage from their routes, and after a reload from the server the same messages with the server’s run times', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-persist></soliplex-chat>`);
    const before = Date.now();
    const done = finishedOnce(el);
    el.send('hello there');
    expect((await done).outcome).to.equal('success');
    await settled(el);
    const live = JSON.parse(await el.exportTranscript('json')) as Exported;
    expect(live.thread).to.deep.include({ server, room: 'demo', id: el.thread });
    expect(live.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    for (const m of live.messages) expect(Date.parse(m.createdAt!)).to.be.within(before, Date.now());
    const runId = live.messages[1]!.runId!;
    const usage = (await (await fetch(`${server}/api/v1/rooms/demo/agui/${el.thread}/${runId}/usage`)).json()) as { input_tokens: number; output_tokens: number };
    expect(live.runs[runId]!.usage).to.deep.equal([{ inputTokens: usage.input_tokens, outputTokens: usage.output_tokens }]);
    expect(live.usage).to.deep.equal({ inputTokens: usage.input_tokens, outputTokens: usage.output_tokens });

    const thread = el.thread;
    el.remove();
    const again = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" thread=${thread} no-persist></soliplex-chat>`);
    await until(() => !!deepQuery(again, 'soliplex-message-list') && !!deepQuery(again, '[part~="assistant-message"]'));
    await settled(again);
    const reloaded = JSON.parse(await again.exportTranscript('json')) as Exported;
    const strip = (m: Exported['messages'][number]) => ({ ...m, createdAt: undefined });
    expect(reloaded.messages.map(strip)).to.deep.equal(live.messages.map(strip));
    // The server's time of the run that said them (what it gives: `created`, read as UTC).
    const stored = (await (await fetch(`${server}/api/v1/rooms/demo/agui/${thread}`)).json()) as { runs: Record<string, { created: string }> };
    const created = Date.parse(stored.runs[runId]!.created.replace(/(\.\d{3})\d*/, '$1').replace(/(Z|[+-]\d\d:?\d\d)?$/, (zone) => zone || 'Z'));
    expect(reloaded.messages.map((m) => Date.parse(m.createdAt!))).to.deep.equal([created, created]);
    expect(reloaded.usage).to.deep.equal(live.usage);
  });

  it('shows no Export on an empty chat', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hi.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl}></soliplex-chat>`);
    await settled(el);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deepQuery(el, '[part~="export-button"]')).to.equal(undefined);
  });
});

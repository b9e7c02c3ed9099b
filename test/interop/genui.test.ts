import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import '../../src/a2ui.js'; // A2UI is opt-in on npm
import { deepQuery, deepQueryAll, until } from '../elements/chat-fixture.js';

/**
 * Interop with the AG-UI repository's own generative UI middlewares, offline (test/interop/genui-server.mjs,
 * started by the test runner on the first request for `/__genui-server`): a scripted agent behind
 * `@ag-ui/a2ui-middleware` and `@ag-ui/mcp-apps-middleware`, the latter with a local MCP server
 * (`@modelcontextprotocol/sdk`) serving `roll_dice` and its UI resource. The widget renders both
 * surfaces and completes an action round trip through each middleware.
 */
let server = '';

type Log = {
  inputs: Array<{ messages: Array<{ role: string; content?: unknown; toolCalls?: Array<{ function: { name: string; arguments: string } }> }> }>;
  mcp: Array<{ method: string; uri?: string; arguments?: unknown }>;
};
const log = async (thread: string): Promise<Log> => (await fetch(`${server}/log?thread=${encodeURIComponent(thread)}`)).json();

type Report = { fromProbeApp: true; toolResult?: unknown; toolError?: string; shownResult?: unknown; context?: unknown };
const reports: Report[] = [];
const onMessage = (event: MessageEvent) => {
  if ((event.data as Report | null)?.fromProbeApp) reports.push(event.data as Report);
};

async function chat() {
  const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${`${server}/agent`} no-persist></soliplex-chat>`);
  const outcomes: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
  return { el, outcomes };
}

const answers = (el: SoliplexChat) => deepQueryAll(el, '[part~="assistant-message"]').map((m) => m.textContent ?? '');

describe('interop: generative UI through the AG-UI middlewares', () => {
  before(async function () {
    this.timeout(180_000); // the runner loads the middlewares and the MCP SDK; the A2UI chunk is large unbundled
    server = ((await (await fetch('/__genui-server')).json()) as { url: string }).url;
    await import('../../src/elements/soliplex-activity/a2ui-activity.js');
    window.addEventListener('message', onMessage);
  });
  after(() => window.removeEventListener('message', onMessage));

  it('@ag-ui/a2ui-middleware: the surface it streams renders, and a button press reaches the agent as log_a2ui_event', async function () {
    this.timeout(60_000);
    const { el, outcomes } = await chat();
    el.send('Show me a form');
    await until(() => outcomes.length === 1, 10_000);
    const surface = () => deepQuery(el, 'a2ui-surface');
    await until(() => (surface()?.shadowRoot?.textContent ?? '').includes('Order coffee'));
    const field = deepQuery<HTMLInputElement>(surface()!, 'input')!;
    expect(field.value).to.equal('Ann');
    field.value = 'Zoe';
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    deepQueryAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent?.trim() === 'Order')!.click();
    await until(() => outcomes.length === 2, 10_000);
    await until(() => answers(el).some((a) => a.includes('Noted:')));

    // The middleware turned the widget's forwardedProps into the tool call and result the agent reads.
    const { inputs } = await log(el.thread);
    const last = inputs.at(-1)!.messages;
    const [logged, result] = last.slice(-2);
    expect(logged!.toolCalls![0]!.function.name).to.equal('log_a2ui_event');
    expect(JSON.parse(logged!.toolCalls![0]!.function.arguments)).to.include({ name: 'order', surfaceId: 'coffee-order', sourceComponentId: 'order' });
    expect(result!.role).to.equal('tool');
    expect(result!.content).to.equal('User performed action "order" on surface "coffee-order" (component: order). Context: {"name":"Zoe"}');
    expect(answers(el).at(-1)).to.contain('Context: {"name":"Zoe"}');
  });

  it('@ag-ui/mcp-apps-middleware: the MCP App renders from its server, and its tool call goes through the agent to the MCP server', async function () {
    this.timeout(60_000);
    reports.length = 0;
    const { el, outcomes } = await chat();
    el.send('Roll the dice');
    await until(() => outcomes.length === 1, 10_000);
    const frameOf = () => deepQuery(el, 'soliplex-mcp-app-activity')?.shadowRoot?.querySelector('iframe') ?? undefined;
    await until(() => frameOf() !== undefined, 10_000);
    const frame = frameOf()!;
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts');
    // The app got the middleware's tool result (the MCP server's first roll) and reported its height.
    await until(() => reports.some((r) => r.shownResult) && frame.style.height === '240px', 10_000);
    expect(reports.find((r) => r.shownResult)!.shownResult).to.deep.include({ content: [{ type: 'text', text: '1 = 1' }] });

    frame.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const box = frame.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + 30)] });
    await until(() => reports.some((r) => r.toolResult || r.toolError), 10_000);
    expect(reports.find((r) => r.toolResult)?.toolResult).to.deep.include({ content: [{ type: 'text', text: '2 = 2' }] });

    // The MCP server served the resource read and both tool calls; the transcript has one turn.
    const { mcp } = await log(el.thread);
    expect(mcp.filter((m) => m.method === 'resources/read').at(-1)).to.deep.equal({ method: 'resources/read', uri: 'ui://dice/probe.html' });
    expect(mcp.filter((m) => m.method === 'tools/call').slice(-2).map((m) => m.arguments)).to.deep.equal([{ sides: 6, count: 1 }, { sides: 6, count: 1 }]);
    expect(outcomes).to.have.length(1);
  });
});

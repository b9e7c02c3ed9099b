import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, leave, settled, until } from './chat-fixture.js';
import { script, started } from '../helpers/agui-server.js';
import { PROBE_APP_URI, probeAppHtml } from '../interop/mcp-probe-app.mjs';

/**
 * `mcp-apps` activities (issue 25 item 4) against the real demo server on loopback, in the shape
 * `@ag-ui/mcp-apps-middleware` 0.1.1 sends them and answers its proxied requests (test/interop runs
 * the middleware itself with an MCP server): the resource read through the agent, the app in a
 * sandboxed frame under its CSP, its JSON-RPC bridged, nothing of the page reachable from it.
 */
type Body = { messages: unknown[]; tools: unknown[]; forwardedProps?: { __proxiedMCPRequest?: Record<string, unknown> } };

const serverHash = 'abc123';
const toolInput = { sides: 6, count: 1 };
const rolled = { content: [{ type: 'text', text: '4 = 4' }] };
const appRun = [
  started,
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'roll_dice' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: JSON.stringify(toolInput) },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: '4 = 4' },
  { type: 'ACTIVITY_SNAPSHOT', messageId: 'app1', activityType: 'mcp-apps', content: { result: rolled, resourceUri: PROBE_APP_URI, serverHash, serverId: 'dice', toolInput }, replace: true },
  { type: 'RUN_FINISHED' },
];
/** The middleware's answer to a proxied request: RUN_STARTED, then RUN_FINISHED carrying `result`. */
const answer = (result: unknown) => [started, { type: 'RUN_FINISHED', result }];
const resource = (meta: object = {}) => answer({ contents: [{ uri: PROBE_APP_URI, mimeType: 'text/html;profile=mcp-app', text: probeAppHtml, _meta: { ui: meta } }] });

type Report = { fromProbeApp: true; toolInput?: unknown; probe?: Record<string, string>; context?: Record<string, unknown>; toolResult?: unknown; toolError?: string; shownResult?: unknown; protocolVersion?: string };
const reports: Report[] = [];
const onMessage = (event: MessageEvent) => {
  if ((event.data as Report | null)?.fromProbeApp) reports.push(event.data as Report);
};

async function chatOn(runs: object[][]) {
  const server = await script<Body>(runs);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${server.agentUrl} thread=${`mcp-${crypto.randomUUID()}`}></soliplex-chat>`);
  const outcomes: SoliplexRunFinishedEvent[] = [];
  el.addEventListener('soliplex-run-finished', (e) => outcomes.push(e));
  return { el, outcomes, requests: server.requests, agentUrl: server.agentUrl };
}

const frameOf = (el: Element) => deepQuery(el, 'soliplex-mcp-app-activity')?.shadowRoot?.querySelector('iframe') ?? undefined;
const frameIn = async (el: Element) => (await until(() => frameOf(el) !== undefined), frameOf(el)!);

describe('<soliplex-chat> MCP Apps (mcp-apps activities)', () => {
  before(() => window.addEventListener('message', onMessage));
  after(() => window.removeEventListener('message', onMessage));
  beforeEach(() => void (reports.length = 0));

  it('reads the UI resource through the agent and runs it in a sandboxed frame that reaches nothing of the page', async () => {
    const { el, outcomes, requests } = await chatOn([appRun, resource({ csp: { connectDomains: ['https://api.example', "'unsafe-eval'"] }, prefersBorder: true })]);
    el.send('roll');
    await until(() => outcomes.length === 1);
    const frame = await frameIn(el);

    // The resource was asked of the agent as the middleware expects, outside the conversation.
    const sent = (await requests())[1]!.body;
    expect(sent.forwardedProps?.__proxiedMCPRequest).to.deep.equal({ serverHash, serverId: 'dice', method: 'resources/read', params: { uri: PROBE_APP_URI } });
    expect(sent.messages).to.deep.equal([]);
    expect(outcomes).to.have.length(1);

    // Sandboxed without allow-same-origin, the app's HTML only in srcdoc, under its declared CSP.
    expect(frame.getAttribute('sandbox')).to.equal('allow-scripts');
    expect(frame.getAttribute('title')).to.equal('App: dice/probe.html');
    expect(frame.srcdoc.startsWith('<!doctype html><meta http-equiv="Content-Security-Policy"')).to.equal(true);
    expect(frame.srcdoc).to.contain("connect-src https://api.example;");
    expect(frame.srcdoc).to.not.contain('unsafe-eval');
    expect(frame.srcdoc).to.contain("default-src 'none'");

    // Nothing of the host page is reachable from the frame.
    await until(() => reports.some((r) => r.probe));
    const probe = reports.find((r) => r.probe)!.probe!;
    expect(probe['parentDom']).to.match(/^blocked: SecurityError/);
    expect(probe['top']).to.match(/^blocked: SecurityError/);
    expect(probe['storage']).to.match(/^blocked: SecurityError/);
    expect(probe['cookie']).to.match(/^blocked: SecurityError/);
    expect(probe['origin']).to.equal('null');

    // The handshake: host context with the chat's theme, then the tool's input and result.
    await until(() => reports.some((r) => r.shownResult));
    const init = reports.find((r) => r.context)!;
    expect(init.protocolVersion).to.equal('2026-01-26');
    expect(init.context!['theme']).to.equal('light');
    expect((init.context!['styles'] as { variables: Record<string, string> }).variables['--color-text-primary']).to.equal('#1f2328');
    expect(reports.find((r) => r.toolInput)!.toolInput).to.deep.equal({ arguments: toolInput });
    expect(reports.find((r) => r.shownResult)!.shownResult).to.deep.equal(rolled);
    // The app's size change resized the frame.
    await until(() => frame.style.height === '240px');
  });

  it("bridges the app's tool call to the agent (a proxied tools/call) and hands it the answer", async function () {
    this.timeout(40_000); // a sandboxed frame and two round trips: slow on a loaded machine
    const again = { content: [{ type: 'text', text: '6 = 6' }] };
    const { el, outcomes, requests } = await chatOn([appRun, resource(), answer(again)]);
    el.send('roll');
    await until(() => outcomes.length === 1);
    const frame = await frameIn(el);
    await until(() => reports.some((r) => r.shownResult) && frame.style.height === '240px');
    await settled(el);
    // A real click on the app's button: the answer's actions may still arrive and move the frame, so
    // the click is aimed again at where the frame is now until the app's call reaches the agent (at most 5 times).
    const called = async () => (await requests()).length > 2;
    for (let attempt = 0; attempt < 5 && !(await called()); attempt++) {
      frame.scrollIntoView({ block: 'center' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const box = frame.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(box.left + box.width / 2), Math.round(box.top + 30)] });
      for (let poll = 0; poll < 30 && !(await called()); poll++) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await until(() => reports.some((r) => r.toolResult || r.toolError), 30_000);
    expect(reports.find((r) => r.toolResult)?.toolResult).to.deep.equal(again);
    const sent = (await requests())[2]!.body;
    expect(sent.forwardedProps?.__proxiedMCPRequest).to.deep.equal({ serverHash, serverId: 'dice', method: 'tools/call', params: { name: 'roll_dice', arguments: { sides: 6, count: 1 } } });
    // No turn: the transcript did not change.
    expect(outcomes).to.have.length(1);
  });

  it('says so when the resource cannot be read, and shows the app again after a reload', async () => {
    const failing = await chatOn([appRun, answer({ error: 'Error: MCP request failed' })]);
    failing.el.send('roll');
    await until(() => failing.outcomes.length === 1);
    await until(() => (deepQuery(failing.el, 'soliplex-mcp-app-activity')?.shadowRoot?.textContent ?? '').includes('The app could not be loaded.'));
    expect(frameOf(failing.el)).to.equal(undefined);

    const { el, outcomes, agentUrl, requests } = await chatOn([appRun, resource(), resource()]);
    el.send('roll');
    await until(() => outcomes.length === 1);
    await frameIn(el);
    const thread = el.thread;
    // As on a reload: what the chat kept is written before the next one reads it.
    await leave(el);
    const again = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} thread=${thread}></soliplex-chat>`);
    await until(() => frameOf(again) !== undefined);
    expect((await requests())[2]!.body.forwardedProps?.__proxiedMCPRequest?.['method']).to.equal('resources/read');
    expect(deepQueryAll(again, 'soliplex-mcp-app-activity')).to.have.length(1);
  });
});

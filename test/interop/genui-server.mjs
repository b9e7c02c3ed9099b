// Generative UI through the AG-UI repository's own middlewares, on loopback, offline: a scripted AG-UI
// agent behind @ag-ui/a2ui-middleware (A2UI surfaces, `injectA2UITool`) and @ag-ui/mcp-apps-middleware
// (MCP Apps), the latter talking to a local MCP server built on @modelcontextprotocol/sdk (Streamable
// HTTP) that serves a `roll_dice` tool with a UI resource. Served as AG-UI over SSE by @ag-ui/encoder.
// Dev-only: nothing here is part of the widget's bundle.
import http from 'node:http';
import { AbstractAgent, EventType } from '@ag-ui/client';
import { EventEncoder } from '@ag-ui/encoder';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Observable } from 'rxjs';
import { z } from 'zod';
import { PROBE_APP_URI, probeAppHtml } from './mcp-probe-app.mjs';

const MCP_APP_MIME = 'text/html;profile=mcp-app';

/** The A2UI surface the agent renders (render_a2ui's arguments: surfaceId, components, data). */
const ORDER_FORM = {
  surfaceId: 'coffee-order',
  components: [
    { id: 'root', component: 'Card', child: 'col' },
    { id: 'col', component: 'Column', children: ['title', 'name', 'order'] },
    { id: 'title', component: 'Text', text: 'Order coffee', variant: 'h3' },
    { id: 'name', component: 'TextField', label: 'Name', value: { path: '/form/name' } },
    { id: 'order', component: 'Button', child: 'order-label', variant: 'primary', action: { event: { name: 'order', context: { name: { path: '/form/name' } } } } },
    { id: 'order-label', component: 'Text', text: 'Order' },
  ],
  data: { form: { name: 'Ann' } },
};

/** Dice from a fixed sequence, so a test knows what the server rolled. */
let rolls = 0;
function rollDice({ sides = 6, count = 1 }) {
  const values = Array.from({ length: count }, () => 1 + (rolls++ % sides));
  return { content: [{ type: 'text', text: `${values.join(' + ')} = ${values.reduce((a, b) => a + b, 0)}` }] };
}

/** A fresh MCP server (stateless Streamable HTTP: one per request). */
function mcpServer(record) {
  const server = new McpServer({ name: 'dice', version: '1.0.0' });
  server.registerResource('dice-probe', PROBE_APP_URI, { mimeType: MCP_APP_MIME }, async (uri) => {
    record({ method: 'resources/read', uri: uri.href });
    return { contents: [{ uri: uri.href, mimeType: MCP_APP_MIME, text: probeAppHtml, _meta: { ui: { prefersBorder: true, csp: { connectDomains: [] } } } }] };
  });
  server.registerTool(
    'roll_dice',
    { description: 'Rolls dice', inputSchema: { sides: z.number().optional(), count: z.number().optional() }, _meta: { ui: { resourceUri: PROBE_APP_URI } } },
    async (args) => {
      record({ method: 'tools/call', arguments: args });
      return rollDice(args);
    },
  );
  return server;
}

const text = (id, content) => [
  { type: EventType.TEXT_MESSAGE_START, messageId: id, role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: id, delta: content },
  { type: EventType.TEXT_MESSAGE_END, messageId: id },
];
const call = (id, name, args) => [
  { type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: name },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: JSON.stringify(args) },
  { type: EventType.TOOL_CALL_END, toolCallId: id },
];

/**
 * The scripted agent (what a model would do): after the A2UI middleware's `log_a2ui_event`, answer
 * the action; asked for a form (and offered `render_a2ui`), render one; asked to roll (and offered
 * `roll_dice` by the MCP Apps middleware), call it; otherwise greet. Records every input it gets.
 */
class ScriptedAgent extends AbstractAgent {
  constructor(record) {
    super();
    this.record = record;
  }

  run(input) {
    this.record(input);
    return new Observable((subscriber) => {
      const { threadId, runId } = input;
      const id = (name) => `${name}-${runId}`;
      const messages = input.messages ?? [];
      const last = messages.at(-1);
      const user = messages.findLast((m) => m.role === 'user');
      const asked = typeof user?.content === 'string' ? user.content : '';
      const tools = (input.tools ?? []).map((t) => t.name);
      let body;
      if (last?.role === 'tool' && messages.at(-2)?.toolCalls?.[0]?.function?.name === 'log_a2ui_event') body = text(id('ack'), `Noted: ${last.content}`);
      else if (last?.role === 'tool') body = text(id('done'), 'Done.');
      else if (/form/i.test(asked) && tools.includes('render_a2ui')) body = call(id('render'), 'render_a2ui', ORDER_FORM);
      else if (/roll/i.test(asked) && tools.includes('roll_dice')) body = call(id('roll'), 'roll_dice', { sides: 6, count: 1 });
      else body = text(id('hello'), 'Hello.');
      for (const event of [{ type: EventType.RUN_STARTED, threadId, runId }, ...body, { type: EventType.RUN_FINISHED, threadId, runId }]) subscriber.next(event);
      subscriber.complete();
    });
  }
}

/** The middlewares around an agent, as AbstractAgent.runAgent chains them. */
function chain(agent, middlewares) {
  return middlewares.reduceRight(
    (next, middleware) => ({ run: (input) => middleware.run(input, next), get messages() { return next.messages; }, get state() { return next.state; } }),
    agent,
  );
}

/**
 * Starts the MCP server and the AG-UI server. `POST /agent` runs one AG-UI run; `GET /log?thread=ID`
 * lists the inputs the agent got in that thread and the MCP requests the MCP server served.
 */
export async function startGenUiServer() {
  const mcpLog = [];
  const inputs = [];
  const mcp = http.createServer(async (req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    const server = mcpServer((entry) => mcpLog.push(entry));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, JSON.parse(body));
  });
  await new Promise((resolve) => mcp.listen(0, '127.0.0.1', resolve));
  const mcpUrl = `http://127.0.0.1:${mcp.address().port}/mcp`;

  const encoder = new EventEncoder();
  const agui = http.createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && url.pathname === '/log') {
      const thread = url.searchParams.get('thread');
      const log = { inputs: inputs.filter((i) => i.threadId === thread), mcp: mcpLog };
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(log));
    }
    if (req.method !== 'POST' || url.pathname !== '/agent') return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    const input = JSON.parse(body);
    const agent = new ScriptedAgent((seen) => inputs.push(seen));
    const middlewares = [new A2UIMiddleware({ injectA2UITool: true }), new MCPAppsMiddleware({ mcpServers: [{ type: 'http', url: mcpUrl, serverId: 'dice' }] })];
    res.writeHead(200, { 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-cache' });
    chain(agent, middlewares)
      .run(input)
      .subscribe({
        next: (event) => res.write(encoder.encode(event)),
        error: (error) => {
          res.write(encoder.encode({ type: EventType.RUN_ERROR, message: String(error?.message ?? error) }));
          res.end();
        },
        complete: () => res.end(),
      });
  });
  await new Promise((resolve) => agui.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${agui.address().port}`,
    close: async () => {
      await new Promise((resolve) => agui.close(() => resolve(undefined)));
      await new Promise((resolve) => mcp.close(() => resolve(undefined)));
    },
  };
}

import { fixture, html } from '@open-wc/testing';
import { ToolRegistry, type ClientTool } from '../../src/index.js';
import type { SoliplexChat } from '../../src/index.js';
import { fmt, ratio, report, summarize, table, interleaved, readRawSse } from './bench-kit.js';
import { script, started, finished, say } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Benchmark (`npm run bench`): a tool hop, from the moment the run's `RUN_FINISHED` is on the wire
 * to the moment the continuation request (with the tool results) is sent, for 1, 5 and 20 instant
 * client tools. The first run's SSE comes from an in-page fetch (a ReadableStream), so the two moments
 * are read on the same clock. The widget (<soliplex-chat agent-url>, its own engine and transport) is
 * measured against a raw baseline: a minimal loop that reads the same SSE, runs the same tools and
 * posts the same kind of continuation.
 */
const CALLS = [1, 5, 20];
const REPS = 7;
const URL_ = 'http://bench.invalid/agent';

const encoder = new TextEncoder();
const frame = (event: object) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

function tools(n: number): ClientTool[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `tool_${i}`,
    description: `Instant tool ${i}`,
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
    execute: (args: { q?: string }) => `result ${i} for ${args.q ?? ''}`,
  }));
}

/**
 * Serves POSTs to URL_: the first answers with `n` tool calls and records when RUN_FINISHED is sent,
 * the second (the continuation) records when it was requested and answers with text.
 */
function fakeServer(n: number) {
  const original = window.fetch;
  let finishedAt = NaN;
  let continuedAt = NaN;
  let requests = 0;
  let resolveContinued!: () => void;
  const continued = new Promise<void>((resolve) => (resolveContinued = resolve));
  window.fetch = async (input, init) => {
    if (String(input instanceof Request ? input.url : input) !== URL_) return original(input, init);
    const body = JSON.parse(String(init?.body ?? '{}')) as { threadId?: string; runId?: string };
    const ids = { threadId: body.threadId ?? 't', runId: body.runId ?? 'r' };
    const request = ++requests;
    if (request === 2) {
      continuedAt = performance.now();
      resolveContinued();
    }
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(frame({ type: 'RUN_STARTED', ...ids }));
        if (request === 1) {
          controller.enqueue(frame({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' }));
          controller.enqueue(frame({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Let me check.' }));
          controller.enqueue(frame({ type: 'TEXT_MESSAGE_END', messageId: 'm1' }));
          for (let i = 0; i < n; i++) {
            controller.enqueue(frame({ type: 'TOOL_CALL_START', toolCallId: `c${i}`, toolCallName: `tool_${i}`, parentMessageId: 'm1' }));
            controller.enqueue(frame({ type: 'TOOL_CALL_ARGS', toolCallId: `c${i}`, delta: `{"q":"x${i}"}` }));
            controller.enqueue(frame({ type: 'TOOL_CALL_END', toolCallId: `c${i}` }));
          }
          // Let the client read (and render) everything before the run ends.
          await new Promise((resolve) => setTimeout(resolve, 30));
          finishedAt = performance.now();
          controller.enqueue(frame({ type: 'RUN_FINISHED', ...ids }));
        } else {
          controller.enqueue(frame({ type: 'TEXT_MESSAGE_START', messageId: `m${request}`, role: 'assistant' }));
          controller.enqueue(frame({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m${request}`, delta: 'Done.' }));
          controller.enqueue(frame({ type: 'TEXT_MESSAGE_END', messageId: `m${request}` }));
          controller.enqueue(frame({ type: 'RUN_FINISHED', ...ids }));
        }
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
  };
  return {
    continued,
    hop: () => continuedAt - finishedAt,
    restore: () => (window.fetch = original),
  };
}

/** The raw floor: read the SSE, collect the calls, run the tools at RUN_FINISHED, post the continuation. */
async function raw(n: number): Promise<number> {
  const server = fakeServer(n);
  const registry = new Map(tools(n).map((t) => [t.name, t]));
  try {
    const messages: object[] = [{ id: 'u', role: 'user', content: 'go' }];
    const response = await fetch(URL_, { method: 'POST', body: JSON.stringify({ threadId: 't', runId: 'r1', messages, tools: [...registry.values()].map(({ name, description, parameters }) => ({ name, description, parameters })) }) });
    const calls = new Map<string, { name: string; args: string }>();
    let text = '';
    // Only RUN_FINISHED returns a promise: every other frame is handled synchronously, as a raw loop would.
    const continueWithResults = async () => {
      const results = await Promise.all(
        [...calls].map(async ([id, call]) => ({ id, content: String(await registry.get(call.name)!.execute(JSON.parse(call.args), {} as never)) })),
      );
      const assistant = { id: 'm1', role: 'assistant', content: text, toolCalls: [...calls].map(([id, c]) => ({ id, type: 'function', function: { name: c.name, arguments: c.args } })) };
      const toolMessages = results.map((r) => ({ id: `tm-${r.id}`, role: 'tool', toolCallId: r.id, content: r.content }));
      await fetch(URL_, { method: 'POST', body: JSON.stringify({ threadId: 't', runId: 'r2', messages: [...messages, assistant, ...toolMessages] }) });
    };
    await readRawSse(response.body!, (fields) => {
      const event = fields as { type: string; toolCallId?: string; toolCallName?: string; delta?: string };
      if (event.type === 'TEXT_MESSAGE_CONTENT') text += event.delta;
      else if (event.type === 'TOOL_CALL_START') calls.set(event.toolCallId!, { name: event.toolCallName!, args: '' });
      else if (event.type === 'TOOL_CALL_ARGS') calls.get(event.toolCallId!)!.args += event.delta;
      else if (event.type === 'RUN_FINISHED') return continueWithResults();
    });
    await server.continued;
    return server.hop();
  } finally {
    server.restore();
  }
}

async function widget(n: number, rep: number): Promise<number> {
  const server = fakeServer(n);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 400px" agent-url=${URL_} thread=${`hop-${n}-${rep}`} .toolRegistry=${new ToolRegistry(tools(n))}></soliplex-chat>`);
  try {
    const finished = new Promise<Event>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('go');
    await server.continued;
    const event = (await finished) as Event & { outcome?: string };
    if (event.outcome !== 'success') throw new Error(`widget: turn ended ${event.outcome}`);
    return server.hop();
  } finally {
    server.restore();
    el.remove();
  }
}

/**
 * The same hop over real loopback HTTP, timed on the demo server's clock: from writing `RUN_FINISHED`
 * (a `$mark` step) to the continuation request arriving. Both paths pay the same network costs, as a
 * page talking to a real agent does.
 */
async function loopbackScript(n: number) {
  const calls = Array.from({ length: n }, (_, i) => [
    { type: 'TOOL_CALL_START', toolCallId: `c${i}`, toolCallName: `tool_${i}`, parentMessageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId: `c${i}`, delta: `{"q":"x${i}"}` },
    { type: 'TOOL_CALL_END', toolCallId: `c${i}` },
  ]).flat();
  const scripted = await script([
    [started, ...say('m1', 'Let me check.'), ...calls, { $delay: 30 }, { $mark: 'finished' }, finished],
    [started, ...say('m2', 'Done.'), finished],
  ]);
  return {
    agentUrl: scripted.agentUrl,
    hop: async () => {
      const [requests, marks] = await Promise.all([
        scripted.requests(),
        fetch(scripted.agentUrl.replace(/\/agent$/, '/marks')).then((r) => r.json() as Promise<{ finished: number }>),
      ]);
      if (requests.length !== 2) throw new Error(`expected 2 requests, got ${requests.length}`);
      return requests[1]!.receivedAt! - marks.finished;
    },
  };
}

async function rawLoopback(n: number): Promise<number> {
  const { agentUrl, hop } = await loopbackScript(n);
  const registry = new Map(tools(n).map((t) => [t.name, t]));
  const messages: object[] = [{ id: 'u', role: 'user', content: 'go' }];
  const post = (body: object) => fetch(agentUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const response = await post({ threadId: 't', runId: 'r1', messages, tools: [...registry.values()].map(({ name, description, parameters }) => ({ name, description, parameters })) });
  const calls = new Map<string, { name: string; args: string }>();
  let text = '';
  let continuation: Promise<Response> | undefined;
  await readRawSse(response.body!, (fields) => {
    const event = fields as { type: string; toolCallId?: string; toolCallName?: string; delta?: string };
    if (event.type === 'TEXT_MESSAGE_CONTENT') text += event.delta;
    else if (event.type === 'TOOL_CALL_START') calls.set(event.toolCallId!, { name: event.toolCallName!, args: '' });
    else if (event.type === 'TOOL_CALL_ARGS') calls.get(event.toolCallId!)!.args += event.delta;
    else if (event.type === 'RUN_FINISHED') {
      const results = [...calls].map(([id, call]) => ({ id, content: String(registry.get(call.name)!.execute(JSON.parse(call.args), {} as never)) }));
      const assistant = { id: 'm1', role: 'assistant', content: text, toolCalls: [...calls].map(([id, c]) => ({ id, type: 'function', function: { name: c.name, arguments: c.args } })) };
      const toolMessages = results.map((r) => ({ id: `tm-${r.id}`, role: 'tool', toolCallId: r.id, content: r.content }));
      continuation = post({ threadId: 't', runId: 'r2', messages: [...messages, assistant, ...toolMessages] });
    }
  });
  await (await continuation!).text();
  return hop();
}

async function widgetLoopback(n: number, rep: number): Promise<number> {
  const { agentUrl, hop } = await loopbackScript(n);
  const el = await fixture<SoliplexChat>(html`<soliplex-chat style="height: 400px" agent-url=${agentUrl} thread=${`loop-${n}-${rep}`} .toolRegistry=${new ToolRegistry(tools(n))}></soliplex-chat>`);
  try {
    const finishedEvent = new Promise<Event>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('go');
    const event = (await finishedEvent) as Event & { outcome?: string };
    if (event.outcome !== 'success') throw new Error(`widget: turn ended ${event.outcome}`);
    return hop();
  } finally {
    el.remove();
  }
}

describe('benchmark: tool hop, RUN_FINISHED → continuation request', () => {
  it('reports the hop for 1, 5 and 20 instant tools, widget vs raw', async function () {
    this.timeout(600_000);
    const rows: string[][] = [];
    // A first turn loads the lazy transport, so no run below pays for it.
    await widget(1, -1);
    for (const n of CALLS) {
      const { raws, widgets } = await interleaved(REPS, () => raw(n), (rep) => widget(n, rep), 20);
      const r = summarize(raws);
      const w = summarize(widgets);
      rows.push([`${n} tool${n > 1 ? 's' : ''}`, fmt(r, 2), fmt(w, 2), ratio(w, r)]);
    }
    const loopRows: string[][] = [];
    for (const n of CALLS) {
      const { raws, widgets } = await interleaved(REPS, () => rawLoopback(n), (rep) => widgetLoopback(n, rep), 20);
      const r = summarize(raws);
      const w = summarize(widgets);
      loopRows.push([`${n} tool${n > 1 ? 's' : ''}`, fmt(r, 2), fmt(w, 2), ratio(w, r)]);
    }
    await report(
      'tool-hop',
      3,
      `## Tool hop: RUN_FINISHED → continuation request (${REPS} runs)

An in-page SSE stream sends N tool calls of instant client tools, then \`RUN_FINISHED\`; the time is from
that frame being enqueued to the continuation's \`fetch\`. Raw: a minimal loop that reads the SSE, runs the
tools and posts the transcript with the results.

${table(['tools', 'raw, ms', 'soliplex-chat, ms', 'ratio'], rows)}

Over real loopback HTTP, on the demo server's clock: from writing \`RUN_FINISHED\` to the continuation
request arriving (how the issue measured its raw floor). Both paths pay the same socket costs:

${table(['tools', 'raw, ms', 'soliplex-chat, ms', 'ratio'], loopRows)}`,
    );
  });
});

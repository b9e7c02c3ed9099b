// A real agent framework on loopback for the interop tests: a Mastra agent whose model is the AI
// SDK's mock language model (scripted, offline), served as AG-UI over SSE through @ag-ui/mastra's
// MastraAgent and @ag-ui/encoder. Dev-only: nothing here is part of the widget's bundle.
import http from 'node:http';
import { Agent } from '@mastra/core/agent';
import { MastraAgent } from '@ag-ui/mastra';
import { EventEncoder } from '@ag-ui/encoder';
import { MockLanguageModelV3 } from 'ai/test';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A streamed text answer, in several deltas so the widget sees it stream. */
function textParts(text) {
  const words = text.split(/(?<= )/);
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...words.map((delta) => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ];
}

/** The model calls a tool (one the client declared in the run's tools) and stops. */
function toolCallParts(toolCallId, toolName, input) {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ];
}

function stream(parts) {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** Text of the last user message of a model prompt. */
function lastUserText(prompt) {
  const user = prompt.findLast((m) => m.role === 'user');
  if (!user) return '';
  return typeof user.content === 'string' ? user.content : user.content.filter((p) => p.type === 'text').map((p) => p.text).join('');
}

/**
 * The script: after a tool result, answer with it; when asked for a secret and the page offers
 * `get_secret_number`, call it; otherwise greet. Every call's prompt and tools are recorded.
 */
function scriptedModel(record) {
  return new MockLanguageModelV3({
    provider: 'interop',
    modelId: 'scripted',
    doStream: async (options) => {
      const prompt = options.prompt;
      const tools = (options.tools ?? []).map((t) => t.name);
      record({ prompt, tools });
      const last = prompt.at(-1);
      if (last?.role === 'tool') {
        const result = last.content.find((p) => p.type === 'tool-result');
        const output = result?.output;
        const value = output && 'value' in output ? output.value : output;
        return { stream: stream(textParts(`The secret number is ${typeof value === 'string' ? value : JSON.stringify(value)}.`)) };
      }
      if (/secret/i.test(lastUserText(prompt)) && tools.includes('get_secret_number')) {
        return { stream: stream(toolCallParts(`call-${Math.random().toString(36).slice(2, 10)}`, 'get_secret_number', { user: 'alice' })) };
      }
      return { stream: stream(textParts('Hello from a Mastra agent. I stream my answers.')) };
    },
  });
}

/**
 * Starts the server. `POST /agent` runs one AG-UI run (`RunAgentInput` in, SSE out); `GET
 * /calls?thread=ID` lists what the model was given in that thread's runs (prompt and tool names).
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startMastraServer({ port = 0 } = {}) {
  /** @type {Array<{ threadId: string, prompt: unknown[], tools: string[] }>} */
  const calls = [];
  const encoder = new EventEncoder();
  const server = http.createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && url.pathname === '/calls') {
      const thread = url.searchParams.get('thread');
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(calls.filter((c) => c.threadId === thread)));
    }
    if (req.method !== 'POST' || url.pathname !== '/agent') return void res.writeHead(404).end();
    let body = '';
    for await (const chunk of req) body += chunk;
    const input = JSON.parse(body);
    const threadId = String(input.threadId);
    // One Mastra agent per run, its model recording under the run's thread (test files run at once).
    const agent = new Agent({
      id: 'interop',
      name: 'interop',
      instructions: 'You answer briefly.',
      model: scriptedModel((call) => calls.push({ threadId, ...call })),
    });
    res.writeHead(200, { 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-cache' });
    const adapter = new MastraAgent({ agent, resourceId: 'interop', threadId });
    adapter.run(input).subscribe({
      next: (event) => res.write(encoder.encode(event)),
      error: (error) => {
        res.write(encoder.encode({ type: 'RUN_ERROR', message: String(error?.message ?? error) }));
        res.end();
      },
      complete: () => res.end(),
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

import { expect, fixture, html } from '@open-wc/testing';
import { HttpAgent } from '@ag-ui/client';
import { z } from 'zod';
import { ToolRegistry, type SoliplexChat, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQueryAll, settled, waitFor } from '../elements/chat-fixture.js';

/**
 * Interop with a real agent framework, offline: a Mastra agent (`@mastra/core`) whose model is the AI
 * SDK's mock language model, served as AG-UI over SSE by `@ag-ui/mastra` and `@ag-ui/encoder`
 * (test/interop/mastra-server.mjs, which the test runner starts on the first request for `/__mastra-server`). The widget talks to it as to any
 * AG-UI endpoint (`agent-url`), and through the `agent` property (an @ag-ui/client `HttpAgent`).
 */
let mastra = '';

type ModelCall = { prompt: Array<{ role: string; content: unknown }>; tools: string[] };
const modelCalls = async (thread: string): Promise<ModelCall[]> => (await fetch(`${mastra}/calls?thread=${encodeURIComponent(thread)}`)).json();

function secretTools(seen: Array<{ user: string }>) {
  return new ToolRegistry([
    {
      name: 'get_secret_number',
      description: 'The secret number of a user',
      parameters: z.object({ user: z.string() }),
      execute: (args: { user: string }) => (seen.push(args), args.user === 'alice' ? 42 : 0),
    },
  ]);
}

function nextFinish(el: SoliplexChat) {
  return new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
}

const answers = (el: SoliplexChat) => deepQueryAll(el, '[part~="assistant-message"]').map((m) => m.textContent ?? '');

describe('interop: a Mastra agent through @ag-ui/mastra', () => {
  before(async function () {
    this.timeout(60_000); // the test runner loads Mastra on this first request
    mastra = ((await (await fetch('/__mastra-server')).json()) as { url: string }).url;
  });

  it('streams a text answer into the transcript', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url="${mastra}/agent" agui-events></soliplex-chat>`);
    const deltas: string[] = [];
    el.addEventListener('soliplex-agui-event', (e) => {
      const event = e.event as { type: string; delta?: string };
      if (event.type === 'TEXT_MESSAGE_CHUNK' || event.type === 'TEXT_MESSAGE_CONTENT') deltas.push(event.delta ?? '');
    });
    const end = nextFinish(el);
    expect(el.send('Hello?')).to.equal(true);
    expect((await end).outcome).to.equal('success');
    await settled(el);

    // The framework streamed the answer in pieces, and the widget put them together.
    expect(deltas.length).to.be.greaterThan(1);
    expect(answers(el).at(-1)).to.contain('Hello from a Mastra agent. I stream my answers.');
    const calls = await modelCalls(el.thread);
    expect(calls).to.have.length(1);
    expect(calls[0]!.prompt.at(-1)).to.deep.include({ role: 'user' });
    expect(JSON.stringify(calls[0]!.prompt.at(-1))).to.contain('Hello?');
  });

  it('runs a client tool the model calls, and the continuation brings its result to the model', async () => {
    const seen: Array<{ user: string }> = [];
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url="${mastra}/agent" .toolRegistry=${secretTools(seen)}></soliplex-chat>`);
    const end = nextFinish(el);
    el.send("What is alice's secret number?");
    expect((await end).outcome).to.equal('success');
    await settled(el);

    // The model's call reached the page's tool with its arguments, once.
    expect(seen).to.deep.equal([{ user: 'alice' }]);
    // The card renders from the list's extras and its own chunk, loaded with the first call.
    await waitFor(el, '[part~="tool-card"]');
    expect(deepQueryAll(el, '[part~="tool-card"]')).to.have.length(1);
    expect(answers(el).at(-1)).to.contain('The secret number is 42.');
    // Two model calls: the first offered the page's tool; the second got the call and its result.
    const calls = await modelCalls(el.thread);
    expect(calls).to.have.length(2);
    expect(calls[0]!.tools).to.deep.equal(['get_secret_number']);
    expect(calls[1]!.tools).to.deep.equal(['get_secret_number']);
    const [assistant, tool] = calls[1]!.prompt.slice(-2) as [{ role: string; content: Array<Record<string, unknown>> }, { role: string; content: Array<Record<string, unknown>> }];
    expect(assistant.role).to.equal('assistant');
    expect(assistant.content[0]).to.include({ type: 'tool-call', toolName: 'get_secret_number' });
    expect(tool.role).to.equal('tool');
    expect(tool.content[0]).to.include({ type: 'tool-result', toolName: 'get_secret_number' });
    expect(tool.content[0]!['output']).to.deep.equal({ type: 'text', value: '42' });
  });

  it('runs the same loop through the agent property (an @ag-ui/client HttpAgent)', async () => {
    const seen: Array<{ user: string }> = [];
    const agent = new HttpAgent({ url: `${mastra}/agent` });
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .agent=${agent} .toolRegistry=${secretTools(seen)}></soliplex-chat>`);
    const end = nextFinish(el);
    el.send("What is alice's secret number?");
    expect((await end).outcome).to.equal('success');
    await settled(el);

    expect(seen).to.deep.equal([{ user: 'alice' }]);
    expect(answers(el).at(-1)).to.contain('The secret number is 42.');
    const calls = await modelCalls(el.thread);
    expect(calls).to.have.length(2);
    expect(calls[1]!.prompt.at(-1)).to.deep.include({ role: 'tool' });
  });
});

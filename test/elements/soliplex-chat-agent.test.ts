import { expect, fixture, html } from '@open-wc/testing';
import { HttpAgent } from '@ag-ui/client';
import { z } from 'zod';
import { ToolRegistry, type SoliplexChat, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQueryAll, settled, waitFor } from './chat-fixture.js';
import { toolCall } from '../helpers/agui-events.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

type Body = { threadId: string; runId: string; messages: { role: string; content?: string; toolCallId?: string }[]; tools: { name: string }[] };

/** The `agent` property: any @ag-ui/client AbstractAgent (here an HttpAgent) runs the chat's turns. */
describe('<soliplex-chat> with an AG-UI agent', () => {
  it('runs the client-tool loop through an HttpAgent against the real server', async () => {
    const { agentUrl, requests } = await script<Body>([
      [started, ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'), finished],
      [started, ...say('a2', "Alice's secret number is 42."), finished],
    ]);
    let executions = 0;
    const tools = new ToolRegistry([
      {
        name: 'get_secret_number',
        description: 'The secret number of a person',
        parameters: z.object({ name: z.string() }),
        execute: ({ name }: { name: string }) => (executions++, name === 'alice' ? 42 : 0),
      },
    ]);
    const agent = new HttpAgent({ url: agentUrl, headers: { Authorization: 'Bearer agent-token' } });
    // agent-url points nowhere: the agent takes precedence over it.
    const el = await fixture<SoliplexChat>(
      html`<soliplex-chat agent-url="http://127.0.0.1:9/unused" .agent=${agent} .toolRegistry=${tools}></soliplex-chat>`,
    );
    const end = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    expect(el.send("What is alice's secret number?")).to.equal(true);
    expect((await end).outcome).to.equal('success');
    await settled(el);

    expect(executions).to.equal(1);
    const recorded = await requests();
    expect(recorded).to.have.length(2);
    const [first, second] = recorded as [{ body: Body; headers: Record<string, string> }, { body: Body }];
    expect(first.headers['authorization']).to.equal('Bearer agent-token');
    expect(first.body.threadId).to.equal(el.thread);
    expect(second.body.threadId).to.equal(el.thread);
    expect(second.body.runId).to.not.equal(first.body.runId);
    expect(second.body.tools.map((t) => t.name)).to.deep.equal(['get_secret_number']);
    expect(second.body.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool']);
    expect(second.body.messages[2]).to.include({ toolCallId: 'c1', content: '42' });
    expect(deepQueryAll(el, '[part~="assistant-message"]').at(-1)!.textContent).to.contain("Alice's secret number is 42.");
    // The card renders from the list's extras and its own chunk, loaded with the first call.
    await waitFor(el, '[part~="tool-card"]');
  });

  it('interrupts through an HttpAgent: client tools run, the resume run carries every entry and protocolVersion', async () => {
    const { agentUrl, requests } = await script<Body & { resume?: unknown[]; protocolVersion?: string }>([
      [
        started,
        ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'),
        { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [{ id: 'confirm', reason: 'confirmation', message: 'Share it?' }] } },
      ],
      [started, ...say('a2', 'Shared.'), finished],
    ]);
    const tools = new ToolRegistry([
      { name: 'get_secret_number', description: 'n', parameters: z.object({ name: z.string() }), execute: () => 42 },
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .agent=${new HttpAgent({ url: agentUrl })} .toolRegistry=${tools}></soliplex-chat>`);
    const end = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('share the number');
    await new Promise<void>((resolve) => el.addEventListener('soliplex-interrupt', () => resolve(), { once: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(el.answerInterrupt('confirm', { ok: true })).to.equal(true);
    expect((await end).outcome).to.equal('success');
    const recorded = await requests();
    expect(recorded).to.have.length(2);
    expect(recorded.map((r) => r.body.protocolVersion)).to.deep.equal(['1.0', '1.0']);
    expect(recorded[1]!.body.resume).to.deep.equal([{ interruptId: 'confirm', status: 'resolved', payload: { ok: true } }]);
    expect(recorded[1]!.body.messages.find((m) => m.role === 'tool')).to.include({ toolCallId: 'c1', content: '42' });
  });
});

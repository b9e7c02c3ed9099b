import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, createAgUiHttpTransport, type SoliplexChat, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { runFinished, runStarted, scriptedFetch, text, toolCall, until } from '../../src/testing/index.js';

// The kit as an integrator uses it: a chat on a scripted endpoint, a page tool, assertions on what
// the widget sent.
describe('soliplex-chat/testing', () => {
  it('answers the widget over the real HTTP/SSE path and records what it sent', async () => {
    const agent = scriptedFetch([
      [runStarted(), ...toolCall('c1', 'get_time', { zone: 'UTC' }, 'a1'), runFinished()],
      (input) => [runStarted(), ...text('a2', `It is ${String(input.messages.at(-1)?.content)}.`), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: 'https://agent.test/run', fetch: agent.fetch }) });
    const tools = new ToolRegistry([
      { name: 'get_time', description: 'The time', parameters: { type: 'object', properties: { zone: { type: 'string' } } }, execute: ({ zone }: { zone: string }) => `noon ${zone}` },
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat .engine=${engine} .toolRegistry=${tools} thread="t1"></soliplex-chat>`);
    const finished: SoliplexRunFinishedEvent[] = [];
    el.addEventListener('soliplex-run-finished', (e) => finished.push(e));
    el.send('What time is it?');
    await until(() => finished.length > 0);

    expect(finished[0]!.outcome).to.equal('success');
    expect(agent.requests).to.have.length(2);
    expect(agent.requests[0]!.tools.map((t) => t.name)).to.deep.equal(['get_time']);
    expect(agent.requests[0]!.messages.map((m) => m.role)).to.deep.equal(['user']);
    const toolMessage = agent.requests[1]!.messages.find((m) => m.role === 'tool');
    expect(toolMessage).to.include({ toolCallId: 'c1', content: 'noon UTC' });
    engine.dispose();
  });
});

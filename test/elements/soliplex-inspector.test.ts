import { expect, fixture, html } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, type ClientTool, type SoliplexChat } from '../../src/index.js';
import '../../src/inspector.js';
import type { SoliplexInspector } from '../../src/inspector.js';
import { replayRecording } from '../../src/testing/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';
import { settled, until } from './chat-fixture.js';

let executions = 0;
const lookup: ClientTool = {
  name: 'lookup',
  description: 'Looks a name up',
  parameters: { type: 'object', properties: { name: { type: 'string' } } },
  execute: ({ name }: { name: string }) => (executions++, `${name} is 42`),
};
const runs: ScriptedRun[] = [
  [runStarted('r1'), ...text('a1', 'Looking.'), ...toolCall('c1', 'lookup', { name: 'alice' }, 'a1'), runFinished()],
  (request) => [runStarted('r2'), ...text('a2', `Found: ${request.messages.find((m) => m.role === 'tool')?.content}`), runFinished()],
];

describe('<soliplex-inspector>', () => {
  it("shows a chat's runs (request redacted), events, state after an event and tool executions, and its recording replays", async () => {
    const transport = new ScriptedTransport(runs);
    const engine = new RunOrchestrator({ transport, forwardedProps: { apiKey: 'sk-secret', room: 'x' } });
    const root = await fixture<HTMLElement>(html`<div>
      <soliplex-chat .engine=${engine} .toolRegistry=${new ToolRegistry([lookup])} thread="t1"></soliplex-chat>
      <soliplex-inspector></soliplex-inspector>
    </div>`);
    const chat = root.querySelector('soliplex-chat') as SoliplexChat;
    const inspector = root.querySelector('soliplex-inspector') as SoliplexInspector;
    inspector.chat = chat;
    await inspector.updateComplete;
    const finished: Event[] = [];
    chat.addEventListener('soliplex-run-finished', (e) => finished.push(e));
    chat.send('Who is alice?');
    await until(() => finished.length === 1);
    await settled(chat);
    await inspector.updateComplete;

    const shadow = inspector.shadowRoot!;
    expect([...shadow.querySelectorAll('summary')].map((s) => s.textContent!.trim())).to.deep.equal([
      'Run 1 · thread t1 · 10 events',
      'Run 2 · thread t1 · 6 events',
    ]);
    const request = shadow.querySelector('details pre')!.textContent!;
    expect(request).to.contain('"apiKey": "[redacted]"').and.contain('Who is alice?').and.not.contain('sk-secret');
    const events = [...shadow.querySelectorAll('details')[0]!.querySelectorAll<HTMLButtonElement>('button.event')];
    expect(events.map((b) => b.textContent!.replace(/\+\d+ ms /, '').trim())).to.deep.equal([
      'RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END',
      'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'RUN_FINISHED',
    ]);
    events[2]!.click();
    await inspector.updateComplete;
    const state = shadow.querySelector('pre.state')!.textContent!;
    expect(state).to.contain('"text": "Look"').and.not.contain('Looking.');
    const row = shadow.querySelector('tr.tool')!.textContent!;
    expect(row).to.contain('lookup').and.contain('"name": "alice"').and.contain('completed').and.contain('alice is 42');
    await expect(inspector).to.be.accessible();

    // The recording plays back against a fresh engine with the same tools: the tool really runs again.
    const recording = JSON.parse(JSON.stringify(inspector.recording()));
    executions = 0;
    const replay = replayRecording(recording, { toolRegistry: new ToolRegistry([lookup]) });
    const key = { server: 'replay', room: '', thread: 't1' };
    expect(await replay.engine.send(key, 'Who is alice?')).to.equal('success');
    expect(executions).to.equal(1);
    expect(replay.transport.requests).to.have.length(2);
    const answer = replay.engine.snapshot(key).conversation.messages.at(-1);
    expect(answer?.role === 'assistant' && answer.text).to.equal('Found: alice is 42');
  });
});

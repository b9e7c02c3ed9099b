import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
// Not through the core's index (the CDN's chat imports modules one by one).
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { AgUiHttpTransport } from '../../src/core/transport/agui-http-transport.js';
import type { EngineEvent } from '../../src/core/tool-loop/engine-events.js';
import type { ThreadKey } from '../../src/core/tool-loop/run-state.js';
import { finished, say, script, started, type RecordedRequest } from '../helpers/agui-server.js';

/**
 * The rest of a hop after a run that called a tool (tool-hop.ts) loads with the tool machinery. A page
 * without tools never loads it at a run's start: here the agent calls a tool anyway, so the hop loads
 * it then, answers the call (the tool is not there) and sends the continuation. A page of its own.
 */
type Recorded = RecordedRequest<{ messages: (Message & { toolCallId?: string; content?: unknown })[] }>;
const callEvents = (id: string, name: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
  { type: 'TOOL_CALL_END', toolCallId: id },
];
const loaded = (path: string) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(path));

describe('a hop with calls, on a page without tools', () => {
  it('loads the tool machinery then, answers the call and goes on to the answer', async () => {
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'weather'), finished],
      [started, ...say('a2', 'No weather tool, sorry.'), finished],
    ]);
    const engine = new RunOrchestrator({ transport: new AgUiHttpTransport({ url: agentUrl }) });
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'hop-lazy' };
    const events: EngineEvent[] = [];
    engine.on((e) => events.push(e));
    expect(loaded('/tool-loop/tool-hop'), 'not before a call').to.equal(false);

    expect(await engine.send(key, 'Weather?')).to.equal('success');
    expect(loaded('/tool-loop/tool-hop')).to.equal(true);
    const call = engine.snapshot(key).conversation.toolCalls['c1']!;
    expect(call.status).to.equal('failed');
    expect(events.filter((e) => e.type === 'tool-planned' || e.type === 'tool-result').map((e) => e.type)).to.deep.equal(['tool-planned', 'tool-result']);
    expect(events.some((e) => e.type === 'run-continued'), 'the continuation').to.equal(true);
    const sent = (await requests()) as Recorded[];
    expect(sent).to.have.length(2);
    expect(sent[1]!.body.messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId), 'the call answered in the continuation').to.deep.equal(['c1']);
    const last = engine.snapshot(key).conversation.messages.at(-1) as { text?: string };
    expect(last.text).to.equal('No weather tool, sorry.');
  });

  it('fails the turn at the depth limit instead of running the calls', async () => {
    const { agentUrl, requests } = await script([[started, ...callEvents('d1', 'weather'), finished]]);
    const engine = new RunOrchestrator({ transport: new AgUiHttpTransport({ url: agentUrl }), maxDepth: 0 });
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'hop-depth' };
    expect(await engine.send(key, 'Weather?')).to.equal('failed');
    const { run } = engine.snapshot(key);
    expect(run.status === 'failed' && run.error.kind).to.equal('depth-limit');
    expect(await requests()).to.have.length(1);
  });
});

import { expect } from '@open-wc/testing';
import type { BaseEvent, Message } from '@ag-ui/core';
import { RunOrchestrator, SoliplexApi, SoliplexTransport, ToolRegistry, type ClientTool, type ThreadKey } from '../../src/core/index.js';
import { toolCall } from '../helpers/agui-events.js';
import { finished, say, script, server, started, type RecordedRequest } from '../helpers/agui-server.js';

// Requests as the real Soliplex server takes them, through the demo server's Soliplex API.

type Recorded = RecordedRequest<{ threadId: string; runId: string; messages: Message[] }>;

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const chart: ClientTool<{ city: string }> = {
  name: 'chart_weather',
  description: 'Charts the weather of a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => ({
    content: [
      { type: 'text', text: `Weather in ${city}:` },
      { type: 'json', value: { city, highs: [21, 23] } },
      { type: 'binary', mimeType: 'image/png', data: PNG, filename: 'weather.png' },
    ],
  }),
};

async function setup(room: string, tools: ClientTool[] = [], registry = new ToolRegistry(tools)) {
  const transport = new SoliplexTransport({ serverUrl: server, room, resumeDelayMs: 20 });
  const engine = new RunOrchestrator({ transport, toolRegistry: registry });
  const key: ThreadKey = await engine.createThread(server, room);
  return { transport, engine, key };
}

describe('Soliplex requests the real server accepts (demo server)', () => {
  it('a client tool with a structured result: the continuation carries it as text, and the turn completes', async () => {
    const { room, requests } = await script([
      [started, ...toolCall('c1', 'chart_weather', { city: 'Oslo' }, 'a1'), finished],
      [started, ...say('a2', 'Oslo will be mild.'), finished],
    ]);
    // The engine sends parts (the page says so); the Soliplex transport makes them text.
    const { engine, key } = await setup(room, [], new ToolRegistry([chart as ClientTool]).withSettings({ resultContent: 'parts' }));
    expect(await engine.send(key, 'Chart the weather in Oslo')).to.equal('success');
    const messages = engine.snapshot(key).conversation.messages;
    expect((messages.at(-1) as { text: string }).text).to.equal('Oslo will be mild.');

    const recorded = (await requests()) as Recorded[];
    expect(recorded).to.have.length(2);
    const tool = recorded[1]!.body.messages.find((m) => m.role === 'tool')!;
    expect(tool.content).to.be.a('string');
    const lines = (tool.content as string).split('\n');
    expect(lines[0]).to.equal('Weather in Oslo:');
    expect(JSON.parse(lines[1]!)).to.deep.equal({ city: 'Oslo', highs: [21, 23] });
    expect(lines[2]).to.contain('image "weather.png" (image/png)');
    expect(tool.content).not.to.contain(PNG.slice(0, 24));
    expect(recorded.every((r) => r.path!.endsWith(`/agui/${r.body.threadId}/${r.body.runId}`))).to.equal(true);
  });

  it('a message with attachments fails with a clear message before any run request, in a room without attachments', async () => {
    const { room, requests } = await script([[started, ...say('a1', 'never'), finished]]);
    const { engine, key } = await setup(room);
    const parts = [{ type: 'document' as const, source: { type: 'data' as const, value: 'JVBERi0=', mimeType: 'application/pdf' }, metadata: { filename: 'spec.pdf' } }];
    expect(await engine.send(key, { text: 'Read this', parts })).to.equal('failed');
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error.message).to.contain('does not accept attachments');
    expect(await requests()).to.have.length(0);
    // The conversation is kept: the user's message is still there.
    expect(engine.snapshot(key).conversation.messages.map((m) => m.role)).to.deep.equal(['user']);
  });

  it('renaming a thread keeps its description', async () => {
    const { room } = await script([]);
    const { transport, key } = await setup(room);
    const signal = new AbortController().signal;
    await new SoliplexApi(transport.options).updateThreadMetadata(room, key.thread, { name: 'Trip', description: 'Planning the Oslo trip' }, signal);
    await transport.renameThread(key.thread, 'Oslo trip', signal);
    const thread = await transport.api.getThread(room, key.thread, signal);
    expect(thread.metadata).to.deep.include({ name: 'Oslo trip', description: 'Planning the Oslo trip' });
  });

  it('a run that never finishes on the server ends after the bounded wait, keeps the conversation, and Retry works', async () => {
    const { room } = await script([[started, ...say('a1', 'Partial'), { $hang: true }], [started, ...say('a2', 'Complete answer.'), finished]]);
    const transport = new SoliplexTransport({ serverUrl: server, room, maxEventWaitMs: 400 });
    const engine = new RunOrchestrator({ transport });
    const key: ThreadKey = await engine.createThread(server, room);
    expect(await engine.send(key, 'hello')).to.equal('failed');
    const run = engine.snapshot(key).run;
    expect(run.status === 'failed' && run.error.kind).to.equal('stream-ended');
    expect(run.status === 'failed' && run.error.message).to.contain('sent nothing new for 400 ms');
    const texts = () => engine.snapshot(key).conversation.messages.map((m) => (m as { text: string }).text);
    expect(texts()).to.deep.equal(['hello', 'Partial']);
    expect(await engine.retry(key)).to.equal('success');
    expect(texts().at(-1)).to.equal('Complete answer.');
  });

  it('attachRun follows a run left mid-answer from its first event to its end', async () => {
    const { room } = await script([[started, ...say('a1', 'First part.'), { $delay: 150 }, ...say('a2', 'Second part.'), { $delay: 150 }, finished]]);
    const transport = new SoliplexTransport({ serverUrl: server, room });
    const { threadId } = await transport.createThread(new AbortController().signal);
    // The page that started the run is left after its first event.
    const leaving = new AbortController();
    const { runId } = await transport.run(
      { threadId, runId: 'client', messages: [{ id: 'u1', role: 'user', content: 'Hi' }], tools: [], state: {}, signal: leaving.signal },
      () => leaving.abort(),
    );
    // A new page joins the run while the server still runs it.
    const events: BaseEvent[] = [];
    await new SoliplexTransport({ serverUrl: server, room }).attachRun(threadId, runId, new AbortController().signal, (event) => events.push(event));
    expect(events.map((e) => e.type)).to.deep.equal([
      'RUN_STARTED',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'STATE_SNAPSHOT', // Soliplex's final state, before RUN_FINISHED
      'RUN_FINISHED',
    ]);
    expect(events.filter((e) => e.type === 'TEXT_MESSAGE_CONTENT').map((e) => (e as unknown as { delta: string }).delta)).to.deep.equal(['First part.', 'Second part.']);
  });
});

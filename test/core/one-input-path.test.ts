import { expect } from '@open-wc/testing';
import { AbstractAgent, HttpAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import {
  RunOrchestrator,
  SoliplexTransport,
  ToolRegistry,
  createAgUiHttpTransport,
  createAgentTransport,
  type ClientTool,
  type Conversation,
  type ThreadKey,
  type Transport,
  type TurnOutcome,
} from '../../src/core/index.js';
import { toolCall } from '../helpers/agui-events.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * One input path (issue 22, item 3): the same event sequence, served by the real demo server, gives the
 * same result through the generic endpoint, an `agent` (@ag-ui/client's HttpAgent) and a Soliplex room,
 * live and replayed from a stored history; and every transport sends the same run input.
 */

const lookup: ClientTool<{ q: number }> = {
  name: 'lookup',
  description: 'Looks a number up',
  parameters: { type: 'object', properties: { q: { type: 'number' } }, required: ['q'] },
  execute: ({ q }) => q * 10,
};

type Body = { messages: { role: string }[] };
type Path = 'generic' | 'agent' | 'soliplex';
const paths: readonly Path[] = ['generic', 'agent', 'soliplex'];

/** What a person sees of a conversation, ids left out (a translated THINKING_* message gets a fresh id). */
function seen(conversation: Conversation) {
  return {
    messages: conversation.messages.map((m) =>
      m.role === 'user' || m.role === 'assistant' || m.role === 'reasoning' ? `${m.role}: ${m.text}` : m.role,
    ),
    calls: Object.values(conversation.toolCalls).map((c) => `${c.name} ${c.argsText} ${c.status} ${c.result ?? ''}`),
  };
}

/** Runs one user turn of `runs` (a script of its own) through `path`; returns what it ended with and the requests the server got. */
async function turnThrough(path: Path, runs: object[][]) {
  const { agentUrl, room, requests } = await script<Body>(runs);
  const transport: Transport =
    path === 'generic'
      ? createAgUiHttpTransport({ url: agentUrl })
      : path === 'agent'
        ? createAgentTransport(new HttpAgent({ url: agentUrl }))
        : new SoliplexTransport({ serverUrl: server, room });
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([lookup]) });
  const key: ThreadKey = path === 'soliplex' ? await engine.createThread(server, room) : { server: agentUrl, room: '', thread: `t-${path}` };
  const outcome: TurnOutcome = await engine.send(key, 'go');
  const { run, conversation } = engine.snapshot(key);
  return { outcome, failure: run.status === 'failed' ? run.error : undefined, seen: seen(conversation), engine, key, room, requests };
}

const chunked = [
  [
    started,
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'Let me ' },
    { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'look.' },
    { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: 'm1', delta: '{"q":' },
    { type: 'TOOL_CALL_CHUNK', toolCallId: 'c1', delta: '4}' },
    finished,
  ],
  [started, ...say('m2', 'It is 40.'), finished],
];

const thinking = [
  [
    started,
    { type: 'THINKING_START' },
    { type: 'THINKING_TEXT_MESSAGE_START' },
    { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: 'Pondering.' },
    { type: 'THINKING_TEXT_MESSAGE_END' },
    { type: 'THINKING_END' },
    ...say('m1', 'Thought it through.'),
    finished,
  ],
];

/** Content for a message no TEXT_MESSAGE_START opened: a stream this client cannot follow. */
const unopened = [[started, ...say('m1', 'Fine so far.'), { type: 'TEXT_MESSAGE_CONTENT', messageId: 'ghost', delta: 'boo' }, finished]];

describe('one input path: every transport\'s events are verified, expanded and translated the same way', () => {
  it('*_CHUNK events: the same answer, call and continuation through the generic endpoint, an agent and Soliplex', async () => {
    const results = await Promise.all(paths.map((path) => turnThrough(path, chunked)));
    for (const result of results) expect(result.outcome).to.equal('success');
    const [generic, ...others] = results.map((r) => r.seen);
    expect(generic).to.deep.equal({
      messages: ['user: go', 'assistant: Let me look.', 'assistant: It is 40.'],
      calls: ['lookup {"q":4} completed 40'],
    });
    for (const other of others) expect(other).to.deep.equal(generic);
  });

  it('retired THINKING_* events become reasoning through every transport', async () => {
    const results = await Promise.all(paths.map((path) => turnThrough(path, thinking)));
    for (const [i, result] of results.entries()) {
      expect(result.outcome, paths[i]).to.equal('success');
      expect(result.seen.messages, paths[i]).to.deep.equal(['user: go', 'reasoning: Pondering.', 'assistant: Thought it through.']);
    }
  });

  it('a stream that breaks the protocol fails the turn as a protocol failure through every transport, what came before kept', async () => {
    const results = await Promise.all(paths.map((path) => turnThrough(path, unopened)));
    for (const [i, result] of results.entries()) {
      expect(result.outcome, paths[i]).to.equal('failed');
      expect(result.failure?.kind, paths[i]).to.equal('protocol');
    }
    // @ag-ui/client checks an agent's stream itself first, and rejects the run before applying what preceded the break.
    const [generic, agent, soliplex] = results;
    expect(agent!.seen.messages).to.deep.equal(['user: go']);
    for (const result of [generic!, soliplex!]) expect(result.seen.messages).to.deep.equal(['user: go', 'assistant: Fine so far.']);
    // The widget's own checks word it the same for the generic endpoint and Soliplex (the agent's client words its own).
    expect(soliplex!.failure!.message).to.equal(generic!.failure!.message);
    expect(generic!.failure!.message).to.contain("'TEXT_MESSAGE_CONTENT' for text message 'ghost'");
  });

  it('a stored Soliplex history replays through the same checks as the live stream', async () => {
    for (const runs of [chunked, thinking, unopened]) {
      const live = await turnThrough('soliplex', runs);
      const reader = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room: live.room }), toolRegistry: new ToolRegistry([lookup]) });
      expect(await reader.loadThread(live.key)).to.equal(true);
      const replayed = seen(reader.snapshot(live.key).conversation);
      // A failed live turn's open call (none here) and its failure state are the live engine's own: the transcript is the same.
      expect(replayed.messages).to.deep.equal(live.seen.messages);
      expect(replayed.calls).to.deep.equal(live.seen.calls);
      if (runs === thinking) expect(replayed.messages).to.include('reasoning: Pondering.');
    }
  });

  it('one run input: activity messages go to no server, whatever the transport', async () => {
    const runs = [
      [
        started,
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'act1', activityType: 'progress', content: { done: 1 } },
        ...toolCall('c1', 'lookup', { q: 1 }, 'm1'),
        finished,
      ],
      [started, ...say('m2', 'It is 10.'), finished],
    ];
    for (const path of paths) {
      const result = await turnThrough(path, runs);
      expect(result.outcome, path).to.equal('success');
      expect(result.seen.messages, path).to.include('activity'); // shown in the chat…
      const recorded = await result.requests();
      expect(recorded, path).to.have.length(2);
      // …but not sent back: the continuation carries the transcript without it.
      expect(recorded[1]!.body.messages.map((m) => m.role), path).to.deep.equal(['user', 'assistant', 'tool']);
    }
  });

  it('an agent of the page gets the same input: no activity messages in what it is given to run', async () => {
    /** An integration's agent: it runs whatever input @ag-ui/client prepares from what the transport set on it. */
    class RecordingAgent extends AbstractAgent {
      readonly inputs: RunAgentInput[] = [];
      override run(input: RunAgentInput): Observable<BaseEvent> {
        this.inputs.push(input);
        const ids = { threadId: input.threadId, runId: input.runId };
        const first = this.inputs.length === 1;
        const events = [
          { type: EventType.RUN_STARTED, ...ids },
          ...(first
            ? [{ type: EventType.ACTIVITY_SNAPSHOT, messageId: 'act1', activityType: 'progress', content: { done: 1 } }, ...toolCall('c1', 'lookup', { q: 1 }, 'm1')]
            : say('m2', 'It is 10.')),
          { type: EventType.RUN_FINISHED, ...ids },
        ] as BaseEvent[];
        return new Observable<BaseEvent>((subscriber) => {
          for (const event of events) subscriber.next(event);
          subscriber.complete();
        });
      }
    }
    const agent = new RecordingAgent();
    const engine = new RunOrchestrator({ transport: createAgentTransport(agent), toolRegistry: new ToolRegistry([lookup]) });
    const key: ThreadKey = { server: 'agent', room: '', thread: 't-recording' };
    expect(await engine.send(key, 'go')).to.equal('success');
    expect(engine.snapshot(key).conversation.messages.map((m) => m.role)).to.include('activity');
    expect(agent.inputs).to.have.length(2);
    expect(agent.inputs[1]!.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool']);
  });
});

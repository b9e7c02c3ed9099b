import { expect } from '@open-wc/testing';
import {
  RunOrchestrator,
  SoliplexTransport,
  ToolRegistry,
  createAgUiHttpTransport,
  type AssistantMessage,
  type Conversation,
  type ThreadKey,
  type Transport,
  type UserMessage,
} from '../../src/core/index.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * AG-UI 1.1's processing rules (spec/1.1/basic/processing, versioning, metadata, events/*), one
 * fixture each, modelled on the spec's own conformance streams: the stream is served verbatim by the
 * real demo server and read by the widget's engine through the real HTTP transport (and Soliplex
 * where a rule concerns what goes back to a Python server). Each asserts what the application can
 * observe: the turn's outcome and failure, the conversation, the events the engine hands on
 * (`agui-event`), the console warnings and the requests the server received.
 */

type Body = { protocolVersion?: string; state?: unknown; messages: { id: string; role: string; content?: unknown; metadata?: unknown; toolCalls?: { id: string; metadata?: unknown }[] }[] };
type Delivered = Record<string, unknown> & { type: string };

/** Runs one send per entry of `runs` (each a run of its own) through the generic endpoint, or Soliplex. */
async function fixture(runs: object[][], { path = 'generic' as 'generic' | 'soliplex' } = {}) {
  const { agentUrl, room, requests } = await script<Body>(runs);
  const transport: Transport = path === 'generic' ? createAgUiHttpTransport({ url: agentUrl }) : new SoliplexTransport({ serverUrl: server, room });
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([]) });
  engine.observeAgUiEvents();
  const events: Delivered[] = [];
  engine.on((e) => void (e.type === 'agui-event' && events.push(e.event as unknown as Delivered)));
  const warnings: string[] = [];
  const { warn } = console;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  const outcomes: string[] = [];
  let key: ThreadKey = { server: agentUrl, room: '', thread: 't-1-1' };
  try {
    if (path === 'soliplex') key = await engine.createThread(server, room);
    for (let i = 0; i < runs.length; i++) outcomes.push(await engine.send(key, `go ${i}`));
  } finally {
    console.warn = warn;
  }
  const { run, conversation } = engine.snapshot(key);
  return {
    outcomes,
    failure: run.status === 'failed' ? run.error.message : undefined,
    conversation,
    events,
    warnings: warnings.filter((w) => w.includes('[soliplex-chat]')),
    requests: () => requests(),
  };
}

const texts = (conversation: Conversation) =>
  conversation.messages.filter((m) => m.role === 'assistant').map((m) => `${m.id}: ${(m as AssistantMessage).text}`);

describe('AG-UI 1.1 processing rules, through the real HTTP transport', () => {
  describe('strip and warn: what the protocol does not describe', () => {
    it('unknown properties on known events are stripped before the application sees them; one warning per kind per run', async () => {
      const { outcomes, conversation, events, warnings } = await fixture([
        [
          started,
          { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'content ', futureProp: 1 },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'survives', futureProp: 2 },
          { type: 'FUTURE_EVENT', x: 1 },
          { type: 'FUTURE_EVENT', x: 2 },
          { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
          { ...finished, futureProp: true },
        ],
      ]);
      expect(outcomes).to.deep.equal(['success']);
      expect(texts(conversation)).to.deep.equal(['m1: content survives']);
      expect(events.map((e) => e.type)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
      for (const event of events) expect(event, event.type).not.to.have.property('futureProp');
      expect(events[2]!['delta']).to.equal('content ');
      // One warning for the property on TEXT_MESSAGE_CONTENT (not two), one for it on RUN_FINISHED, one for the unknown type.
      expect(warnings.filter((w) => w.includes('/futureProp from a TEXT_MESSAGE_CONTENT'))).to.have.length(1);
      expect(warnings.filter((w) => w.includes('/futureProp from a RUN_FINISHED'))).to.have.length(1);
      expect(warnings.filter((w) => w.includes("'FUTURE_EVENT'"))).to.have.length(1);
      expect(warnings).to.have.length(3);
    });

    it('an unknown RUN_FINISHED outcome is stripped with a warning and the turn goes on; a malformed one is fatal', async () => {
      const stripped = await fixture([[started, ...say('m1', 'done'), { ...finished, outcome: { type: 'paused' } }]]);
      expect(stripped.outcomes).to.deep.equal(['success']);
      expect(stripped.events.at(-1)!.type).to.equal('RUN_FINISHED');
      expect(stripped.events.at(-1)).not.to.have.property('outcome');
      expect(stripped.warnings.filter((w) => w.includes('/outcome'))).to.have.length(1);
      expect(texts(stripped.conversation)).to.deep.equal(['m1: done']);

      const malformed = await fixture([[started, { ...finished, outcome: [{ type: 'success' }] }]]);
      expect(malformed.outcomes).to.deep.equal(['failed']);
      expect(malformed.failure).to.contain('outcome that is not an outcome object');
    });

    it('an unknown content part in a message list is dropped, and the text parts around it stay two parts', async () => {
      const { outcomes, conversation, warnings, requests } = await fixture([
        [
          started,
          {
            type: 'MESSAGES_SNAPSHOT',
            messages: [
              {
                id: 'u-parts',
                role: 'user',
                content: [
                  { type: 'text', text: 'before' },
                  { type: 'hologram', source: { type: 'data', value: 'AAAA', mimeType: 'x/y' } },
                  { type: 'text', text: 'after' },
                ],
              },
            ],
          },
          finished,
        ],
        [started, ...say('m2', 'ok'), finished],
      ]);
      expect(outcomes).to.deep.equal(['success', 'success']);
      const user = conversation.messages.find((m) => m.id === 'u-parts') as UserMessage;
      expect(user.parts ?? []).to.deep.equal([]);
      expect(warnings.filter((w) => w.includes('/messages/0/content/1'))).to.have.length(1);
      // What goes back to the agent: the two text parts, unmerged, and nothing of the hologram.
      const sent = (await requests())[1]!.body.messages.find((m) => m.id === 'u-parts');
      expect(sent!.content).to.deep.equal([
        { type: 'text', text: 'before' },
        { type: 'text', text: 'after' },
      ]);
    });

    it('a text message role outside the closed set is stripped with one warning per run: the message takes the default role, assistant', async () => {
      const narrated = (id: string, text: string) => [
        { type: 'TEXT_MESSAGE_START', messageId: id, role: 'narrator' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
        { type: 'TEXT_MESSAGE_END', messageId: id },
      ];
      const { outcomes, failure, conversation, events, warnings } = await fixture([
        [started, ...narrated('m1', 'Once upon a time.'), ...narrated('m2', 'The end.'), finished],
        [started, ...narrated('m3', 'Again.'), finished],
      ]);
      expect(failure).to.equal(undefined);
      expect(outcomes).to.deep.equal(['success', 'success']);
      expect(texts(conversation)).to.deep.equal(['m1: Once upon a time.', 'm2: The end.', 'm3: Again.']);
      const starts = events.filter((e) => e.type === 'TEXT_MESSAGE_START');
      expect(starts).to.have.length(3);
      for (const start of starts) expect(start, start['messageId'] as string).not.to.have.property('role');
      // Three stripped roles in two runs: one warning per run, naming the path and the value.
      expect(warnings, warnings.join('\n')).to.have.length(2);
      for (const w of warnings) expect(w).to.contain('stripped /role ("narrator") from a TEXT_MESSAGE_START event');
    });

    it('a JSON Patch operation RFC 6902 does not define is dropped, the rest of the delta applies, with a warning', async () => {
      const { outcomes, conversation, warnings } = await fixture([
        [
          started,
          { type: 'STATE_SNAPSHOT', snapshot: { count: 1, left: 'x' } },
          { type: 'STATE_DELTA', delta: [{ op: 'increment', path: '/count', value: 1 }, { op: 'replace', path: '/count', value: 5 }, { op: 'remove', path: '/left', value: 'leftover members are kept' }] },
          finished,
        ],
      ]);
      expect(outcomes).to.deep.equal(['success']);
      expect(conversation.state).to.deep.equal({ count: 5 });
      expect(warnings.filter((w) => w.includes('/delta/0'))).to.have.length(1);
    });
  });

  describe('fatal with a readable reason: malformed known values and broken sequencing', () => {
    it('a later TEXT_MESSAGE_CHUNK whose role differs from its first chunk\'s fails the turn; repeating it is fine', async () => {
      const conflict = await fixture([
        [
          started,
          { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'user', delta: 'opened as a user message' },
          { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'assistant', delta: ' and continued as an assistant one' },
          finished,
        ],
      ]);
      expect(conflict.outcomes).to.deep.equal(['failed']);
      expect(conflict.failure).to.contain("does not match the open stream's role");
      const repeat = await fixture([
        [started, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'assistant', delta: 'one ' }, { type: 'TEXT_MESSAGE_CHUNK', messageId: 'c1', role: 'assistant', delta: 'two' }, finished],
      ]);
      expect(repeat.outcomes).to.deep.equal(['success']);
      expect(texts(repeat.conversation)).to.deep.equal(['c1: one two']);
    });

    it('a later TOOL_CALL_CHUNK whose toolCallName differs from its first chunk\'s fails the turn', async () => {
      const { outcomes, failure } = await fixture([
        [
          started,
          { type: 'TOOL_CALL_CHUNK', toolCallId: 'tc1', toolCallName: 'search', delta: '{"q":' },
          { type: 'TOOL_CALL_CHUNK', toolCallId: 'tc1', toolCallName: 'delete_everything', delta: '1}' },
          finished,
        ],
      ]);
      expect(outcomes).to.deep.equal(['failed']);
      expect(failure).to.contain("toolCallName 'delete_everything' does not match the open stream's toolCallName 'search'");
    });

    it('a reasoning message with a role other than reasoning fails the turn', async () => {
      const { outcomes, failure, conversation } = await fixture([
        [
          started,
          { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'assistant' },
          { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'thinking' },
          { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
          finished,
        ],
      ]);
      expect(outcomes).to.deep.equal(['failed']);
      expect(failure).to.contain('expected "reasoning"');
      expect(conversation.messages.filter((m) => m.role === 'reasoning')).to.have.length(0);
    });

    it('a continuation attributed to another subagent than its opener fails the turn; an untagged one, or attribution never announced, is accepted', async () => {
      const mismatch = await fixture([
        [
          started,
          { type: 'TOOL_CALL_START', toolCallId: 'tc1', toolCallName: 'lookup', subagentRunId: 's1' },
          { type: 'TOOL_CALL_ARGS', toolCallId: 'tc1', delta: '{}' },
          { type: 'TOOL_CALL_END', toolCallId: 'tc1', subagentRunId: 's2' },
          finished,
        ],
      ]);
      expect(mismatch.outcomes).to.deep.equal(['failed']);
      expect(mismatch.failure).to.contain("attributed to subagent 's2', which does not match its opener's (subagent 's1')");

      const unannounced = await fixture([
        [
          started,
          { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant', subagentRunId: 's1' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'delegated ', subagentRunId: 's1' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'answer' },
          { type: 'TEXT_MESSAGE_END', messageId: 'm1', subagentRunId: 's1' },
          finished,
        ],
      ]);
      expect(unannounced.outcomes).to.deep.equal(['success']);
      expect(unannounced.warnings).to.deep.equal([]);
      const message = unannounced.conversation.messages.find((m) => m.id === 'm1') as AssistantMessage;
      expect([message.text, message.subagentRunId]).to.deep.equal(['delegated answer', 's1']);
    });
  });

  describe('conversation rules', () => {
    it('MESSAGES_SNAPSHOT reconciles by id: what it carries replaces the copy, what it omits is gone', async () => {
      const { outcomes, conversation, requests } = await fixture([
        [
          started,
          ...say('snap-a', 'first draft'),
          ...say('snap-b', 'retracted'),
          { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'snap-a', role: 'assistant', content: 'first draft, corrected' }] },
          finished,
        ],
        [started, ...say('m2', 'next'), finished],
      ]);
      expect(outcomes).to.deep.equal(['success', 'success']);
      expect(texts(conversation)).to.deep.equal(['snap-a: first draft, corrected', 'm2: next']);
      // The retracted message is gone from what goes back too (and so is the user message the agent's snapshot omitted).
      expect((await requests())[1]!.body.messages.map((m) => m.id)).to.deep.equal(['snap-a', (await requests())[1]!.body.messages.at(-1)!.id]);
    });

    it("a MESSAGES_SNAPSHOT's activity message becomes the activity (the reducer's rare path, loaded for the snapshot)", async () => {
      const { outcomes, conversation } = await fixture([
        [
          started,
          ...say('m1', 'Planning.'),
          {
            type: 'MESSAGES_SNAPSHOT',
            messages: [
              { id: 'm1', role: 'assistant', content: 'Planning.' },
              { id: 'plan-1', role: 'activity', activityType: 'plan', content: { steps: ['search', 'write'] } },
            ],
          },
          finished,
        ],
      ]);
      expect(outcomes).to.deep.equal(['success']);
      const activity = conversation.messages.find((m) => m.id === 'plan-1');
      expect(activity).to.include({ role: 'activity', activityType: 'plan' });
      expect((activity as { content: unknown }).content).to.deep.equal({ steps: ['search', 'write'] });
    });

    it('text for a message closed and reopened in the same run appends', async () => {
      const { outcomes, conversation, warnings } = await fixture([
        [
          started,
          ...say('reopen-m1', 'First half.'),
          { type: 'TEXT_MESSAGE_START', messageId: 'reopen-m1', role: 'assistant' },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'reopen-m1', delta: ' Second half.' },
          { type: 'TEXT_MESSAGE_END', messageId: 'reopen-m1' },
          finished,
        ],
      ]);
      expect(outcomes).to.deep.equal(['success']);
      expect(texts(conversation)).to.deep.equal(['reopen-m1: First half. Second half.']);
      expect(warnings).to.deep.equal([]);
    });

    it('any JSON value is a state: a null snapshot is null (and goes back as null), an array an array, false false', async () => {
      const { outcomes, conversation, requests } = await fixture([
        [started, { type: 'STATE_SNAPSHOT', snapshot: ['only-this'] }, finished],
        [started, { type: 'STATE_SNAPSHOT', snapshot: false }, finished],
        [started, { type: 'STATE_SNAPSHOT', snapshot: null }, finished],
        [started, ...say('m4', 'ok'), finished],
      ]);
      expect(outcomes).to.deep.equal(['success', 'success', 'success', 'success']);
      expect(conversation.state).to.equal(null);
      expect((await requests()).map((r) => r.body.state)).to.deep.equal([{}, ['only-this'], false, null]);
    });

    it('metadata merges last-write-wins onto the message and onto the call itself, goes back with them, and stays on the events', async () => {
      const { outcomes, conversation, events, requests, warnings } = await fixture([
        [
          started,
          { type: 'TEXT_MESSAGE_START', messageId: 'md-m1', role: 'assistant', metadata: { a: 1, b: 1, trace: ['one', 'two'] } },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 'md-m1', delta: 'done', metadata: { b: 2, c: 3, trace: ['three'] } },
          { type: 'TEXT_MESSAGE_END', messageId: 'md-m1' },
          { type: 'TOOL_CALL_START', toolCallId: 'md-tc1', toolCallName: 'search', parentMessageId: 'md-m1', metadata: { provider: 'acme', attempt: 1 } },
          { type: 'TOOL_CALL_ARGS', toolCallId: 'md-tc1', delta: '{"q":"ag-ui"}', metadata: { bytes: 12 } },
          { type: 'TOOL_CALL_END', toolCallId: 'md-tc1', metadata: { attempt: 2 } },
          { type: 'TOOL_CALL_RESULT', messageId: 'md-r1', toolCallId: 'md-tc1', content: 'found', metadata: { latencyMs: 5 } },
          { ...finished, metadata: { finish: 'stop' } },
        ],
        [started, ...say('m2', 'ok'), finished],
      ]);
      expect(outcomes).to.deep.equal(['success', 'success']);
      expect(warnings).to.deep.equal([]);
      const message = conversation.messages.find((m) => m.id === 'md-m1') as AssistantMessage;
      expect(message.metadata).to.deep.equal({ a: 1, b: 2, c: 3, trace: ['three'] });
      expect(conversation.toolCalls['md-tc1']!.metadata).to.deep.equal({ provider: 'acme', attempt: 2, bytes: 12 });
      expect(conversation.toolCalls['md-tc1']!.resultMetadata).to.deep.equal({ latencyMs: 5 });
      expect(events.find((e) => e.type === 'RUN_FINISHED')!['metadata']).to.deep.equal({ finish: 'stop' });
      const sent = (await requests())[1]!.body.messages;
      const assistant = sent.find((m) => m.id === 'md-m1')!;
      expect(assistant.metadata).to.deep.equal({ a: 1, b: 2, c: 3, trace: ['three'] });
      expect(assistant.toolCalls![0]!.metadata).to.deep.equal({ provider: 'acme', attempt: 2, bytes: 12 });
      expect(sent.find((m) => m.id === 'md-r1')!.metadata).to.deep.equal({ latencyMs: 5 });
    });
  });

  describe('versions', () => {
    it('runs declare protocolVersion 1.1; a producer declaring a newer or an uninterpretable version draws one warning, the same version none', async () => {
      const same = await fixture([[{ ...started, protocolVersion: '1.1' }, ...say('m1', 'ok'), finished]]);
      expect(same.warnings).to.deep.equal([]);
      expect((await same.requests()).map((r) => r.body.protocolVersion)).to.deep.equal(['1.1']);

      const newer = await fixture([[{ ...started, protocolVersion: '1.10' }, ...say('m1', 'ok'), finished]]);
      expect(newer.outcomes).to.deep.equal(['success']);
      expect(newer.warnings).to.have.length(1);
      expect(newer.warnings[0]).to.contain("AG-UI 1.10, newer than this chat's 1.1");

      const odd = await fixture([[{ ...started, protocolVersion: 'banana' }, ...say('m1', 'ok'), finished]]);
      expect(odd.outcomes).to.deep.equal(['success']);
      expect(odd.warnings).to.have.length(1);
      expect(odd.warnings[0]).to.contain('"banana", which this chat cannot interpret');
    });
  });

  describe('tool results as the agent takes them', () => {
    const resultParts = [
      { type: 'text', text: 'See the report.' },
      { type: 'document', source: { type: 'url', value: 'https://example.com/report.pdf', mimeType: 'application/pdf' } },
      { type: 'image', source: { type: 'file', value: 'file-123', provider: 'openai', mimeType: 'image/png' } },
    ];
    const withParts = [
      [
        started,
        { type: 'TOOL_CALL_START', toolCallId: 'srv-1', toolCallName: 'fetch_report', parentMessageId: 'a1' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'srv-1', delta: '{}' },
        { type: 'TOOL_CALL_END', toolCallId: 'srv-1' },
        { type: 'TOOL_CALL_RESULT', messageId: 'srv-r1', toolCallId: 'srv-1', content: resultParts },
        ...say('a2', 'Here it is.'),
        finished,
      ],
      [started, ...say('a3', 'ok'), finished],
    ];

    it('content parts the agent sent in a TOOL_CALL_RESULT (documents, file sources) go back to it intact', async () => {
      const { outcomes, requests } = await fixture(withParts);
      expect(outcomes).to.deep.equal(['success', 'success']);
      const tool = (await requests())[1]!.body.messages.find((m) => m.id === 'srv-r1');
      expect(tool!.content).to.deep.equal(resultParts);
    });

    it('a Soliplex server (Python models: tool content is a string) gets them as text', async () => {
      const { outcomes, requests } = await fixture(withParts, { path: 'soliplex' });
      expect(outcomes).to.deep.equal(['success', 'success']);
      const runs = (await requests()).filter((r) => Array.isArray(r.body?.messages));
      const tool = runs.at(-1)!.body.messages.find((m) => m.role === 'tool');
      expect(tool!.content).to.be.a('string').that.contains('See the report.');
    });
  });
});

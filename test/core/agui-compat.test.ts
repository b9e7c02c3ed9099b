import { expect } from '@open-wc/testing';
import { RunOrchestrator, ToolRegistry, createAgUiHttpTransport, type Conversation, type ThreadKey, type UserInput } from '../../src/core/index.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * AG-UI 1.1's compatibility shims (spec/1.1/basic/versioning: retired shapes translated before
 * enforcement; downgrades for a peer known to be older; a lossy downgrade warns), each through the
 * real HTTP transport against the demo server on loopback: what the application sees of the stream,
 * the console warnings (one per kind per run, never per event) and the requests the server received.
 */

type Body = { protocolVersion?: string; parentRunId?: string; messages: { id: string; role: string; content?: unknown; subagentRunId?: string }[] };

async function fixture(runs: object[][], inputs: (string | UserInput)[] = runs.map((_, i) => `go ${i}`), options: { maxProtocolVersion?: string } = {}) {
  const { agentUrl, requests } = await script<Body>(runs);
  const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl, ...options }), toolRegistry: new ToolRegistry([]) });
  engine.observeAgUiEvents();
  const events: Record<string, unknown>[] = [];
  engine.on((e) => void (e.type === 'agui-event' && events.push(e.event as unknown as Record<string, unknown>)));
  const warnings: string[][] = [];
  const { warn } = console;
  const outcomes: string[] = [];
  const key: ThreadKey = { server: agentUrl, room: '', thread: 'compat' };
  try {
    for (const input of inputs) {
      const run: string[] = [];
      warnings.push(run);
      console.warn = (...args: unknown[]) => void run.push(args.map(String).join(' '));
      outcomes.push(await engine.send(key, input));
    }
  } finally {
    console.warn = warn;
  }
  const { run, conversation } = engine.snapshot(key);
  return {
    outcomes,
    failure: run.status === 'failed' ? run.error.message : undefined,
    conversation,
    events,
    warnings: warnings.map((w) => w.filter((line) => line.includes('[soliplex-chat]'))),
    requests: async () => (await requests()).map((r) => r.body),
  };
}

/** A frame written verbatim (the demo server's encoder leaves nulls out, as a 1.0 producer does). */
const raw = (event: object) => ({ $raw: `data: ${JSON.stringify(event)}\n\n` });
const ids = { threadId: 'compat', runId: 'srv-run-1' };

const shown = (conversation: Conversation) =>
  conversation.messages.filter((m) => m.role === 'reasoning' || m.role === 'assistant').map((m) => `${m.role}: ${(m as { text: string }).text}`);

describe('AG-UI compatibility shims, through the real HTTP transport', () => {
  it("an older producer's THINKING_* events are translated to reasoning: one warning for all of them per run, and one naming a dropped title", async () => {
    const thinking = (text: string) => [
      { type: 'THINKING_START', title: 'Planning' },
      { type: 'THINKING_TEXT_MESSAGE_START' },
      { type: 'THINKING_TEXT_MESSAGE_CONTENT', delta: text },
      { type: 'THINKING_TEXT_MESSAGE_END' },
      { type: 'THINKING_END' },
    ];
    const { outcomes, conversation, warnings } = await fixture([
      [started, ...thinking('First thought.'), ...thinking('Second thought.'), ...say('a1', 'Done.'), finished],
      [started, ...thinking('Again.'), ...say('a2', 'Ok.'), finished],
    ]);
    expect(outcomes).to.deep.equal(['success', 'success']);
    expect(shown(conversation)).to.deep.equal(['reasoning: First thought.', 'reasoning: Second thought.', 'assistant: Done.', 'reasoning: Again.', 'assistant: Ok.']);
    for (const run of warnings) {
      // Ten retired events and two titles in the first run: two warnings, not twelve; again in the next run.
      expect(run, run.join('\n')).to.have.length(2);
      expect(run[0]).to.contain('translated the retired THINKING_* events to REASONING_*');
      expect(run[1]).to.contain("dropped THINKING_START's title \"Planning\"");
    }
  });

  it('optional fields a pre-1.0 producer sent as null are read as absent, with one warning per kind', async () => {
    const { outcomes, conversation, warnings } = await fixture([
      [
        raw({ ...started, ...ids, rawEvent: null }),
        raw({ type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant', rawEvent: null }),
        raw({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Fine.', rawEvent: null }),
        { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
        raw({ type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'lookup', parentMessageId: null }),
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'c1', content: 'found' },
        raw({ ...finished, ...ids, outcome: null, result: null }),
      ],
    ]);
    expect(outcomes).to.deep.equal(['success']);
    expect(shown(conversation)).to.deep.equal(['assistant: Fine.']);
    expect(conversation.toolCalls['c1']!.result).to.equal('found');
    expect(warnings[0]!.map((w) => /read (\S+): null as absent/.exec(w)?.[1])).to.have.members([
      'RUN_STARTED.rawEvent',
      'TEXT_MESSAGE_START.rawEvent',
      'TEXT_MESSAGE_CONTENT.rawEvent',
      'TOOL_CALL_START.parentMessageId',
      'RUN_FINISHED.outcome',
      'RUN_FINISHED.result',
    ]);
  });

  it('a producer that declared AG-UI 0.0.39 gets text: content parts flattened (warned, naming what was dropped), no protocolVersion, no parentRunId', async () => {
    const photo: UserInput = {
      text: 'What is this?',
      parts: [{ type: 'image', source: { type: 'url', value: 'https://example.com/cat.png', mimeType: 'image/png' } }],
    };
    const { outcomes, warnings, requests } = await fixture(
      [
        [{ ...started, protocolVersion: '0.0.39' }, ...say('a1', 'Hello.'), finished],
        [{ ...started, protocolVersion: '0.0.39' }, ...say('a2', 'A cat.'), finished],
      ],
      ['hi', photo],
    );
    expect(outcomes).to.deep.equal(['success', 'success']);
    const [first, second] = await requests();
    // The first run cannot know the peer yet: it is sent as to a current one.
    expect(first!.protocolVersion).to.equal('1.1');
    expect(second).not.to.have.property('protocolVersion');
    expect(second).not.to.have.property('parentRunId');
    const asked = second!.messages.at(-1)!;
    expect(asked.role).to.equal('user');
    expect(asked.content).to.equal('What is this?');
    expect(warnings[1]).to.have.length(1);
    expect(warnings[1]![0]).to.contain("user message's image part").and.contain('0.0.39 or older');
  });

  it('an endpoint configured as AG-UI 0.0.57 (maxProtocolVersion) sends no subagent attribution and reads none: SUBAGENT_* dropped with one warning per type', async () => {
    const sub = { subagentRunId: 'sub-1' };
    const { outcomes, conversation, warnings, requests } = await fixture(
      [
        [
          started,
          { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-1', name: 'researcher' },
          { type: 'TEXT_MESSAGE_START', messageId: 's1', role: 'assistant', ...sub },
          { type: 'TEXT_MESSAGE_CONTENT', messageId: 's1', delta: 'Found it.', ...sub },
          { type: 'TEXT_MESSAGE_END', messageId: 's1', ...sub },
          { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-1' },
          { type: 'SUBAGENT_STARTED', subagentRunId: 'sub-2', name: 'writer' },
          { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub-2' },
          finished,
        ],
        [started, ...say('a2', 'Ok.'), finished],
      ],
      undefined,
      { maxProtocolVersion: '0.0.57' },
    );
    expect(outcomes).to.deep.equal(['success', 'success']);
    // The subagent's message flattens into the thread (a lossless downgrade).
    const s1 = conversation.messages.find((m) => m.id === 's1') as { text: string; subagentRunId?: string };
    expect(s1.text).to.equal('Found it.');
    expect(s1).not.to.have.property('subagentRunId');
    expect(conversation.subagents ?? {}).to.deep.equal({});
    expect(warnings[0]!.filter((w) => w.includes('dropped SUBAGENT_'))).to.have.length(2); // STARTED and FINISHED, once each
    const [first, second] = await requests();
    // Configured, so known from the first run: no version declared to it, no attribution sent.
    expect(first).not.to.have.property('protocolVersion');
    for (const m of second!.messages) expect(m, m.id).not.to.have.property('subagentRunId');
  });

  it('an endpoint configured as AG-UI 0.0.57 also loses attribution inside events: the messages of a MESSAGES_SNAPSHOT and of RUN_STARTED.input', async () => {
    const sub = { subagentRunId: 'sub-1' };
    const { outcomes, events, warnings } = await fixture(
      [
        [
          { ...started, input: { threadId: 'compat', runId: 'srv-run-1', messages: [{ id: 'in-1', role: 'user', content: 'go 0', ...sub }], tools: [], context: [], state: {}, forwardedProps: {} } },
          ...say('a1', 'Found it.'),
          {
            type: 'MESSAGES_SNAPSHOT',
            messages: [
              { id: 'u-1', role: 'user', content: 'go 0' },
              { id: 'a1', role: 'assistant', content: 'Found it.', ...sub },
            ],
          },
          finished,
        ],
      ],
      undefined,
      { maxProtocolVersion: '0.0.57' },
    );
    expect(outcomes).to.deep.equal(['success']);
    const runStarted = events.find((e) => e['type'] === 'RUN_STARTED') as { input: { messages: object[] } };
    expect(runStarted.input.messages).to.deep.equal([{ id: 'in-1', role: 'user', content: 'go 0' }]);
    const snapshot = events.find((e) => e['type'] === 'MESSAGES_SNAPSHOT') as { messages: object[] };
    expect(snapshot.messages).to.deep.equal([
      { id: 'u-1', role: 'user', content: 'go 0' },
      { id: 'a1', role: 'assistant', content: 'Found it.' },
    ]);
    // Lossless: nothing to warn about.
    expect(warnings[0]).to.deep.equal([]);
  });

  it("a snapshot's 0.x binary content parts are upgraded to 1.0 media parts by MIME type (one warning per run), kept and sent back", async () => {
    const png = { type: 'image', source: { type: 'data', value: 'aGVsbG8=', mimeType: 'image/png' } };
    const legacy = [
      { type: 'text', text: 'Look:' },
      png,
      { type: 'binary', mimeType: 'image/png', data: 'aGVsbG8=' }, // the same image in both shapes: kept once
      { type: 'binary', mimeType: 'application/pdf', url: 'https://example.com/report.pdf', filename: 'report.pdf' },
      { type: 'binary', mimeType: 'audio/wav', data: 'UklGRg==' },
      { type: 'binary', mimeType: 'video/mp4', id: 'upload-7' }, // neither data nor url: not upgradable, stripped
    ];
    const snapshot = (answer: string) => raw({ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u-legacy', role: 'user', content: legacy }, { id: 'a-legacy', role: 'assistant', content: answer }] });
    const { outcomes, conversation, warnings, requests } = await fixture([
      [started, snapshot('A greeting, a report and a sound.'), finished],
      [started, snapshot('Still the same.'), finished],
    ]);
    expect(outcomes).to.deep.equal(['success', 'success']);
    const upgraded = [
      png,
      { type: 'document', source: { type: 'url', value: 'https://example.com/report.pdf', mimeType: 'application/pdf' }, metadata: { filename: 'report.pdf' } },
      { type: 'audio', source: { type: 'data', value: 'UklGRg==', mimeType: 'audio/wav' } },
    ];
    const user = conversation.messages.find((m) => m.id === 'u-legacy') as { text: string; parts?: unknown[] };
    expect(user.text).to.equal('Look:');
    expect(user.parts).to.deep.equal(upgraded);
    // Sent back as the 1.0 parts they became.
    const sent = (await requests())[1]!.messages.find((m) => m.id === 'u-legacy')!;
    expect(sent.content).to.deep.equal([{ type: 'text', text: 'Look:' }, ...upgraded]);
    for (const run of warnings) {
      // Four binary parts: one warning for the upgrade, one for the part that could not be upgraded; in each run.
      expect(run, run.join('\n')).to.have.length(2);
      expect(run.filter((w) => w.includes('upgraded 0.x binary content parts to 1.0 media parts'))).to.have.length(1);
      expect(run.filter((w) => /stripped \/messages\/0\/content\/\d+ from a MESSAGES_SNAPSHOT/.test(w)), run.join('\n')).to.have.length(1);
    }
  });

  it('a producer declaring 1.0 or nothing is treated as current: parts and protocolVersion go as they are', async () => {
    const photo: UserInput = { text: 'And this?', parts: [{ type: 'image', source: { type: 'url', value: 'https://example.com/dog.png', mimeType: 'image/png' } }] };
    const { requests, warnings } = await fixture(
      [
        [{ ...started, protocolVersion: '1.0' }, ...say('a1', 'Hello.'), finished],
        [started, ...say('a2', 'A dog.'), finished],
      ],
      ['hi', photo],
    );
    const [, second] = await requests();
    expect(second!.protocolVersion).to.equal('1.1');
    expect(second!.messages.at(-1)!.content).to.deep.equal([{ type: 'text', text: 'And this?' }, photo.parts![0]]);
    expect(warnings.flat()).to.deep.equal([]);
  });
});

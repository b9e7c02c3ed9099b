import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import type { BaseEvent } from '@ag-ui/core';
import {
  RunOrchestrator,
  ToolRegistry,
  type BranchTail,
  type ChatMessage,
  type ClientTool,
  type Conversation,
  type RunEventSink,
  type RunRequest,
  type ThreadKey,
  type Transport,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';

/**
 * The branch model as properties: any sequence of sends, regenerates, edits (of any user message) and
 * version switches keeps every answer ever given exactly once (on screen or in a version), sends the
 * model exactly the branch on screen, runs each call the agent made exactly once (a server reusing
 * call ids across versions included), and a switch there and back restores the branch as it was.
 */

const numRuns = Math.min(Number((globalThis as { __FUZZ_RUNS__?: number }).__FUZZ_RUNS__) || 150, 300);
const key: ThreadKey = { server: 'mock', room: '', thread: 't' };

type Action = { kind: 'send' } | { kind: 'regenerate' } | { kind: 'edit'; pick: number } | { kind: 'switch'; pick: number; to: number };
const actions = fc.array(
  fc.oneof(
    fc.constant<Action>({ kind: 'send' }),
    fc.constant<Action>({ kind: 'regenerate' }),
    fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(5) }),
    fc.record({ kind: fc.constant('switch' as const), pick: fc.nat(5), to: fc.nat(4) }),
  ),
  { minLength: 1, maxLength: 14 },
);

/**
 * Answers every run at once: a run that ends on a user message gets, every third time, a call of
 * `lookup` (its id numbered by the turn, as servers that number calls per turn do) before its answer; the answer
 * text is unique. Records what each run sent, and what was on screen when it was sent.
 */
class AnsweringTransport implements Transport {
  answers: string[] = [];
  calls = 0;
  sends: { sent: string[]; onScreen: string[] }[] = [];
  #runs = 0;
  constructor(readonly engine: () => RunOrchestrator) {}
  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    const onScreen = this.engine().snapshot(key).conversation.messages.flatMap(said);
    this.sends.push({ sent: request.messages.flatMap((m) => (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string' && m.content ? [`${m.role}: ${m.content}`] : []), onScreen });
    const n = ++this.#runs;
    const last = request.messages.at(-1);
    let events: BaseEvent[];
    if (last?.role === 'user' && n % 3 === 0) {
      this.calls++;
      // Numbered by the turn's place in the branch: unique on it, the same again in another version of that turn.
      const turn = request.messages.filter((m) => m.role === 'user').length;
      events = [runStarted(`r${n}`), ...toolCall(`c${turn}`, 'lookup', { n }), runFinished()];
    } else {
      const answer = `answer ${n}`;
      this.answers.push(answer);
      events = [runStarted(`r${n}`), ...text(`m${n}`, answer), runFinished()];
    }
    await Promise.resolve();
    for (const event of events) onEvent(event);
    return { runId: request.runId };
  }
}

const said = (m: ChatMessage) => ((m.role === 'user' || m.role === 'assistant') && m.text ? [`${m.role}: ${m.text}`] : []);

/** Every assistant text in the conversation and in all its versions, recursively. */
function allAnswers(c: { messages: readonly ChatMessage[]; versions?: Conversation['versions'] }): string[] {
  const here = c.messages.flatMap((m) => (m.role === 'assistant' && m.text ? [m.text] : []));
  const kept = Object.values(c.versions ?? {}).flatMap((g) => g.others.flatMap((t: BranchTail) => allAnswers(t)));
  return [...here, ...kept];
}

async function caseHolds(script: readonly Action[]): Promise<void> {
  const transport = new AnsweringTransport(() => engine);
  let executions = 0;
  const lookup: ClientTool = { name: 'lookup', description: '', execute: () => `looked up ${++executions}` };
  const engine: RunOrchestrator = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([lookup]) });
  const thread = engine.thread(key);
  let edits = 0;
  for (const action of script) {
    const before = engine.snapshot(key).conversation;
    const users = before.messages.filter((m) => m.role === 'user');
    if (action.kind === 'send') thread.send(`question ${users.length}`);
    else if (action.kind === 'regenerate') thread.regenerate();
    else if (action.kind === 'edit' && users.length > 0) thread.edit(users[action.pick % users.length]!.id, `edited ${++edits}`);
    else if (action.kind === 'switch') {
      const grouped = users.filter((u) => before.versions?.[u.id]);
      if (grouped.length === 0) continue;
      const user = grouped[action.pick % grouped.length]!;
      const group = before.versions![user.id]!;
      const to = action.to % (group.others.length + 1);
      const switched = thread.switchVersion(user.id, to);
      expect(switched, 'a switch to another version is taken; to the one shown, refused').to.equal(to !== group.index);
      if (switched) {
        // There and back again: the branch comes back as it was.
        expect(thread.switchVersion(user.id, group.index)).to.equal(true);
        expect(engine.snapshot(key).conversation.messages).to.deep.equal(before.messages);
        expect(engine.snapshot(key).conversation.toolCalls).to.deep.equal(before.toolCalls);
        thread.switchVersion(user.id, to);
      }
    }
    if (thread.turn) expect(await thread.turn).to.equal('success');
    thread.turn = undefined;

    const { conversation, run } = engine.snapshot(key);
    expect(run.status === 'running', 'no turn left running').to.equal(false);
    // Every answer ever given is kept exactly once: on screen, or in a version.
    expect(allAnswers(conversation).sort()).to.deep.equal([...transport.answers].sort());
    // Each call the agent made ran once, whatever versions reuse its id.
    expect(executions).to.equal(transport.calls);
    // The branch on screen is consistent: unique ids, and its calls are exactly those its messages carry.
    const ids = conversation.messages.map((m) => m.id);
    expect(new Set(ids).size).to.equal(ids.length);
    const carried = conversation.messages.flatMap((m) => (m.role === 'assistant' ? m.toolCallIds : []));
    expect(Object.keys(conversation.toolCalls).sort()).to.deep.equal([...carried].sort());
    // A version's key is a user message on screen.
    for (const id of Object.keys(conversation.versions ?? {})) expect(conversation.messages.some((m) => m.id === id && m.role === 'user')).to.equal(true);
  }
  // What each run sent is the branch that was on screen when it was sent.
  for (const { sent, onScreen } of transport.sends) expect(sent).to.deep.equal(onScreen);
  engine.dispose();
}

describe('message versions (fast-check)', function () {
  this.timeout(120_000);
  it(`the branch model holds for ${numRuns} generated sequences of sends, regenerates, edits and switches`, async () => {
    await fc.assert(fc.asyncProperty(actions, (script) => caseHolds(script)), { numRuns, verbose: fc.VerbosityLevel.Verbose });
  });
});

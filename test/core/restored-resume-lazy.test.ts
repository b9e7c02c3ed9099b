import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
// Not through the core's index (the CDN's chat imports modules one by one).
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import type { ClientTool } from '../../src/core/tools/tool-registry.js';
import { isInFlight, type ThreadKey } from '../../src/core/tool-loop/run-state.js';
import { until } from '../helpers/scripted-transport.js';
import { ToolLog, engineFor } from '../helpers/tool-log.js';
import { finished, say, script, started, type RecordedRequest } from '../helpers/agui-server.js';

/**
 * Taking up a turn a reload interrupted loads its code (restored-resume.ts) with the restore: Continue,
 * Run again, a restored approval, an interrupt's answer and a new message given at once, before that
 * code is there, start their turn at once, which goes on once it is, as when it is loaded
 * (restore-after-reload.test.ts): one turn each, every call run once.
 * A page of its own: nothing loaded that code before these commands.
 */

type Recorded = RecordedRequest<{ messages: Message[]; resume?: { interruptId: string; status: string; payload?: unknown }[] }>;

const hang = { $hang: true };
const callEvents = (id: string, name: string) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: '{}' },
  { type: 'TOOL_CALL_END', toolCallId: id },
];
const toolMessage = (request: Recorded, toolCallId: string) =>
  request.body.messages.find((m) => m.role === 'tool' && m.toolCallId === toolCallId) as (Message & { content: string; error?: string }) | undefined;
const texts = (engine: RunOrchestrator, key: ThreadKey) =>
  engine.snapshot(key).conversation.messages.filter((m) => m.role === 'assistant' && m.text).map((m) => (m as { text: string }).text);
const loadedResume = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/tool-loop/restored-resume'));

/** Every execution of a tool, by call id, across the engines of a test. */
const { runs, tool } = new ToolLog();

/** A thread brought to `ready` by a first engine, then kept as the page keeps it, and that engine gone. */
async function keptThread(steps: object[][], tools: ClientTool[], ready: (engine: RunOrchestrator, key: ThreadKey) => boolean) {
  const { agentUrl, requests } = await script(steps);
  const key: ThreadKey = { server: agentUrl, room: '', thread: crypto.randomUUID() };
  const { engine } = engineFor(agentUrl, tools);
  void engine.send(key, 'Go').catch(() => {});
  await until(() => ready(engine, key));
  const snapshot = engine.snapshot(key);
  const saved = { conversation: structuredClone(snapshot.conversation), inFlight: isInFlight(snapshot.run) };
  engine.dispose();
  return { agentUrl, requests, key, saved };
}

const callStatus = (id: string, status: string) => (engine: RunOrchestrator, key: ThreadKey) => engine.snapshot(key).conversation.toolCalls[id]?.status === status;

describe('taking up a restored turn before its code is loaded', () => {
  it('Run again, an approval, Continue, an interrupt\'s answer and a new message given at once run at once, then go on once it is there', async () => {
    const [again, approval, cut, asked, moved] = await Promise.all([
      keptThread([[started, ...callEvents('a1', 'slow'), finished], [started, ...say('a2', 'Slow said yes.'), finished]], [tool('slow', 'hang')], callStatus('a1', 'executing')),
      keptThread(
        [[started, ...callEvents('b1', 'delete_file'), finished], [started, ...say('b2', 'Deleted.'), finished]],
        [tool('delete_file', 'answer', { requiresApproval: true })],
        callStatus('b1', 'awaiting-approval'),
      ),
      keptThread(
        [[started, { type: 'TEXT_MESSAGE_START', messageId: 'c1', role: 'assistant' }, { type: 'TEXT_MESSAGE_CONTENT', messageId: 'c1', delta: 'Half an ans' }, hang], [started, ...say('c2', 'The whole answer.'), finished]],
        [],
        (engine, key) => texts(engine, key).includes('Half an ans'),
      ),
      keptThread(
        [[started, { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [{ id: 'i1', reason: 'confirm', message: 'Go ahead?' }] } }], [started, ...say('d2', 'Going ahead.'), finished]],
        [],
        (engine, key) => engine.snapshot(key).run.status === 'running' && (engine.snapshot(key).run as { phase?: string }).phase === 'awaiting-input',
      ),
      keptThread([[started, ...callEvents('e1', 'slow'), finished], [started, ...say('e2', 'New topic.'), finished]], [tool('slow', 'hang')], callStatus('e1', 'executing')),
    ]);
    expect(runs.sort()).to.deep.equal(['a1', 'e1']);
    expect(loadedResume(), 'nothing loaded the resume code before the reload').to.equal(false);

    // The page comes back: each thread restored and its command given in the same task, before any load.
    const engines = [again, approval, cut, asked, moved].map(({ agentUrl }, i) => engineFor(agentUrl, [tool('slow', 'answer'), tool('delete_file', 'answer', { requiresApproval: true })].slice(i === 1 ? 1 : 0)));
    [again, approval, cut, asked, moved].forEach(({ key, saved }, i) => expect(engines[i]!.engine.restore(key, saved)).to.equal(true));
    expect(engines[0]!.engine.runAgain(again.key, 'a1')).to.equal(true);
    expect(engines[1]!.engine.approve(approval.key, 'b1')).to.equal(true);
    const continued = engines[2]!.engine.continue(cut.key);
    expect(engines[3]!.engine.answerInterrupt(asked.key, 'i1', { ok: true })).to.equal(true);
    const sent = engines[4]!.engine.send(moved.key, 'Something else');
    // Each thread runs at once (no press is lost, and Continue or Run again is not offered twice).
    [again, approval, cut, asked, moved].forEach(({ key }, i) => expect(engines[i]!.engine.snapshot(key).run.status, `thread ${i}`).to.equal('running'));
    expect(loadedResume(), 'still loading').to.equal(false);
    // Pressed again before the code is there: the turn that takes the call up is the one already started.
    expect(engines[0]!.engine.runAgain(again.key, 'a1')).to.equal(false);

    expect(await continued).to.equal('success');
    expect(await sent).to.equal('success');
    await until(() => engines.every(({ engine }, i) => engine.snapshot([again, approval, cut, asked, moved][i]!.key).run.status === 'success'));
    expect(loadedResume()).to.equal(true);

    expect(texts(engines[0]!.engine, again.key)).to.deep.equal(['Slow said yes.']);
    expect(toolMessage(((await again.requests()) as Recorded[])[1]!, 'a1')).to.include({ content: 'slow result' });
    expect(toolMessage(((await approval.requests()) as Recorded[])[1]!, 'b1')).to.include({ content: 'delete_file result' });
    expect(texts(engines[2]!.engine, cut.key)).to.deep.equal(['The whole answer.']);
    expect(((await asked.requests()) as Recorded[])[1]!.body.resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { ok: true } }]);
    expect(toolMessage(((await moved.requests()) as Recorded[])[1]!, 'e1')?.error).to.match(/did not complete/);
    // Run again ran a1 once more, the approval ran b1; e1 never ran again.
    expect(runs.sort()).to.deep.equal(['a1', 'a1', 'b1', 'e1']);
    for (const [i, { events }] of engines.entries()) {
      const startedTurns = events.filter((e) => e.type === 'turn-started').map((e) => e.turnId);
      expect(startedTurns, `thread ${i}: one turn`).to.have.length(1);
      expect(events.filter((e) => e.type === 'turn-finished').map((e) => e.turnId)).to.deep.equal(startedTurns);
    }
    for (const { engine } of engines) engine.dispose();
  });
});

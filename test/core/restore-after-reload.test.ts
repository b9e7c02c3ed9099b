import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import {
  RunOrchestrator,
  isInFlight,
  type ClientTool,
  type EngineEvent,
  type ThreadKey,
} from '../../src/core/index.js';
import { until } from '../helpers/scripted-transport.js';
import { ToolLog, engineFor } from '../helpers/tool-log.js';
import { finished, say, script, started, type RecordedRequest } from '../helpers/agui-server.js';

/**
 * Issue 20, item 2 (engine) and item 5: a turn in flight when the page goes away comes back as it was.
 * A reload is simulated as the page does it: the thread's snapshot is kept (cloned, as storage does),
 * the engine is disposed, and a fresh engine on the same demo server gets it back with `restore`.
 */

type Recorded = RecordedRequest<{ messages: Message[]; resume?: { interruptId: string; status: string; payload?: unknown }[] }>;

const hang = { $hang: true };
const partial = (id: string, text: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
];
const callEvents = (id: string, name: string, args: object = {}) => [
  { type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name },
  { type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(args) },
  { type: 'TOOL_CALL_END', toolCallId: id },
];

/** The page goes away and comes back: keep the thread, drop the engine, restore into a new one. */
function reload(old: RunOrchestrator, key: ThreadKey, agentUrl: string, tools: ClientTool[] = []) {
  const snapshot = old.snapshot(key);
  const saved = { conversation: structuredClone(snapshot.conversation), inFlight: isInFlight(snapshot.run) };
  old.dispose();
  const fresh = engineFor(agentUrl, tools);
  expect(fresh.engine.restore(key, saved), 'restore takes the kept thread').to.equal(true);
  return fresh;
}

const keyFor = (agentUrl: string): ThreadKey => ({ server: agentUrl, room: '', thread: crypto.randomUUID() });
const texts = (engine: RunOrchestrator, key: ThreadKey) =>
  engine.snapshot(key).conversation.messages.filter((m) => m.role === 'assistant' && m.text).map((m) => (m as { text: string }).text);
const toolMessage = (request: Recorded, toolCallId: string) =>
  request.body.messages.find((m) => m.role === 'tool' && m.toolCallId === toolCallId) as (Message & { content: string; error?: string }) | undefined;

function pairs(events: readonly EngineEvent[]) {
  const started = events.filter((e) => e.type === 'turn-started').map((e) => e.turnId);
  const finished = events.filter((e) => e.type === 'turn-finished').map((e) => e.turnId);
  return { started, finished };
}

describe('restore after a reload (issue 20, item 2)', () => {
  it('a half-streamed answer comes back complete and interrupted; Continue runs the turn on and replaces it', async () => {
    const { agentUrl, requests } = await script([
      [started, ...partial('m1', 'Half an ans'), hang],
      [started, ...say('m2', 'The whole answer.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl);
    void first.engine.send(key, 'Tell me').catch(() => {});
    await until(() => texts(first.engine, key).includes('Half an ans'));
    const { engine, events } = reload(first.engine, key, agentUrl);

    const restored = engine.snapshot(key);
    expect(restored.run.status).to.equal('interrupted');
    expect(restored.conversation.messages.map((m) => m.role)).to.deep.equal(['user', 'assistant']);
    expect(restored.conversation.messages[1]).to.include({ text: 'Half an ans', complete: true });

    expect(await engine.continue(key)).to.equal('success');
    expect(texts(engine, key)).to.deep.equal(['The whole answer.']);
    const sent = (await requests()) as Recorded[];
    expect(sent).to.have.length(2);
    // The cut-off run's text is not context for the model: the turn runs again from the user's message.
    expect(sent[1]!.body.messages.map((m) => m.role)).to.deep.equal(['user']);
    expect(pairs(events).started).to.have.length(1);
    expect(pairs(events).finished).to.deep.equal(pairs(events).started);
    engine.dispose();
  });

  it('tool results obtained before the reload are sent again on Continue, never executed again', async () => {
    const log = new ToolLog();
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'lookup'), finished],
      [started, ...partial('m2', 'Working on'), hang],
      [started, ...say('m3', 'Found it.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('lookup', 'answer')]);
    void first.engine.send(key, 'Look it up').catch(() => {});
    await until(() => texts(first.engine, key).includes('Working on'));
    const { engine } = reload(first.engine, key, agentUrl, [log.tool('lookup', 'answer')]);
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'completed' });

    expect(await engine.continue(key)).to.equal('success');
    expect(log.runs).to.deep.equal(['c1']);
    const sent = (await requests()) as Recorded[];
    expect(sent).to.have.length(3);
    expect(toolMessage(sent[2]!, 'c1')).to.include({ content: 'lookup result' });
    expect(texts(engine, key)).to.deep.equal(['Found it.']);
    engine.dispose();
  });

  it('a tool executing at reload is interrupted, never re-run by itself; Run again runs it once and the loop goes on', async () => {
    const log = new ToolLog();
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'slow'), finished],
      [started, ...say('m2', 'Slow said yes.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('slow', 'hang')]);
    void first.engine.send(key, 'Go slow').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c1']?.status === 'executing');
    const { engine, events } = reload(first.engine, key, agentUrl, [log.tool('slow', 'answer')]);

    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'interrupted' });
    expect(engine.snapshot(key).run.status).to.equal('interrupted');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.runs, 'nothing runs by itself after the reload').to.deep.equal(['c1']);
    expect(await requests()).to.have.length(1);

    expect(engine.runAgain(key, 'c1')).to.equal(true);
    await until(() => engine.snapshot(key).run.status === 'success');
    expect(log.runs).to.deep.equal(['c1', 'c1']);
    const sent = (await requests()) as Recorded[];
    expect(sent).to.have.length(2);
    expect(toolMessage(sent[1]!, 'c1')).to.include({ content: 'slow result' });
    expect(texts(engine, key)).to.deep.equal(['Slow said yes.']);
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results.map((e) => [e.call.id, e.call.status])).to.deep.equal([['c1', 'completed']]);
    expect(pairs(events).finished).to.deep.equal(pairs(events).started);
    expect(engine.runAgain(key, 'c1'), 'a settled call cannot run again').to.equal(false);
    engine.dispose();
  });

  it('a second reload before the user went on brings the interrupted turn back interrupted again', async () => {
    const log = new ToolLog();
    const { agentUrl } = await script([
      [started, ...callEvents('c1', 'slow'), finished],
      [started, ...say('m2', 'Done now.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('slow', 'hang')]);
    void first.engine.send(key, 'Go slow').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c1']?.status === 'executing');
    const second = reload(first.engine, key, agentUrl, [log.tool('slow', 'answer')]);
    const { engine } = reload(second.engine, key, agentUrl, [log.tool('slow', 'answer')]);
    expect(engine.snapshot(key).run.status).to.equal('interrupted');
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'interrupted' });
    expect(engine.runAgain(key, 'c1')).to.equal(true);
    await until(() => engine.snapshot(key).run.status === 'success');
    expect(log.runs).to.deep.equal(['c1', 'c1']);
    engine.dispose();
  });

  it('Continue without the interrupted tool tells the model it did not complete', async () => {
    const log = new ToolLog();
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'slow'), finished],
      [started, ...say('m2', 'Sorry it broke.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('slow', 'hang')]);
    void first.engine.send(key, 'Go slow').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c1']?.status === 'executing');
    const { engine, events } = reload(first.engine, key, agentUrl, [log.tool('slow', 'answer')]);

    expect(await engine.continue(key)).to.equal('success');
    expect(log.runs).to.deep.equal(['c1']);
    const sent = (await requests()) as Recorded[];
    expect(toolMessage(sent[1]!, 'c1')?.error).to.match(/did not complete: the page was reloaded while it ran/);
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'failed' });
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results.map((e) => [e.call.id, e.call.status])).to.deep.equal([['c1', 'failed']]);
    engine.dispose();
  });

  it('an approval pending at reload is still answerable: approving runs the tool once and the loop finishes', async () => {
    const log = new ToolLog();
    const guarded = (behaviour: 'answer' | 'hang') => log.tool('delete_file', behaviour, { requiresApproval: true });
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'delete_file', { path: 'a.txt' }), finished],
      [started, ...say('m2', 'Deleted.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [guarded('answer')]);
    void first.engine.send(key, 'Delete a.txt').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    const { engine, events } = reload(first.engine, key, agentUrl, [guarded('answer')]);

    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'awaiting-approval' });
    expect(log.runs).to.deep.equal([]);
    engine.approve(key, 'c1');
    await until(() => engine.snapshot(key).run.status === 'success');
    expect(log.runs).to.deep.equal(['c1']);
    const sent = (await requests()) as Recorded[];
    expect(toolMessage(sent[1]!, 'c1')).to.include({ content: 'delete_file result' });
    expect(texts(engine, key)).to.deep.equal(['Deleted.']);
    expect(pairs(events).started).to.have.length(1);
    expect(pairs(events).finished).to.deep.equal(pairs(events).started);
    engine.dispose();
  });

  it('approving one call of a hop waits for the word on its interrupted sibling; Continue then goes on without it', async () => {
    const log = new ToolLog();
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'send_mail'), ...callEvents('c2', 'slow'), finished],
      [started, ...say('m2', 'Mail sent, chart not drawn.'), finished],
    ]);
    const tools = (slow: 'answer' | 'hang') => [log.tool('send_mail', 'answer', { requiresApproval: true }), log.tool('slow', slow)];
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, tools('hang'));
    void first.engine.send(key, 'Mail and draw').catch(() => {});
    await until(() => {
      const calls = first.engine.snapshot(key).conversation.toolCalls;
      return calls['c1']?.status === 'awaiting-approval' && calls['c2']?.status === 'executing';
    });
    const { engine, events } = reload(first.engine, key, agentUrl, tools('answer'));
    engine.approve(key, 'c1');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'completed');
    const waiting = engine.snapshot(key);
    expect(waiting.run).to.include({ status: 'running', phase: 'executing-tools' });
    expect(waiting.conversation.toolCalls['c2']).to.include({ status: 'interrupted' });
    expect(await requests(), 'nothing is sent while the interrupted call waits').to.have.length(1);
    expect(await engine.continue(key)).to.equal('success');
    expect(log.runs).to.deep.equal(['c2', 'c1']);
    const sent = (await requests()) as Recorded[];
    expect(toolMessage(sent[1]!, 'c1')).to.include({ content: 'send_mail result' });
    expect(toolMessage(sent[1]!, 'c2')?.error).to.match(/did not complete/);
    expect(pairs(events).started).to.have.length(1);
    engine.dispose();
  });

  it('denying an approval restored after a reload tells the model, without running the tool', async () => {
    const log = new ToolLog();
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'delete_file'), finished],
      [started, ...say('m2', 'Kept it.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('delete_file', 'answer', { requiresApproval: true })]);
    void first.engine.send(key, 'Delete it').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    const { engine } = reload(first.engine, key, agentUrl, [log.tool('delete_file', 'answer', { requiresApproval: true })]);
    engine.deny(key, 'c1', 'Not that one');
    await until(() => engine.snapshot(key).run.status === 'success');
    expect(log.runs).to.deep.equal([]);
    expect(toolMessage(((await requests()) as Recorded[])[1]!, 'c1')?.error).to.equal('Not that one');
    engine.dispose();
  });

  it('an AG-UI interrupt open at reload stays answerable, and the answer resumes the run', async () => {
    const interrupt = { id: 'i1', reason: 'confirm', message: 'Go ahead?' };
    const { agentUrl, requests } = await script([
      [started, { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [interrupt] } }],
      [started, ...say('m2', 'Going ahead.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl);
    void first.engine.send(key, 'Do it').catch(() => {});
    await until(() => {
      const run = first.engine.snapshot(key).run;
      return run.status === 'running' && run.phase === 'awaiting-input';
    });
    const { engine, events } = reload(first.engine, key, agentUrl);
    expect(engine.answerInterrupt(key, 'i1', { ok: true })).to.equal(true);
    await until(() => engine.snapshot(key).run.status === 'success');
    const sent = (await requests()) as Recorded[];
    expect(sent[1]!.body.resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { ok: true } }]);
    expect(texts(engine, key)).to.deep.equal(['Going ahead.']);
    expect(pairs(events).finished).to.deep.equal(pairs(events).started);
    engine.dispose();
  });

  it('a new message on an interrupted thread moves on: the interrupted call is answered as not completed, never run', async () => {
    const log = new ToolLog();
    const { agentUrl, requests } = await script([
      [started, ...callEvents('c1', 'slow'), finished],
      [started, ...say('m2', 'New topic.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('slow', 'hang')]);
    void first.engine.send(key, 'Go slow').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c1']?.status === 'executing');
    const { engine } = reload(first.engine, key, agentUrl, [log.tool('slow', 'answer')]);
    expect(await engine.send(key, 'Something else')).to.equal('success');
    expect(log.runs).to.deep.equal(['c1']);
    const sent = (await requests()) as Recorded[];
    expect(toolMessage(sent[1]!, 'c1')?.error).to.match(/did not complete/);
    expect(sent[1]!.body.messages.filter((m) => m.role === 'user').map((m) => m.content)).to.deep.equal(['Go slow', 'Something else']);
    engine.dispose();
  });

  it('a call a snapshot dropped after it ran never runs again when a later run replays its START, in the page or after a reload', async () => {
    // Property suite, seed 485667675 (invariant R2): the engine's record of what ran lives in the page;
    // the conversation keeps the ids of calls it ran and a snapshot dropped, so a reload keeps them too.
    const replayedStart = [started, ...callEvents('c1', 'lookup'), ...say('m3', 'Done.'), finished];
    for (const reloads of [false, true]) {
      const log = new ToolLog();
      const { agentUrl } = await script([
        [started, ...callEvents('c1', 'lookup'), finished],
        [started, { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm0', role: 'assistant', content: 'Starting over.' }] }, ...say('m2', 'Looked.'), finished],
        replayedStart,
      ]);
      const key = keyFor(agentUrl);
      let { engine } = engineFor(agentUrl, [log.tool('lookup', 'answer')]);
      expect(await engine.send(key, 'Look it up')).to.equal('success');
      expect(log.runs).to.deep.equal(['c1']);
      expect(engine.snapshot(key).conversation.toolCalls['c1'], 'the snapshot dropped the call').to.equal(undefined);
      if (reloads) ({ engine } = reload(engine, key, agentUrl, [log.tool('lookup', 'answer')]));
      await engine.send(key, 'Again');
      expect(log.runs, reloads ? 'after a reload' : 'in the page').to.deep.equal(['c1']);
      engine.dispose();
    }
  });

  it('a call a snapshot dropped after it ran, then named again by a later snapshot, is not taken up by Continue after a reload', async () => {
    // Property suite, seed 1364331087 (invariant R2): named again, the call looks as if it waits to run;
    // in the page the engine's record of what ran keeps it from running, after a reload the conversation's must.
    const log = new ToolLog();
    const namedAgain = { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } }] };
    const { agentUrl } = await script([
      [started, ...callEvents('c1', 'lookup'), finished],
      [
        started,
        { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm0', role: 'assistant', content: 'Starting over.' }] },
        { type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'm0', role: 'assistant', content: 'Starting over.' }, namedAgain] },
        ...callEvents('c2', 'slow'),
        finished,
      ],
      [started, ...say('m3', 'Done.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl, [log.tool('lookup', 'answer'), log.tool('slow', 'hang')]);
    void first.engine.send(key, 'Look it up').catch(() => {});
    await until(() => first.engine.snapshot(key).conversation.toolCalls['c2']?.status === 'executing');
    expect(first.engine.snapshot(key).conversation.toolCalls['c1'], 'named again, as if waiting').to.include({ status: 'pending' });
    const { engine } = reload(first.engine, key, agentUrl, [log.tool('lookup', 'answer'), log.tool('slow', 'answer')]);
    expect(await engine.continue(key)).to.equal('success');
    expect(log.runs, 'c1 ran once, before the reload; c2 is answered as not completed').to.deep.equal(['c1', 'c2']);
    expect(texts(engine, key)).to.include('Done.');
    engine.dispose();
  });

  it('restore does nothing on a thread that already has messages or a turn', async () => {
    const { agentUrl } = await script([[started, ...say('m1', 'Hi.'), finished]]);
    const key = keyFor(agentUrl);
    const { engine } = engineFor(agentUrl);
    await engine.send(key, 'Hello');
    const before = engine.snapshot(key);
    expect(engine.restore(key, { conversation: before.conversation, inFlight: true })).to.equal(false);
    expect(engine.snapshot(key)).to.equal(before);
    await expectRejects(engine.continue(key), /Nothing to continue/);
    engine.dispose();
  });
});

describe('Retry and Continue keep what the user sees (issue 20, item 5)', () => {
  it('retry keeps the failed run\'s partial answer until the new run writes, and when it fails again', async () => {
    const { agentUrl, requests } = await script([
      [started, ...partial('m1', 'Partial answer'), { $delay: 100 }, { $cut: true }],
      [started, { $delay: 300 }, { $cut: true }],
      [{ $status: 502 }],
      [started, ...say('m2', 'Whole answer.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const { engine } = engineFor(agentUrl);
    expect(await engine.send(key, 'Answer me')).to.equal('failed');
    expect(texts(engine, key)).to.deep.equal(['Partial answer']);

    const retried = engine.retry(key);
    await until(async () => (await requests()).length === 2);
    expect(texts(engine, key), 'while the retry has produced nothing').to.deep.equal(['Partial answer']);
    expect(await retried).to.equal('failed');
    expect(texts(engine, key), 'after the retry failed too').to.deep.equal(['Partial answer']);

    expect(await engine.retry(key)).to.equal('failed');
    expect(texts(engine, key), 'after an HTTP failure').to.deep.equal(['Partial answer']);

    expect(await engine.retry(key)).to.equal('success');
    expect(texts(engine, key)).to.deep.equal(['Whole answer.']);
    const sent = (await requests()) as Recorded[];
    // The model never saw the partial answer again.
    for (const request of sent.slice(1)) expect(request.body.messages.map((m) => m.role)).to.deep.equal(['user']);
    engine.dispose();
  });

  it('Continue after a reload keeps the partial answer when its run fails, and a retry replaces it', async () => {
    const { agentUrl } = await script([
      [started, ...partial('m1', 'Half of it'), hang],
      [{ $status: 502 }],
      [started, ...say('m2', 'All of it.'), finished],
    ]);
    const key = keyFor(agentUrl);
    const first = engineFor(agentUrl);
    void first.engine.send(key, 'Tell me').catch(() => {});
    await until(() => texts(first.engine, key).includes('Half of it'));
    const { engine } = reload(first.engine, key, agentUrl);
    expect(await engine.continue(key)).to.equal('failed');
    expect(texts(engine, key)).to.deep.equal(['Half of it']);
    expect(await engine.retry(key)).to.equal('success');
    expect(texts(engine, key)).to.deep.equal(['All of it.']);
    engine.dispose();
  });
});

async function expectRejects(promise: Promise<unknown>, message: RegExp): Promise<void> {
  let error: unknown;
  try {
    await promise;
  } catch (e) {
    error = e;
  }
  expect(String((error as Error)?.message)).to.match(message);
}

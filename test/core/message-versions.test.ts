import { expect } from '@open-wc/testing';
import {
  RunOrchestrator,
  ToolRegistry,
  transcriptJson,
  versionPosition,
  type ClientTool,
  type Conversation,
  type ThreadKey,
} from '../../src/core/index.js';
import { runError, runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, deferred } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const texts = (c: Conversation) => c.messages.map((m) => (m as { text?: string }).text);
const sent = (transport: ScriptedTransport, n: number) => transport.requests[n]!.messages.map((m) => [m.role, m.content]);

describe('message versions (the branch model)', () => {
  it('regenerate keeps the earlier answer as version 1 of 2; switching brings it back, and the next run sends it', async () => {
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...text('a1', 'First.'), runFinished()],
      [runStarted('r2'), ...text('a2', 'Second.'), runFinished()],
      [runStarted('r3'), ...text('a3', 'Follow-up.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    const thread = engine.thread(key);
    await engine.send(key, 'hello');
    const user = engine.snapshot(key).conversation.messages[0]!.id;
    expect(versionPosition(engine.snapshot(key).conversation, user), 'one version: no position').to.equal(undefined);
    expect(await engine.regenerate(key)).to.equal('success');
    expect(sent(transport, 1), 'the regenerate sends the branch without the old answer').to.deep.equal([['user', 'hello']]);
    expect(texts(engine.snapshot(key).conversation)).to.deep.equal(['hello', 'Second.']);
    expect(versionPosition(engine.snapshot(key).conversation, user)).to.deep.equal({ index: 1, count: 2 });

    expect(thread.canSwitchVersion(user, 1), 'the one on screen').to.equal(false);
    expect(thread.canSwitchVersion(user, 2), 'no third version').to.equal(false);
    expect(thread.switchVersion(user, 0)).to.equal(true);
    expect(texts(engine.snapshot(key).conversation)).to.deep.equal(['hello', 'First.']);
    expect(versionPosition(engine.snapshot(key).conversation, user)).to.deep.equal({ index: 0, count: 2 });
    const exported = transcriptJson({ conversation: engine.snapshot(key).conversation, threadKey: key });
    expect(exported.messages.map((m) => (m as { text?: string }).text), 'the export is the branch on screen').to.deep.equal(['hello', 'First.']);
    expect(exported.messages[0]).to.deep.include({ version: { number: 1, count: 2 } });

    await engine.send(key, 'and then?');
    expect(sent(transport, 2), 'the run input is the branch on screen').to.deep.equal([
      ['user', 'hello'],
      ['assistant', 'First.'],
      ['user', 'and then?'],
    ]);
    expect(thread.switchVersion(user, 1)).to.equal(true);
    expect(texts(engine.snapshot(key).conversation), 'the other branch, without the follow-up').to.deep.equal(['hello', 'Second.']);
    expect(thread.switchVersion(user, 0)).to.equal(true);
    expect(texts(engine.snapshot(key).conversation), 'the follow-up came back with its branch').to.deep.equal(['hello', 'First.', 'and then?', 'Follow-up.']);
  });

  it('edit on an earlier user message keeps the whole earlier branch, later versions included', async () => {
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...text('a1', 'Cats.'), runFinished()],
      [runStarted('r2'), ...text('a2', 'More cats.'), runFinished()],
      [runStarted('r3'), ...text('a3', 'Other cats.'), runFinished()],
      [runStarted('r4'), ...text('a4', 'Dogs.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    const thread = engine.thread(key);
    await engine.send(key, 'cats');
    await engine.send(key, 'more');
    const [first, , second] = engine.snapshot(key).conversation.messages.map((m) => m.id);
    expect(thread.canEdit(first!), 'an earlier message can be edited').to.equal(true);
    expect(thread.regenerate()).to.equal(true); // a version of the second turn
    await thread.turn;
    expect(versionPosition(engine.snapshot(key).conversation, second!)).to.deep.equal({ index: 1, count: 2 });

    expect(thread.edit(first!, 'dogs')).to.equal(true);
    await thread.turn;
    expect(sent(transport, 3)).to.deep.equal([['user', 'dogs']]);
    let conversation = engine.snapshot(key).conversation;
    expect(texts(conversation)).to.deep.equal(['dogs', 'Dogs.']);
    expect(versionPosition(conversation, first!)).to.deep.equal({ index: 1, count: 2 });
    expect(versionPosition(conversation, second!), 'the later turn left with its branch').to.equal(undefined);

    expect(thread.switchVersion(first!, 0)).to.equal(true);
    conversation = engine.snapshot(key).conversation;
    expect(texts(conversation)).to.deep.equal(['cats', 'Cats.', 'more', 'Other cats.']);
    expect(versionPosition(conversation, second!), 'and came back with it').to.deep.equal({ index: 1, count: 2 });
    expect(thread.switchVersion(second!, 0)).to.equal(true);
    expect(texts(engine.snapshot(key).conversation)).to.deep.equal(['cats', 'Cats.', 'more', 'More cats.']);
  });

  it('a kept version keeps its calls and results; a reused call id runs again in the new version only', async () => {
    let runs = 0;
    const lookup: ClientTool = { name: 'lookup', description: '', execute: () => `result ${++runs}` };
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...toolCall('c1', 'lookup', {}), runFinished()],
      [runStarted('r2'), ...text('a1', 'First.'), runFinished()],
      [runStarted('r3'), ...toolCall('c1', 'lookup', {}), runFinished()],
      [runStarted('r4'), ...text('a2', 'Second.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([lookup]) });
    await engine.send(key, 'look');
    await engine.regenerate(key);
    expect(runs).to.equal(2);
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ status: 'completed', result: 'result 2' });
    const user = engine.snapshot(key).conversation.messages[0]!.id;
    expect(engine.switchVersion(key, user, 0)).to.equal(true);
    expect(engine.snapshot(key).conversation.toolCalls['c1'], 'the first version keeps its own result').to.include({ status: 'completed', result: 'result 1' });
    expect(runs, 'switching runs nothing').to.equal(2);
  });

  it('no switching while a turn runs; a switch leaves a failure with the branch it belongs to', async () => {
    const hold = deferred();
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...text('a1', 'First.'), runFinished()],
      [runStarted('r2'), runError('boom')],
      [runStarted('r3'), { $wait: hold.promise }, ...text('a3', 'Third.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    const thread = engine.thread(key);
    await engine.send(key, 'hi');
    const user = engine.snapshot(key).conversation.messages[0]!.id;
    expect(await engine.regenerate(key)).to.equal('failed');
    expect(engine.snapshot(key).run.status).to.equal('failed');
    expect(thread.switchVersion(user, 0)).to.equal(true);
    expect(engine.snapshot(key).run.status, 'the failure went with its branch').to.equal('idle');
    expect(thread.canRetry()).to.equal(false);
    expect(thread.switchVersion(user, 1)).to.equal(true);

    expect(thread.regenerate()).to.equal(true);
    // The failed version had left nothing but the question: it is replaced, not kept.
    expect(versionPosition(engine.snapshot(key).conversation, user)).to.deep.equal({ index: 1, count: 2 });
    expect(thread.canSwitchVersion(user, 0), 'a turn runs').to.equal(false);
    expect(thread.switchVersion(user, 0)).to.equal(false);
    expect(engine.switchVersion(key, user, 0), 'the engine refuses too').to.equal(false);
    hold.resolve();
    expect(await thread.turn).to.equal('success');
    expect(thread.canSwitchVersion(user, 0)).to.equal(true);
    expect(engine.switchVersion(key, user, 7), 'no such version').to.equal(false);
    expect(engine.switchVersion(key, 'nobody', 0), 'no such message').to.equal(false);
  });

  it('a regenerate of a turn that left nothing keeps no empty version; an edit of it keeps its earlier text', async () => {
    const transport = new ScriptedTransport([
      [runStarted('r1'), runError('down')],
      [runStarted('r2'), ...text('a2', 'Up.'), runFinished()],
      [runStarted('r3'), ...text('a3', 'Edited.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    await engine.send(key, 'ping');
    const user = engine.snapshot(key).conversation.messages[0]!.id;
    await engine.regenerate(key);
    expect(versionPosition(engine.snapshot(key).conversation, user)).to.equal(undefined);
    await engine.edit(key, user, 'pong');
    expect(versionPosition(engine.snapshot(key).conversation, user)).to.deep.equal({ index: 1, count: 2 });
  });

  it('versions survive a restore (as the local store keeps them); malformed ones are left out', async () => {
    const transport = new ScriptedTransport([
      [runStarted('r1'), ...text('a1', 'One.'), runFinished()],
      [runStarted('r2'), ...text('a2', 'Two.'), runFinished()],
      [runStarted('r3'), ...text('a3', 'Three.'), runFinished()],
    ]);
    const engine = new RunOrchestrator({ transport });
    await engine.send(key, 'q');
    await engine.regenerate(key);
    const saved = JSON.parse(JSON.stringify(engine.snapshot(key).conversation)) as Conversation;
    const user = saved.messages[0]!.id;

    const next = new RunOrchestrator({ transport });
    expect(next.restore(key, { conversation: saved, inFlight: false })).to.equal(true);
    expect(versionPosition(next.snapshot(key).conversation, user)).to.deep.equal({ index: 1, count: 2 });
    expect(next.switchVersion(key, user, 0)).to.equal(true);
    expect(texts(next.snapshot(key).conversation)).to.deep.equal(['q', 'One.']);
    await next.send(key, 'on');
    expect(sent(transport, 2)).to.deep.equal([
      ['user', 'q'],
      ['assistant', 'One.'],
      ['user', 'on'],
    ]);

    const broken = { ...saved, versions: { [user]: { others: [{ messages: 'nope', toolCalls: {} }], index: 1 }, other: 5 } } as unknown as Conversation;
    const third = new RunOrchestrator({ transport });
    expect(third.restore(key, { conversation: broken, inFlight: false })).to.equal(true);
    expect(third.snapshot(key).conversation.versions).to.equal(undefined);
    expect(third.switchVersion(key, user, 0)).to.equal(false);
  });
});

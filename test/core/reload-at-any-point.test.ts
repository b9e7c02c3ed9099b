import { expect } from '@open-wc/testing';
import {
  LocalThreadStore,
  LocalThreadSync,
  RunOrchestrator,
  ToolRegistry,
  type ClientTool,
  type Conversation,
  type ThreadKey,
} from '../../src/index.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';

/**
 * Issue 20, "reload at any point": a turn with two tool hops is cut after its n-th change, for every n
 * (the engine is dropped as a page that goes away drops it; what was kept is read into a new engine).
 * Invariants: every user message and every tool call that had run (with its result) survives; no tool
 * executes twice across the reload.
 */
const DB = 'soliplex-chat-reload-property';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

const script = (): ScriptedRun[] => [
  [runStarted('r1'), ...text('m1', 'Looking both up.'), ...toolCall('a', 'lookup', { q: 'a' }, 'm1'), ...toolCall('b', 'lookup', { q: 'b' }, 'm1'), runFinished()],
  [runStarted('r2'), ...text('m2', 'One more.'), ...toolCall('c', 'lookup', { q: 'c' }, 'm2'), runFinished()],
  [runStarted('r3'), ...text('m3', 'Done: all three.', 4), runFinished()],
];

function harness(executions: string[]) {
  const tool: ClientTool = {
    name: 'lookup',
    description: 'Looks a thing up',
    execute: async (args: unknown, { toolCall }) => {
      executions.push(toolCall.id);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return `found ${(args as { q: string }).q}`;
    },
  };
  return new ToolRegistry([tool]);
}

/** Runs the turn, dropping the engine after its `cut`-th change (none: to its end); returns what it saw last and the kept copy reopened. */
async function runCut(cut: number | undefined, thread: string, store: LocalThreadStore) {
  const executions: string[] = [];
  const key: ThreadKey = { server: 'https://agent.example', room: '', thread };
  const engine = new RunOrchestrator({ transport: new ScriptedTransport(script()), toolRegistry: harness(executions) });
  const sync = LocalThreadSync.for(engine, store);
  let changes = 0;
  let last: Conversation | undefined;
  let dropped = false;
  engine.registry.subscribe((snapshot) => {
    if (dropped) return;
    last = snapshot.conversation;
    if (++changes === cut) {
      dropped = true;
      queueMicrotask(() => engine.dispose());
    }
  }, key);
  const turn = engine.send(key, 'look up a, b and c').catch(() => 'cancelled');
  await turn;
  if (!dropped) dropped = true;
  await sync.flush();
  sync.close();

  const executionsBefore = [...executions];
  const reloaded = new RunOrchestrator({ transport: new ScriptedTransport([]), toolRegistry: harness(executions) });
  const reopened = LocalThreadSync.for(reloaded, store);
  await reopened.reopen(key);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const restored = reloaded.snapshot(key).conversation;
  reopened.close();
  reloaded.dispose();
  return { changes, last: last!, restored, executionsBefore, executions };
}

describe('reload at any point (issue 20)', function () {
  this.timeout(120_000);
  before(() => deleteDatabase(DB));

  it('keeps every user message and every executed call with its result; no tool runs twice', async () => {
    const store = new LocalThreadStore({ dbName: DB, maxThreads: 500 });
    const whole = await runCut(undefined, 'whole', store);
    expect(whole.restored.messages.at(-1)).to.include({ text: 'Done: all three.' });
    expect(whole.executions).to.have.length(3);

    for (let cut = 1; cut <= whole.changes; cut++) {
      const { last, restored, executionsBefore, executions } = await runCut(cut, `cut-${cut}`, store);
      const where = `cut after change ${cut} of ${whole.changes}`;
      for (const message of last.messages.filter((m) => m.role === 'user')) {
        expect(restored.messages.some((m) => m.id === message.id), `${where}: user message kept`).to.equal(true);
      }
      for (const call of Object.values(last.toolCalls)) {
        if (call.status !== 'completed') continue;
        expect(restored.toolCalls[call.id]?.result, `${where}: ${call.id}'s result kept`).to.equal(call.result);
      }
      for (const id of executionsBefore) {
        expect(restored.toolCalls[id], `${where}: executed call ${id} kept`).to.not.equal(undefined);
      }
      expect(executions, `${where}: nothing executed after the reload`).to.deep.equal(executionsBefore);
      expect(new Set(executions).size, `${where}: no call executed twice`).to.equal(executions.length);
    }
  });
});

import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, type ClientTool, type EngineEvent, type RunRequest, type ThreadKey, type ToolGroup } from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, until, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const call = (id: string, name: string, args: object = {}): ScriptedRun => [runStarted(), ...toolCall(id, name, args, `a-${id}`), runFinished()];
const answer: ScriptedRun = [runStarted(), ...text('m', 'done'), runFinished()];
const toolMessages = (request: RunRequest) => request.messages.filter((m): m is Extract<Message, { role: 'tool' }> => m.role === 'tool');
const lastToolContent = (transport: ScriptedTransport) => toolMessages(transport.requests.at(-1)!).at(-1)!.content;

function setup(runs: ScriptedRun[], registry: ToolRegistry) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: registry });
  return { transport, engine };
}

describe('approvals', () => {
  const secrets: ToolGroup = {
    name: 'secrets',
    description: 'Secret things',
    startCollapsed: false,
    requiresApproval: true,
    tools: [
      { name: 'read_secret', description: 'Reads', execute: () => 's3cret' },
      { name: 'peek', description: 'Peeks', requiresApproval: false, execute: () => 'peeked' },
    ],
  };

  it("holds a group's tools for approval by the group's default; a tool's own setting wins", async () => {
    const { engine, transport } = setup([[runStarted(), ...toolCall('c1', 'read_secret', {}, 'a'), ...toolCall('c2', 'peek', {}, 'a'), runFinished()], answer], new ToolRegistry().registerGroup(secrets));
    const done = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    await until(() => engine.snapshot(key).conversation.toolCalls['c2']?.status === 'completed');
    engine.approve(key, 'c1');
    expect(await done).to.equal('success');
    expect(toolMessages(transport.requests[1]!).map((m) => m.content)).to.deep.equal(['s3cret', 'peeked']);
  });

  it('follows the approval policy: deny, approve, or ask', async () => {
    const verdicts: Record<string, 'approve' | 'deny' | 'ask'> = { a: 'deny', b: 'approve', c: 'ask' };
    const tools = ['a', 'b', 'c'].map((name): ClientTool => ({ name, description: name, requiresApproval: name === 'b', execute: () => `${name} ran` }));
    const registry = new ToolRegistry(tools).withSettings({ approvalPolicy: (c) => verdicts[c.name] });
    const first: ScriptedRun = [runStarted(), ...toolCall('ca', 'a', {}, 'x'), ...toolCall('cb', 'b', {}, 'x'), ...toolCall('cc', 'c', {}, 'x'), runFinished()];
    const { engine, transport } = setup([first, answer], registry);
    const done = engine.send(key, 'go');
    await until(() => engine.snapshot(key).conversation.toolCalls['cc']?.status === 'awaiting-approval');
    engine.approve(key, 'cc');
    await done;
    expect(toolMessages(transport.requests[1]!).map((m) => m.content)).to.deep.equal([
      "The host page's approval policy denied this tool call.",
      'b ran',
      'c ran',
    ]);
  });

  it('"always allow" in a thread stops asking for that tool there, not in other threads', async () => {
    const guarded: ClientTool = { name: 'guarded', description: 'g', requiresApproval: true, execute: () => 'ran' };
    const { engine } = setup([call('c1', 'guarded'), answer, call('c2', 'guarded'), answer, call('c3', 'guarded'), answer], new ToolRegistry([guarded]));
    const first = engine.send(key, 'one');
    await until(() => engine.snapshot(key).conversation.toolCalls['c1']?.status === 'awaiting-approval');
    engine.approve(key, 'c1', { always: true });
    await first;
    expect(await engine.send(key, 'two')).to.equal('success');
    expect(engine.snapshot(key).conversation.toolCalls['c2']?.status).to.equal('completed');
    const other = { ...key, thread: 't2' };
    void engine.send(other, 'three');
    await until(() => engine.snapshot(other).conversation.toolCalls['c3']?.status === 'awaiting-approval');
    engine.cancel(other);
  });
});

describe('timeouts and failure strategies', () => {
  const hang: ClientTool['execute'] = (_args, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));

  it("uses the group's timeout for its tools", async () => {
    const group: ToolGroup = { name: 'slow', description: 's', startCollapsed: false, timeoutMs: 30, tools: [{ name: 'wait', description: 'w', execute: hang }] };
    const { engine, transport } = setup([call('c1', 'wait'), answer], new ToolRegistry().registerGroup(group));
    await engine.send(key, 'go');
    expect(lastToolContent(transport)).to.contain('timed out after 30 ms');
  });

  it('fail-fast fails the turn', async () => {
    const broken: ClientTool = { name: 'broken', description: 'b', onFailure: { mode: 'fail-fast' }, execute: () => Promise.reject(new Error('offline')) };
    const { engine } = setup([call('c1', 'broken'), answer], new ToolRegistry([broken]));
    const events: EngineEvent[] = [];
    engine.on((e) => events.push(e));
    expect(await engine.send(key, 'go')).to.equal('failed');
    const finished = events.find((e) => e.type === 'turn-finished');
    expect(finished && finished.type === 'turn-finished' && finished.error).to.deep.equal({ kind: 'tool', message: 'Tool "broken" failed: offline' });
  });

  it('retry runs the tool again with backoff until it succeeds', async () => {
    let attempts = 0;
    const flaky: ClientTool = {
      name: 'flaky',
      description: 'f',
      onFailure: { mode: 'retry', maxRetries: 3, backoffMs: 1 },
      execute: () => (++attempts < 3 ? Promise.reject(new Error('busy')) : 'finally'),
    };
    const { engine, transport } = setup([call('c1', 'flaky'), answer], new ToolRegistry([flaky]));
    await engine.send(key, 'go');
    expect(attempts).to.equal(3);
    expect(lastToolContent(transport)).to.equal('finally');
  });

  it('retry gives up after maxRetries; fallback sends its template', async () => {
    let attempts = 0;
    const down: ClientTool = { name: 'down', description: 'd', onFailure: { mode: 'retry', maxRetries: 1, backoffMs: 1 }, execute: () => { attempts++; throw new Error('no'); } };
    const registry = new ToolRegistry([down]).withSettings({ onFailure: { mode: 'fallback', message: '{tool} is unavailable ({error}); answer without it.' } });
    const fallback = registry.register({ name: 'other', description: 'o', execute: () => { throw new Error('nope'); } });
    const { engine, transport } = setup([call('c1', 'down'), answer, call('c2', 'other'), answer], fallback);
    await engine.send(key, 'go');
    expect(attempts).to.equal(2);
    expect(lastToolContent(transport)).to.equal('Tool "down" failed: no');
    await engine.send(key, 'again');
    expect(lastToolContent(transport)).to.equal('other is unavailable (Tool "other" failed: nope); answer without it.');
  });
});

describe('middleware and caching', () => {
  it('runs middleware in order; it can rewrite arguments and short-circuit; the remover removes it', async () => {
    const echo: ClientTool = { name: 'echo', description: 'e', parameters: { type: 'object', properties: { v: { type: 'string' } } }, execute: (args: { v: string }) => `echo ${args.v}` };
    const { engine, transport } = setup([call('c1', 'echo', { v: 'a' }), answer, call('c2', 'echo', { v: 'blocked' }), answer, call('c3', 'echo', { v: 'b' }), answer], new ToolRegistry([echo]));
    const seen: string[] = [];
    const removeLog = engine.use(async (invocation, next) => {
      seen.push(`log ${invocation.name}`);
      return next(invocation);
    });
    const removeRewrite = engine.use((invocation, next) => {
      const v = (invocation.args as { v: string }).v;
      if (v === 'blocked') return 'short-circuited';
      return next({ ...invocation, args: { v: v.toUpperCase() } });
    });
    await engine.send(key, '1');
    expect(lastToolContent(transport)).to.equal('echo A');
    await engine.send(key, '2');
    expect(lastToolContent(transport)).to.equal('short-circuited');
    removeLog();
    removeRewrite();
    await engine.send(key, '3');
    expect(lastToolContent(transport)).to.equal('echo b');
    expect(seen).to.deep.equal(['log echo', 'log echo']);
  });

  it('answers a repeated call from the cache within its ttl, marked cached, per thread', async () => {
    let runs = 0;
    const lookup: ClientTool = { name: 'lookup', description: 'l', cache: { ttlMs: 60_000 }, execute: () => `result ${++runs}` };
    const { engine, transport } = setup(
      [call('c1', 'lookup', { a: 1, b: 2 }), answer, call('c2', 'lookup', { b: 2, a: 1 }), answer, call('c3', 'lookup', { a: 1, b: 2 }), answer],
      new ToolRegistry([lookup]),
    );
    const results: EngineEvent[] = [];
    engine.on((e) => e.type === 'tool-result' && results.push(e));
    await engine.send(key, '1');
    await engine.send(key, '2');
    expect(runs).to.equal(1);
    expect(lastToolContent(transport)).to.equal('result 1');
    expect(engine.snapshot(key).conversation.toolCalls['c2']!.cached).to.equal(true);
    expect(results.map((e) => e.type === 'tool-result' && !!e.call.cached)).to.deep.equal([false, true]);
    await engine.send({ ...key, thread: 't2' }, '3');
    expect(runs).to.equal(2);
  });
});

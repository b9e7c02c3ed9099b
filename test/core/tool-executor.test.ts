import { expect } from '@open-wc/testing';
import { ToolRegistry, executeTool, resultToContent, type ClientTool, type ToolCall } from '../../src/core/index.js';

const call: ToolCall = { id: 'c1', name: 'echo', status: 'executing', argsText: '{}', serverRun: false };

function entryFor(tool: Partial<ClientTool>) {
  return new ToolRegistry([{ name: 'echo', description: '', execute: () => undefined, ...tool }]).entry('echo')!;
}

describe('tool execution', () => {
  it('turns results into tool-message content: strings as they are, the rest as JSON, undefined as ""', async () => {
    expect(resultToContent('plain')).to.equal('plain');
    expect(resultToContent({ a: [1, 2] })).to.equal('{"a":[1,2]}');
    expect(resultToContent(42)).to.equal('42');
    expect(resultToContent(null)).to.equal('null');
    expect(resultToContent(undefined)).to.equal('');
    // A cycle needs the safe writer: executing the tool loads it, and from then on it is there at once.
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    const outcome = await executeTool(entryFor({ execute: () => cyclic }), call, {}, new AbortController().signal);
    expect(outcome).to.include({ ok: true, result: '{"self":"[circular reference to $]"}' });
    expect(resultToContent(cyclic)).to.equal('{"self":"[circular reference to $]"}');
  });

  it('keeps the raw value for the page next to the content for the model', async () => {
    const value = { rows: 3 };
    const outcome = await executeTool(entryFor({ execute: async () => value }), call, {}, new AbortController().signal);
    expect(outcome).to.deep.equal({ ok: true, result: '{"rows":3}', value });
  });

  it('aborts the signal and fails the call when the caller aborts', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const running = executeTool(entryFor({ execute: (_a, ctx) => ((seen = ctx.signal), new Promise(() => {})) }), call, {}, controller.signal);
    controller.abort(new Error('user pressed Stop'));
    const outcome = await running;
    expect(seen!.aborted).to.equal(true);
    expect(outcome.ok === false && outcome.error).to.contain('user pressed Stop');
  });

  it('answers at once for a tool that returns at once, a throw and a stop included', async () => {
    const signal = new AbortController().signal;
    expect(await executeTool(entryFor({ execute: () => ({ rows: 1 }) }), call, {}, signal)).to.deep.equal({ ok: true, result: '{"rows":1}', value: { rows: 1 } });
    const thrown = await executeTool(entryFor({ execute: () => { throw new Error('boom'); } }), call, {}, signal);
    expect(thrown.ok === false && thrown.error).to.equal('Tool "echo" failed: boom');
    // The turn stopped while the tool ran (it cancelled it itself): a stop, whatever it returned.
    const controller = new AbortController();
    const stopped = await executeTool(entryFor({ execute: () => (controller.abort(new Error('stopped meanwhile')), 'late') }), call, {}, controller.signal);
    expect(stopped.ok === false && stopped.error).to.contain('stopped meanwhile');
  });
});

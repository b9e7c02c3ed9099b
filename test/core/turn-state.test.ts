// TurnOptions.state: agent state a caller adds to every run of its turns (the chat's document
// filter, issue 23), merged one level deep over the thread's own state, continuations included.
import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, type ThreadKey } from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };

describe('TurnOptions.state', () => {
  it('is merged over the thread state on every run of the turn (the tool continuation too), keeping the other keys', async () => {
    const transport = new ScriptedTransport([
      [runStarted('r1'), { type: EventType.STATE_SNAPSHOT, snapshot: { rag: { citations: ['c1'], document_filter: null }, other: 1 } } as BaseEvent, ...toolCall('c1', 'echo', '{}'), runFinished()],
      [runStarted('r2'), ...text('a1', 'Done.'), runFinished()],
    ]);
    const registry = new ToolRegistry([{ name: 'echo', description: 'Echo', execute: () => 'ok' }]);
    const engine = new RunOrchestrator({ transport, toolRegistry: registry });
    const asked: ThreadKey[] = [];
    const outcome = await engine.send(key, 'hi', {
      state: (k) => {
        asked.push(k);
        return { rag: { document_filter: "id = 'd1'" } };
      },
    });
    expect(outcome).to.equal('success');
    expect(transport.requests).to.have.length(2);
    expect(transport.requests[0].state).to.deep.equal({ rag: { document_filter: "id = 'd1'" } });
    expect(transport.requests[1].state).to.deep.equal({ rag: { citations: ['c1'], document_filter: "id = 'd1'" }, other: 1 });
    expect(asked).to.deep.equal([key, key]);
    // The overlay is sent, not kept: the thread's own state is the server's.
    expect(engine.snapshot(key).conversation.state).to.deep.equal({ rag: { citations: ['c1'], document_filter: null }, other: 1 });
  });

  it('a callback that throws adds nothing and does not break the turn', async () => {
    const transport = new ScriptedTransport([[runStarted('r1'), ...text('a1', 'Done.'), runFinished()]]);
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry() });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const outcome = await engine.send(key, 'hi', { state: () => { throw new Error('boom'); } });
      expect(outcome).to.equal('success');
    } finally {
      console.error = original;
    }
    expect(transport.requests[0].state).to.deep.equal({});
    expect(errors).to.have.length(1);
  });
});

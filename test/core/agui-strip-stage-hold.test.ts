import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, type ThreadKey, type Transport } from '../../src/core/index.js';
import { stripStage } from '../../src/core/transport/agui-strip-stage.js';

/** The strip stage's in-order hold (agui-event-pipeline.ts) failing: a page of its own, so the stage is not loaded yet. */
describe('events held for the strip stage', () => {
  it("a violation found while the held events are delivered fails the run with the protocol's reason", async () => {
    expect(stripStage).to.equal(undefined);
    const ids = { threadId: 'own', runId: 'r2' };
    const stream: object[] = [{ type: 'RUN_STARTED', ...ids }, { type: 'RUN_FINISHED', ...ids, outcome: 'done' }];
    // No await between events: the sink is called as a synchronous source would.
    const own: Transport = { run: async (request, onEvent) => (stream.forEach((e) => onEvent(e as BaseEvent)), { runId: request.runId }) };
    const engine = new RunOrchestrator({ transport: own, toolRegistry: new ToolRegistry([]) });
    const key: ThreadKey = { server: 'https://own.example', room: '', thread: 'own-2' };
    expect(await engine.send(key, 'go')).to.equal('failed');
    const { run } = engine.snapshot(key);
    expect(run.status === 'failed' && run.error.message).to.contain('outcome that is not an outcome object');
  });
});

import { expect } from '@open-wc/testing';
import { createAgUiHttpTransport } from '../../src/core/index.js';
import { stripStage } from '../../src/core/transport/agui-strip-stage.js';
import { needsReducerExtras } from '../../src/core/conversation/conversation-reducer.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { engineOn } from '../helpers/observed-engine.js';

/**
 * Steps (`STEP_STARTED` / `STEP_FINISHED`) are rare: neither Soliplex nor a plain answer sends them.
 * Their ordering rules load with the verifier's rare rules (the strip stage's chunk) and their
 * reduction with the reducer's rare paths (reducer-extras.ts), each before the first step is handed
 * on, the events keeping their order. The tests run in order, in a page of their own.
 */

describe('steps load their rules and their reduction on demand', () => {
  it('a plain answer loads neither', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(stripStage).to.equal(undefined);
    expect(needsReducerExtras({ type: 'STEP_STARTED', stepName: 'search' } as never)).to.equal(true);
  });

  it('the first step loads both: the run shows its active steps as they start and finish, in order', async () => {
    const run = [
      started,
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Looking ' },
      { type: 'STEP_STARTED', stepName: 'search' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'it up.' },
      { type: 'STEP_STARTED', stepName: 'rank' },
      { type: 'STEP_FINISHED', stepName: 'search' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'STEP_FINISHED', stepName: 'rank' },
      finished,
    ];
    const { agentUrl } = await script([run]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'steps' };
    // The active steps after each event, as the engine holds them when it hands the event on.
    const seen: string[] = [];
    engine.on((e) => void (e.type === 'agui-event' && e.event.type.startsWith('STEP_') && seen.push((engine.snapshot(key).conversation.steps ?? []).join('+'))));
    expect(await engine.send(key, 'search')).to.equal('success');
    expect(events.map((e) => e.type)).to.deep.equal(run.map((e) => e.type));
    expect(seen).to.deep.equal(['search', 'search+rank', 'rank', '']);
    const answer = engine.snapshot(key).conversation.messages.find((m) => m.id === 'a1');
    expect(answer?.role === 'assistant' && answer.text).to.equal('Looking it up.');
    expect(stripStage).not.to.equal(undefined);
    expect(needsReducerExtras({ type: 'STEP_STARTED', stepName: 'search' } as never)).to.equal(false);
  });

  it('their ordering rules hold: a step finished that never started fails the run', async () => {
    const { agentUrl } = await script([[started, { type: 'STEP_FINISHED', stepName: 'ghost' }, finished]]);
    const { engine } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    const key = { server: agentUrl, room: '', thread: 'ghost' };
    expect(await engine.send(key, 'go')).to.equal('failed');
    const status = engine.snapshot(key).run;
    expect(status.status === 'failed' && status.error.message).to.contain('STEP_FINISHED for step "ghost", which was not started');
  });
});

import { expect } from '@open-wc/testing';
import type { BaseEvent } from '@ag-ui/core';
import { createAgUiHttpTransport, type ThreadKey, type Transport } from '../../src/core/index.js';
import { stripStage } from '../../src/core/transport/agui-strip-stage.js';
import { finished, say, script, started } from '../helpers/agui-server.js';
import { engineOn } from '../helpers/observed-engine.js';

/**
 * The strip stage (agui-event-strip.ts) is a chunk of its own: an ordinary run never loads it, and the
 * first event that needs it waits for it without the events losing their order, whichever transport
 * hands them over. The tests run in order, in a page of their own (module state is this file's).
 */

describe('the strip stage loads on demand', () => {
  it('a plain text run through the HTTP transport does not load it', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello.'), finished]]);
    const { engine, events } = engineOn(createAgUiHttpTransport({ url: agentUrl }));
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(events.map((e) => e.type)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
    expect(stripStage).to.equal(undefined);
  });

  it("a page's own transport handing events over synchronously: the event that needs the stage and those after it wait for it, in order", async () => {
    const ids = { threadId: 'own', runId: 'r1' };
    const stream: object[] = [
      { type: 'RUN_STARTED', ...ids },
      { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'one ', futureProp: 1 },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'two' },
      { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
      { type: 'RUN_FINISHED', ...ids },
    ];
    // No await between events: the sink is called as a synchronous source would.
    const own: Transport = { run: async (request, onEvent) => (stream.forEach((e) => onEvent(e as BaseEvent)), { runId: request.runId }) };
    const { engine, events } = engineOn(own);
    const key: ThreadKey = { server: 'https://own.example', room: '', thread: 'own' };
    const warnings: string[] = [];
    const { warn } = console;
    console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    try {
      expect(await engine.send(key, 'go')).to.equal('success');
    } finally {
      console.warn = warn;
    }
    expect(stripStage).not.to.equal(undefined);
    expect(events.map((e) => e.type)).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
    expect(events[2]).not.to.have.property('futureProp');
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text).filter(Boolean)).to.deep.equal(['go', 'one two']);
    expect(warnings.filter((w) => w.includes('futureProp'))).to.have.length(1);
  });
});

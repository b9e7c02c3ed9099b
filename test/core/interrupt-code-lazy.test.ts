import { expect } from '@open-wc/testing';
// Not through the core's index: the CDN's chat imports the engine's modules one by one.
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { AgUiHttpTransport } from '../../src/core/transport/agui-http-transport.js';
import type { ThreadKey } from '../../src/core/tool-loop/run-state.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

/**
 * Answering AG-UI interrupts (tool-loop/interrupts.ts with conversation/interrupt-answers.ts) loads
 * with the first interrupt a thread holds: a chat of plain answers never loads it, and an interrupt
 * answered the moment it shows (before that code has loaded) still resumes the run with the answer.
 * The tests run in order, in a page of their own (module state is this file's).
 */
const interruptCodeLoaded = () => performance.getEntriesByType('resource').some((entry) => /\/(tool-loop\/interrupts|conversation\/interrupt-answers)\./.test(entry.name));

describe('interrupt answering loads on demand', () => {
  it('a plain answer does not load it', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Plain.'), finished]]);
    const engine = new RunOrchestrator({ transport: new AgUiHttpTransport({ url: agentUrl }) });
    expect(await engine.send({ server: agentUrl, room: '', thread: 'plain' }, 'hi')).to.equal('success');
    expect(interruptCodeLoaded()).to.equal(false);
  });

  it('an interrupt answered as soon as it shows, before its code has loaded, resumes the run with the answer', async () => {
    const ask = { id: 'i1', reason: 'confirmation', message: 'Book it?' };
    const { agentUrl, requests } = await script<{ resume?: unknown }>([
      [started, ...say('a1', 'One question.'), { type: 'RUN_FINISHED', outcome: { type: 'interrupt', interrupts: [ask] } }],
      [started, ...say('a2', 'Booked.'), finished],
    ]);
    const engine = new RunOrchestrator({ transport: new AgUiHttpTransport({ url: agentUrl }) });
    const key: ThreadKey = { server: agentUrl, room: '', thread: 'asked' };
    let answered: boolean | undefined;
    engine.registry.subscribe((snapshot) => {
      if (answered !== undefined || !snapshot.conversation.messages.some((m) => m.role === 'interrupt')) return;
      answered = engine.answerInterrupt(key, 'i1', { approved: true });
    }, key);
    expect(await engine.send(key, 'book it')).to.equal('success');
    expect(answered).to.equal(true);
    const sent = await requests();
    expect(sent).to.have.length(2);
    expect(sent[1]!.body.resume).to.deep.equal([{ interruptId: 'i1', status: 'resolved', payload: { approved: true } }]);
    expect(engine.snapshot(key).conversation.messages.map((m) => (m as { text?: string }).text).filter(Boolean)).to.deep.equal(['book it', 'One question.', 'Booked.']);
    expect(interruptCodeLoaded()).to.equal(true);
  });
});

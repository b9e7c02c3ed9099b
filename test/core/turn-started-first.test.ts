import { expect } from '@open-wc/testing';
import { RunOrchestrator, type EngineEvent, type ThreadKey } from '../../src/core/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';

/**
 * Invariant 12 when a listener of the thread's snapshots stops the turn at its very first change
 * (found by the property suite's reload: the page went away inside the send's first commit). The turn
 * is announced before it ends, once each, and its promise says the same.
 */
const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };

for (const stop of ['cancel', 'dispose'] as const) {
  it(`a turn stopped (${stop}) by a snapshot listener at its first change never reports its end before its start`, async () => {
    const engine = new RunOrchestrator({ transport: new ScriptedTransport([[runStarted(), ...text('m1', 'Hi'), runFinished()]]) });
    const events: EngineEvent['type'][] = [];
    engine.on((event) => events.push(event.type));
    let stopped = false;
    engine.registry.subscribe((snapshot) => {
      if (stopped || snapshot.run.status !== 'running') return;
      stopped = true;
      if (stop === 'cancel') engine.cancel(key);
      else engine.dispose();
    }, key);
    const outcome = await engine.send(key, 'hello');
    expect(outcome).to.equal('cancelled');
    if (stop === 'cancel') expect(events).to.deep.equal(['turn-started', 'turn-finished']);
    else expect(events.filter((e) => e === 'turn-started' || e === 'turn-finished')).to.have.length(0); // dispose drops the listeners before the turn is announced
    engine.dispose();
  });
}

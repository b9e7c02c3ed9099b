import { expect } from '@open-wc/testing';
import type { Scenario } from '../helpers/fuzz-scenario.js';
import { runFuzzCase } from '../helpers/fuzz-harness.js';
import { checkInvariants } from '../helpers/fuzz-invariants.js';
import { checkReloadInvariants, runReloadCase, type ReloadPlan } from '../helpers/fuzz-reload.js';
import { macrotask } from '../helpers/fuzz-transport.js';

/**
 * The property suite's harnesses end a case only once nothing the case set in motion can still start
 * a turn: otherwise that turn starts in the closing quiet period and the closing dispose ends it after
 * the harness stopped recording, and the checkers report a turn that never finished although the
 * engine ended it (invariant 12). Each test is a counterexample the suite once printed (its JSON line,
 * verbatim), made to hit the gap every time.
 */

/**
 * The reload property's harness (fuzz-reload.ts): its user answers approvals and interrupts a macrotask
 * after they are asked, and an answer on a thread with no turn (here t0's turn failed at the depth
 * limit, maxDepth 0, with its interrupt open) starts a turn of its own. The case once ended in that
 * one-task window (its loop polls on a 2 ms timer, which under load was queued ahead of the answer),
 * and R4 reported "engine 0: turn id-3 on t0 never finished". Instead of load, the test wakes the loop
 * with a macrotask posted just before the harness posts its answer: it looks in that window every time.
 */
const answerStartsTurn = JSON.parse(String.raw`{"grouped":true,"maxDepth":0,"toolTimeoutMs":10,"tools":[{"name":"alpha","behaviour":"reject-later","approval":"none","ownTimeoutMs":6},{"name":"beta","behaviour":"reject-later","approval":"deny","ownTimeoutMs":6},{"name":"gamma","behaviour":"reject-later","approval":"deny","ownTimeoutMs":10}],"threads":[{"runs":[{"runId":"echo","segments":[],"ending":{"k":"interrupt","count":1,"answer":"resolve"},"pace":"macro","lateEvents":0}],"then":"answer","startsAtOnce":true,"runIds":"mixed","retries":0},{"runs":[{"runId":"same","segments":[],"ending":{"k":"finished","pending":"no-outcome"},"pace":"macro","lateEvents":0},{"runId":"same","segments":[{"k":"echo-snapshot"},{"k":"text","id":"t1-m1","parts":1},{"k":"call","call":{"id":"t1-c1","name":"beta","args":"empty-string","parent":"t1-m4"}}],"ending":{"k":"finished","pending":"no-outcome"},"pace":"macro","lateEvents":0}],"then":"answer","startsAtOnce":false,"runIds":"mixed","retries":2},{"runs":[{"runId":"same","segments":[{"k":"call","call":{"id":"t2-s1","name":"alpha","args":"invalid-json","parent":"t2-m1"}},{"k":"call","call":{"id":"t2-c4","name":"kit","args":"split","parent":"t2-m2"}}],"ending":{"k":"agent-cancelled"},"pace":"micro","lateEvents":0}],"then":"answer","startsAtOnce":false,"runIds":"same","retries":2}],"actions":[{"when":{"on":"execute","thread":2,"n":4,"mode":"micro"},"act":{"do":"stray-approve","thread":1}},{"when":{"on":"settled","thread":2},"act":{"do":"stray-approve","thread":1}}],"finale":"none"}`) as Scenario;
const answerStartsTurnPlan = JSON.parse(String.raw`{"at":[{"on":"change","n":23}],"policy":["run-again","continue","run-again"]}`) as ReloadPlan;
const lateEventSends = JSON.parse(String.raw`{"grouped":false,"maxDepth":1,"toolTimeoutMs":5,"tools":[{"name":"alpha","behaviour":"resolve","approval":"none"},{"name":"beta","behaviour":"resolve","approval":"none"},{"name":"gamma","behaviour":"resolve","approval":"never"}],"threads":[{"runs":[],"then":"answer","startsAtOnce":true,"runIds":"mixed","retries":0},{"runs":[{"runId":"echo","segments":[{"k":"call","call":{"id":"t1-c0","name":"ghost","args":"split"}}],"ending":{"k":"agent-cancelled"},"pace":"macro","lateEvents":1}],"then":"loop","startsAtOnce":true,"runIds":"mixed","retries":0},{"runs":[{"runId":"echo","segments":[{"k":"interleaved","a":{"id":"t2-c0","name":"gamma","args":"zero"},"b":{"id":"t2-s0","name":"alpha","args":"zero"}}],"ending":{"k":"finished","pending":"no-outcome"},"pace":"micro","lateEvents":0}],"then":"answer","startsAtOnce":false,"runIds":"mixed","retries":0}],"actions":[{"when":{"on":"event","thread":1,"n":6,"mode":"sync"},"act":{"do":"send","thread":2}},{"when":{"on":"event","thread":1,"n":5,"mode":"sync"},"act":{"do":"cancel","thread":1}}],"finale":"none"}`) as Scenario;

describe('property harness: the end of a case', () => {
  it('reload harness: waits for the answers it scheduled (one may start a turn)', async () => {
    let wake: (() => void) | undefined;
    let poked = false;
    const unhandled: string[] = [];
    const trace = await runReloadCase({ scenario: answerStartsTurn, plan: answerStartsTurnPlan }, unhandled, {
      idle: () =>
        new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 2);
        }),
      // Subscribed before the harness: this macrotask is queued ahead of the harness's answer.
      onEngine: (engine) =>
        engine.registry.subscribe((snapshot) => {
          if (poked || !snapshot.conversation.messages.some((m) => m.role === 'interrupt' && m.status === 'open')) return;
          poked = true;
          void macrotask().then(() => wake?.());
        }),
    });
    expect(poked, 'the interrupt was asked').to.equal(true);
    const started = trace.events[0]!.filter((e) => e.type === 'turn-started');
    expect(started.length, 'the answer started a second turn').to.equal(2);
    expect(checkReloadInvariants(trace)).to.deep.equal([]);
    // The turn the answer started ran to its end within the case.
    expect(trace.finals[0]!.status).to.equal('success');
    expect(unhandled).to.deep.equal([]);
  });

  /**
   * The tool-loop property's harness (fuzz-harness.ts): t1's run is cancelled at its 5th event, and the
   * server still sends one event after the abort; that late event triggers the user's send on t2. The
   * case ended as soon as no call was unsettled, before the late event came: the send then started t2's
   * turn in the quiet period (invariant 3: "turn id-6 on t2 (started at #35) never got a turn-finished").
   * No timing here: the late event always comes a few macrotasks after the cancel.
   */
  it('tool-loop harness: waits for the runs still delivering events (a late event may trigger a send)', async () => {
    const trace = await runFuzzCase(lateEventSends);
    const sendOnT2 = trace.calls.find((call) => call.api === 'send' && call.thread === 2);
    expect(sendOnT2, 'the late event triggered the send').to.not.equal(undefined);
    expect(checkInvariants(trace)).to.deep.equal([]);
    // Its turn was seen to its end: it stalled on a never-answered approval and the user cancelled it.
    const finished = trace.events.filter((rec) => rec.event.type === 'turn-finished' && rec.event.turnId === sendOnT2!.turnIds[0]);
    expect(finished.map((rec) => rec.event.type === 'turn-finished' && rec.event.reason)).to.deep.equal(['user']);
    expect(trace.unhandled).to.deep.equal([]);
  });
});

import { expect } from '@open-wc/testing';
import type { Scenario } from '../helpers/fuzz-scenario.js';
import { checkReloadInvariants, runReloadCase, type ReloadPlan } from '../helpers/fuzz-reload.js';
import { macrotask } from '../helpers/fuzz-transport.js';

/**
 * The reload property's harness (test/helpers/fuzz-reload.ts) must not end a case while an answer it
 * scheduled is still to come. Its user answers approvals and interrupts a macrotask after they are
 * asked; an answer on a thread with no turn (here: t0's turn failed at the depth limit, maxDepth 0,
 * with its interrupt open) starts a turn of its own. The case once ended in that one-task window (its
 * loop polls on a 2 ms timer, which under load was queued ahead of the answer): the answer then
 * started a turn during the closing quiet period, and the closing dispose ended it after the harness
 * had stopped recording, so R4 reported "engine 0: turn id-3 on t0 never finished" although the engine
 * had ended it (cancelled, disposed) as invariant 12 says.
 *
 * The case is that failure's counterexample (its JSON and PLAN lines, verbatim). Instead of load, the
 * loop is woken by a macrotask posted just before the harness posts its answer, so it looks in exactly
 * that window, every time.
 */
const scenario = JSON.parse(String.raw`{"grouped":true,"maxDepth":0,"toolTimeoutMs":10,"tools":[{"name":"alpha","behaviour":"reject-later","approval":"none","ownTimeoutMs":6},{"name":"beta","behaviour":"reject-later","approval":"deny","ownTimeoutMs":6},{"name":"gamma","behaviour":"reject-later","approval":"deny","ownTimeoutMs":10}],"threads":[{"runs":[{"runId":"echo","segments":[],"ending":{"k":"interrupt","count":1,"answer":"resolve"},"pace":"macro","lateEvents":0}],"then":"answer","startsAtOnce":true,"runIds":"mixed","retries":0},{"runs":[{"runId":"same","segments":[],"ending":{"k":"finished","pending":"no-outcome"},"pace":"macro","lateEvents":0},{"runId":"same","segments":[{"k":"echo-snapshot"},{"k":"text","id":"t1-m1","parts":1},{"k":"call","call":{"id":"t1-c1","name":"beta","args":"empty-string","parent":"t1-m4"}}],"ending":{"k":"finished","pending":"no-outcome"},"pace":"macro","lateEvents":0}],"then":"answer","startsAtOnce":false,"runIds":"mixed","retries":2},{"runs":[{"runId":"same","segments":[{"k":"call","call":{"id":"t2-s1","name":"alpha","args":"invalid-json","parent":"t2-m1"}},{"k":"call","call":{"id":"t2-c4","name":"kit","args":"split","parent":"t2-m2"}}],"ending":{"k":"agent-cancelled"},"pace":"micro","lateEvents":0}],"then":"answer","startsAtOnce":false,"runIds":"same","retries":2}],"actions":[{"when":{"on":"execute","thread":2,"n":4,"mode":"micro"},"act":{"do":"stray-approve","thread":1}},{"when":{"on":"settled","thread":2},"act":{"do":"stray-approve","thread":1}}],"finale":"none"}`) as Scenario;
const plan = JSON.parse(String.raw`{"at":[{"on":"change","n":23}],"policy":["run-again","continue","run-again"]}`) as ReloadPlan;

describe('reload property harness', () => {
  it('waits for the answers it scheduled before it ends a case', async () => {
    let wake: (() => void) | undefined;
    let poked = false;
    const unhandled: string[] = [];
    const trace = await runReloadCase({ scenario, plan }, unhandled, {
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
    expect(trace.finals[0]!.status).to.equal('completed');
    expect(unhandled).to.deep.equal([]);
  });
});

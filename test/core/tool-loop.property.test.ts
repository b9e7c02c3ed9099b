import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { GROUP_NAME, describeScenario, scenarioArbitrary, scenarioFeatures, type Scenario } from '../helpers/fuzz-scenario.js';
import { onUnhandledRejection, runFuzzCase, unhandledSink, type Trace } from '../helpers/fuzz-harness.js';
import { checkInvariants } from '../helpers/fuzz-invariants.js';
import { checkReloadInvariants, describeReloadCase, reloadCaseArbitrary, runReloadCase, type ReloadCase } from '../helpers/fuzz-reload.js';

/**
 * The tool loop's invariants as properties (ARCHITECTURE.md, "Invariants of the tool loop"): fast-check
 * generates threads, AG-UI event sequences, tool behaviour and user actions (`fuzz-scenario.ts`), the
 * harness runs each case against a fresh `RunOrchestrator` through `FuzzTransport` and records what is
 * observable (`fuzz-harness.ts`), and named checkers judge the trace (`fuzz-invariants.ts`).
 *
 * Settings come from the environment through web-test-runner.config.mjs: FUZZ_RUNS cases (1000 in
 * `npm test`, 20000 in `npm run test:fuzz`), FUZZ_SEED and FUZZ_PATH to replay a failure, FUZZ_SCENARIO
 * to rerun one printed case, FUZZ_EXCLUDE (comma-separated features) to leave some out while a known
 * failure is fixed. A failure prints the seed, the path and the shrunk scenario, one line per run and
 * action.
 */

declare global {
  var __FUZZ_RUNS__: number | undefined;
  var __FUZZ_SEED__: number | undefined;
  var __FUZZ_PATH__: string | undefined;
  /** Features to leave out (see `scenarioFeatures`), e.g. `['trigger:turn-finished']`, while a known failure is fixed. */
  var __FUZZ_EXCLUDE__: readonly string[] | undefined;
  /** One scenario's JSON (the `JSON:` line of a report) to run alone, whatever the generator now makes. */
  var __FUZZ_SCENARIO__: string | Scenario | undefined;
}

const numRuns = Number(globalThis.__FUZZ_RUNS__) > 0 ? Number(globalThis.__FUZZ_RUNS__) : 1000;
const seed = globalThis.__FUZZ_SEED__ !== undefined ? Number(globalThis.__FUZZ_SEED__) : undefined;
const path = globalThis.__FUZZ_PATH__;
const excluded = globalThis.__FUZZ_EXCLUDE__ ?? [];
const scenarios = excluded.length
  ? scenarioArbitrary.filter((scenario) => {
      const features = scenarioFeatures(scenario);
      return !excluded.some((feature) => features.has(feature));
    })
  : scenarioArbitrary;

/** What the generated cases exercised, printed after the run (a vacuous suite shows here). */
const coverage = new Map<string, number>();
const count = (what: string, n = 1) => n > 0 && coverage.set(what, (coverage.get(what) ?? 0) + n);

function tally(trace: Trace): void {
  count('cases');
  count('requests', trace.requests.length);
  count('tool executions', trace.executions.length);
  count('user actions', trace.actions.length);
  if (trace.scenario.grouped) {
    count('grouped cases');
    count('requests after a group expanded', trace.requests.filter((r) => !r.tools.includes(GROUP_NAME)).length);
  }
  for (const rec of trace.events) {
    if (rec.event.type === 'turn-finished') count(`turns ${rec.event.outcome}/${rec.event.reason}`);
    if (rec.event.type === 'run-continued') count('continuations');
  }
  for (const call of trace.calls) if (call.rejected !== undefined) count(`${call.api} rejected`);
  for (const action of trace.actions) {
    if (action.act.do === 'answer-interrupt' || action.act.do === 'cancel-interrupt') count(`${action.act.do}s`);
  }
  if (trace.disposeCheck) count('cases disposed');
}

/** Runs one case and throws a readable report if any invariant broke. */
async function caseHolds(scenario: Scenario): Promise<Trace> {
  const trace = await runFuzzCase(scenario);
  tally(trace);
  const failures = checkInvariants(trace);
  if (failures.length > 0) {
    const lines = failures.flatMap((f) => [`invariant ${f.invariant}:`, ...f.violations.slice(0, 6).map((v) => `  - ${v}`)]);
    throw new Error(`${lines.join('\n')}\n${trace.notes.length ? `harness notes: ${trace.notes.join('; ')}\n` : ''}`);
  }
  return trace;
}

describe('tool loop properties (fast-check)', function () {
  // Generous: cases are a few ms each, but shrinking a failure re-runs many of them.
  this.timeout(Math.max(120_000, numRuns * 300));

  // The engine warns about every malformed event it ignores; thousands of those only slow the run.
  const { warn, error } = console;
  const quiet =
    (log: (...args: unknown[]) => void) =>
    (...args: unknown[]) =>
      String(args[0]).startsWith('[soliplex-chat]') ? undefined : log(...args);
  before(() => {
    window.addEventListener('unhandledrejection', onUnhandledRejection);
    console.warn = quiet(warn);
    console.error = quiet(error);
  });
  after(() => {
    window.removeEventListener('unhandledrejection', onUnhandledRejection);
    console.warn = warn;
    console.error = error;
  });

  it(`every invariant holds for ${numRuns} generated scenarios`, async () => {
    const started = performance.now();
    await fc.assert(
      fc.asyncProperty(scenarios, async (scenario) => {
        await caseHolds(scenario);
      }),
      {
        numRuns,
        verbose: fc.VerbosityLevel.Verbose,
        ...(seed !== undefined && !Number.isNaN(seed) ? { seed } : {}),
        ...(path ? { path } : {}),
        // The report fast-check throws: the seed and path to replay, then the shrunk scenario.
        reporter: (details) => {
          if (!details.failed) return;
          const replay = `replay: FUZZ_SEED=${details.seed} FUZZ_PATH='${details.counterexamplePath}' FUZZ_RUNS=1 npm run test:fuzz`;
          const scenario = details.counterexample?.[0];
          const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(
            `Property failed after ${details.numRuns} case(s), ${details.numShrinks} shrink(s).\n${replay}\n` +
              `Shrunk counterexample:\n${scenario ? describeScenario(scenario) : '(none)'}\n${error}`,
          );
        },
      },
    );
    console.log(`[fuzz] ${numRuns} cases in ${Math.round(performance.now() - started)} ms; ${[...coverage].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
    expect(unhandledSink.orphans, 'unhandled rejections between cases').to.deep.equal([]);
  });

  // Reload at any point (issue 20, invariant 15): keep every thread, drop the engine, restore into a new one, go on.
  it(`every reload invariant holds for ${numRuns} generated scenarios reloaded at any point`, async () => {
    const started = performance.now();
    const reloads = {
      cases: 0,
      reloads: 0,
      inFlight: 0,
      gestures: 0,
      runAgains: 0,
      executions: 0,
      'restored interrupted calls': 0,
      'restored approvals': 0,
      'restored open interrupts': 0,
      'restored cut runs': 0,
    };
    await fc.assert(
      fc.asyncProperty(reloadCaseArbitrary, async (testCase) => {
        const unhandled: string[] = [];
        unhandledSink.current = unhandled;
        const trace = await runReloadCase(testCase, unhandled);
        await new Promise((resolve) => setTimeout(resolve, 0));
        unhandledSink.current = undefined;
        reloads.cases++;
        reloads.reloads += trace.reloads.length;
        reloads.inFlight += trace.reloads.flatMap((r) => r.saved).filter((s) => s.inFlight).length;
        reloads.gestures += trace.gestures.length;
        reloads.runAgains += trace.runAgains.length;
        reloads.executions += trace.executions.length;
        for (const restored of trace.reloads.flatMap((r) => r.restored)) {
          if (restored.status !== 'interrupted') continue;
          const calls = Object.values(restored.conversation.toolCalls);
          reloads['restored interrupted calls'] += calls.filter((c) => c.status === 'interrupted').length;
          reloads['restored approvals'] += calls.filter((c) => c.status === 'awaiting-approval').length;
          reloads['restored open interrupts'] += restored.conversation.messages.filter((m) => m.role === 'interrupt' && m.status === 'open').length;
          if (!restored.conversation.runFinished) reloads['restored cut runs']++;
        }
        const failures = checkReloadInvariants(trace);
        if (failures.length > 0) {
          const lines = failures.flatMap((f) => [`invariant ${f.invariant}:`, ...f.violations.slice(0, 6).map((v) => `  - ${v}`)]);
          throw new Error(`${lines.join('\n')}\n${trace.notes.length ? `harness notes: ${trace.notes.join('; ')}\n` : ''}`);
        }
      }),
      {
        numRuns,
        ...(seed !== undefined && !Number.isNaN(seed) ? { seed } : {}),
        ...(path ? { path } : {}),
        reporter: (details) => {
          if (!details.failed) return;
          const replay = `replay: FUZZ_SEED=${details.seed} FUZZ_PATH='${details.counterexamplePath}' FUZZ_RUNS=1 npm run test:fuzz`;
          const testCase = details.counterexample?.[0] as ReloadCase | undefined;
          const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          throw new Error(
            `Reload property failed after ${details.numRuns} case(s), ${details.numShrinks} shrink(s).\n${replay}\n` +
              `Shrunk counterexample:\n${testCase ? describeReloadCase(testCase) : '(none)'}\n${error}`,
          );
        },
      },
    );
    console.log(`[fuzz] reload: ${numRuns} cases in ${Math.round(performance.now() - started)} ms; ${Object.entries(reloads).map(([k, n]) => `${k}: ${n}`).join(', ')}`);
  });

  // Only when asked for (FUZZ_SCENARIO): replays one printed case exactly, even after the generators change.
  const single = globalThis.__FUZZ_SCENARIO__;
  if (single) {
    it('replays the scenario in FUZZ_SCENARIO', async () => {
      const scenario = (typeof single === 'string' ? JSON.parse(single) : single) as Scenario;
      console.log(describeScenario(scenario));
      await caseHolds(scenario);
    });
  }
});

import fc from 'fast-check';
import type { Message } from '@ag-ui/core';
import {
  RunOrchestrator,
  ToolRegistry,
  isInFlight,
  isRunning,
  type ClientTool,
  type Conversation,
  type EngineEvent,
  type ThreadKey,
  type TurnOutcome,
} from '../../src/core/index.js';
import { GROUP_NAME, describeScenario, scenarioArbitrary, type Scenario, type ToolSpec } from './fuzz-scenario.js';
import { FuzzTransport, isServerCallId, macrotask, threadOfId } from './fuzz-transport.js';
import { transcriptProblems } from './fuzz-invariants.js';
import { toolOutcome } from './fuzz-harness.js';

/**
 * "Reload at any point" (issue 20, ARCHITECTURE.md invariant 15): the generated threads, event
 * sequences and tools of the property suite run on an engine; at a generated moment (the n-th change
 * of any thread's snapshot, so mid-stream, mid-tool, mid-approval, mid-interrupt alike) the page
 * goes away: every thread's snapshot is kept (cloned, as storage keeps it), the engine is disposed,
 * and a new engine on the same server gets the threads back with `restore`. Up to two reloads per
 * case. After each reload the user goes on as the plan says: Continue, Run again (an explicit
 * re-execution, the one allowed), or a new message; approvals and interrupts are answered as before.
 */

/** What the user does with a thread the reload interrupted. */
export type ReloadPolicy = 'continue' | 'run-again' | 'send';

/** When the page goes away: at the n-th snapshot change of the engine (any thread), or as its n-th tool execution starts. */
export interface ReloadMoment {
  readonly on: 'change' | 'execute';
  readonly n: number;
}

export interface ReloadPlan {
  /** For each reload, the moment (counted within that engine's life) at which the page goes away. */
  readonly at: readonly ReloadMoment[];
  /** Per thread, what the user does after a reload. */
  readonly policy: readonly ReloadPolicy[];
}

export interface ReloadCase {
  readonly scenario: Scenario;
  readonly plan: ReloadPlan;
}

export const reloadCaseArbitrary: fc.Arbitrary<ReloadCase> = fc.record({
  scenario: scenarioArbitrary,
  plan: fc.record({
    at: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.record({ on: fc.constant<'change'>('change'), n: fc.integer({ min: 1, max: 30 }) }) },
        { weight: 1, arbitrary: fc.record({ on: fc.constant<'execute'>('execute'), n: fc.integer({ min: 1, max: 3 }) }) },
      ),
      { minLength: 1, maxLength: 2 },
    ),
    policy: fc.array(fc.constantFrom<ReloadPolicy>('continue', 'continue', 'run-again', 'send'), { minLength: 3, maxLength: 3 }),
  }),
});

export function describeReloadCase({ scenario, plan }: ReloadCase): string {
  return `${describeScenario(scenario)}\n  reloads at ${plan.at.map((m) => `${m.on} #${m.n}`).join(', ')}; after a reload: ${plan.policy.map((p, t) => `t${t} ${p}`).join(', ')}\n  PLAN: ${JSON.stringify(plan)}`;
}

interface ThreadKept {
  readonly conversation: Conversation;
  readonly inFlight: boolean;
}

export interface ReloadRec {
  /** The engine that went away (0 for the first). */
  readonly engine: number;
  readonly seq: number;
  readonly saved: readonly ThreadKept[];
  /** Call ids executed (on any engine) before this reload, per thread. */
  readonly executedBefore: readonly (readonly string[])[];
  /** What `restore` returned per thread, and the snapshot right after. */
  restored: { ok: boolean; status: string; conversation: Conversation }[];
}

export interface ReloadTrace {
  readonly case: ReloadCase;
  readonly keys: readonly ThreadKey[];
  readonly executions: { seq: number; engine: number; thread: number; toolCallId: string }[];
  /** `runAgain` calls that returned true: each allows one more execution of its call. */
  readonly runAgains: { seq: number; engine: number; toolCallId: string }[];
  readonly requests: { seq: number; engine: number; thread: number; messages: readonly Message[] }[];
  /** Every `MESSAGES_SNAPSHOT` delivered: the ids it names (messages' and calls'); what it omits, the agent retracted. */
  readonly snapshots: { seq: number; thread: number; named: ReadonlySet<string> }[];
  readonly reloads: ReloadRec[];
  /** Per engine, the engine events in order. */
  readonly events: EngineEvent[][];
  /** Continue / send / run-again calls made after a reload, and how they went. */
  readonly gestures: { seq: number; engine: number; thread: number; what: string; statusBefore: string; result?: string; rejected?: string; settled: boolean }[];
  /** Per thread: the last engine's snapshot at the end of the case (before its clean-up). */
  finals: { status: string; conversation: Conversation }[];
  readonly notes: string[];
  readonly unhandled: string[];
}

const QUIET_MS = 2000;
const CAP_MS = 20_000;

/** Hooks for tests of the harness itself; the property suite passes none. */
export interface ReloadCaseHooks {
  /** Each new engine, before the harness subscribes to it (so a hook's listener runs before the harness's). */
  readonly onEngine?: (engine: RunOrchestrator) => void;
  /** How the case's loop waits between two looks at the threads (default: a 2 ms timer). */
  readonly idle?: () => Promise<void>;
}

export async function runReloadCase(testCase: ReloadCase, unhandled: string[], hooks: ReloadCaseHooks = {}): Promise<ReloadTrace> {
  const { scenario, plan } = testCase;
  const keys: ThreadKey[] = scenario.threads.map((_, t) => ({ server: 'fuzz', room: '', thread: `t${t}` }));
  const trace: ReloadTrace = {
    case: testCase,
    keys,
    executions: [],
    runAgains: [],
    requests: [],
    snapshots: [],
    reloads: [],
    events: [],
    gestures: [],
    finals: [],
    notes: [],
    unhandled,
  };
  let seq = 0;
  let lastChange = Date.now();
  const next = () => {
    lastChange = Date.now();
    return seq++;
  };
  let engineNo = 0;
  let idCounter = 0;
  let closed = false;

  const transport = new FuzzTransport(scenario, {
    onRequest(thread, _index, request) {
      trace.requests.push({ seq: next(), engine: engineNo, thread, messages: structuredClone([...request.messages]) });
    },
    // Before delivery: a reload may happen while the engine applies the snapshot.
    beforeEvent(thread, _index, event) {
      if (event.type !== 'MESSAGES_SNAPSHOT') return;
      const messages = (event as { messages?: { id: string; toolCalls?: { id: string }[] }[] }).messages ?? [];
      trace.snapshots.push({ seq: next(), thread, named: new Set(messages.flatMap((m) => [m.id, ...(m.toolCalls ?? []).map((c) => c.id)])) });
    },
    onEvent() {
      next();
    },
  });

  const makeTool = (spec: ToolSpec): ClientTool => ({
    name: spec.name,
    description: `fuzz tool ${spec.name}`,
    requiresApproval: spec.approval !== 'none',
    ...(spec.ownTimeoutMs !== undefined ? { timeoutMs: spec.ownTimeoutMs } : {}),
    execute: (_args, context) => {
      const id = context.toolCall.id;
      trace.executions.push({ seq: next(), engine: engineNo, thread: threadOfId(id) ?? -1, toolCallId: id });
      executionsHere++;
      const moment = plan.at[engineNo];
      if (moment?.on === 'execute' && moment.n === executionsHere && !restoring) reload();
      return toolOutcome(spec, id);
    },
  });
  const toolsFor = (): ToolRegistry => {
    const tools = scenario.tools.map(makeTool);
    if (!scenario.grouped) return new ToolRegistry(tools);
    const grouped = tools.filter((tool) => tool.name !== scenario.tools[0]!.name);
    return new ToolRegistry(tools.filter((tool) => !grouped.includes(tool)), [{ name: GROUP_NAME, description: 'fuzz tool group', tools: grouped }]);
  };
  const approvalOf = (name: string) => scenario.tools.find((tool) => tool.name === name)?.approval ?? 'none';

  let engine!: RunOrchestrator;
  let executionsHere = 0;
  /** The page goes away now: every thread's snapshot is kept, the engine dropped. */
  const reload = () => {
    if (reloadNow) return;
    reloadNow = true;
    const old = engine;
    trace.reloads.push({
      engine: engineNo,
      seq: next(),
      saved: keys.map((key) => {
        const s = old.snapshot(key);
        return { conversation: structuredClone(s.conversation), inFlight: isInFlight(s.run) };
      }),
      executedBefore: keys.map((_, t) => trace.executions.filter((e) => e.thread === t).map((e) => e.toolCallId)),
      restored: [],
    });
    old.dispose();
  };
  let reloadNow = false;
  let restoring = false;
  const pending = new Set<Promise<unknown>>();
  /**
   * Answers (approvals, interrupts) the user is about to give, a macrotask after they were asked: the
   * case is not over while one is to come, since an answer on a thread with no turn starts one.
   */
  let scheduled = 0;
  const answerLater = (answer: () => void) => {
    scheduled++;
    void macrotask().then(() => {
      scheduled--;
      answer();
    });
  };
  const track = <T>(promise: Promise<T>, onSettled: (outcome?: T, error?: unknown) => void) => {
    const tracked = promise.then(
      (value) => onSettled(value),
      (error: unknown) => onSettled(undefined, error),
    );
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  const startEngine = () => {
    const no = engineNo;
    const events: EngineEvent[] = [];
    trace.events.push(events);
    const fresh = new RunOrchestrator({
      transport,
      toolRegistry: toolsFor(),
      maxDepth: scenario.maxDepth,
      toolTimeoutMs: scenario.toolTimeoutMs,
      createId: () => `id-${idCounter++}`,
    });
    hooks.onEngine?.(fresh);
    fresh.on((event) => {
      if (!closed) events.push(event);
      next();
    });
    let changes = 0;
    executionsHere = 0;
    const answered = new Set<string>();
    fresh.registry.subscribe((snapshot) => {
      if (closed || engineNo !== no) return;
      next();
      // The restores themselves are one step of the page's start, not a moment to go away in.
      if (!restoring) changes++;
      // The page goes away at this very change: what is kept is what the registry holds now.
      const moment = plan.at[no];
      if (!restoring && moment?.on === 'change' && moment.n === changes) return reload();
      const key = snapshot.key;
      // Approvals as the tool's spec says ('never': nobody answers), interrupts answered, a macrotask later.
      for (const call of Object.values(snapshot.conversation.toolCalls)) {
        if (call.status !== 'awaiting-approval' || answered.has(call.id)) continue;
        const mode = approvalOf(call.name);
        if (mode !== 'approve' && mode !== 'deny') continue;
        answered.add(call.id);
        answerLater(() => {
          if (closed || engineNo !== no || fresh.snapshot(key).conversation.toolCalls[call.id]?.status !== 'awaiting-approval') return;
          if (mode === 'approve') fresh.approve(key, call.id);
          else fresh.deny(key, call.id);
        });
      }
      for (const message of snapshot.conversation.messages) {
        if (message.role !== 'interrupt' || message.status !== 'open' || answered.has(message.id)) continue;
        answered.add(message.id);
        answerLater(() => {
          if (!closed && engineNo === no) fresh.answerInterrupt(key, message.interrupt.id, { answer: message.interrupt.id });
        });
      }
    });
    engine = fresh;
  };

  const gesture = (thread: number, what: string, run: () => Promise<TurnOutcome> | boolean) => {
    const rec: ReloadTrace['gestures'][number] = {
      seq: next(),
      engine: engineNo,
      thread,
      what,
      statusBefore: engine.snapshot(keys[thread]!).run.status,
      settled: false,
    };
    trace.gestures.push(rec);
    let result: Promise<TurnOutcome> | boolean;
    try {
      result = run();
    } catch (error) {
      rec.rejected = `threw: ${(error as Error)?.message ?? error}`;
      rec.settled = true;
      return;
    }
    if (typeof result === 'boolean') {
      rec.result = String(result);
      rec.settled = true;
      return;
    }
    track(result, (outcome, error) => {
      rec.settled = true;
      if (error !== undefined) rec.rejected = String((error as Error)?.message ?? error);
      else rec.result = outcome;
    });
  };

  // ---- the case
  startEngine();
  scenario.threads.forEach((thread, t) => {
    if (thread.startsAtOnce) track(engine.send(keys[t]!, `user message on t${t}`), () => {});
  });

  const cap = Date.now() + CAP_MS;
  /** Interrupted calls the user has given their word on (engine:call). */
  const decided = new Set<string>();
  for (;;) {
    await (hooks.idle ? hooks.idle() : new Promise((resolve) => setTimeout(resolve, 2)));
    if (reloadNow) {
      reloadNow = false;
      const reload = trace.reloads.at(-1)!;
      engineNo++;
      startEngine();
      restoring = true;
      reload.restored = keys.map((key, t) => {
        const saved = reload.saved[t]!;
        const ok = saved.conversation.messages.length > 0 ? engine.restore(key, { conversation: structuredClone(saved.conversation), inFlight: saved.inFlight }) : false;
        const s = engine.snapshot(key);
        return { ok, status: s.run.status, conversation: s.conversation };
      });
      restoring = false;
      continue;
    }
      let acted = false;
    keys.forEach((key, t) => {
      if (reloadNow) return; // the page went away during an earlier gesture
      const { run, conversation } = engine.snapshot(key);
      const interrupted = Object.values(conversation.toolCalls).filter((call) => call.status === 'interrupted');
      const policy = plan.policy[t] ?? 'continue';
      if (run.status === 'interrupted') {
        acted = true;
        if (policy === 'send') gesture(t, 'send', () => engine.send(key, `after a reload on t${t}`));
        else if (policy === 'run-again' && interrupted.length > 0) {
          decided.add(`${engineNo}:${interrupted[0]!.id}`);
          runAgain(t, interrupted[0]!.id);
        } else gesture(t, 'continue', () => engine.continue(key));
      } else if (isRunning(run) && run.phase === 'executing-tools') {
        // A turn taken up again waits for the user's word on what the reload interrupted (once per call).
        const waiting = interrupted.filter((call) => run.toolCallIds.includes(call.id) && !decided.has(`${engineNo}:${call.id}`));
        if (waiting.length === 0) return;
        acted = true;
        if (policy === 'run-again') {
          decided.add(`${engineNo}:${waiting[0]!.id}`);
          runAgain(t, waiting[0]!.id);
        } else {
          for (const call of interrupted) decided.add(`${engineNo}:${call.id}`);
          gesture(t, 'continue (while waiting)', () => engine.continue(key));
        }
      }
    });
    if (acted) continue;
    const running = keys.filter((key) => isRunning(engine.snapshot(key).run));
    const stalled = running.filter((key) =>
      Object.values(engine.snapshot(key).conversation.toolCalls).some((call) => call.status === 'awaiting-approval' && approvalOf(call.name) === 'never'),
    );
    if (running.length > 0 && stalled.length === running.length && scheduled === 0) {
      for (const key of stalled) engine.cancel(key);
      trace.notes.push(`gave up on ${stalled.length} thread(s) waiting for a never-answered approval`);
      continue;
    }
    // Not over while an answer is to come: it may start a turn, whose end the case must see.
    if (running.length === 0 && pending.size === 0 && scheduled === 0) break;
    if (Date.now() - lastChange > QUIET_MS || Date.now() > cap) {
      trace.notes.push(`deadline: ${running.length} thread(s) still running, ${pending.size} promise(s) pending, ${scheduled} answer(s) to come`);
      break;
    }
  }

  function runAgain(thread: number, toolCallId: string): void {
    gesture(thread, `run-again ${toolCallId}`, () => {
      const ok = engine.runAgain(keys[thread]!, toolCallId);
      if (ok) trace.runAgains.push({ seq: next(), engine: engineNo, toolCallId });
      return ok;
    });
  }

  trace.finals = keys.map((key) => {
    const s = engine.snapshot(key);
    return { status: s.run.status, conversation: s.conversation };
  });
  for (let i = 0; i < 3; i++) await macrotask();
  closed = true;
  engine.dispose();
  return trace;
}

// ---------------------------------------------------------------------------------------------
// Invariants

const RAN: ReadonlySet<string> = new Set(['completed', 'failed', 'denied', 'cancelled', 'interrupted']);
const SETTLED: ReadonlySet<string> = new Set(['completed', 'failed', 'denied', 'cancelled']);

/** Every user message and every executed tool call survives each reload: after it, to the end, and in what the model is sent. */
function survives(trace: ReloadTrace): string[] {
  const v: string[] = [];
  trace.reloads.forEach((reload, r) => {
    reload.saved.forEach((saved, t) => {
      const restored = reload.restored[t];
      if (!restored) return;
      if (saved.conversation.messages.length > 0 && !restored.ok) v.push(`reload ${r}: t${t} was not restored`);
      const userIds = saved.conversation.messages.filter((m) => m.role === 'user').map((m) => m.id);
      const finalIds = new Set(trace.finals[t]!.conversation.messages.map((m) => m.id));
      const restoredIds = new Set(restored.conversation.messages.map((m) => m.id));
      for (const id of userIds) {
        // AG-UI 1.1, as for calls below and in one page (invariant 7): a MESSAGES_SNAPSHOT after the reload
        // that omits the message (an echo of an older transcript, say) retracts it.
        const retracted = trace.snapshots.some((s) => s.thread === t && s.seq > reload.seq && !s.named.has(id));
        if (!restoredIds.has(id)) v.push(`reload ${r}: t${t}'s user message ${id} is missing after the restore`);
        else if (!finalIds.has(id) && !retracted) v.push(`reload ${r}: t${t}'s user message ${id} is gone by the end`);
      }
      for (const id of new Set(reload.executedBefore[t])) {
        // AG-UI 1.1: a MESSAGES_SNAPSHOT that omits a call retracts it (an echo of an older transcript,
        // say); from then on the call is the agent's to send again, not the page's to keep.
        const ran = trace.executions.find((e) => e.thread === t && e.toolCallId === id)!.seq;
        const retracted = (until: number) => trace.snapshots.some((s) => s.thread === t && s.seq > ran && s.seq < until && !s.named.has(id));
        const after = restored.conversation.toolCalls[id];
        const end = trace.finals[t]!.conversation.toolCalls[id];
        if (retracted(reload.seq)) {
          // Retracted before the reload: nothing of it is the page's to keep.
        } else if (!after) v.push(`reload ${r}: t${t}'s executed call ${id} is missing after the restore`);
        else if (!RAN.has(after.status)) v.push(`reload ${r}: t${t}'s executed call ${id} came back ${after.status}, as if it never ran`);
        if (retracted(Infinity)) {
          // Retracted later: the agent's transcript now decides.
        } else if (!end) v.push(`reload ${r}: t${t}'s executed call ${id} is gone by the end`);
        else if (!SETTLED.has(end.status)) v.push(`reload ${r}: t${t}'s executed call ${id} ends ${end.status}`);
        for (const request of trace.requests.filter((q) => q.thread === t && q.seq > reload.seq && !retracted(q.seq))) {
          if (!request.messages.some((m) => m.role === 'tool' && m.toolCallId === id)) {
            v.push(`reload ${r}: request at #${request.seq} on t${t} does not carry the result of ${id}, executed before the reload`);
            break;
          }
        }
      }
    });
  });
  return v;
}

/** No tool executes twice across reloads; Run again (the user's explicit choice) allows one more each time it was accepted. */
function executesOnce(trace: ReloadTrace): string[] {
  const v: string[] = [];
  const counts = new Map<string, number>();
  for (const e of trace.executions) {
    counts.set(e.toolCallId, (counts.get(e.toolCallId) ?? 0) + 1);
    if (isServerCallId(e.toolCallId)) v.push(`server-run call ${e.toolCallId} executed at #${e.seq}`);
  }
  for (const [id, n] of counts) {
    const allowed = 1 + trace.runAgains.filter((r) => r.toolCallId === id).length;
    if (n > allowed) v.push(`call ${id} executed ${n} times (engines ${trace.executions.filter((e) => e.toolCallId === id).map((e) => e.engine).join(', ')}; ${allowed - 1} Run again)`);
  }
  for (const again of trace.runAgains) {
    if (!trace.executions.some((e) => e.toolCallId === again.toolCallId && e.seq > again.seq)) {
      v.push(`Run again on ${again.toolCallId} (#${again.seq}) never ran it`);
    }
  }
  return v;
}

/** A restored turn can always be continued or is finished; every gesture after a reload is taken and settles. */
function continuable(trace: ReloadTrace): string[] {
  const v: string[] = [];
  trace.reloads.forEach((reload, r) => {
    reload.restored.forEach((restored, t) => {
      const saved = reload.saved[t]!;
      if (!restored.ok) return;
      const expected = saved.inFlight ? 'interrupted' : 'idle';
      if (restored.status !== expected) v.push(`reload ${r}: t${t} (in flight: ${saved.inFlight}) came back ${restored.status}, not ${expected}`);
    });
  });
  for (const g of trace.gestures) {
    if (g.rejected !== undefined) v.push(`${g.what} on t${g.thread} (status ${g.statusBefore}, engine ${g.engine}) was refused: ${g.rejected}`);
    if (g.result === 'false') v.push(`${g.what} on t${g.thread} (status ${g.statusBefore}) returned false`);
    if (!g.settled) v.push(`${g.what} on t${g.thread} at #${g.seq} never settled`);
  }
  trace.finals.forEach((final, t) => {
    if (final.status === 'interrupted' || final.status === 'running') v.push(`t${t} ends ${final.status}`);
  });
  v.push(...trace.notes.filter((note) => note.startsWith('deadline')));
  return v;
}

/** On each engine, every turn-started has exactly one turn-finished before the thread's next turn-started. */
function turnsPair(trace: ReloadTrace): string[] {
  const v: string[] = [];
  trace.events.forEach((events, engine) => {
    const open = new Map<string, string>();
    for (const event of events) {
      const thread = event.key.thread;
      if (event.type === 'turn-started') {
        if (open.has(thread)) v.push(`engine ${engine}: turn ${event.turnId} started on ${thread} while ${open.get(thread)} had not finished`);
        open.set(thread, event.turnId);
      } else if (event.type === 'turn-finished') {
        if (open.get(thread) !== event.turnId) v.push(`engine ${engine}: turn-finished for ${event.turnId} on ${thread}, which is not its running turn`);
        else open.delete(thread);
      }
    }
    for (const [thread, turnId] of open) v.push(`engine ${engine}: turn ${turnId} on ${thread} never finished`);
  });
  return v;
}

function validRequests(trace: ReloadTrace): string[] {
  return trace.requests.flatMap((request) => {
    const problems = transcriptProblems(request.messages);
    return problems.length ? [`request at #${request.seq} (engine ${request.engine}, t${request.thread}): ${problems.join('; ')}`] : [];
  });
}

export const RELOAD_INVARIANTS: readonly { name: string; check: (trace: ReloadTrace) => string[] }[] = [
  { name: 'R1 every user message and every executed tool call survives a reload', check: survives },
  { name: 'R2 no tool executes twice across reloads (Run again excepted)', check: executesOnce },
  { name: 'R3 a restored turn can always be continued or is finished', check: continuable },
  { name: 'R4 turn-started / turn-finished pair on every engine', check: turnsPair },
  { name: 'R5 every request transcript is valid', check: validRequests },
  { name: 'R6 no unhandled rejection', check: (trace) => trace.unhandled.map((reason) => `unhandled rejection: ${reason}`) },
];

export function checkReloadInvariants(trace: ReloadTrace): { invariant: string; violations: string[] }[] {
  return RELOAD_INVARIANTS.map((inv) => {
    try {
      return { invariant: inv.name, violations: inv.check(trace) };
    } catch (error) {
      return { invariant: inv.name, violations: [`the checker itself threw: ${(error as Error).stack ?? error}`] };
    }
  }).filter((r) => r.violations.length > 0);
}

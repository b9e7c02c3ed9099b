import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import {
  RunOrchestrator,
  ToolRegistry,
  type ClientTool,
  type EngineEvent,
  type ThreadKey,
  type ThreadSnapshot,
  type TurnOutcome,
} from '../../src/core/index.js';
import { GROUP_NAME, type Act, type Scenario, type ToolBehaviour, type ToolSpec } from './fuzz-scenario.js';
import { FuzzTransport, macrotask, threadOfId } from './fuzz-transport.js';

/**
 * Runs one generated scenario against a fresh `RunOrchestrator` and records everything observable,
 * in one global order (`seq`): engine events, thread snapshots, transport requests, server results
 * delivered, tool executions entered, API calls (send / retry) and user actions. The invariant
 * checkers (`fuzz-invariants.ts`) judge the trace afterwards.
 */

export interface EventRec {
  readonly seq: number;
  readonly event: EngineEvent;
  readonly thread: number;
  /** For `turn-finished`: `engine.snapshot(key).run.status` when the event fired. */
  readonly statusAtEvent?: string;
}

export interface SnapshotRec {
  readonly seq: number;
  readonly thread: number;
  readonly status: string;
  readonly messageIds: readonly string[];
  readonly callIds: readonly string[];
}

export interface RequestRec {
  readonly seq: number;
  readonly thread: number;
  /** The request's index on its thread. */
  readonly index: number;
  readonly messages: readonly Message[];
  /** The names of the tools the request offered. */
  readonly tools: readonly string[];
  readonly signalAborted: boolean;
  /** The thread's turn per the engine events (started, not finished) when the request arrived. */
  readonly activeTurn?: string;
  readonly disposed: boolean;
  /** Cancel / dispose calls (and supersedes) on the thread so far. */
  readonly stopsSoFar: number;
  /** The events the transport delivered for this request, in order. */
  readonly delivered: BaseEvent[];
}

export interface ServerResultRec {
  readonly seq: number;
  readonly thread: number;
  readonly toolCallId: string;
}

export interface ExecRec {
  readonly seq: number;
  readonly thread: number;
  readonly toolCallId: string;
  readonly name: string;
  readonly signalAborted: boolean;
  readonly activeTurn?: string;
  readonly disposed: boolean;
}

export interface CallRec {
  readonly no: number;
  readonly api: 'send' | 'retry';
  readonly thread: number;
  readonly seq: number;
  endSeq: number;
  readonly source: string;
  /** `turn-started` events of this thread emitted during the call itself (not in nested calls). */
  readonly turnIds: string[];
  /** The thread's turn per the events when the call began (a send supersedes it). */
  readonly activeBefore?: string;
  /** For retry: whether the contract lets it run (no turn running, the last one failed or cancelled). */
  readonly retryAllowed?: boolean;
  /** For retry: what the thread handle's guard (`engine.thread(key).canRetry()`) said just before. */
  readonly canRetry?: boolean;
  readonly afterDispose: boolean;
  statusAfter?: string;
  threwSync?: string;
  settledSeq?: number;
  outcome?: TurnOutcome;
  rejected?: string;
}

export interface ActionRec {
  readonly no: number;
  readonly seq: number;
  endSeq: number;
  readonly act:
    | Act
    | { readonly do: 'approve' | 'deny'; readonly thread: number; readonly id: string }
    | { readonly do: 'answer-interrupt' | 'cancel-interrupt'; readonly thread: number; readonly id: string };
  readonly source: string;
  /** Per thread, the active turn (per the events) when the action began. */
  readonly activeBefore: readonly (string | undefined)[];
  threw?: string;
}

export interface Trace {
  readonly scenario: Scenario;
  readonly keys: readonly ThreadKey[];
  readonly events: EventRec[];
  readonly snapshots: SnapshotRec[];
  readonly requests: RequestRec[];
  readonly serverResults: ServerResultRec[];
  readonly executions: ExecRec[];
  readonly calls: CallRec[];
  readonly actions: ActionRec[];
  readonly unhandled: string[];
  /** Calls whose promise had not settled when the case gave up waiting. */
  readonly unsettled: CallRec[];
  /** Per thread: the snapshot (JSON) when dispose returned, and at the end of the case. */
  disposeCheck?: { readonly atDispose: readonly string[]; readonly atEnd: readonly string[] };
  /** Harness notes (stalls resolved by cancelling, deadlines). */
  readonly notes: string[];
}

/**
 * Time limits of one case (real timers). They count quiet time — nothing recorded in the trace — so a
 * loaded machine that runs a case slowly is not taken for a hang; `capMs` bounds a whole phase.
 */
/** What a fuzz tool does when it executes (its `behaviour`): answer at once or later, throw, reject later, or hang. */
export function toolOutcome(spec: ToolSpec, id: string): unknown {
  switch (spec.behaviour) {
    case 'resolve':
      return `result of ${id}`;
    case 'resolve-later':
      return macrotask().then(() => `later result of ${id}`);
    case 'throw':
      throw new Error(`fuzz: ${spec.name} threw`);
    case 'reject-later':
      return macrotask().then(() => Promise.reject(new Error(`fuzz: ${spec.name} rejected`)));
    case 'hang':
      return new Promise(() => {});
  }
}

export const CASE_LIMITS = {
  /** Until every turn settled or stalled on a never-answered approval. */
  mainMs: 3000,
  /** After the finale, until every promise settled. */
  settleMs: 2000,
  capMs: 30_000,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const flip: Record<ToolBehaviour, ToolBehaviour> = {
  resolve: 'throw',
  throw: 'resolve',
  'resolve-later': 'reject-later',
  'reject-later': 'resolve-later',
  hang: 'resolve',
};

/** Where `unhandledrejection`s go: the running case's trace, or `orphans` between cases. */
export const unhandledSink: { current?: string[]; readonly orphans: string[] } = { orphans: [] };

/** The suite's `unhandledrejection` listener (installed once around the property). */
export function onUnhandledRejection(event: PromiseRejectionEvent): void {
  const reason = event.reason as { message?: string } | undefined;
  (unhandledSink.current ?? unhandledSink.orphans).push(String(reason?.message ?? reason));
  event.preventDefault();
}

export async function runFuzzCase(scenario: Scenario): Promise<Trace> {
  const keys: ThreadKey[] = scenario.threads.map((_, t) => ({ server: 'fuzz', room: '', thread: `t${t}` }));
  const trace: Trace = {
    scenario,
    keys,
    events: [],
    snapshots: [],
    requests: [],
    serverResults: [],
    executions: [],
    calls: [],
    actions: [],
    unhandled: [],
    unsettled: [],
    notes: [],
  };
  unhandledSink.current = trace.unhandled;

  let seq = 0;
  let wake: (() => void) | undefined;
  const next = () => {
    const s = seq++;
    wake?.();
    return s;
  };
  let disposed = false;
  /** Set as dispose() starts: a send or retry from one of its listeners must already be refused. */
  let disposing = false;
  /** Set when the case is over: the clean-up dispose is not part of the trace. */
  let closed = false;
  const active: (string | undefined)[] = keys.map(() => undefined);
  const lastFinished: ({ turnId: string; outcome: TurnOutcome } | undefined)[] = keys.map(() => undefined);
  const eventCounts = keys.map(() => 0);
  const execCounts = keys.map(() => 0);
  const finishCounts = keys.map(() => 0);
  const stops = keys.map(() => 0);
  const fired = new Set<number>();
  const frames: CallRec[] = [];
  const approvalsHandled = new Set<string>();
  const interruptsHandled = new Set<string>();
  /** How the user answers each interrupt, by id (from the run script that raised it). */
  const interruptAnswers = new Map<string, 'resolve' | 'cancel' | 'mixed'>();
  let idCounter = 0;
  const threadOfKey = (key: ThreadKey | undefined) => {
    const match = /^t(\d+)$/.exec(key?.thread ?? '');
    return match ? Number(match[1]) : -1;
  };

  const transport = new FuzzTransport(scenario, {
    onRequest(thread, index, request) {
      trace.requests.push({
        seq: next(),
        thread,
        index,
        messages: structuredClone([...request.messages]),
        tools: request.tools.map((tool) => tool.name),
        signalAborted: request.signal.aborted,
        activeTurn: active[thread],
        disposed,
        stopsSoFar: stops[thread]!,
        delivered: [],
      });
    },
    onEvent(thread, index, event) {
      trace.requests.findLast((r) => r.thread === thread && r.index === index)?.delivered.push(event);
      if (event.type === EventType.RUN_FINISHED) {
        const outcome = (event as BaseEvent & { outcome?: { interrupts?: { id: string; metadata?: { fuzzAnswer?: 'resolve' | 'cancel' | 'mixed' } }[] } }).outcome;
        for (const i of outcome?.interrupts ?? []) if (i.metadata?.fuzzAnswer) interruptAnswers.set(i.id, i.metadata.fuzzAnswer);
      }
      if (event.type === EventType.TOOL_CALL_RESULT) {
        trace.serverResults.push({ seq: next(), thread, toolCallId: String((event as BaseEvent & { toolCallId?: unknown }).toolCallId) });
      }
      eventCounts[thread]!++;
      fireTriggers((w) => w.on === 'event' && w.thread === thread && w.n === eventCounts[thread], (mode) => (mode === 'sync' ? 'sync' : 'macro'));
    },
  });

  const toolsFor = (variant: 'same' | 'drop-first' | 'flip-first' = 'same'): ToolRegistry => {
    const tools = scenario.tools
      .map((spec, i) => (variant === 'drop-first' && i === 0 ? undefined : makeTool(variant === 'flip-first' && i === 0 ? { ...spec, behaviour: flip[spec.behaviour] } : spec)))
      .filter((tool) => tool !== undefined);
    if (!scenario.grouped) return new ToolRegistry(tools);
    // The first tool stays on its own; the others are the collapsed group's.
    const grouped = tools.filter((tool) => tool.name !== scenario.tools[0]!.name);
    return new ToolRegistry(
      tools.filter((tool) => !grouped.includes(tool)),
      [{ name: GROUP_NAME, description: 'fuzz tool group', tools: grouped }],
    );
  };

  function makeTool(spec: ToolSpec): ClientTool {
    return {
      name: spec.name,
      description: `fuzz tool ${spec.name}`,
      requiresApproval: spec.approval !== 'none',
      ...(spec.ownTimeoutMs !== undefined ? { timeoutMs: spec.ownTimeoutMs } : {}),
      execute: (_args, context) => {
        const id = context.toolCall.id;
        const thread = threadOfId(id) ?? -1;
        trace.executions.push({
          seq: next(),
          thread,
          toolCallId: id,
          name: spec.name,
          signalAborted: context.signal.aborted,
          activeTurn: active[thread],
          disposed,
        });
        if (thread >= 0) {
          execCounts[thread]!++;
          fireTriggers((w) => w.on === 'execute' && w.thread === thread && w.n === execCounts[thread], (mode) => (mode === 'sync' ? 'sync' : 'micro'));
        }
        return toolOutcome(spec, id);
      },
    };
  }

  const engine = new RunOrchestrator({
    transport,
    toolRegistry: toolsFor(),
    maxDepth: scenario.maxDepth,
    toolTimeoutMs: scenario.toolTimeoutMs,
    createId: () => `id-${idCounter++}`,
  });

  engine.on((event) => {
    if (closed) return;
    const thread = threadOfKey((event as { key?: ThreadKey }).key);
    const rec: EventRec = {
      seq: next(),
      event,
      thread,
      ...(event.type === 'turn-finished' && thread >= 0 ? { statusAtEvent: engine.snapshot(keys[thread]!).run.status } : {}),
    };
    trace.events.push(rec);
    if (thread < 0) return;
    if (event.type === 'turn-started') {
      active[thread] = event.turnId;
      const frame = frames.at(-1);
      if (frame && frame.thread === thread) frame.turnIds.push(event.turnId);
    }
    if (event.type === 'turn-finished') {
      if (active[thread] === event.turnId) active[thread] = undefined;
      lastFinished[thread] = { turnId: event.turnId, outcome: event.outcome };
      finishCounts[thread]!++;
      fireTriggers((w) => w.on === 'turn-finished' && w.thread === thread && w.n === finishCounts[thread], () => 'sync');
    }
  });

  const unsubscribers = keys.map((key, thread) =>
    engine.registry.subscribe((snapshot: ThreadSnapshot) => {
      trace.snapshots.push({
        seq: next(),
        thread,
        status: snapshot.run.status,
        messageIds: snapshot.conversation.messages.map((m) => m.id),
        callIds: Object.keys(snapshot.conversation.toolCalls),
      });
      for (const call of Object.values(snapshot.conversation.toolCalls)) {
        if (call.status !== 'awaiting-approval' || approvalsHandled.has(call.id)) continue;
        approvalsHandled.add(call.id);
        const mode = scenario.tools.find((tool) => tool.name === call.name)?.approval;
        if (mode === 'approve' || mode === 'deny') {
          later('macro', () => perform({ do: mode, thread, id: call.id }, 'auto-approval'));
        }
      }
      // The user answers a turn's interrupts once it waits for them, as the run's script says.
      if (snapshot.run.status === 'running' && snapshot.run.phase === 'awaiting-input') {
        snapshot.run.interruptIds.forEach((id, i) => {
          if (interruptsHandled.has(id)) return;
          interruptsHandled.add(id);
          const answer = interruptAnswers.get(id) ?? 'resolve';
          const resolve = answer === 'resolve' || (answer === 'mixed' && i === 0);
          // Only while a turn still waits: an answer after a stop starts a resume turn of its own,
          // which this harness does not track as a call (test/core/interrupts.test.ts covers it).
          later('macro', () => {
            const run = engine.snapshot(keys[thread]!).run;
            if (run.status === 'running' && run.phase === 'awaiting-input' && run.interruptIds.includes(id)) {
              perform({ do: resolve ? 'answer-interrupt' : 'cancel-interrupt', thread, id }, 'auto-answer');
            }
          });
        });
      }
    }, key),
  );

  // ---- user actions

  function fireTriggers(match: (when: Scenario['actions'][number]['when']) => boolean, modeOf: (mode: string) => 'sync' | 'micro' | 'macro'): void {
    scenario.actions.forEach((action, i) => {
      if (fired.has(i) || !match(action.when)) return;
      fired.add(i);
      const mode = modeOf('mode' in action.when ? action.when.mode : 'sync');
      const source = `action #${i}`;
      if (mode === 'sync') perform(action.act, source);
      else later(mode, () => perform(action.act, source));
    });
  }

  /** Actions scheduled for a later (micro)task that have not run yet: the case waits for them. */
  let scheduled = 0;
  function later(mode: 'micro' | 'macro', fn: () => void): void {
    scheduled++;
    const run = () => {
      scheduled--;
      if (!closed) fn();
    };
    if (mode === 'micro') queueMicrotask(run);
    else void macrotask().then(run);
  }

  function startCall(api: 'send' | 'retry', thread: number, source: string): void {
    const key = keys[thread]!;
    const last = lastFinished[thread];
    const call: CallRec = {
      no: trace.calls.length,
      api,
      thread,
      seq: next(),
      endSeq: -1,
      source,
      turnIds: [],
      activeBefore: active[thread],
      afterDispose: disposing,
      ...(api === 'retry'
        ? {
            // Inside a send that supersedes a turn, the thread is already the new turn's (running).
            retryAllowed:
              !disposing &&
              active[thread] === undefined &&
              !frames.some((frame) => frame.api === 'send' && frame.thread === thread) &&
              (last?.outcome === 'failed' || last?.outcome === 'cancelled'),
            canRetry: engine.thread(key).canRetry(),
          }
        : {}),
    };
    trace.calls.push(call);
    if (api === 'send' && active[thread] !== undefined) stops[thread]!++;
    frames.push(call);
    let promise: Promise<TurnOutcome> | undefined;
    try {
      promise = api === 'send' ? engine.send(key, `user message ${call.no} on t${thread}`) : engine.retry(key);
    } catch (error) {
      call.threwSync = String((error as Error)?.message ?? error);
    } finally {
      frames.pop();
    }
    call.endSeq = next();
    call.statusAfter = engine.snapshot(key).run.status;
    if (!promise || typeof (promise as Promise<unknown>).then !== 'function') {
      call.settledSeq = call.endSeq;
      return;
    }
    promise.then(
      (outcome) => {
        call.outcome = outcome;
        call.settledSeq = next();
      },
      (error: unknown) => {
        call.rejected = String((error as Error)?.message ?? error);
        call.settledSeq = next();
      },
    );
  }

  function perform(act: ActionRec['act'], source: string): void {
    if (act.do === 'send' || act.do === 'retry') return startCall(act.do, act.thread, source);
    const rec: ActionRec = { no: trace.actions.length, seq: next(), endSeq: -1, act, source, activeBefore: [...active] };
    trace.actions.push(rec);
    try {
      switch (act.do) {
        case 'cancel':
          stops[act.thread]!++;
          engine.cancel(keys[act.thread]!);
          break;
        case 'dispose':
          stops.forEach((_, t) => stops[t]!++);
          disposing = true;
          engine.dispose();
          if (!disposed) {
            disposed = true;
            trace.disposeCheck = { atDispose: keys.map((key) => snapshotJson(engine, key)), atEnd: [] };
          }
          break;
        case 'swap-registry':
          engine.toolRegistry = toolsFor(act.variant);
          break;
        case 'stray-approve':
          engine.approve(keys[act.thread]!, `t${act.thread}-awaits-nothing`);
          break;
        case 'approve':
          engine.approve(keys[act.thread]!, act.id);
          break;
        case 'deny':
          engine.deny(keys[act.thread]!, act.id);
          break;
        case 'answer-interrupt':
          engine.answerInterrupt(keys[act.thread]!, act.id, { answer: act.id });
          break;
        case 'cancel-interrupt':
          engine.cancelInterrupt(keys[act.thread]!, act.id);
          break;
      }
    } catch (error) {
      rec.threw = String((error as Error)?.message ?? error);
    }
    rec.endSeq = next();
  }

  const unsettledCalls = () => trace.calls.filter((call) => call.settledSeq === undefined);
  /** A thread whose running turn waits for an approval nobody will give. */
  const stalledOnApproval = (thread: number) =>
    Object.values(engine.snapshot(keys[thread]!).conversation.toolCalls).some(
      (call) => call.status === 'awaiting-approval' && scenario.tools.find((tool) => tool.name === call.name)?.approval === 'never',
    );
  const progress = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, 4);
    });

  // ---- the case

  scenario.threads.forEach((thread, t) => {
    if (thread.startsAtOnce) startCall('send', t, 'initial send');
  });

  const retriesLeft = scenario.threads.map((thread) => thread.retries);
  // Quiet time: how long nothing has been recorded (seq unchanged).
  let watchedSeq = -1;
  let changedAt = Date.now();
  const quietMs = () => {
    if (seq !== watchedSeq) {
      watchedSeq = seq;
      changedAt = Date.now();
    }
    return Date.now() - changedAt;
  };
  const mainCap = Date.now() + CASE_LIMITS.capMs;
  let stalled: number[] = [];
  for (;;) {
    await progress();
    const waiting = unsettledCalls();
    const settledThreads = new Set(keys.map((_, t) => t).filter((t) => !waiting.some((call) => call.thread === t)));
    const ready = scenario.actions.findIndex((action, i) => !fired.has(i) && action.when.on === 'settled' && settledThreads.has(action.when.thread));
    if (ready >= 0) {
      fired.add(ready);
      await macrotask();
      perform(scenario.actions[ready]!.act, `action #${ready}`);
      continue;
    }
    if (scheduled > 0) continue;
    // The user retries a thread whose turn failed or was cancelled, as often as the scenario says.
    const retryable = keys.findIndex(
      (_, t) =>
        !disposed &&
        settledThreads.has(t) &&
        retriesLeft[t]! > 0 &&
        (lastFinished[t]?.outcome === 'failed' || lastFinished[t]?.outcome === 'cancelled'),
    );
    if (retryable >= 0) {
      retriesLeft[retryable]!--;
      await macrotask();
      startCall('retry', retryable, 'retry on failure');
      continue;
    }
    // Not over while a run still delivers events (late ones after a cancel, say): one may trigger a
    // user action (a send), whose turn the case must see to its end.
    if (waiting.length === 0 && transport.streaming === 0) break;
    const threads = [...new Set(waiting.map((call) => call.thread))];
    if (threads.length > 0 && threads.every(stalledOnApproval)) {
      stalled = threads;
      break;
    }
    if (quietMs() > CASE_LIMITS.mainMs || Date.now() > mainCap) {
      trace.notes.push(`main phase: nothing happened for ${CASE_LIMITS.mainMs} ms (or ${CASE_LIMITS.capMs} ms passed) with ${waiting.length} unsettled call(s)`);
      break;
    }
  }

  // The finale: the user cancels what waits forever for an approval, then the scenario's ending.
  if (scenario.finale === 'cancel-all') keys.forEach((_, t) => perform({ do: 'cancel', thread: t }, 'finale'));
  else {
    for (const t of stalled) {
      trace.notes.push(`t${t} waits for a never-answered approval: the user cancels it`);
      if (scenario.finale !== 'dispose') perform({ do: 'cancel', thread: t }, 'finale (stalled approval)');
    }
    if (scenario.finale === 'dispose') perform({ do: 'dispose' }, 'finale');
  }

  const settleCap = Date.now() + CASE_LIMITS.capMs;
  quietMs();
  // A cancel's listener may start a turn that stalls on an approval again: the user cancels that too.
  const unfinished = () => unsettledCalls().length > 0 || scheduled > 0 || transport.streaming > 0;
  for (let rounds = 0; unfinished() && quietMs() <= CASE_LIMITS.settleMs && Date.now() <= settleCap; ) {
    await progress();
    const waitingThreads = [...new Set(unsettledCalls().map((call) => call.thread))];
    if (scheduled === 0 && waitingThreads.length > 0 && waitingThreads.every(stalledOnApproval) && rounds++ < 5) {
      for (const t of waitingThreads) {
        trace.notes.push(`t${t} waits again for a never-answered approval: the user cancels it`);
        perform({ do: 'cancel', thread: t }, 'finale (stalled approval)');
      }
    }
  }
  trace.unsettled.push(...unsettledCalls());
  // A quiet period: late tool results, late stream events and late writes land here, if at all.
  for (let i = 0; i < 4; i++) await macrotask();
  await sleep(1);
  for (let i = 0; i < 2; i++) await macrotask();

  if (trace.disposeCheck) trace.disposeCheck = { ...trace.disposeCheck, atEnd: keys.map((key) => snapshotJson(engine, key)) };
  unsubscribers.forEach((unsubscribe) => unsubscribe());
  closed = true;
  if (!disposed) engine.dispose();
  unhandledSink.current = undefined;
  return trace;
}

function snapshotJson(engine: RunOrchestrator, key: ThreadKey): string {
  try {
    return JSON.stringify(engine.snapshot(key));
  } catch (error) {
    return `unserializable: ${(error as Error).message}`;
  }
}

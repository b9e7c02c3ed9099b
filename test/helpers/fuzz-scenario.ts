import fc from 'fast-check';

/**
 * The generated scenarios of the tool loop's property suite: plain, JSON-like data (so a shrunk
 * counterexample prints readably), turned into AG-UI events by `FuzzTransport` and into user actions
 * by the harness (`runFuzzCase`).
 *
 * Ids are namespaced per thread (`t0-…`), so a tool call id is unique per engine. Client calls use
 * `tN-cK`, server-run calls `tN-sK` (a server call is always followed by its `TOOL_CALL_RESULT` in the
 * same segment, so an `s` id must never execute), messages `tN-mK`. The pools are small on purpose:
 * ids repeat across runs, which is how replays, duplicate STARTs and snapshot echoes are produced.
 */

export const TOOL_NAMES = ['alpha', 'beta', 'gamma'] as const;
/** With `Scenario.grouped`, the collapsed group that holds the tools after the first. */
export const GROUP_NAME = 'kit';
/** Call names: the page's tools, one the page does not offer, and the group's. */
export const CALL_NAMES = [...TOOL_NAMES, 'ghost', GROUP_NAME] as const;

export type ToolBehaviour =
  /** Returns a string at once. */
  | 'resolve'
  /** Resolves after a macrotask or two. */
  | 'resolve-later'
  /** Throws synchronously. */
  | 'throw'
  /** Rejects after a macrotask. */
  | 'reject-later'
  /** Never settles and ignores its signal: only the time limit ends it. */
  | 'hang';

/** How the harness answers a call that awaits approval. */
export type ApprovalMode = 'none' | 'approve' | 'deny' | 'never';

export interface ToolSpec {
  readonly name: (typeof TOOL_NAMES)[number];
  readonly behaviour: ToolBehaviour;
  readonly approval: ApprovalMode;
  /** A per-tool `timeoutMs` (instead of the orchestrator's `toolTimeoutMs`). */
  readonly ownTimeoutMs?: number;
}

/** How a call's arguments are streamed. */
export type ArgsMode = 'zero' | 'whole' | 'split' | 'empty-string' | 'invalid-json';

export interface CallSpec {
  readonly id: string;
  readonly name: (typeof CALL_NAMES)[number];
  readonly args: ArgsMode;
  /** Attach to this assistant message (`parentMessageId`); none = the engine picks. */
  readonly parent?: string;
}

export type Segment =
  | { readonly k: 'text'; readonly id: string; readonly parts: number }
  | { readonly k: 'text-chunk'; readonly id: string; readonly parts: number }
  | { readonly k: 'reasoning'; readonly id: string }
  | { readonly k: 'state-snapshot' }
  | { readonly k: 'state-delta'; readonly valid: boolean }
  /** One call: START, ARGS…, END (and `TOOL_CALL_RESULT` when its id is a server id). */
  | { readonly k: 'call'; readonly call: CallSpec }
  /** Two calls whose START/ARGS/END interleave. */
  | { readonly k: 'interleaved'; readonly a: CallSpec; readonly b: CallSpec }
  /** `MESSAGES_SNAPSHOT` echoing the request's transcript (earlier calls repeated). */
  | { readonly k: 'echo-snapshot' }
  /** `MESSAGES_SNAPSHOT` that brings a call (with its tool message when it is a server id). */
  | { readonly k: 'snapshot-call'; readonly messageId: string; readonly call: CallSpec }
  /** Broken input: ARGS/END/RESULT for an id never started, END before START, a duplicate START. */
  | { readonly k: 'malformed'; readonly what: 'args-unknown' | 'end-unknown' | 'result-unknown' | 'end-before-start' | 'dup-start'; readonly call: CallSpec }
  /** The events of this thread's previous run again (a server replaying). */
  | { readonly k: 'replay-previous' };

/** What `RUN_FINISHED.outcome.pendingToolCallIds` says, relative to the run's own client calls. */
export type PendingMode =
  | 'no-outcome'
  | 'absent'
  | 'empty'
  | 'exact'
  | 'duplicated'
  | 'with-unknown'
  | 'with-server'
  | 'first-only'
  | 'reversed';

export type Ending =
  | { readonly k: 'finished'; readonly pending: PendingMode }
  | { readonly k: 'run-error' }
  /** The transport throws `TransportError('network')` after `at` of the events (0..1). */
  | { readonly k: 'network-error'; readonly at: number }
  /** The stream ends (resolves) without `RUN_FINISHED` after `at` of the events. */
  | { readonly k: 'cut'; readonly at: number }
  /** `RUN_FINISHED` with the `interrupt` outcome: `count` interrupts the user answers as `answer` says. */
  | { readonly k: 'interrupt'; readonly count: 1 | 2; readonly answer: 'resolve' | 'cancel' | 'mixed' }
  /** `RUN_FINISHED` with the `cancelled` outcome. */
  | { readonly k: 'agent-cancelled' };

export interface RunScript {
  /** `RUN_STARTED.runId`: the request's run id, the same fixed id on every run, or no RUN_STARTED. */
  readonly runId: 'echo' | 'same' | 'no-run-started';
  readonly segments: readonly Segment[];
  readonly ending: Ending;
  /** Event pacing: a microtask or a macrotask between events. */
  readonly pace: 'micro' | 'macro';
  /** Events a sloppy stream still delivers after `request.signal` aborted (a buffered chunk). */
  readonly lateEvents?: number;
}

export interface ThreadSpec {
  /** Answers to this thread's requests, in request order (across all its turns). */
  readonly runs: readonly RunScript[];
  /** Requests past the scripts: a plain text answer, or a new tool call every time (an endless loop). */
  readonly then: 'answer' | 'loop';
  /** Sent at the start of the case (thread 0 always is). */
  readonly startsAtOnce: boolean;
  /** `RUN_STARTED.runId` of every run of the thread ('mixed' = as each run script says). */
  readonly runIds: 'mixed' | 'same';
  /** How many times the user retries the thread when its turn ended failed or cancelled. */
  readonly retries: number;
}

/** When a user action happens. `sync` runs it inside the transport / tool / listener callback. */
export type Trigger =
  | { readonly on: 'event'; readonly thread: number; readonly n: number; readonly mode: 'sync' | 'macro' }
  | { readonly on: 'execute'; readonly thread: number; readonly n: number; readonly mode: 'sync' | 'micro' }
  /** After every turn started on `thread` so far has settled (its promises). */
  | { readonly on: 'settled'; readonly thread: number }
  /** Inside the engine listener, on the n-th `turn-finished` of `thread`. */
  | { readonly on: 'turn-finished'; readonly thread: number; readonly n: number };

export type Act =
  | { readonly do: 'send'; readonly thread: number }
  | { readonly do: 'cancel'; readonly thread: number }
  | { readonly do: 'retry'; readonly thread: number }
  | { readonly do: 'dispose' }
  /** `engine.toolRegistry = …`: the same tools, one dropped, or one with the opposite behaviour. */
  | { readonly do: 'swap-registry'; readonly variant: 'same' | 'drop-first' | 'flip-first' }
  /** `approve` for an id that awaits nothing. */
  | { readonly do: 'stray-approve'; readonly thread: number };

export interface Action {
  readonly when: Trigger;
  readonly act: Act;
}

export interface Scenario {
  /**
   * The tools after the first are in the group `kit`, offered collapsed (as one entry named `kit`)
   * until the model calls it. Absent in cases printed before groups existed.
   */
  readonly grouped?: boolean;
  readonly maxDepth: number;
  readonly toolTimeoutMs: number;
  readonly tools: readonly ToolSpec[];
  readonly threads: readonly ThreadSpec[];
  readonly actions: readonly Action[];
  /** What ends the case: nothing more, the user cancelling every thread, or dispose. */
  readonly finale: 'none' | 'cancel-all' | 'dispose';
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const toolSpec = (name: ToolSpec['name']): fc.Arbitrary<ToolSpec> =>
  fc.record(
    {
      name: fc.constant(name),
      behaviour: fc.constantFrom<ToolBehaviour>('resolve', 'resolve-later', 'throw', 'reject-later', 'hang'),
      approval: fc.oneof(
        { weight: 6, arbitrary: fc.constant<ApprovalMode>('none') },
        { weight: 3, arbitrary: fc.constantFrom<ApprovalMode>('approve', 'deny') },
        { weight: 1, arbitrary: fc.constant<ApprovalMode>('never') },
      ),
      ownTimeoutMs: fc.integer({ min: 3, max: 15 }),
    },
    { requiredKeys: ['name', 'behaviour', 'approval'] },
  );

function threadArbitraries(t: number) {
  const clientId = fc.integer({ min: 0, max: 4 }).map((i) => `t${t}-c${i}`);
  const serverId = fc.integer({ min: 0, max: 2 }).map((i) => `t${t}-s${i}`);
  const messageId = fc.integer({ min: 0, max: 4 }).map((i) => `t${t}-m${i}`);
  const callSpec = (id: fc.Arbitrary<string>): fc.Arbitrary<CallSpec> =>
    fc.record(
      {
        id,
        name: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...TOOL_NAMES) },
          { weight: 1, arbitrary: fc.constant('ghost' as const) },
          { weight: 2, arbitrary: fc.constant(GROUP_NAME) },
        ),
        args: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom<ArgsMode>('zero', 'whole', 'split', 'split', 'empty-string') },
          { weight: 1, arbitrary: fc.constant<ArgsMode>('invalid-json') },
        ),
        parent: messageId,
      },
      { requiredKeys: ['id', 'name', 'args'] },
    );
  const anyCall = callSpec(fc.oneof({ weight: 3, arbitrary: clientId }, { weight: 1, arbitrary: serverId }));
  const segment: fc.Arbitrary<Segment> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ k: fc.constant('text' as const), id: messageId, parts: fc.integer({ min: 0, max: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('text-chunk' as const), id: messageId, parts: fc.integer({ min: 1, max: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('reasoning' as const), id: messageId }) },
    { weight: 1, arbitrary: fc.constant({ k: 'state-snapshot' as const }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('state-delta' as const), valid: fc.boolean() }) },
    { weight: 8, arbitrary: fc.record({ k: fc.constant('call' as const), call: anyCall }) },
    { weight: 2, arbitrary: fc.record({ k: fc.constant('interleaved' as const), a: anyCall, b: anyCall }) },
    { weight: 1, arbitrary: fc.constant({ k: 'echo-snapshot' as const }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('snapshot-call' as const), messageId, call: anyCall }) },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('malformed' as const),
        what: fc.constantFrom('args-unknown', 'end-unknown', 'result-unknown', 'end-before-start', 'dup-start'),
        call: callSpec(clientId),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ k: 'replay-previous' as const }) },
  );
  const ending: fc.Arbitrary<Ending> = fc.oneof(
    {
      weight: 14,
      arbitrary: fc.record({
        k: fc.constant('finished' as const),
        pending: fc.constantFrom<PendingMode>('no-outcome', 'absent', 'empty', 'exact', 'duplicated', 'with-unknown', 'with-server', 'first-only', 'reversed'),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ k: 'run-error' as const }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('network-error' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
    { weight: 1, arbitrary: fc.record({ k: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        k: fc.constant('interrupt' as const),
        count: fc.constantFrom<1 | 2>(1, 2),
        answer: fc.constantFrom<'resolve' | 'cancel' | 'mixed'>('resolve', 'cancel', 'mixed'),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ k: 'agent-cancelled' as const }) },
  );
  const run: fc.Arbitrary<RunScript> = fc.record({
    runId: fc.constantFrom<RunScript['runId']>('echo', 'echo', 'same', 'no-run-started'),
    segments: fc.array(segment, { maxLength: 5 }),
    ending,
    pace: fc.constantFrom<RunScript['pace']>('micro', 'macro'),
    lateEvents: fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 }) }),
  });
  const thread: fc.Arbitrary<ThreadSpec> = fc.record({
    runs: fc.array(run, { maxLength: 4 }),
    then: fc.oneof({ weight: 4, arbitrary: fc.constant<'answer'>('answer') }, { weight: 1, arbitrary: fc.constant<'loop'>('loop') }),
    startsAtOnce: t === 0 ? fc.constant(true) : fc.boolean(),
    runIds: fc.constantFrom<ThreadSpec['runIds']>('mixed', 'mixed', 'same'),
    retries: fc.integer({ min: 0, max: 2 }),
  });
  return thread;
}

function actionArbitrary(threads: number): fc.Arbitrary<Action> {
  const thread = fc.integer({ min: 0, max: threads - 1 });
  const trigger: fc.Arbitrary<Trigger> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ on: fc.constant('event' as const), thread, n: fc.integer({ min: 1, max: 30 }), mode: fc.constantFrom<'sync' | 'macro'>('sync', 'macro') }) },
    { weight: 2, arbitrary: fc.record({ on: fc.constant('execute' as const), thread, n: fc.integer({ min: 1, max: 4 }), mode: fc.constantFrom<'sync' | 'micro'>('sync', 'micro') }) },
    { weight: 3, arbitrary: fc.record({ on: fc.constant('settled' as const), thread }) },
    { weight: 1, arbitrary: fc.record({ on: fc.constant('turn-finished' as const), thread, n: fc.integer({ min: 1, max: 3 }) }) },
  );
  const act: fc.Arbitrary<Act> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ do: fc.constant('send' as const), thread }) },
    { weight: 3, arbitrary: fc.record({ do: fc.constant('cancel' as const), thread }) },
    { weight: 3, arbitrary: fc.record({ do: fc.constant('retry' as const), thread }) },
    { weight: 1, arbitrary: fc.constant({ do: 'dispose' as const }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('swap-registry' as const), variant: fc.constantFrom<'same' | 'drop-first' | 'flip-first'>('same', 'drop-first', 'flip-first') }) },
    { weight: 1, arbitrary: fc.record({ do: fc.constant('stray-approve' as const), thread }) },
  );
  return fc.record({ when: trigger, act });
}

/** A whole case: tools, 1–3 threads with their scripted runs, user actions, and the finale. */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .integer({ min: 1, max: 3 })
  .chain((threadCount) =>
    fc.record({
      grouped: fc.boolean(),
      maxDepth: fc.integer({ min: 0, max: 3 }),
      toolTimeoutMs: fc.integer({ min: 5, max: 20 }),
      tools: fc.tuple(...TOOL_NAMES.map(toolSpec)),
      threads: fc.tuple(...Array.from({ length: threadCount }, (_, t) => threadArbitraries(t))),
      actions: fc.array(actionArbitrary(threadCount), { maxLength: 5 }),
      finale: fc.constantFrom<Scenario['finale']>('none', 'none', 'cancel-all', 'dispose'),
    }),
  )
  .map(withReadableToString);

/** fast-check prints a counterexample with this: one line per thread, run and action. */
export function describeScenario(s: Scenario): string {
  const lines = [
    `Scenario maxDepth=${s.maxDepth} toolTimeoutMs=${s.toolTimeoutMs} finale=${s.finale}${s.grouped ? ` grouped (${TOOL_NAMES.slice(1).join(', ')} in collapsed ${GROUP_NAME})` : ''}`,
    `  tools: ${s.tools.map((t) => `${t.name}(${t.behaviour}${t.approval !== 'none' ? `, approval ${t.approval}` : ''}${t.ownTimeoutMs !== undefined ? `, timeout ${t.ownTimeoutMs}ms` : ''})`).join('; ')}`,
  ];
  s.threads.forEach((thread, t) => {
    lines.push(
      `  thread t${t}${thread.startsAtOnce ? ' (sent at start)' : ''}, after its scripts: ${thread.then}, runIds ${thread.runIds}, retries on failure ${thread.retries}`,
    );
    thread.runs.forEach((run, r) => {
      lines.push(`    run ${r} [${run.pace}, runId ${run.runId}${run.lateEvents ? `, ${run.lateEvents} late event(s) after abort` : ''}]: ${run.segments.map(describeSegment).join(' | ') || '(no segments)'} => ${describeEnding(run.ending)}`);
    });
  });
  s.actions.forEach((a) => lines.push(`  action: ${describeTrigger(a.when)} -> ${JSON.stringify(a.act)}`));
  lines.push(`  JSON: ${JSON.stringify(s)}`);
  return lines.join('\n');
}

function describeCall(c: CallSpec): string {
  return `${c.id}:${c.name}(${c.args}${c.parent ? ` in ${c.parent}` : ''})`;
}

function describeSegment(seg: Segment): string {
  switch (seg.k) {
    case 'text':
    case 'text-chunk':
      return `${seg.k} ${seg.id}×${seg.parts}`;
    case 'reasoning':
      return `reasoning ${seg.id}`;
    case 'state-delta':
      return `state-delta${seg.valid ? '' : '(invalid)'}`;
    case 'call':
      return `call ${describeCall(seg.call)}`;
    case 'interleaved':
      return `interleaved ${describeCall(seg.a)} & ${describeCall(seg.b)}`;
    case 'snapshot-call':
      return `snapshot-call ${seg.messageId}/${describeCall(seg.call)}`;
    case 'malformed':
      return `malformed ${seg.what} ${describeCall(seg.call)}`;
    default:
      return seg.k;
  }
}

function describeEnding(e: Ending): string {
  switch (e.k) {
    case 'finished':
      return `RUN_FINISHED(pending ${e.pending})`;
    case 'network-error':
    case 'cut':
      return `${e.k}@${e.at.toFixed(2)}`;
    case 'interrupt':
      return `RUN_FINISHED(interrupt x${e.count}, user ${e.answer}s)`;
    default:
      return e.k;
  }
}

function describeTrigger(t: Trigger): string {
  switch (t.on) {
    case 'event':
      return `after event #${t.n} of t${t.thread} (${t.mode})`;
    case 'execute':
      return `when tool execution #${t.n} of t${t.thread} starts (${t.mode})`;
    case 'settled':
      return `when t${t.thread} has settled`;
    case 'turn-finished':
      return `inside turn-finished #${t.n} of t${t.thread}`;
  }
}

function withReadableToString(s: Scenario): Scenario {
  Object.defineProperty(s, fc.toStringMethod, { value: () => describeScenario(s), enumerable: false });
  return s;
}

/**
 * The features a scenario uses (`trigger:turn-finished`, `act:retry`, `segment:echo-snapshot`,
 * `pending:duplicated`, `ending:cut`, `runId:same`, `then:loop`, `tool:hang`, `approval:never`, …), so a run can
 * leave some out while a known failure is being fixed (`__FUZZ_EXCLUDE__`).
 */
export function scenarioFeatures(s: Scenario): Set<string> {
  const features = new Set<string>([`finale:${s.finale}`, `threads:${s.threads.length}`]);
  if (s.grouped) features.add('grouped');
  for (const tool of s.tools) features.add(`tool:${tool.behaviour}`).add(`approval:${tool.approval}`);
  for (const thread of s.threads) {
    features.add(`then:${thread.then}`).add(`runIds:${thread.runIds}`);
    if (thread.retries > 0) features.add('retries');
    for (const run of thread.runs) {
      features.add(`runId:${run.runId}`).add(`ending:${run.ending.k}`);
      if (run.lateEvents) features.add('late-events');
      if (run.ending.k === 'finished') features.add(`pending:${run.ending.pending}`);
      for (const seg of run.segments) {
        features.add(`segment:${seg.k}`);
        if (seg.k === 'malformed') features.add(`malformed:${seg.what}`);
      }
    }
  }
  for (const action of s.actions) {
    features.add(`trigger:${action.when.on}`).add(`act:${action.act.do}`);
    if ('mode' in action.when) features.add(`trigger:${action.when.on}:${action.when.mode}`);
  }
  return features;
}

import { EventType, type BaseEvent } from '@ag-ui/core';
import { TransportError, type RunEventSink, type RunRequest, type Transport } from '../../src/core/index.js';
import { yieldToPage } from '../../src/core/transport/yield-to-page.js';
import type { ArgsMode, CallSpec, Ending, RunScript, Scenario, Segment, ThreadSpec } from './fuzz-scenario.js';

/** A fixed id a server reuses on every run ("odd server run ids"). */
export const REUSED_RUN_ID = 'fuzz-same-run';

/** Yields one macrotask without the 4 ms clamp of nested `setTimeout` (the SSE reader's own way). */
export const macrotask = yieldToPage;

/** Whether a call id is a server-run call of the generated scenario (always answered by the server). */
export const isServerCallId = (id: string): boolean => /^t\d+-s\d+$/.test(id);

/** The thread index a generated id belongs to (`t2-c1` → 2). */
export function threadOfId(id: string): number | undefined {
  const match = /^t(\d+)-/.exec(id);
  return match ? Number(match[1]) : undefined;
}

const ev = (type: EventType, fields: Record<string, unknown>): BaseEvent => ({ type, ...fields }) as BaseEvent;

function argsEvents(call: CallSpec): BaseEvent[] {
  const pieces: Record<ArgsMode, string[]> = {
    zero: [],
    whole: ['{"q":"whole"}'],
    split: ['{"q":', '"spl', 'it","n":1}'],
    'empty-string': [''],
    'invalid-json': ['{"q":', '"unterminated'],
  };
  return pieces[call.args].map((delta) => ev(EventType.TOOL_CALL_ARGS, { toolCallId: call.id, delta }));
}

function argsText(call: CallSpec): string {
  return argsEvents(call)
    .map((e) => (e as unknown as { delta: string }).delta)
    .join('');
}

const startEvent = (call: CallSpec) =>
  ev(EventType.TOOL_CALL_START, { toolCallId: call.id, toolCallName: call.name, ...(call.parent ? { parentMessageId: call.parent } : {}) });
const endEvent = (id: string) => ev(EventType.TOOL_CALL_END, { toolCallId: id });
const resultEvent = (id: string) =>
  ev(EventType.TOOL_CALL_RESULT, { messageId: `${id}-result`, toolCallId: id, content: `server result of ${id}`, role: 'tool' });
const serverResult = (call: CallSpec) => (isServerCallId(call.id) ? [resultEvent(call.id)] : []);

function callEvents(call: CallSpec): BaseEvent[] {
  return [startEvent(call), ...argsEvents(call), endEvent(call.id), ...serverResult(call)];
}

const LIFECYCLE = new Set<string>([EventType.RUN_STARTED, EventType.RUN_FINISHED, EventType.RUN_ERROR]);

/** The events of one segment; `previous` is the thread's previous run, for replays. */
function segmentEvents(seg: Segment, thread: number, request: RunRequest, previous: readonly BaseEvent[]): BaseEvent[] {
  switch (seg.k) {
    case 'text':
      return [
        ev(EventType.TEXT_MESSAGE_START, { messageId: seg.id, role: 'assistant' }),
        ...Array.from({ length: seg.parts }, (_, i) => ev(EventType.TEXT_MESSAGE_CONTENT, { messageId: seg.id, delta: `word${i} ` })),
        ev(EventType.TEXT_MESSAGE_END, { messageId: seg.id }),
      ];
    case 'text-chunk':
      return Array.from({ length: seg.parts }, (_, i) =>
        ev(EventType.TEXT_MESSAGE_CHUNK, { messageId: seg.id, role: 'assistant', delta: `chunk${i} ` }),
      );
    case 'reasoning':
      return [
        ev(EventType.REASONING_MESSAGE_START, { messageId: seg.id, role: 'reasoning' }),
        ev(EventType.REASONING_MESSAGE_CONTENT, { messageId: seg.id, delta: 'thinking' }),
        ev(EventType.REASONING_MESSAGE_END, { messageId: seg.id }),
      ];
    case 'state-snapshot':
      return [ev(EventType.STATE_SNAPSHOT, { snapshot: { thread, request: request.runId } })];
    case 'state-delta':
      return [
        ev(EventType.STATE_DELTA, {
          delta: seg.valid ? [{ op: 'add', path: '/touched', value: true }] : [{ op: 'remove', path: '/missing/deeper' }],
        }),
      ];
    case 'call':
      return callEvents(seg.call);
    case 'interleaved': {
      const [a, b] = [seg.a, seg.b];
      const argsA = argsEvents(a);
      const argsB = argsEvents(b);
      return [
        startEvent(a),
        startEvent(b),
        ...argsA.slice(0, 1),
        ...argsB,
        ...argsA.slice(1),
        endEvent(b.id),
        endEvent(a.id),
        ...serverResult(b),
        ...serverResult(a),
      ];
    }
    case 'echo-snapshot':
      return [ev(EventType.MESSAGES_SNAPSHOT, { messages: structuredClone([...request.messages]) })];
    case 'snapshot-call': {
      const { call } = seg;
      const assistant = {
        id: seg.messageId,
        role: 'assistant',
        toolCalls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: argsText(call) } }],
      };
      const tool = isServerCallId(call.id)
        ? [{ id: `${call.id}-result`, role: 'tool', toolCallId: call.id, content: `server result of ${call.id}` }]
        : [];
      return [ev(EventType.MESSAGES_SNAPSHOT, { messages: [...structuredClone([...request.messages]), assistant, ...tool] })];
    }
    case 'malformed': {
      const ghost = `t${thread}-ghost`;
      switch (seg.what) {
        case 'args-unknown':
          return [ev(EventType.TOOL_CALL_ARGS, { toolCallId: ghost, delta: '{"q":1}' })];
        case 'end-unknown':
          return [endEvent(ghost)];
        case 'result-unknown':
          return [resultEvent(ghost)];
        case 'end-before-start':
          return [endEvent(seg.call.id), ...callEvents(seg.call)];
        case 'dup-start':
          return [startEvent(seg.call), startEvent(seg.call), ...argsEvents(seg.call), endEvent(seg.call.id)];
      }
      break;
    }
    case 'replay-previous':
      return previous.filter((e) => !LIFECYCLE.has(e.type));
  }
  return [];
}

/** The run's own client calls: started in its events, no result in them, in start order. */
function streamPending(events: readonly BaseEvent[]): { client: string[]; answered: string[] } {
  const started: string[] = [];
  const answered = new Set<string>();
  for (const e of events as readonly (BaseEvent & Record<string, unknown>)[]) {
    if (e.type === EventType.TOOL_CALL_START && typeof e['toolCallId'] === 'string' && !started.includes(e['toolCallId'])) {
      started.push(e['toolCallId']);
    }
    if (e.type === EventType.TOOL_CALL_RESULT && typeof e['toolCallId'] === 'string') answered.add(e['toolCallId']);
    if (e.type === EventType.MESSAGES_SNAPSHOT) {
      for (const m of (e['messages'] as { role: string; toolCalls?: { id: string }[]; toolCallId?: string }[]) ?? []) {
        for (const c of m.toolCalls ?? []) if (!started.includes(c.id)) started.push(c.id);
        if (m.role === 'tool' && m.toolCallId) answered.add(m.toolCallId);
      }
    }
  }
  return { client: started.filter((id) => !answered.has(id)), answered: started.filter((id) => answered.has(id)) };
}

function finishedEvent(ending: Extract<Ending, { k: 'finished' }>, events: readonly BaseEvent[], thread: number, threadId: string, runId: string): BaseEvent {
  const { client, answered } = streamPending(events);
  const lists: Record<Exclude<typeof ending.pending, 'no-outcome' | 'absent'>, string[]> = {
    empty: [],
    exact: client,
    duplicated: [...client, ...client],
    'with-unknown': [...client, `t${thread}-never-started`],
    'with-server': [...answered, ...client],
    'first-only': client.slice(0, 1),
    reversed: [...client].reverse(),
  };
  if (ending.pending === 'no-outcome') return ev(EventType.RUN_FINISHED, { threadId, runId });
  if (ending.pending === 'absent') return ev(EventType.RUN_FINISHED, { threadId, runId, outcome: { type: 'success' } });
  return ev(EventType.RUN_FINISHED, { threadId, runId, outcome: { type: 'success', pendingToolCallIds: lists[ending.pending] } });
}

/** What the fallback answers look like once a thread's scripts are used up. */
function fallbackScript(then: ThreadSpec['then'], thread: number, index: number): RunScript {
  const segments: Segment[] =
    then === 'loop'
      ? [{ k: 'call', call: { id: `t${thread}-L${index}`, name: 'alpha', args: 'whole' } }]
      : [{ k: 'text', id: `t${thread}-answer${index}`, parts: 2 }];
  return { runId: 'echo', segments, ending: { k: 'finished', pending: 'absent' }, pace: 'macro' };
}

/** One run, materialized: its events, and where (if at all) the stream breaks. */
export interface MaterializedRun {
  readonly events: readonly BaseEvent[];
  /** Deliver this many events, then break (`throw` = network error, else a silent end). */
  readonly breakAt?: { readonly index: number; readonly throw: boolean };
  readonly pace: RunScript['pace'];
}

export function materializeRun(script: RunScript, thread: number, request: RunRequest, previous: readonly BaseEvent[]): MaterializedRun {
  const runId = script.runId === 'same' ? REUSED_RUN_ID : request.runId;
  const events: BaseEvent[] = [];
  if (script.runId !== 'no-run-started') events.push(ev(EventType.RUN_STARTED, { threadId: request.threadId, runId }));
  for (const seg of script.segments) events.push(...segmentEvents(seg, thread, request, previous));
  const { ending } = script;
  switch (ending.k) {
    case 'finished':
      events.push(finishedEvent(ending, events, thread, request.threadId, runId));
      return { events, pace: script.pace };
    case 'run-error':
      events.push(ev(EventType.RUN_ERROR, { message: 'fuzz: the agent failed', code: 'fuzz' }));
      return { events, pace: script.pace };
    case 'interrupt': {
      // Ids unique per request (the client's run id), as a server's would be per interrupt.
      const interrupts = Array.from({ length: ending.count }, (_, i) => ({
        id: `${request.runId}-i${i}`,
        reason: 'fuzz',
        message: `question ${i}`,
        // How the harness's user answers it (read back from the event it sees).
        metadata: { fuzzAnswer: ending.answer },
      }));
      events.push(ev(EventType.RUN_FINISHED, { threadId: request.threadId, runId, outcome: { type: 'interrupt', interrupts } }));
      return { events, pace: script.pace };
    }
    case 'agent-cancelled':
      events.push(ev(EventType.RUN_FINISHED, { threadId: request.threadId, runId, outcome: { type: 'cancelled' } }));
      return { events, pace: script.pace };
    case 'network-error':
    case 'cut':
      return { events, pace: script.pace, breakAt: { index: Math.floor(ending.at * events.length), throw: ending.k === 'network-error' } };
  }
}

/** What the harness learns from the transport. */
export interface FuzzTransportHooks {
  /** A request arrives (before any event of it). */
  onRequest(thread: number, index: number, request: RunRequest): void;
  /** An event of the thread's `index`-th request was delivered to the engine (`onEvent` returned). */
  onEvent(thread: number, index: number, event: BaseEvent): void;
  /** An event of the thread's `index`-th request is about to be delivered (what it changes may be seen before `onEvent`). */
  beforeEvent?(thread: number, index: number, event: BaseEvent): void;
}

/**
 * The transport of the property suite: answers the n-th request of a thread with the thread's n-th
 * run script (then the fallback), delivering events asynchronously (a microtask or a macrotask apart),
 * stopping as soon as `request.signal` aborts, and reporting every request and event to the harness.
 */
export class FuzzTransport implements Transport {
  readonly #scenario: Scenario;
  readonly #hooks: FuzzTransportHooks;
  readonly #counts = new Map<number, number>();
  readonly #previous = new Map<number, readonly BaseEvent[]>();
  #streaming = 0;

  constructor(scenario: Scenario, hooks: FuzzTransportHooks) {
    this.#scenario = scenario;
    this.#hooks = hooks;
  }

  /** Runs still delivering events (late ones after an abort included): each event may still trigger a user action. */
  get streaming(): number {
    return this.#streaming;
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    this.#streaming++;
    try {
      return await this.#deliver(request, onEvent);
    } finally {
      this.#streaming--;
    }
  }

  async #deliver(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    const thread = Number(/^t(\d+)$/.exec(request.threadId)?.[1] ?? -1);
    const spec = this.#scenario.threads[thread];
    if (!spec) throw new TransportError('http', `fuzz: no thread ${request.threadId}`, 404);
    const index = this.#counts.get(thread) ?? 0;
    this.#counts.set(thread, index + 1);
    this.#hooks.onRequest(thread, index, request);
    const scripted = spec.runs[index] ?? fallbackScript(spec.then, thread, index);
    const script: RunScript = spec.runIds === 'same' && scripted.runId === 'echo' ? { ...scripted, runId: 'same' } : scripted;
    const run = materializeRun(script, thread, request, this.#previous.get(thread) ?? []);
    this.#previous.set(thread, run.events);
    let late = script.lateEvents ?? 0;
    for (let i = 0; i < run.events.length; i++) {
      if (run.pace === 'macro') await macrotask();
      else await Promise.resolve();
      if (request.signal.aborted && late-- <= 0) return { runId: request.runId };
      if (run.breakAt && i === run.breakAt.index) {
        if (run.breakAt.throw) throw new TransportError('network', 'fuzz: the connection dropped');
        return { runId: request.runId };
      }
      this.#hooks.beforeEvent?.(thread, index, run.events[i]!);
      onEvent(run.events[i]!);
      this.#hooks.onEvent(thread, index, run.events[i]!);
    }
    await Promise.resolve();
    if (run.breakAt?.throw && !request.signal.aborted) throw new TransportError('network', 'fuzz: the connection dropped');
    return { runId: request.runId };
  }
}

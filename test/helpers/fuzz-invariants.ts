import type { Message } from '@ag-ui/core';
import type { EngineEvent } from '../../src/core/index.js';
import type { CallRec, EventRec, Trace } from './fuzz-harness.js';
import { isServerCallId } from './fuzz-transport.js';
import { GROUP_NAME } from './fuzz-scenario.js';

/**
 * The tool loop's invariants, each a named checker over a recorded trace (`runFuzzCase`). A checker
 * returns its violations as readable sentences; an empty list means the invariant held.
 */
export interface Invariant {
  readonly name: string;
  check(trace: Trace): string[];
}

type TurnFinished = Extract<EngineEvent, { type: 'turn-finished' }>;

/** The turn bookkeeping every checker shares, derived from the engine events. */
interface TurnIndex {
  readonly starts: Map<string, EventRec>;
  readonly finishes: Map<string, EventRec[]>;
  finish(turnId: string | undefined): (EventRec & { event: TurnFinished }) | undefined;
  /** The turn each call started: the `turn-started` emitted during the call, else the next unclaimed one on its thread. */
  readonly turnOfCall: Map<CallRec, string>;
}

const indexes = new WeakMap<Trace, TurnIndex>();

function turnIndex(trace: Trace): TurnIndex {
  const cached = indexes.get(trace);
  if (cached) return cached;
  const starts = new Map<string, EventRec>();
  const finishes = new Map<string, EventRec[]>();
  for (const rec of trace.events) {
    if (rec.event.type === 'turn-started' && !starts.has(rec.event.turnId)) starts.set(rec.event.turnId, rec);
    if (rec.event.type === 'turn-finished') finishes.set(rec.event.turnId, [...(finishes.get(rec.event.turnId) ?? []), rec]);
  }
  const claimed = new Set<string>();
  const turnOfCall = new Map<CallRec, string>();
  for (const call of trace.calls) {
    const own = call.turnIds.find((id) => !claimed.has(id));
    if (own) {
      claimed.add(own);
      turnOfCall.set(call, own);
    }
  }
  // An engine that announces a turn later than the call: the first unclaimed start on the thread.
  for (const call of trace.calls) {
    if (turnOfCall.has(call) || call.rejected !== undefined || call.threwSync !== undefined) continue;
    const later = [...starts.values()].find((rec) => rec.thread === call.thread && rec.seq > call.seq && !claimed.has(rec.event.turnId));
    if (later) {
      claimed.add(later.event.turnId);
      turnOfCall.set(call, later.event.turnId);
    }
  }
  const index: TurnIndex = {
    starts,
    finishes,
    finish: (turnId) => (turnId === undefined ? undefined : (finishes.get(turnId)?.[0] as (EventRec & { event: TurnFinished }) | undefined)),
    turnOfCall,
  };
  indexes.set(trace, index);
  return index;
}

const expectedStatus = (event: TurnFinished): string | undefined =>
  event.outcome === 'success' ? 'success' : event.outcome === 'failed' ? 'failed' : event.reason === 'superseded' ? undefined : 'cancelled';

const describeCall = (call: CallRec) => `${call.api}() #${call.no} on t${call.thread} (${call.source}, at #${call.seq})`;

// ---------------------------------------------------------------------------------------------

/** 1. Each toolCallId's execute is entered at most once per engine (ids are unique per engine here). */
export const executesAtMostOnce: Invariant = {
  name: '1 each toolCallId executes at most once',
  check(trace) {
    const seen = new Map<string, number[]>();
    for (const exec of trace.executions) seen.set(exec.toolCallId, [...(seen.get(exec.toolCallId) ?? []), exec.seq]);
    return [...seen]
      .filter(([, at]) => at.length > 1)
      .map(([id, at]) => `tool call ${id} executed ${at.length} times (at #${at.join(', #')})`);
  },
};

/** 2. Calls the server ran (a `TOOL_CALL_RESULT` came) never execute on the client. */
export const serverCallsNeverExecute: Invariant = {
  name: '2 server-run calls never execute',
  check(trace) {
    const violations: string[] = [];
    for (const exec of trace.executions) {
      if (isServerCallId(exec.toolCallId)) {
        violations.push(`server-run call ${exec.toolCallId} (always answered by TOOL_CALL_RESULT) executed at #${exec.seq}`);
        continue;
      }
      const answered = trace.serverResults.find((r) => r.toolCallId === exec.toolCallId && r.seq < exec.seq);
      if (answered) violations.push(`call ${exec.toolCallId} executed at #${exec.seq} after the server answered it at #${answered.seq}`);
    }
    return violations;
  },
};

/**
 * 3. One `turn-finished` per `turn-started` (by turnId), before the thread's next `turn-started`; the
 * promise of send/retry resolves to the announced outcome; cancel / supersede / dispose end the turn
 * they hit with `cancelled` and the matching reason; retry runs exactly when the contract allows it.
 */
export const turnsFinishOnce: Invariant = {
  name: '3 one turn-finished per turn-started, matching the promise',
  check(trace) {
    const v: string[] = [];
    const { starts, finishes, finish, turnOfCall } = turnIndex(trace);
    for (const rec of trace.events) {
      const e = rec.event as Partial<EngineEvent> & { type: string };
      if (typeof e.turnId !== 'string' || !e.turnId) v.push(`engine event ${e.type} at #${rec.seq} has no turnId`);
      if (!e.key || typeof e.key.thread !== 'string') v.push(`engine event ${e.type} at #${rec.seq} has no key`);
    }
    const startIds = trace.events.filter((r) => r.event.type === 'turn-started').map((r) => r.event.turnId);
    for (const id of new Set(startIds)) {
      const n = startIds.filter((x) => x === id).length;
      if (n > 1) v.push(`turnId ${id} was started ${n} times`);
    }
    for (const [turnId, start] of starts) {
      const fins = finishes.get(turnId) ?? [];
      if (fins.length === 0) {
        v.push(`turn ${turnId} on t${start.thread} (started at #${start.seq}) never got a turn-finished`);
        continue;
      }
      if (fins.length > 1) v.push(`turn ${turnId} on t${start.thread} got ${fins.length} turn-finished events (at #${fins.map((f) => f.seq).join(', #')})`);
      if (fins[0]!.seq < start.seq) v.push(`turn ${turnId}: turn-finished (#${fins[0]!.seq}) before turn-started (#${start.seq})`);
      const next = [...starts.values()].find((s) => s.thread === start.thread && s.seq > start.seq);
      if (next && fins[0]!.seq > next.seq) {
        v.push(`turn ${turnId} on t${start.thread} finished at #${fins[0]!.seq}, after the thread's next turn ${next.event.turnId} started at #${next.seq}`);
      }
      const end = fins[0]!.event as TurnFinished;
      const okReason =
        end.outcome === 'cancelled' ? ['user', 'superseded', 'disposed', 'agent'].includes(end.reason) : end.reason === end.outcome;
      if (!okReason) v.push(`turn ${turnId} finished with outcome ${end.outcome} but reason ${end.reason}`);
    }
    for (const [turnId, fins] of finishes) {
      if (!starts.has(turnId)) v.push(`turn-finished for ${turnId} at #${fins[0]!.seq} without a turn-started`);
    }
    for (const rec of trace.events) {
      if (rec.event.type === 'turn-started' || rec.event.type === 'turn-finished') continue;
      const start = starts.get(rec.event.turnId);
      const end = finish(rec.event.turnId);
      if (!start || rec.seq < start.seq || (end && rec.seq > end.seq)) {
        v.push(`${rec.event.type} event at #${rec.seq} of turn ${rec.event.turnId} outside that turn's start/finish`);
      }
    }

    for (const call of trace.calls) {
      if (call.threwSync !== undefined) v.push(`${describeCall(call)} threw synchronously instead of returning a promise: ${call.threwSync}`);
      const turnId = turnOfCall.get(call);
      const end = finish(turnId);
      if (turnId && call.rejected !== undefined) v.push(`${describeCall(call)} started turn ${turnId} but its promise rejected: ${call.rejected}`);
      if (!turnId && call.outcome !== undefined) v.push(`${describeCall(call)} resolved to ${call.outcome} without announcing a turn`);
      if (end && call.outcome !== undefined && call.outcome !== end.event.outcome) {
        v.push(`${describeCall(call)}: promise resolved to ${call.outcome} but turn-finished of ${turnId} said ${end.event.outcome}`);
      }
      if (call.afterDispose && call.rejected === undefined) v.push(`${describeCall(call)} after dispose() did not reject`);
      if (call.api === 'retry' && !call.afterDispose) {
        if (call.retryAllowed === false && (turnId || call.outcome !== undefined)) {
          v.push(`${describeCall(call)} ran although the thread's last turn had not failed or been cancelled (or one was running); it must reject`);
        }
        if (call.retryAllowed === true && call.rejected !== undefined) {
          v.push(`${describeCall(call)} rejected although the thread's last turn failed or was cancelled: ${call.rejected}`);
        }
        // The views' guard (ThreadHandle.canRetry) says what the engine does: the same rule, written once.
        if (call.canRetry !== undefined && call.canRetry !== call.retryAllowed) {
          v.push(`${describeCall(call)}: the thread handle's canRetry() said ${call.canRetry}, the contract ${call.retryAllowed}`);
        }
      }
      // A send on a running thread supersedes its turn: cancelled/superseded, announced before the new turn.
      if (call.api === 'send' && call.activeBefore && !call.afterDispose) {
        const old = finish(call.activeBefore);
        const start = turnId ? starts.get(turnId) : undefined;
        if (!old) v.push(`${describeCall(call)} superseded turn ${call.activeBefore}, which never finished`);
        else {
          if (old.event.outcome !== 'cancelled' || old.event.reason !== 'superseded') {
            v.push(`${describeCall(call)} superseded turn ${call.activeBefore}, which finished ${old.event.outcome}/${old.event.reason} instead of cancelled/superseded`);
          }
          if (start && old.seq > start.seq) v.push(`superseded turn ${call.activeBefore} finished (#${old.seq}) after the new turn ${turnId} started (#${start.seq})`);
        }
      }
    }
    for (const action of trace.actions) {
      if (action.threw !== undefined) v.push(`${action.act.do}() (${action.source}) threw: ${action.threw}`);
      if (action.act.do === 'cancel') {
        const hit = action.activeBefore[action.act.thread];
        const end = finish(hit);
        if (hit && end && (end.event.outcome !== 'cancelled' || end.event.reason !== 'user')) {
          v.push(`cancel(t${action.act.thread}) at #${action.seq} hit running turn ${hit}, which finished ${end.event.outcome}/${end.event.reason} instead of cancelled/user`);
        }
      }
      if (action.act.do === 'dispose') {
        action.activeBefore.forEach((hit, t) => {
          const end = finish(hit);
          if (!hit || !end) return;
          // A listener of another turn's end may cancel (or supersede) this one before dispose reaches it.
          const stoppedWithin = trace.actions.some(
            (other) => other.act.do === 'cancel' && other.act.thread === t && other.seq > action.seq && other.seq < action.endSeq,
          );
          const reasons = stoppedWithin ? ['disposed', 'user'] : ['disposed'];
          if (end.event.outcome !== 'cancelled' || !reasons.includes(end.event.reason)) {
            v.push(`dispose() at #${action.seq} hit running turn ${hit} on t${t}, which finished ${end.event.outcome}/${end.event.reason} instead of cancelled/disposed`);
          } else if (end.seq > action.endSeq) {
            v.push(`dispose() at #${action.seq}: the turn-finished of ${hit} came after dispose returned (#${end.seq})`);
          }
        });
      }
    }
    return v;
  },
};

/** 4. Every send/retry promise settles within the case's bound (real timers, small tool timeouts). */
export const everyTurnSettles: Invariant = {
  name: '4 every turn settles',
  check(trace) {
    return [
      ...trace.unsettled.map((call) => `${describeCall(call)} never settled (thread status ${trace.snapshots.filter((s) => s.thread === call.thread).at(-1)?.status ?? '?'})`),
      ...trace.notes.filter((note) => note.includes('deadline')),
    ];
  },
};

/** 5. From send/retry until the turn's end the thread's run state is `running`, then its terminal state. */
export const runningUntilTheEnd: Invariant = {
  name: '5 run state stays running until the turn ends',
  check(trace) {
    const v: string[] = [];
    const { finish, turnOfCall, starts } = turnIndex(trace);
    for (const call of trace.calls) {
      const turnId = turnOfCall.get(call);
      const end = finish(turnId);
      if (!turnId || !end) continue;
      if (end.seq > call.endSeq && call.statusAfter !== 'running') {
        v.push(`${describeCall(call)}: the thread was ${call.statusAfter}, not running, when the call returned`);
      }
      const expected = expectedStatus(end.event);
      // From the turn's announcement: before it, inside the same send, listeners of the turn it
      // supersedes may still start and end turns of their own (each judged in its own window).
      const from = Math.max(call.seq, starts.get(turnId)?.seq ?? call.seq);
      const window = trace.snapshots.filter((s) => s.thread === call.thread && s.seq > from && s.seq < end.seq);
      let terminalSeen: string | undefined;
      for (const snap of window) {
        if (snap.status === 'running') {
          if (terminalSeen) {
            v.push(`turn ${turnId} on t${call.thread}: run state went ${terminalSeen} and back to running (#${snap.seq}) before the turn ended`);
            break;
          }
          continue;
        }
        if (snap.status !== expected) {
          v.push(`turn ${turnId} on t${call.thread}: run state ${snap.status} at #${snap.seq} while the turn ran (it ended ${end.event.outcome}/${end.event.reason})`);
          break;
        }
        terminalSeen = snap.status;
      }
      if (expected && end.statusAtEvent !== expected) {
        v.push(`turn ${turnId} on t${call.thread} finished ${end.event.outcome}/${end.event.reason} while the thread's run state was ${end.statusAtEvent}`);
      }
    }
    return v;
  },
};

/** 6. Every request's transcript is valid for a model provider. */
export const validTranscripts: Invariant = {
  name: '6 every request transcript is valid',
  check(trace) {
    const v: string[] = [];
    for (const request of trace.requests) {
      const where = `request #${request.index} of t${request.thread} (at #${request.seq})`;
      const problems = transcriptProblems(request.messages);
      if (problems.length) v.push(`${where}: ${problems.join('; ')} — roles: ${request.messages.map(brief).join(' ')}`);
    }
    return v;
  },
};

const brief = (m: Message) =>
  m.role === 'assistant' && m.toolCalls?.length
    ? `assistant(${m.id}:${m.toolCalls.map((c) => c.id).join(',')})`
    : m.role === 'tool'
      ? `tool(${m.toolCallId})`
      : `${m.role}(${m.id})`;

export function transcriptProblems(messages: readonly Message[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const callsSeen = new Set<string>();
  for (const m of messages) {
    if (typeof m.id !== 'string' || m.id === '') problems.push(`a ${m.role} message has no id`);
    else if (ids.has(m.id)) problems.push(`message id ${m.id} appears twice`);
    else ids.add(m.id);
  }
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'tool') {
      problems.push(`tool message for ${m.toolCallId} at ${i} does not follow its assistant call`);
      continue;
    }
    if (m.role !== 'assistant' || !m.toolCalls?.length) continue;
    const callIds = m.toolCalls.map((c) => c.id);
    for (const id of callIds) {
      if (callsSeen.has(id)) problems.push(`tool call ${id} is carried by two assistant messages`);
      callsSeen.add(id);
    }
    if (new Set(callIds).size !== callIds.length) problems.push(`assistant ${m.id} carries a call twice`);
    const answers = messages.slice(i + 1, i + 1 + callIds.length);
    const answered = answers.filter((a): a is Extract<Message, { role: 'tool' }> => a.role === 'tool').map((a) => a.toolCallId);
    if (answered.length !== callIds.length || [...callIds].sort().join() !== [...answered].sort().join()) {
      problems.push(`assistant ${m.id} calls [${callIds.join(', ')}] but is followed by tool messages for [${answered.join(', ')}]`);
    }
    i += answered.length;
  }
  return problems;
}

/**
 * 7. A message (or tool call) once in a thread's conversation stays there. The one exception: a retry
 * of a failed turn may drop what the failed turn's last run produced (its partial output), once its
 * own run changes the transcript (issue 20: the partial stays on screen until then), so anywhere in
 * the retry's turn. A retry that failed before writing anything leaves the earlier partial output to
 * replace: the failed turns before a retry, back to the last that did not fail, each offer their last run.
 * The other: a `MESSAGES_SNAPSHOT` reconciles by id (AG-UI 1.1), so what it omits goes (an echo of the
 * run's input omits what the run streamed before it).
 */
/** The ids a MESSAGES_SNAPSHOT names: its messages' and their calls'. */
function snapshotIds(event: Record<string, unknown>): Set<string> {
  const messages = (event['messages'] as { id: string; toolCalls?: { id: string }[] }[] | undefined) ?? [];
  return new Set(messages.flatMap((m) => [m.id, ...(m.toolCalls ?? []).map((c) => c.id)]));
}

export const nothingLost: Invariant = {
  name: '7 messages already in the conversation are never lost',
  check(trace) {
    const v: string[] = [];
    const { finish, turnOfCall } = turnIndex(trace);
    trace.keys.forEach((_, thread) => {
      const snaps = trace.snapshots.filter((s) => s.thread === thread);
      const requests = trace.requests.filter((r) => r.thread === thread);
      const requestIndexAt = (seq: number) => requests.filter((r) => r.seq < seq).at(-1)?.index ?? -1;
      /** Whether a MESSAGES_SNAPSHOT the request running at `seq` delivered omits `id` (a message's, or a call's). */
      const retracted = (seq: number, id: string) =>
        (requests.filter((r) => r.seq < seq).at(-1)?.delivered as (Record<string, unknown> & { type: string })[] | undefined)?.some(
          (e) => e.type === 'MESSAGES_SNAPSHOT' && !snapshotIds(e).has(id),
        ) ?? false;
      const retries = trace.calls.filter((c) => c.thread === thread && c.api === 'retry');
      const finishes = trace.events.filter((r) => r.thread === thread && r.event.type === 'turn-finished');
      /** The request indexes whose output a retry running at `seq` may drop (the failed turns' last runs). */
      const droppableAt = (seq: number): number[] | undefined => {
        const retry = retries.find((c) => c.seq < seq && seq <= Math.max(c.endSeq, finish(turnOfCall.get(c))?.seq ?? c.endSeq));
        if (!retry) return undefined;
        const indexes: number[] = [];
        for (const last of finishes.filter((r) => r.seq < retry.seq).reverse()) {
          if ((last.event as TurnFinished).outcome !== 'failed') break;
          const index = requests.filter((r) => r.activeTurn === last.event.turnId).at(-1)?.index;
          if (index !== undefined) indexes.push(index);
        }
        return indexes.length ? indexes : undefined;
      };
      for (const [what, pick] of [
        ['message', (s: (typeof snaps)[number]) => s.messageIds],
        ['tool call', (s: (typeof snaps)[number]) => s.callIds],
      ] as const) {
        const origin = new Map<string, number>();
        for (const snap of snaps) {
          const present = new Set(pick(snap));
          for (const [id, from] of origin) {
            if (present.has(id)) continue;
            origin.delete(id);
            const droppable = droppableAt(snap.seq);
            if (droppable?.includes(from) || retracted(snap.seq, id)) continue;
            v.push(
              `t${thread}: ${what} ${id} (first seen during request #${from}) disappeared at #${snap.seq}` +
                (droppable !== undefined ? ` in a retry that may only drop the output of request #${droppable.join(', #')}` : ''),
            );
          }
          for (const id of present) if (!origin.has(id)) origin.set(id, requestIndexAt(snap.seq));
        }
      }
    });
    return v;
  },
};

/**
 * 8. After cancel / supersede / dispose hits a turn nothing more is sent, run or written for it:
 * every request and execution belongs to a live turn whose signal is not aborted, and every snapshot of
 * a thread falls in a live turn's span (from its send/retry to its turn-finished) or inside the action
 * (cancel, dispose, approve, deny) that wrote it synchronously. After dispose nothing changes at all.
 */
export const nothingAfterStop: Invariant = {
  name: '8 nothing sent, run or written after cancel / supersede / dispose',
  check(trace) {
    const v: string[] = [];
    const { finish, turnOfCall } = turnIndex(trace);
    for (const r of trace.requests) {
      if (r.disposed) v.push(`request #${r.index} of t${r.thread} sent after dispose (#${r.seq})`);
      else if (r.signalAborted) v.push(`request #${r.index} of t${r.thread} sent with an already aborted signal (#${r.seq})`);
      else if (!r.activeTurn) v.push(`request #${r.index} of t${r.thread} sent while no turn of the thread was running (#${r.seq})`);
    }
    for (const e of trace.executions) {
      if (e.disposed) v.push(`tool call ${e.toolCallId} executed after dispose (#${e.seq})`);
      else if (e.signalAborted) v.push(`tool call ${e.toolCallId} executed with an already aborted signal (#${e.seq})`);
      else if (!e.activeTurn) v.push(`tool call ${e.toolCallId} executed while no turn of t${e.thread} was running (#${e.seq})`);
    }
    const spans: { thread: number; from: number; to: number }[] = [];
    for (const call of trace.calls) {
      const end = finish(turnOfCall.get(call));
      spans.push({ thread: call.thread, from: call.seq, to: end ? end.seq : turnOfCall.has(call) ? Infinity : call.seq });
    }
    for (const action of trace.actions) {
      const threads = action.act.do === 'dispose' ? trace.keys.map((_, t) => t) : 'thread' in action.act ? [action.act.thread] : [];
      if (['cancel', 'dispose', 'approve', 'deny'].includes(action.act.do)) {
        for (const thread of threads) spans.push({ thread, from: action.seq, to: action.endSeq });
      }
    }
    for (const snap of trace.snapshots) {
      if (!spans.some((s) => s.thread === snap.thread && s.from < snap.seq && snap.seq <= s.to)) {
        v.push(`t${snap.thread} changed at #${snap.seq} (status ${snap.status}) while none of its turns was running`);
      }
    }
    const check = trace.disposeCheck;
    if (check && check.atEnd.length) {
      check.atDispose.forEach((json, t) => {
        if (json !== check.atEnd[t]) v.push(`t${t}'s snapshot changed after dispose() returned`);
      });
    }
    return v;
  },
};

/** 9. No promise rejection goes unhandled during a case. */
export const noUnhandledRejection: Invariant = {
  name: '9 no unhandled rejection',
  check(trace) {
    return trace.unhandled.map((reason) => `unhandled rejection: ${reason}`);
  },
};

/** 10. A turn sends at most maxDepth + 1 requests. */
export const depthBound: Invariant = {
  name: '10 at most maxDepth + 1 requests per turn',
  check(trace) {
    const perTurn = new Map<string, number>();
    for (const r of trace.requests) if (r.activeTurn) perTurn.set(r.activeTurn, (perTurn.get(r.activeTurn) ?? 0) + 1);
    const limit = trace.scenario.maxDepth + 1;
    return [...perTurn].filter(([, n]) => n > limit).map(([turnId, n]) => `turn ${turnId} sent ${n} requests (maxDepth ${trace.scenario.maxDepth} allows ${limit})`);
  },
};

/**
 * 11. The AG-UI pending contract, as liveness: when a run ends with `RUN_FINISHED`, the calls it left
 * for the page — `pendingToolCallIds` deduplicated and restricted to calls this run started without a
 * result, or, when that list is absent or empty, every such call — do run before the turn continues or
 * completes. Checked only for calls that certainly must run: first seen in this run, a client id, a
 * tool the page offers (never dropped by a registry swap) that needs no approval or is approved, valid
 * JSON arguments, and a parent message that can carry calls.
 */
export const pendingCallsRun: Invariant = {
  name: '11 the calls a finished run leaves pending are executed',
  check(trace) {
    const v: string[] = [];
    const { finish } = turnIndex(trace);
    const { scenario } = trace;
    const droppedAlpha = scenario.actions.some((a) => a.act.do === 'swap-registry' && a.act.variant === 'drop-first');
    const runnable = (name: string) => {
      const tool = scenario.tools.find((t) => t.name === name);
      return !!tool && (tool.approval === 'none' || tool.approval === 'approve') && !(droppedAlpha && name === scenario.tools[0]!.name);
    };
    trace.keys.forEach((_, thread) => {
      const reasoningIds = new Set(
        scenario.threads[thread]!.runs.flatMap((run) => run.segments.flatMap((seg) => (seg.k === 'reasoning' ? [seg.id] : []))),
      );
      const seen = new Set<string>();
      const requests = trace.requests.filter((r) => r.thread === thread).sort((a, b) => a.seq - b.seq);
      for (const request of requests) {
        type Started = { name: string; args: string; parent?: string };
        const started = new Map<string, Started>();
        const answered = new Set<string>();
        let finished: (Record<string, unknown> & { outcome?: { pendingToolCallIds?: unknown } }) | undefined;
        for (const event of request.delivered as (Record<string, unknown> & { type: string })[]) {
          const id = event['toolCallId'] as string | undefined;
          if (event.type === 'TOOL_CALL_START' && id && !seen.has(id) && !started.has(id)) {
            started.set(id, { name: String(event['toolCallName']), args: '', parent: event['parentMessageId'] as string | undefined });
          } else if (event.type === 'TOOL_CALL_ARGS' && id && started.has(id)) {
            started.get(id)!.args += String(event['delta']);
          } else if (event.type === 'TOOL_CALL_RESULT' && id) {
            answered.add(id);
          } else if (event.type === 'MESSAGES_SNAPSHOT') {
            // Reconciled by id (AG-UI 1.1): a call it omits is retracted, never executed.
            const named = snapshotIds(event);
            for (const id of [...started.keys()]) if (!named.has(id)) started.delete(id);
            for (const m of (event['messages'] as { id: string; role: string; toolCallId?: string; toolCalls?: { id: string; function: { name: string; arguments: string } }[] }[]) ?? []) {
              for (const c of m.toolCalls ?? []) {
                // A call that has not run is the snapshot's (moved, renamed or given other arguments: 1.1 reconcile).
                if (!seen.has(c.id)) started.set(c.id, { name: c.function.name, args: c.function.arguments, parent: m.id });
              }
              if (m.role === 'tool' && m.toolCallId) answered.add(m.toolCallId);
            }
          } else if (event.type === 'RUN_FINISHED') {
            finished = event;
          }
        }
        for (const event of request.delivered as (Record<string, unknown> & { type: string })[]) {
          if (event.type === 'TOOL_CALL_START') seen.add(String(event['toolCallId']));
        }
        for (const id of started.keys()) seen.add(id);
        if (!finished || !request.activeTurn) continue;
        const listed = Array.isArray(finished.outcome?.pendingToolCallIds) ? (finished.outcome.pendingToolCallIds as string[]) : [];
        const candidates = listed.length > 0 ? [...new Set(listed)].filter((id) => started.has(id)) : [...started.keys()];
        const expected = candidates.filter((id) => {
          const call = started.get(id)!;
          return (
            !answered.has(id) &&
            !isServerCallId(id) &&
            runnable(call.name) &&

            !(call.parent && reasoningIds.has(call.parent)) &&
            validJson(call.args)
          );
        });
        if (expected.length === 0) continue;
        const next = requests.find((r) => r.seq > request.seq && r.activeTurn === request.activeTurn);
        const end = finish(request.activeTurn);
        const bound = next?.seq ?? (end && end.event.outcome === 'success' ? end.seq : undefined);
        if (bound === undefined) continue;
        for (const id of expected) {
          if (!trace.executions.some((e) => e.toolCallId === id && e.seq < bound)) {
            v.push(
              `t${thread}: request #${request.index} finished with pendingToolCallIds ${JSON.stringify(finished.outcome?.pendingToolCallIds ?? '(absent)')}; ` +
                `call ${id} (${started.get(id)!.name}) was left pending but never executed before ${next ? `request #${next.index}` : 'the turn completed'}`,
            );
          }
        }
      }
    });
    return v;
  },
};

/**
 * 12. Tool groups (scenarios with `grouped`): what a run offers follows from its transcript alone.
 * While no call of the group has been answered "kit expanded…", the run offers the group as one entry
 * and none of its tools; after, its tools and not the entry (the expansion is the thread's, through
 * later turns, retries and registry swaps). A collapsed group's tools are not offered but stay
 * callable by design (a model may know their names: collapsing saves prompt, it is no permission),
 * so invariant 11 expects them to run like any other.
 */
export const groupsFollowTheTranscript: Invariant = {
  name: '12 a collapsed group is offered as one entry until a call expands it',
  check(trace) {
    if (!trace.scenario.grouped) return [];
    const v: string[] = [];
    const members: string[] = trace.scenario.tools.slice(1).map((t) => t.name);
    const expansion = `${GROUP_NAME} expanded.`;
    for (const r of trace.requests) {
      const expanded = r.messages.some((m) => m.role === 'tool' && typeof m.content === 'string' && m.content.startsWith(expansion));
      const offersEntry = r.tools.includes(GROUP_NAME);
      const offersMembers = members.filter((name) => r.tools.includes(name));
      if (expanded && (offersEntry || offersMembers.length !== members.length))
        v.push(`t${r.thread} request #${r.index}: its transcript expanded ${GROUP_NAME}, yet it offers [${r.tools.join(', ')}]`);
      if (!expanded && (!offersEntry || offersMembers.length > 0))
        v.push(`t${r.thread} request #${r.index}: ${GROUP_NAME} was never expanded in its transcript, yet it offers [${r.tools.join(', ')}]`);
    }
    return v;
  },
};

function validJson(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const INVARIANTS: readonly Invariant[] = [
  executesAtMostOnce,
  serverCallsNeverExecute,
  turnsFinishOnce,
  everyTurnSettles,
  runningUntilTheEnd,
  validTranscripts,
  nothingLost,
  nothingAfterStop,
  noUnhandledRejection,
  depthBound,
  pendingCallsRun,
  groupsFollowTheTranscript,
];

/** Every violation of every invariant, grouped by invariant name. */
export function checkInvariants(trace: Trace): { invariant: string; violations: string[] }[] {
  return INVARIANTS.map((inv) => {
    try {
      return { invariant: inv.name, violations: inv.check(trace) };
    } catch (error) {
      return { invariant: inv.name, violations: [`the checker itself threw: ${(error as Error).stack ?? error}`] };
    }
  }).filter((r) => r.violations.length > 0);
}

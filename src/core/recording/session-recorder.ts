/**
 * Records what an engine does, for the inspector and for replays in tests: per run its request (with
 * credential-like values redacted), its raw AG-UI events with their time, and the conversation after
 * each event; and every tool execution with its input and output. The recording (`toJSON`) is plain
 * data; `replayRecording` (soliplex-chat/testing) plays it back against an engine without a server.
 */
import type { BaseEvent } from '@ag-ui/core';
import type { Conversation, ToolCall } from '../conversation/conversation.js';
import type { EngineEvent } from '../tool-loop/engine-events.js';
import type { RunOrchestrator } from '../tool-loop/run-orchestrator.js';
import type { ThreadKey } from '../tool-loop/run-state.js';
import type { RunRequest } from '../transport/transport.js';

export interface RecordedEvent {
  /** Milliseconds since the run's request. */
  readonly atMs: number;
  readonly event: BaseEvent;
}

export interface RecordedRun {
  readonly runId: string;
  readonly turnId: string;
  readonly key: ThreadKey;
  readonly request: Omit<RunRequest, 'signal'>;
  readonly events: RecordedEvent[];
}

export interface RecordedToolExecution {
  readonly turnId: string;
  readonly callId: string;
  readonly name: string;
  readonly args?: unknown;
  status?: string;
  result?: string;
  error?: string;
  cached?: boolean;
  /** Milliseconds from the start of the execution to its result. */
  durationMs?: number;
}

/** A downloadable session: what `replayRecording` plays back. */
export interface SessionRecording {
  readonly format: 'soliplex-chat-recording';
  readonly version: 1;
  readonly startedAt: string;
  readonly runs: readonly RecordedRun[];
  readonly tools: readonly RecordedToolExecution[];
}

const SECRET_KEY = /token|secret|password|passwd|authorization|api[-_]?key|cookie|credential/i;

/** A copy with the values of credential-like keys replaced by "[redacted]". */
export function redactCredentials<T>(value: T): T {
  const seen = new WeakSet<object>();
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object' || seen.has(v)) return v;
    seen.add(v);
    return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, SECRET_KEY.test(k) ? '[redacted]' : walk(inner)]));
  };
  return walk(value) as T;
}

export class SessionRecorder {
  readonly runs: RecordedRun[] = [];
  readonly tools: RecordedToolExecution[] = [];
  /** The conversation after each recorded event, per run id (kept by reference: snapshots are immutable). */
  readonly states = new Map<string, Conversation[]>();
  readonly #startedAt = new Date().toISOString();
  readonly #runStarts = new Map<string, number>();
  readonly #toolStarts = new Map<string, number>();
  readonly #stop: () => void;
  readonly #onChange?: () => void;

  constructor(readonly engine: RunOrchestrator, onChange?: () => void) {
    this.#onChange = onChange;
    const stopObserving = engine.observeAgUiEvents();
    const stopListening = engine.on((event) => this.#record(event));
    this.#stop = () => {
      stopObserving();
      stopListening();
    };
  }

  /** Stops recording (what was recorded stays). */
  stop(): void {
    this.#stop();
  }

  toJSON(): SessionRecording {
    return { format: 'soliplex-chat-recording', version: 1, startedAt: this.#startedAt, runs: this.runs, tools: this.tools };
  }

  #record(event: EngineEvent): void {
    switch (event.type) {
      case 'run-request':
        this.#runStarts.set(event.runId, performance.now());
        this.runs.push({ runId: event.runId, turnId: event.turnId, key: event.key, request: redactCredentials(event.request), events: [] });
        this.states.set(event.runId, []);
        break;
      case 'agui-event': {
        const run = this.runs.findLast((r) => r.runId === event.runId);
        if (!run) return;
        run.events.push({ atMs: Math.round(performance.now() - (this.#runStarts.get(event.runId) ?? 0)), event: event.event });
        this.states.get(event.runId)?.push(this.engine.snapshot(event.key).conversation);
        break;
      }
      case 'tool-call':
        this.#toolStarts.set(event.call.id, performance.now());
        this.tools.push({ turnId: event.turnId, callId: event.call.id, name: event.call.name, args: event.call.args, status: event.call.status });
        break;
      case 'tool-result':
        this.#settle(event.turnId, event.call);
        break;
      default:
        return;
    }
    this.#onChange?.();
  }

  #settle(turnId: string, call: ToolCall): void {
    let entry = this.tools.findLast((t) => t.callId === call.id);
    if (!entry) this.tools.push((entry = { turnId, callId: call.id, name: call.name, args: call.args }));
    entry.status = call.status;
    if (call.result !== undefined) entry.result = call.result;
    if (call.error !== undefined) entry.error = call.error;
    if (call.cached) entry.cached = true;
    const started = this.#toolStarts.get(call.id);
    if (started !== undefined) entry.durationMs = Math.round(performance.now() - started);
  }
}

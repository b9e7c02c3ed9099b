import type { Context } from '@ag-ui/core';
import {
  appendUserMessage,
  closeOpenMessages,
  dropRunOutput,
  settleOpenToolCalls,
} from '../conversation/conversation.js';
import { replayHistory } from '../conversation/conversation-history.js';
import type { BeforeToolCall, EngineEvent, EngineListener, TurnOutcome } from './engine-events.js';
import { RunRegistry } from './run-registry.js';
import {
  RunPhase,
  RunStatus,
  isRunning,
  startingState,
  threadKeyId,
  type RunFailure,
  type RunState,
  type ThreadKey,
  type ThreadSnapshot,
} from './run-state.js';
import { DEFAULT_TOOL_TIMEOUT_MS } from '../tools/tool-executor.js';
import { runToolCall } from './tool-call-runner.js';
import { Turn } from './turn.js';
import { streamRun } from './stream-run.js';
import { pendingToolCallIds } from './pending-tool-calls.js';
import { randomId } from '../random-id.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import type { Transport } from '../transport/transport.js';

export interface RunOrchestratorOptions {
  /** The backend, or a function that picks one per thread. */
  transport: Transport | ((key: ThreadKey) => Transport);
  /** The page's tools (default: none). Read at the start of every run. */
  toolRegistry?: ToolRegistry;
  /** Most tool continuations in one user turn before it ends as failed (default 10). */
  maxDepth?: number;
  /** Time limit for a tool without its own `timeoutMs` (default 60 000 ms). */
  toolTimeoutMs?: number;
  /** Shared snapshot store; one is created when omitted. */
  registry?: RunRegistry;
  /** Veto hook called before each call runs. */
  beforeToolCall?: BeforeToolCall;
  /** AG-UI `context` sent with every run. */
  context?: readonly Context[];
  /** AG-UI `forwardedProps` sent with every run. */
  forwardedProps?: unknown;
  /** Makes message and run ids; `crypto.randomUUID` by default. */
  createId?: () => string;
}


/**
 * Runs user turns: streams a run, executes the page's tools when it ends, sends all results back in
 * one continuation, and repeats until the model answers, keeping the thread "running" throughout.
 * Several threads run at once; each `toolCallId` executes at most once per orchestrator.
 */
export class RunOrchestrator {
  readonly registry: RunRegistry;
  /** The page's tools; a new registry takes effect from the next run, continuations included. */
  toolRegistry: ToolRegistry;
  /** The page's veto hook; may be replaced at any time. Views add theirs with `addToolCallVeto`. */
  beforeToolCall?: BeforeToolCall;
  readonly #vetoes = new Set<BeforeToolCall>();
  readonly #options: RunOrchestratorOptions;
  readonly #turns = new Map<string, Turn>();
  readonly #executed = new Map<string, Set<string>>();
  readonly #listeners = new Set<EngineListener>();
  readonly #createId: () => string;
  #disposed = false;

  constructor(options: RunOrchestratorOptions) {
    this.#options = options;
    this.registry = options.registry ?? new RunRegistry();
    this.toolRegistry = options.toolRegistry ?? new ToolRegistry();
    this.beforeToolCall = options.beforeToolCall;
    this.#createId = options.createId ?? randomId;
  }

  get maxDepth(): number {
    return this.#options.maxDepth ?? 10;
  }

  /** The current snapshot of a thread. */
  snapshot(key: ThreadKey): ThreadSnapshot {
    return this.registry.get(key);
  }

  /**
   * Adds a veto hook besides `beforeToolCall` (several views may share one engine): any hook that
   * answers `false` vetoes the call. Returns the function that removes it.
   */
  addToolCallVeto(hook: BeforeToolCall): () => void {
    this.#vetoes.add(hook);
    return () => this.#vetoes.delete(hook);
  }

  /** Listens to engine events; returns the function that stops listening. */
  on(listener: EngineListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Sends a user message and runs the turn to its end. A send on a thread that is already running
   * supersedes that turn: its stream and tools are stopped and this one takes over.
   */
  send(key: ThreadKey, text: string): Promise<TurnOutcome> {
    if (this.#disposed) return Promise.reject(new Error('The orchestrator was disposed'));
    const turn = this.#startTurn(key, 'A new message superseded this tool call before it finished.');
    // The message and the running state land together: no idle snapshot between send and run.
    turn.commit((snapshot) => ({
      ...snapshot,
      run: startingState,
      conversation: appendUserMessage(snapshot.conversation, { role: 'user', id: this.#createId(), text }),
    }));
    return this.#drive(turn, false);
  }

  /**
   * Runs the thread's last turn again after a failure or cancel, with the conversation as it stands:
   * tool results already obtained are sent again, the failed run's partial output is replaced.
   */
  retry(key: ThreadKey): Promise<TurnOutcome> {
    if (this.#disposed) return Promise.reject(new Error('The orchestrator was disposed'));
    const current = this.registry.get(key);
    if (isRunning(current.run) || current.conversation.messages.length === 0) {
      return Promise.reject(new Error('Nothing to retry: the thread is running or empty'));
    }
    const failedRunId = current.run.status === RunStatus.Failed ? current.run.runId : undefined;
    const turn = this.#startTurn(key, 'Retried.');
    turn.commit((snapshot) => ({
      ...snapshot,
      run: startingState,
      conversation: failedRunId ? dropRunOutput(snapshot.conversation, failedRunId) : snapshot.conversation,
    }));
    return this.#drive(turn, true);
  }

  /**
   * A key for a new thread: created on the server when the backend owns thread ids (seeding the
   * agent state it gives), otherwise a fresh random id.
   */
  async createThread(server: string, room: string, signal: AbortSignal = new AbortController().signal): Promise<ThreadKey> {
    const probe: ThreadKey = { server, room, thread: '' };
    const transport = this.#transportFor(probe);
    const created = transport.createThread ? await transport.createThread(signal) : { threadId: this.#createId() };
    const key: ThreadKey = { server, room, thread: created.threadId };
    if (created.state !== undefined && !this.#disposed) {
      this.registry.update(key, (snapshot) => ({ ...snapshot, conversation: { ...snapshot.conversation, state: created.state } }));
    }
    return key;
  }

  /**
   * Loads a stored thread's history (when the backend keeps one) into an idle, empty thread. Resolves
   * to false when there is nothing to load or the thread is already in use.
   */
  async loadThread(key: ThreadKey, signal: AbortSignal = new AbortController().signal): Promise<boolean> {
    const transport = this.#transportFor(key);
    if (!transport.loadHistory) return false;
    const runs = await transport.loadHistory(key.thread, signal);
    const current = this.registry.get(key);
    if (this.#disposed || signal.aborted || isRunning(current.run) || current.conversation.messages.length > 0) return false;
    this.registry.set({ ...current, conversation: replayHistory(runs) });
    return true;
  }

  /** Stops the thread's turn: its stream is aborted, its tools' signals fire, nothing more is sent. */
  cancel(key: ThreadKey): void {
    const turn = this.#turns.get(threadKeyId(key));
    if (!turn || turn.ended) return;
    this.#finish(turn, { status: RunStatus.Cancelled }, 'The user cancelled the turn before this tool call finished.');
    turn.ended = 'cancelled';
    turn.controller.abort(new DOMException('Cancelled', 'AbortError'));
    this.#emit({ type: 'turn-finished', key, outcome: 'cancelled' });
  }

  /** Lets a call that awaits approval run. */
  approve(key: ThreadKey, toolCallId: string): void {
    this.#turns.get(threadKeyId(key))?.decide(toolCallId, { approved: true });
  }

  /** Refuses a call that awaits approval; the model is told it was denied (with `reason` if given). */
  deny(key: ThreadKey, toolCallId: string, reason?: string): void {
    this.#turns.get(threadKeyId(key))?.decide(toolCallId, { approved: false, reason });
  }

  /** Stops every turn silently and drops all listeners; the orchestrator cannot be used again. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const turn of this.#turns.values()) {
      turn.ended = 'disposed';
      turn.controller.abort(new DOMException('Disposed', 'AbortError'));
    }
    this.#turns.clear();
    this.#listeners.clear();
    this.registry.clearListeners();
  }

  #startTurn(key: ThreadKey, supersedeReason: string): Turn {
    const id = threadKeyId(key);
    const previous = this.#turns.get(id);
    if (previous && !previous.ended) {
      // Compare-and-swap: the old turn loses its slot first, so none of its late writes land.
      previous.ended = 'superseded';
      previous.controller.abort(new DOMException('Superseded', 'AbortError'));
      this.registry.update(key, (snapshot) => ({
        ...snapshot,
        conversation: closeOpenMessages(settleOpenToolCalls(snapshot.conversation, supersedeReason)),
      }));
    }
    const turn = new Turn(key, this.registry, (candidate) => !this.#disposed && this.#turns.get(id) === candidate);
    this.#turns.set(id, turn);
    return turn;
  }

  #setRun(turn: Turn, run: RunState): void {
    turn.commit((snapshot) => ({ ...snapshot, run }));
  }

  /** Ends the turn with a terminal state; open calls are answered with `reason` so the transcript stays valid. */
  #finish(turn: Turn, run: RunState, reason: string): void {
    turn.commit((snapshot) => ({
      ...snapshot,
      run,
      unread: !this.registry.isViewed(turn.key),
      conversation: closeOpenMessages(settleOpenToolCalls(snapshot.conversation, reason)),
    }));
  }

  #fail(turn: Turn, error: RunFailure): TurnOutcome {
    const runId = turn.conversation.currentRunId;
    this.#finish(turn, { status: RunStatus.Failed, error, runId }, 'The run failed before this tool call could run.');
    turn.ended = 'done';
    this.#emit({ type: 'turn-finished', key: turn.key, outcome: 'failed', error });
    return 'failed';
  }

  /** The outcome to report once a turn has lost its slot. */
  #dropOut(turn: Turn): TurnOutcome {
    return turn.ended === 'cancelled' ? 'cancelled' : 'failed';
  }

  async #drive(turn: Turn, retry: boolean): Promise<TurnOutcome> {
    this.#emit({ type: 'turn-started', key: turn.key, retry });
    try {
      return await this.#loop(turn);
    } catch (error) {
      // A bug must not leave the thread "running" forever.
      if (!turn.current) return this.#dropOut(turn);
      return this.#fail(turn, { kind: 'internal', message: `Something went wrong: ${(error as Error)?.message ?? error}` });
    } finally {
      if (this.#turns.get(threadKeyId(turn.key)) === turn && turn.ended) this.#turns.delete(threadKeyId(turn.key));
    }
  }

  async #loop(turn: Turn): Promise<TurnOutcome> {
    for (let hop = 0; ; hop++) {
      if (hop > 0) {
        this.#setRun(turn, { status: RunStatus.Running, phase: RunPhase.Streaming, hop, continued: true });
        this.#emit({ type: 'run-continued', key: turn.key, hop });
      }

      const previousRunId = turn.conversation.currentRunId;
      const failure = await streamRun(turn, {
        transport: this.#transportFor(turn.key),
        tools: this.toolRegistry,
        runId: this.#createId(),
        parentRunId: hop > 0 ? previousRunId : undefined,
        context: this.#options.context,
        forwardedProps: this.#options.forwardedProps,
      });
      if (!turn.current) return this.#dropOut(turn);
      if (failure) return this.#fail(turn, failure);

      const pending = pendingToolCallIds(turn.conversation, this.#executedSet(turn.key));
      if (pending.length === 0) {
        this.#finish(turn, { status: RunStatus.Completed }, 'The run ended before this tool call ran.');
        turn.ended = 'done';
        this.#emit({ type: 'turn-finished', key: turn.key, outcome: 'completed' });
        return 'completed';
      }
      if (hop >= this.maxDepth) {
        return this.#fail(turn, {
          kind: 'depth-limit',
          message: `Stopped after ${this.maxDepth} tool rounds in one turn: the agent kept calling tools.`,
        });
      }
      this.#setRun(turn, { status: RunStatus.Running, phase: RunPhase.ExecutingTools, hop, toolCallIds: pending });
      const executed = this.#executedSet(turn.key);
      const runner = {
        tools: this.toolRegistry,
        vetoes: [...(this.beforeToolCall ? [this.beforeToolCall] : []), ...this.#vetoes],
        timeoutMs: this.#options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
        createId: this.#createId,
        emit: (event: EngineEvent) => this.#emit(event),
      };
      // Marked before running, so nothing (a replay, a retry) can start the same call again.
      pending.forEach((id) => executed.add(id));
      await Promise.all(pending.map((id) => runToolCall(turn, id, runner)));
      if (!turn.current) return this.#dropOut(turn);
    }
  }

  #transportFor(key: ThreadKey): Transport {
    const { transport } = this.#options;
    return typeof transport === 'function' ? transport(key) : transport;
  }

  #executedSet(key: ThreadKey): Set<string> {
    const id = threadKeyId(key);
    let set = this.#executed.get(id);
    if (!set) this.#executed.set(id, (set = new Set()));
    return set;
  }

  #emit(event: EngineEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('[soliplex-chat] an engine listener threw', error);
      }
    }
  }
}

/**
 * The tool loop, in the order of this file:
 * 1. `send` / `retry` start a turn (`#startTurn`): a turn still running on the thread is superseded
 *    first, and finishes (cancelled, `superseded`) before the new one is announced.
 * 2. `#drive` announces the turn and runs `#loop`; whatever happens, the turn ends exactly once
 *    (`#end`: one terminal snapshot, one `turn-finished`, its promise settled with the same outcome).
 * 3. `#loop`: a thread without an id is created first (`#createThread`), then each hop streams one run
 *    (`streamRun`: the full transcript and the tools, every time).
 * 4. When a run has finished, its pending client calls are chosen (`pendingToolCallIds`), marked as
 *    executed, and run in parallel, each isolated (tool-hop.ts, with the tool machinery); then all results go back in one
 *    continuation, until a run leaves no calls (success) or the depth limit is hit (failed). A run may
 *    also leave AG-UI interrupts: the turn waits for their answers (`#awaitAnswers`) and the next run
 *    sends them as `resume`; that code (interrupts.ts) loads with the first interrupt a thread holds.
 * 5. After every await the turn checks it still owns its thread (`Turn.current`); a cancelled,
 *    superseded or disposed turn drops out silently, since its end was already reported.
 * History loads (`loadThread`) are turns too, unannounced, so the run state has one owner; their
 * code (history-load.ts) loads with the first, and with it the following of a run the server is still
 * running (attach-run.ts). Requests about stored threads outside a turn (`createThread`, `listThreads`,
 * `deleteThread`, `renameThread`) load thread-admin.ts with the first.
 * 6. A thread kept from an earlier page comes back with `restore`; a turn that was in flight then is
 *    `interrupted` and goes on in a new turn (`continue`, `runAgain`, an approval, an interrupt's
 *    answer) that first finishes the restored hop, then loops as usual; that code (restored-resume.ts)
 *    loads with such a restore, and a turn started before it is there waits for it.
 * 7. `regenerate` / `edit` keep what they replace as a version (`#rerunFrom`, `switchVersion`); that
 *    code (turn-versions.ts, with the model's message-branches.ts) loads with the first of them, whose
 *    turn runs at once and is announced once it is there (`#startWithCode`), or with a thread restored
 *    with versions (read back a moment later).
 */
import { EventType, type AgentCapabilities, type BaseEvent, type ContentPart, type Context } from '@ag-ui/core';
import {
  appendUserMessage,
  closeOpenMessages,
  dropRunOutput,
  openToolCallIds,
  settleOpenToolCalls,
  ToolCallStatus,
  type Conversation,
} from '../conversation/conversation.js';
import { LazyModule } from '../lazy-module.js';
import { notifyEach } from '../notify-each.js';
import { callIdsThatRan, interruptedCallIds, restoreIdle, restoreInFlight, resumableCallIds } from '../conversation/restored-turn.js';
import { findInterrupt, interruptHeldCallIds, isExpired, isInterrupt, openInterrupts } from '../conversation/interrupts.js';
import type { BeforeToolCall, EngineEvent, EngineListener, TurnEndReason, TurnOutcome } from './engine-events.js';
import { describeFailure } from './run-failure.js';
import { RunRegistry } from './run-registry.js';
import {
  RunPhase,
  RunStatus,
  emptyThread,
  idleState,
  isRunning,
  startingState,
  threadKeyId,
  type RunFailure,
  type RunState,
  type ThreadKey,
  type ThreadSnapshot,
} from './run-state.js';
import { ConnectionQueue } from './connection-queue.js';
import { Turn, type ApprovalDecision, type TurnOptions } from './turn.js';
import { ThreadHandle } from './thread-handle.js';
import { isRecord, streamRun, withStateOverlay } from './stream-run.js';
import { retryNow, sendWhileBusy, type BusyRetryOptions } from './busy-retry.js';
import { pendingToolCallIds } from './pending-tool-calls.js';
import { randomId } from '../random-id.js';
import { ToolRegistry, toolRefusal } from '../tools/tool-registry.js';
// Tool groups, skills, augmentation, middleware, caching (issue 11): the thread's toolset is resolved
// before each run and before its calls execute; the logic lives in src/core/tools/ and loads with the
// tool machinery (a thread with no tools, groups or tool state is offered nothing without it).
import type { ToolMiddleware } from '../tools/tool-middleware.js';
import type { StoredThreadInfo, Transport } from '../transport/transport.js';
import type { Toolset } from '../tools/tool-groups.js';
import { emptyConversation } from '../conversation/empty-conversation.js';
import type { HistoryHost } from './history-load.js';
import type { ResumeHost } from './restored-resume.js';
import type { AnswerHost } from './interrupts.js';
import type { ThreadAdminHost } from './thread-admin.js';
import type { VersionsHost } from './turn-versions.js';
import type { ToolHopHost } from './tool-hop.js';

/** History loads and replay, loaded with the first: a chat that only starts new threads never needs them. */
const historyLoad = new LazyModule(() => import('./history-load.js'));
// Answering AG-UI interrupts, and a turn waiting for the answers (interrupts.ts): loaded with the first
// interrupt a thread holds (`interruptCodeFor`); a chat whose agent never interrupts never needs it.
const interruptCode = new LazyModule(() => import('./interrupts.js'));
// Making and switching versions of a turn (turn-versions.ts, with message-branches.ts): with the first
// regenerate or edit, or a thread restored with versions; a chat that never runs a turn again never needs it.
const turnVersions = new LazyModule(() => import('./turn-versions.js'));
// Taking up a turn a reload interrupted (restored-resume.ts): loaded with the first restore of a thread
// kept in flight; a turn taking one up (Continue, Run again, a restored approval or answer) waits for it.
const restoredResume = new LazyModule(() => import('./restored-resume.js'));
// What runs the calls (tool-machinery.ts): started with the first run that offers tools; `loaded`
// from then on, so a hop takes its calls up without a wait (not even a task).
const toolMachinery = new LazyModule(() => import('./tool-machinery.js'));
// Creating, listing, deleting and renaming stored threads outside a turn (thread-admin.ts): with the
// first such request (a thread list's); a chat that only talks in its thread never makes one.
const threadAdmin = new LazyModule(() => import('./thread-admin.js'));

/** What a thread is offered when the page has no tools and the thread no tool state: nothing. */
const NO_TOOLS: Toolset = Object.freeze({ definitions: [], context: [], offeredTools: [], resolve: () => undefined });

/** Why a send (or regenerate, edit) is refused while a run of the thread is unfinished on the server (attach-run.ts). */
const ATTACHED_REFUSAL = 'An answer is still being written on the server for this thread: wait for it to finish.';

const DEFAULT_MAX_DEPTH = 10;
const DEFAULT_STREAMS_PER_HOST = 5;

export interface RunOrchestratorOptions {
  /** The backend, or a function that picks one per thread. */
  transport: Transport | ((key: ThreadKey) => Transport);
  /** The page's tools (default: none). Read at the start of every run. */
  toolRegistry?: ToolRegistry;
  /** Most tool continuations in one user turn before it ends as failed (default 10; a non-number or negative value means 10). */
  maxDepth?: number;
  /** Time limit for a tool without its own `timeoutMs` (default 60 000 ms). */
  toolTimeoutMs?: number;
  /** Shared snapshot store; one is created when omitted (and only that one is cleared on `dispose`). */
  registry?: RunRegistry;
  /** Veto hook called before each call runs. */
  beforeToolCall?: BeforeToolCall;
  /** AG-UI `context` sent with every run. */
  context?: readonly Context[];
  /** AG-UI `forwardedProps` sent with every run. */
  forwardedProps?: unknown;
  /** Makes message and run ids; `crypto.randomUUID` by default. */
  createId?: () => string;
  /**
   * Most streams open at once to one host (default 5): later runs wait in line, shown as
   * `waiting-for-connection`. Browsers allow 6 connections per host over HTTP/1.1 and stall the rest
   * silently; the default leaves one for other requests (thread creation, history, the page).
   */
  maxStreamsPerHost?: number;
  /**
   * How a busy server (HTTP 429 or 503) is waited for before a run is sent again: at most `retries`
   * times (default 2), after its `Retry-After` or `defaultWaitMs` (5 s, doubled each time), never
   * longer than `maxWaitMs` (60 s). The run state is `waiting-to-retry` meanwhile.
   */
  busyRetry?: BusyRetryOptions;
  /**
   * What the agent of a thread declares it supports (AG-UI `AgentCapabilities`), when known: a page
   * tool's structured result goes to it as content parts when it accepts their media
   * (`multimodal.input`), else as text (see `ToolSettings.resultContent`). Read when a result settles.
   */
  capabilities?: (key: ThreadKey) => AgentCapabilities | undefined;
}

export type { TurnOptions };

/** A user message with attachments: its text, and AG-UI content parts (images, audio, video, documents). */
export interface UserInput {
  readonly text: string;
  readonly parts?: readonly ContentPart[];
}

/** What ends a turn; `run` is the terminal run state to show (none for a superseded turn). */
export interface TurnEnd {
  readonly outcome: TurnOutcome;
  readonly reason: TurnEndReason;
  readonly run?: RunState;
  readonly error?: RunFailure;
  /**
   * The answer given to calls the turn leaves unsettled, so the transcript stays valid; absent, they
   * stay open (a loaded history's calls that wait for the user).
   */
  readonly unsettled?: string;
}

/**
 * Runs user turns: streams a run, executes the page's tools when it ends, sends all results back in
 * one continuation, and repeats until the model answers, keeping the thread "running" throughout.
 * Several threads run at once; each `toolCallId` executes at most once per orchestrator.
 *
 * Its `toolRegistry` is one registry for every view that shares the engine: views that share an
 * engine share its tools.
 */
export class RunOrchestrator {
  readonly registry: RunRegistry;
  /** The page's tools; a new registry takes effect from the next run, continuations included. */
  toolRegistry: ToolRegistry;
  /** The page's veto hook; may be replaced at any time. Views add theirs with `addToolCallVeto`. */
  beforeToolCall?: BeforeToolCall;
  readonly #vetoes = new Set<BeforeToolCall>();
  readonly #middleware: ToolMiddleware[] = [];
  #aguiObservers = 0;
  readonly #options: RunOrchestratorOptions;
  readonly #ownsRegistry: boolean;
  readonly #turns = new Map<string, Turn>();
  /**
   * Turns whose first hop follows a run the server was already running (attach-run.ts), with the
   * transport that follows it; removed once it ended.
   */
  readonly #attaching = new WeakMap<Turn, Transport>();
  /**
   * Per thread, the run the server was still running when it was loaded, until it is known to have
   * ended (followed to its end, or given up after the bounded wait): no other run starts meanwhile.
   */
  readonly #unfinished = new Map<string, string>();
  readonly #executed = new Map<string, Set<string>>();
  readonly #listeners = new Set<EngineListener>();
  readonly #createId: () => string;
  readonly #queue: ConnectionQueue;
  /** Set when `dispose` starts: from then on nothing new may start (not even from its listeners). */
  #disposing = false;
  #disposed = false;

  constructor(options: RunOrchestratorOptions) {
    this.#options = options;
    this.#ownsRegistry = !options.registry;
    this.registry = options.registry ?? new RunRegistry();
    this.toolRegistry = options.toolRegistry ?? new ToolRegistry();
    this.beforeToolCall = options.beforeToolCall;
    this.#createId = options.createId ?? randomId;
    this.#queue = new ConnectionQueue(options.maxStreamsPerHost ?? DEFAULT_STREAMS_PER_HOST);
  }

  get maxDepth(): number {
    const { maxDepth } = this.#options;
    return typeof maxDepth === 'number' && maxDepth >= 0 && !Number.isNaN(maxDepth) ? maxDepth : DEFAULT_MAX_DEPTH;
  }

  /** The current snapshot of a thread. */
  snapshot(key: ThreadKey): ThreadSnapshot {
    return this.registry.get(key);
  }

  /**
   * The commands of one thread with their guards (send, stop, retry, …, each returning whether it
   * was accepted), for views; the turns they start carry `options`. A new handle on every call: a
   * handle holds nothing of the thread, the engine does (see thread-handle.ts).
   */
  thread(key: ThreadKey, options?: TurnOptions): ThreadHandle {
    return new ThreadHandle(this, key, options);
  }

  /**
   * Sets a thread's agent state as the page wants it (AG-UI shared state): views of the thread see it
   * at once, and the thread's next run sends it as `RunAgentInput.state` (a turn's `state` option
   * merged over it). A run in flight goes on from it: the agent's later deltas apply to it. No
   * `state-changed` event: that reports the agent's changes. Refused (false) once disposed.
   */
  setState(key: ThreadKey, state: unknown): boolean {
    if (this.disposed) return false;
    this.registry.update(key, (snapshot) => ({ ...snapshot, conversation: { ...snapshot.conversation, state } }));
    return true;
  }

  /** True once `dispose` has started: nothing new starts any more. */
  get disposed(): boolean {
    return this.#disposing;
  }

  /** Whether the thread's backend keeps histories (`loadThread` / `reloadThread` can load one). */
  keepsHistory(key: ThreadKey): boolean {
    return !!this.#transportFor(key).loadHistory;
  }

  /**
   * Adds a veto hook besides `beforeToolCall` (several views may share one engine): any hook that
   * answers `false` vetoes the call. Returns the function that removes it.
   */
  addToolCallVeto(hook: BeforeToolCall): () => void {
    this.#vetoes.add(hook);
    return () => this.#vetoes.delete(hook);
  }

  /**
   * Adds tool middleware: every tool execution passes through the middleware in the order they were
   * added, `(invocation, next) => result` (see tool-middleware.ts). Returns the function that removes it.
   */
  use(middleware: ToolMiddleware): () => void {
    this.#middleware.push(middleware);
    return () => {
      const index = this.#middleware.indexOf(middleware);
      if (index >= 0) this.#middleware.splice(index, 1);
    };
  }

  /**
   * Turns on `run-request` and `agui-event` engine events: each run's input, and every raw AG-UI
   * event of an announced turn after it was reduced (for hosts and the inspector). Off by default (it is one event per streamed token). Returns the function that turns this
   * observer off again; the events stop when no observer is left.
   */
  observeAgUiEvents(): () => void {
    this.#aguiObservers++;
    let observing = true;
    return () => {
      if (observing) this.#aguiObservers--;
      observing = false;
    };
  }

  /** Listens to engine events; returns the function that stops listening. */
  on(listener: EngineListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Sends a user message (text, or `{text, parts}` with attachments as AG-UI content parts) and runs
   * the turn to its end. A send on a thread that is already running
   * supersedes that turn: its stream and tools are stopped, it finishes as cancelled (`superseded`),
   * and this one takes over. A key with an empty `thread` creates the thread first (on the server,
   * when the backend owns thread ids) and announces it with `thread-created`.
   */
  send(key: ThreadKey, input: string | UserInput, options?: TurnOptions): Promise<TurnOutcome> {
    if (this.hasUnfinishedServerRun(key)) return Promise.reject(new Error(ATTACHED_REFUSAL));
    const turn = this.#startTurn(key, options);
    if (!turn) return disposedError();
    const { text, parts } = typeof input === 'string' ? { text: input, parts: undefined } : input;
    // The message and the running state land together: no idle snapshot between send and run.
    turn.commit((snapshot) => ({
      ...snapshot,
      run: startingState,
      conversation: appendUserMessage(snapshot.conversation, { role: 'user', id: this.#createId(), text, ...(parts?.length ? { parts } : {}), createdAt: Date.now() }),
    }));
    return this.#drive(turn, false);
  }

  /**
   * Runs the agent on the thread again without a new user message, `forwardedProps` merged over the
   * engine's for the turn's first run only (its continuations carry the engine's alone): how generative
   * UI reports a user's action to an agent that reads it there (the A2UI middleware reads
   * `forwardedProps.a2uiAction` and adds the action to the run's messages itself). Otherwise as `send`.
   */
  forward(key: ThreadKey, forwardedProps: Readonly<Record<string, unknown>>, options?: TurnOptions): Promise<TurnOutcome> {
    if (this.hasUnfinishedServerRun(key)) return Promise.reject(new Error(ATTACHED_REFUSAL));
    const turn = this.#startTurn(key, options);
    if (!turn) return disposedError();
    turn.forwardedProps = forwardedProps;
    turn.commit((snapshot) => ({ ...snapshot, run: startingState }));
    return this.#drive(turn, false);
  }

  /**
   * The transport of a thread, for requests outside any turn (nothing reaches the transcript or the
   * run state): `proxyRun` (an MCP App's requests the agent's middleware answers itself).
   */
  transportFor(key: ThreadKey): Transport {
    return this.#transportFor(key);
  }

  /**
   * Answers an open interrupt (`resume` status `resolved`, `payload` the answer). Returns false, doing
   * nothing, when there is no such open interrupt or it expired (an expired one is marked so: it can
   * only be cancelled). When it was the last open one and no turn is waiting on the thread (the page
   * was reloaded, or the turn was stopped), the answers start a turn of their own with `options`.
   */
  answerInterrupt(key: ThreadKey, interruptId: string, payload?: unknown, options?: TurnOptions): boolean {
    return this.#settleInterrupt(key, interruptId, 'resolved', payload, options);
  }

  /** Cancels an open interrupt (`resume` status `cancelled`); otherwise as `answerInterrupt`. */
  cancelInterrupt(key: ThreadKey, interruptId: string, options?: TurnOptions): boolean {
    return this.#settleInterrupt(key, interruptId, 'cancelled', undefined, options);
  }

  /** Checked here, so the answer is known at once; written (and the run resumed) by interrupts.ts. */
  #settleInterrupt(key: ThreadKey, id: string, status: 'resolved' | 'cancelled', payload: unknown, options?: TurnOptions): boolean {
    if (this.#disposing) return false;
    const message = findInterrupt(this.registry.get(key).conversation, id);
    if (!message || message.status !== 'open') return false;
    const expired = isExpired(message);
    const code = interruptCode.loaded;
    // Shown before its code is there (it loads as the run that asked ends, or a thread holding one is
    // restored): answered as soon as it is, with what is known now (the same result).
    if (code) code.answer(this.#host, key, id, status, payload, expired, options);
    else interruptCode.load().then(() => this.#settleInterrupt(key, id, status, payload, options), () => {});
    return !(expired && status === 'resolved');
  }

  /**
   * Runs the thread's last turn again after it failed or was cancelled, with the conversation as it
   * stands: tool results already obtained are sent again, the failed run's partial output is replaced
   * once the new run changes the transcript (until then it stays on screen, and stays if the new run
   * fails too). A failed history load is loaded again. While a busy server is waited for
   * (`waiting-to-retry`), sends the run now and returns that turn's outcome. Rejects when the last
   * turn did not fail or get cancelled.
   */
  retry(key: ThreadKey, options?: TurnOptions): Promise<TurnOutcome> {
    if (this.#disposing) return disposedError();
    // A turn waiting out a busy server sends its run now, as the same turn.
    const waiting = this.#activeTurn(key);
    if (waiting && retryNow(waiting)) return waiting.settled;
    const { run, conversation } = this.registry.get(key);
    if (this.#activeTurn(key) || (run.status !== RunStatus.Failed && run.status !== RunStatus.Cancelled)) {
      return Promise.reject(new Error('Nothing to retry: the last turn did not fail or get cancelled'));
    }
    if (run.status === RunStatus.Failed && run.stage === 'history') {
      return this.#loadHistory(key).then((loaded) => loaded ?? 'failed');
    }
    if (conversation.messages.length === 0) return Promise.reject(new Error('Nothing to retry: the thread is empty'));
    // The server still runs the run that was followed: follow it again rather than start another.
    // (Only a thread loaded has one, so its code, loaded with history-load.ts, is there.)
    const unfinished = this.#unfinished.get(threadKeyId(key));
    const attach = historyLoad.loaded?.attachTurn;
    if (unfinished && attach) return attach(this.#host, key, unfinished, options) ?? disposedError();
    const failedRun = run.status === RunStatus.Failed ? (run.runKey ?? run.runId) : undefined;
    const turn = this.#startTurn(key, options);
    if (!turn) return disposedError();
    turn.replaces = failedRun;
    turn.commit((snapshot) => ({ ...snapshot, run: startingState }));
    return this.#drive(turn, true);
  }

  /**
   * Puts a thread kept from an earlier page (a reload) into the engine: its conversation, and whether
   * a turn was in flight when it was kept. Returns false, doing nothing, when the thread already has
   * messages or a running turn here (or has no id). An agent state set here meanwhile stays.
   *
   * Idle: the conversation as it was (anything left open is settled as not answered). In flight: what
   * streamed is shown, complete, and the thread is `interrupted` (its run state), waiting for the user:
   * `continue` runs the turn on from there (results already obtained are sent again, never executed
   * again); an approval pending at reload is still answered with `approve` / `deny`, and an open
   * AG-UI interrupt with `answerInterrupt`; a call that was executing is `interrupted` and never runs
   * by itself (`runAgain` runs it; `continue` tells the model it did not complete). A new message
   * moves on from all of that. Calls kept never execute again (Run again excepted).
   */
  restore(key: ThreadKey, saved: { readonly conversation: Conversation; readonly inFlight: boolean }): boolean {
    if (this.#disposing || !key.thread) return false;
    const current = this.registry.get(key);
    if (this.#activeTurn(key) || isRunning(current.run) || current.conversation.messages.length > 0) return false;
    // An older or partial save lacks some fields: the empty conversation's fill them. A state the page
    // set on the still empty thread (`setState`) is newer than the kept one: it stays.
    const pageState = current.conversation.state !== emptyConversation.state ? { state: current.conversation.state } : {};
    // Kept versions are read back by turn-versions.ts: at once when it is loaded, else once it is (the
    // switch shows a frame later; a regenerate or edit meanwhile waits for the same load, after this).
    const stored = saved.conversation.versions;
    const versions = stored === undefined ? undefined : turnVersions.loaded?.validVersions(stored);
    const kept: Conversation = { ...emptyConversation, ...saved.conversation, ...pageState, versions };
    if (stored !== undefined && !turnVersions.loaded) turnVersions.load().then((code) => code.restoreVersions(this.#host, key, stored), () => {});
    // An interrupt kept open may be answered at once: its code loads now.
    if (kept.messages.some(isInterrupt)) interruptCode.load().catch(() => {});
    // The engine's own record that these calls ran (invariant 2), as for calls it ran itself; the
    // conversation's statuses already keep them from running again (its reducer never re-opens a call).
    const executed = this.#executedSet(key);
    if (!saved.inFlight) {
      const conversation = restoreIdle(kept);
      for (const id of callIdsThatRan(conversation)) executed.add(id);
      this.registry.set({ key, conversation, run: idleState, unread: false });
      return true;
    }
    const restored = restoreInFlight(kept);
    for (const id of restored.executedCallIds) executed.add(id);
    // Continue, Run again or an answer will take the turn up: their code loads now.
    restoredResume.load().catch(() => {});
    const run: RunState = {
      status: RunStatus.Interrupted,
      reason: 'reload',
      ...(restored.unfinishedRunKey !== undefined ? { runKey: restored.unfinishedRunKey } : {}),
    };
    this.registry.set({ key, conversation: restored.conversation, run, unread: false });
    return true;
  }

  /**
   * Runs on a turn that a reload interrupted (the thread's run state is `interrupted`): a run cut off
   * mid-stream is run again (its partial output replaced once the new run changes the transcript);
   * a run that had finished has its calls taken up (tool results already obtained are sent again,
   * never executed again; calls that were executing are answered as not completed; approvals still
   * pending are asked again), and the loop goes on to the final answer. On a turn running again that
   * waits for the user's word on interrupted calls, it goes on without them. Rejects otherwise.
   */
  continue(key: ThreadKey, options?: TurnOptions): Promise<TurnOutcome> {
    if (this.#disposing) return disposedError();
    const active = this.#activeTurn(key);
    if (active) {
      const decided = interruptedCallIds(active.conversation).filter((id) => active.decide(id, { approved: false }));
      return decided.length > 0 ? active.settled : Promise.reject(new Error('Nothing to continue: a turn is running'));
    }
    const { run, conversation } = this.registry.get(key);
    if (run.status !== RunStatus.Interrupted) {
      return Promise.reject(new Error('Nothing to continue: the last turn was not interrupted by a reload'));
    }
    return this.#resumeTurn(key, options, (turn) => {
      for (const id of interruptedCallIds(conversation)) turn.predecide(id, { approved: false });
    });
  }

  /**
   * Runs a call that was executing when the page went away (status `interrupted`) once more, at the
   * user's word, and goes on with the turn. Returns false, doing nothing, when the call is not
   * interrupted.
   */
  runAgain(key: ThreadKey, toolCallId: string, options?: TurnOptions): boolean {
    if (this.#disposing) return false;
    if (this.registry.get(key).conversation.toolCalls[toolCallId]?.status !== ToolCallStatus.Interrupted) return false;
    const active = this.#activeTurn(key);
    if (active) return active.decide(toolCallId, { approved: true });
    this.#resumeTurn(key, options, (turn) => turn.predecide(toolCallId, { approved: true })).catch(() => {});
    return true;
  }

  /**
   * A new turn that takes up where a restored one stopped, with the decisions the user gave; it
   * finishes the restored hop or runs the cut-off run again (restored-resume.ts). Before that code is
   * there the thread runs at once, and the turn is announced once it is (as a first regenerate is).
   */
  #resumeTurn(key: ThreadKey, options: TurnOptions | undefined, decide: (turn: Turn) => void): Promise<TurnOutcome> {
    const { run, conversation } = this.registry.get(key);
    return this.#startWithCode(key, options, restoredResume, (code, turn) => code.resumeTurn(this.#host, turn, run, conversation), decide);
  }

  /**
   * Runs the thread's last answer again from its last user message. What followed that message
   * (answer, tool calls, results) is kept as an earlier version of the turn (see `switchVersion`); the
   * new answer is the turn's newest version, on screen, and the run sends only the branch on screen.
   * Rejects when the thread has no user message; a running turn is superseded, as by `send`.
   */
  regenerate(key: ThreadKey, options?: TurnOptions): Promise<TurnOutcome> {
    const last = this.registry.get(key).conversation.messages.findLast((m) => m.role === 'user');
    if (!last) return Promise.reject(new Error('Nothing to regenerate: the thread has no user message'));
    return this.#rerunFrom(key, last.id, undefined, options);
  }

  /**
   * Edits a user message (any one, not only the last) and sends it again: its earlier text and what
   * followed it are kept as an earlier version of the turn (see `switchVersion`), and the turn runs
   * from the new text, the messages before it unchanged. Rejects when there is no such user message;
   * a running turn is superseded, as by `send`.
   */
  edit(key: ThreadKey, messageId: string, text: string, options?: TurnOptions): Promise<TurnOutcome> {
    const found = this.registry.get(key).conversation.messages.some((m) => m.id === messageId && m.role === 'user');
    if (!found) return Promise.reject(new Error(`No user message ${messageId} to edit`));
    return this.#rerunFrom(key, messageId, text, options);
  }

  /**
   * Puts version `index` (0-based) of the user turn `messageId` on screen (its user message, and the
   * branch that followed it, later turns' versions included); the one shown is kept as a version. The
   * thread's next run sends the branch on screen. Returns false, doing nothing, while a turn runs on
   * the thread (or the server still runs one of it), or when the turn has no such version. The run
   * state of the branch left (a failure, a stop) goes with it: the thread is idle.
   */
  switchVersion(key: ThreadKey, messageId: string, index: number): boolean {
    if (this.#disposing || this.#activeTurn(key) || this.hasUnfinishedServerRun(key)) return false;
    const { conversation, run } = this.registry.get(key);
    if (isRunning(run)) return false;
    const code = turnVersions.loaded;
    if (code) return code.switchVersion(this.#host, key, messageId, index);
    // Versions are made (or read back) by turn-versions.ts, so it is loaded wherever a thread has
    // some; but a page may put a conversation with versions in the registry itself: switched once loaded.
    if (!conversation.versions?.[messageId]) return false;
    turnVersions.load().then(() => this.switchVersion(key, messageId, index), () => {});
    return true;
  }

  /** A regenerate or edit: the branch on screen from `messageId` on becomes an earlier version (turn-versions.ts). */
  #rerunFrom(key: ThreadKey, messageId: string, text: string | undefined, options?: TurnOptions): Promise<TurnOutcome> {
    if (this.hasUnfinishedServerRun(key)) return Promise.reject(new Error(ATTACHED_REFUSAL));
    return this.#startWithCode(key, options, turnVersions, (code, turn) => code.branchAndDrive(this.#host, turn, messageId, text));
  }

  /**
   * Starts a turn that `go` drives with code that loads on demand (`lazy`): at once when it is loaded;
   * before that the thread runs at once (a send or stop meanwhile supersedes the turn as usual) and the
   * turn is announced once the code is there. `prepare` gets the turn first (the user's decisions).
   */
  #startWithCode<M>(
    key: ThreadKey,
    options: TurnOptions | undefined,
    lazy: LazyModule<M>,
    go: (code: M, turn: Turn) => Promise<TurnOutcome>,
    prepare?: (turn: Turn) => void,
  ): Promise<TurnOutcome> {
    const turn = this.#startTurn(key, options);
    if (!turn) return disposedError();
    prepare?.(turn);
    if (lazy.loaded) return go(lazy.loaded, turn);
    turn.commit((snapshot) => ({ ...snapshot, run: startingState }));
    lazy.load().then(
      (code) => void (turn.current && go(code, turn).catch(() => {})),
      (error: unknown) => void (turn.current && this.#fail(turn, describeFailure(error))),
    );
    return turn.settled;
  }

  /**
   * A key for a new thread: created on the server when the backend owns thread ids (seeding the
   * agent state it gives), otherwise a fresh random id. (`send` on a key without a thread does this
   * within the turn, cancellable and shown as running.)
   */
  createThread(server: string, room: string, signal: AbortSignal = new AbortController().signal): Promise<ThreadKey> {
    return threadAdmin.load().then((admin) => admin.createThread(this.#host, server, room, signal));
  }

  /**
   * Loads a stored thread's history (when the backend keeps one) into an idle, empty thread. While it
   * loads the thread is running (`loading-history`) and `cancel` stops it; a failure is the thread's
   * failed state (`stage: 'history'`, which `retry` loads again) and rejects. Resolves to false when
   * there is nothing to load, the thread is in use, or the load was cancelled.
   *
   * A run the server is still running is followed to its end in an announced turn started with
   * `options` (its tools then run and the loop goes on, as for a send); no send is taken meanwhile.
   */
  async loadThread(key: ThreadKey, signal?: AbortSignal, options?: TurnOptions): Promise<boolean> {
    const current = this.registry.get(key);
    if (this.#activeTurn(key) || isRunning(current.run) || current.conversation.messages.length > 0) return false;
    return (await this.#loadHistory(key, signal, true, options)) === 'success';
  }

  /**
   * Loads a thread's history again, over what it shows (the Retry of a part that could not be
   * loaded). Resolves to false, doing nothing, while a turn runs on the thread; otherwise as `loadThread`.
   */
  async reloadThread(key: ThreadKey, signal?: AbortSignal, options?: TurnOptions): Promise<boolean> {
    if (this.#disposing || this.#activeTurn(key) || isRunning(this.registry.get(key).run)) return false;
    return (await this.#loadHistory(key, signal, true, options)) === 'success';
  }

  /** The threads the backend keeps for (server, room); none when it keeps no threads. */
  listThreads(server: string, room: string, signal: AbortSignal = new AbortController().signal): Promise<readonly StoredThreadInfo[]> {
    return threadAdmin.load().then((admin) => admin.listThreads(this.#host, server, room, signal));
  }

  /**
   * Deletes a thread: its running turn is cancelled first (it finishes as cancelled), then the
   * backend's copy is deleted (when it keeps threads) and the thread's snapshot is forgotten. Rejects,
   * keeping the snapshot, when the backend refuses.
   */
  deleteThread(key: ThreadKey, signal: AbortSignal = new AbortController().signal): Promise<void> {
    this.cancel(key);
    return threadAdmin.load().then((admin) => admin.deleteThread(this.#host, key, signal));
  }

  /** Renames a thread on the backend, when it keeps names (otherwise there is nothing to do here). */
  renameThread(key: ThreadKey, name: string, signal: AbortSignal = new AbortController().signal): Promise<void> {
    return threadAdmin.load().then((admin) => admin.renameThread(this.#host, key, name, signal));
  }

  /**
   * Stops the thread's turn: its stream is aborted, its tools' signals fire, nothing more is sent.
   * Returns false when no turn was running.
   */
  cancel(key: ThreadKey): boolean {
    const turn = this.#activeTurn(key);
    if (!turn) return false;
    this.#end(turn, {
      outcome: 'cancelled',
      reason: 'user',
      run: { status: RunStatus.Cancelled, ...(this.#attaching.has(turn) ? { attached: true } : {}) },
      unsettled: 'The user cancelled the turn before this tool call finished.',
    });
    return true;
  }

  /**
   * Lets a call that awaits approval run. `always`: the user allows this tool for the rest of the
   * thread, and its later calls there are not held for approval again. On a thread restored after a
   * reload with the approval still pending, this starts the turn that runs the call (with `turnOptions`)
   * and goes on to the final answer. Returns false, doing nothing, when the call does not await approval.
   */
  approve(key: ThreadKey, toolCallId: string, options?: { always?: boolean }, turnOptions?: TurnOptions): boolean {
    return this.#decide(key, toolCallId, { approved: true, ...(options?.always ? { always: true } : {}) }, turnOptions);
  }

  /**
   * Refuses a call that awaits approval; the model is told it was denied (with `reason` if given). On
   * a restored thread, as `approve`: a turn starts that tells the model. Returns false as `approve`.
   */
  deny(key: ThreadKey, toolCallId: string, reason?: string, turnOptions?: TurnOptions): boolean {
    return this.#decide(key, toolCallId, { approved: false, reason }, turnOptions);
  }

  #decide(key: ThreadKey, toolCallId: string, decision: ApprovalDecision, turnOptions?: TurnOptions): boolean {
    const active = this.#activeTurn(key);
    if (active) return active.decide(toolCallId, decision);
    if (this.#disposing) return false;
    // No turn asks: a restored approval (the page was reloaded while it waited) starts one.
    const { conversation } = this.registry.get(key);
    if (conversation.toolCalls[toolCallId]?.status !== ToolCallStatus.AwaitingApproval || !resumableCallIds(conversation).includes(toolCallId)) return false;
    this.#resumeTurn(key, turnOptions, (turn) => turn.predecide(toolCallId, decision)).catch(() => {});
    return true;
  }

  /**
   * Stops every turn (each finishes as cancelled, `disposed`) and drops all listeners; the
   * orchestrator cannot be used again. A registry passed in by the page keeps its listeners.
   */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposing = true;
    // The live map, not a copy: a dispose() called again from a turn-finished listener ends the turns
    // still running before it returns too, and this loop then skips them.
    for (const turn of this.#turns.values()) {
      this.#end(turn, {
        outcome: 'cancelled',
        reason: 'disposed',
        run: { status: RunStatus.Cancelled },
        unsettled: 'The chat was closed before this tool call finished.',
      });
    }
    this.#disposed = true;
    this.#listeners.clear();
    this.#vetoes.clear();
    if (this.#ownsRegistry) this.registry.clearListeners();
  }

  #activeTurn(key: ThreadKey): Turn | undefined {
    const turn = this.#turns.get(threadKeyId(key));
    return turn && !turn.ended ? turn : undefined;
  }

  /** A new turn in the thread's slot, or undefined once the engine is being disposed. */
  #startTurn(key: ThreadKey, options: TurnOptions = {}, announced = true): Turn | undefined {
    // The old turn ends (and says so) before the new one starts; it loses its slot first, so none of
    // its late writes land. The thread stays running (the new turn follows in the same task): no
    // terminal state flashes. A listener of that end may start a turn (or dispose): the loop ends what
    // took the slot meanwhile.
    for (let previous = this.#activeTurn(key); previous && !this.#disposing; previous = this.#activeTurn(key)) {
      this.#end(previous, {
        outcome: 'cancelled',
        reason: 'superseded',
        unsettled: 'A new message superseded this tool call before it finished.',
      });
    }
    if (this.#disposing) return undefined;
    const turn = new Turn(
      this.#createId(),
      key,
      this.registry,
      (candidate) => !this.#disposed && this.#turns.get(threadKeyId(candidate.key)) === candidate,
      options,
      announced,
    );
    this.#turns.set(threadKeyId(key), turn);
    return turn;
  }

  /** Ends a turn exactly once: its last snapshot, then its abort, its event and its promise. */
  #end(turn: Turn, end: TurnEnd): TurnOutcome {
    if (turn.ended) return turn.ended.outcome;
    const { run } = end;
    // A stopped turn's open calls are cancelled (not failed), and said so like any settled call.
    const stopped = end.outcome === 'cancelled';
    const open = stopped ? openToolCallIds(turn.conversation) : [];
    const settle = stopped ? { status: ToolCallStatus.Cancelled } : undefined;
    const committed = turn.commit((snapshot) => ({
      ...snapshot,
      ...(run ? { run, unread: !this.registry.isViewed(turn.key) } : {}),
      conversation: closeOpenMessages(end.unsettled === undefined ? snapshot.conversation : settleOpenToolCalls(snapshot.conversation, end.unsettled, settle)),
    }));
    const cancelledCalls = committed ? open.map((callId) => turn.conversation.toolCalls[callId]).filter((c) => c !== undefined) : [];
    const id = threadKeyId(turn.key);
    if (this.#turns.get(id) === turn) this.#turns.delete(id);
    turn.end(end.outcome, end.reason);
    for (const call of cancelledCalls) this.#emit(turn, { type: 'tool-result', call });
    if (turn.announced) {
      this.#emit(turn, {
        type: 'turn-finished',
        outcome: end.outcome,
        reason: end.reason,
        ...(end.error ? { error: end.error } : {}),
        stats: turn.report.stats(),
      });
    }
    return end.outcome;
  }

  /**
   * Ends a turn as failed. `streamFailed`: the current run broke mid-stream, so a retry replaces its
   * partial output; otherwise (tools, depth limit, a bug) every run finished and a retry keeps them
   * all, results obtained included.
   */
  #fail(turn: Turn, error: RunFailure, streamFailed = false): TurnOutcome {
    const { currentRunId, currentRunKey } = turn.conversation;
    // A run that failed before changing the transcript leaves the output it was to replace replaceable.
    const failedRun = !streamFailed ? {} : turn.replaces !== undefined ? { runKey: turn.replaces } : { runId: currentRunId, runKey: currentRunKey };
    return this.#end(turn, {
      outcome: 'failed',
      reason: 'failed',
      run: { status: RunStatus.Failed, error, ...failedRun, stage: 'run' },
      error,
      unsettled: 'The run failed before this tool call could run.',
    });
  }

  #setRun(turn: Turn, run: RunState): void {
    turn.commit((snapshot) => ({ ...snapshot, run }));
  }

  /** `restoredHop`: a restored turn's hop, taken up in place of the first run (restored-resume.ts). */
  #drive(turn: Turn, retry: boolean, restoredHop?: () => Promise<void>): Promise<TurnOutcome> {
    const userMessage = turn.conversation.messages.findLast((m) => m.role === 'user');
    this.#emit(turn, { type: 'turn-started', retry, ...(userMessage?.role === 'user' ? { userMessage } : {}) });
    // A listener of the turn's first snapshot may have ended it already: its end follows its start.
    turn.started = true;
    for (const emit of turn.early.splice(0)) emit();
    // A bug must not leave the thread "running" forever.
    this.#loop(turn, restoredHop).then(
      () => this.#failInternal(turn, new Error('the turn stopped without an outcome')),
      (error: unknown) => this.#failInternal(turn, error),
    );
    return turn.settled;
  }

  /** Fails a turn that has not ended because of a bug; ended turns are left as they are. */
  #failInternal(turn: Turn, error: unknown): void {
    if (turn.ended) return;
    const failFast = toolMachinery.loaded?.ToolFailFastError; // only the call runner throws it
    if (failFast && error instanceof failFast) return void this.#fail(turn, { kind: 'tool', message: error.message });
    this.#fail(turn, { kind: 'internal', message: `Something went wrong: ${(error as Error)?.message ?? error}` });
  }

  async #loop(turn: Turn, restoredHop?: () => Promise<void>): Promise<void> {
    if (!turn.key.thread && !(await this.#createThread(turn))) return;
    let first = 0;
    if (restoredHop) {
      await restoredHop();
      if (!turn.current) return;
      first = 1;
    } else if (openToolCallIds(turn.conversation).length > 0) {
      // Calls a reload (or a history load) left open: a new message moves on from them (restored-resume.ts).
      const { moveOn } = restoredResume.loaded ?? (await restoredResume.load());
      if (!turn.current) return;
      moveOn(this.#host, turn);
    }
    for (let hop = first; ; hop++) {
      if (hop > 0) {
        this.#setRun(turn, { status: RunStatus.Running, phase: RunPhase.Streaming, hop, continued: true });
        this.#emit(turn, { type: 'run-continued', hop });
      }

      const previousRunId = turn.conversation.currentRunId;
      // Synchronous unless the thread holds an interrupt and its code is still to load.
      let interrupts = interruptCodeFor(turn.conversation);
      if (interrupts instanceof Promise) interrupts = await interrupts;
      if (!turn.current) return;
      // No run starts with an interrupt open (a send or retry moved on from it): each is answered as
      // cancelled, so the run's `resume` has an entry for every one (AG-UI allows no partial resume).
      if (interrupts && openInterrupts(turn.conversation).length > 0) {
        const { cancelOpenInterrupts } = interrupts;
        turn.commit((snapshot) => ({ ...snapshot, conversation: cancelOpenInterrupts(snapshot.conversation) }));
      }
      const resume = interrupts?.resumeEntries(turn.conversation) ?? [];
      let toolset = this.#toolset(turn);
      // Only a page with tools waits, once, for the code that resolves them.
      if (toolset instanceof Promise) {
        toolset = await toolset;
        if (!turn.current) return;
      }
      if (toolset instanceof TypeError) return void this.#fail(turn, { kind: 'tool', message: toolset.message });
      const context = [...(this.#options.context ?? []), ...toolset.context];
      // Offered tools may be called: their runner loads while the run streams (a failed load is tried again by the hop).
      if (toolset.definitions.length > 0) toolMachinery.load().catch(() => {});
      const runId = this.#createId();
      turn.report.runs++;
      const attached = hop === 0 ? this.#attaching.get(turn) : undefined;
      // A busy server (429, 503) is waited for and the run sent again (busy-retry.ts).
      const failure = await sendWhileBusy(turn, hop, () => streamRun(turn, {
        transport: attached ?? this.#transportFor(turn.key),
        tools: toolset,
        runId,
        // Layered events (issue 11): token usage for the turn's report, raw events when observed.
        onRequest: (request) => {
          if (this.#aguiObservers === 0) return;
          const { signal: _signal, ...input } = request;
          this.#emit(turn, { type: 'run-request', runId, request: input });
        },
        onEvent: (event) => {
          turn.report.record(event);
          if (this.#aguiObservers > 0) this.#emit(turn, { type: 'agui-event', event, runId });
        },
        parentRunId: hop > 0 ? previousRunId : undefined,
        context: context.length > 0 ? context : undefined,
        forwardedProps: hop === first && turn.forwardedProps ? { ...asRecord(this.#options.forwardedProps), ...turn.forwardedProps } : this.#options.forwardedProps,
        stateOverlay: turnState(turn),
        queue: this.#queue,
        hop,
        resume,
        observe: (event, stateBefore) => this.#observe(turn, event, stateBefore),
      }), this.#options.busyRetry);
      this.#attaching.delete(turn); // the server's run has ended (or is no longer followed)
      // Followed to its end, or never finishing (the bounded wait ran out): the thread is free again.
      // A turn stopped meanwhile knows neither: the run stays the server's.
      if (attached && turn.current && (!failure || failure.kind === 'stream-ended')) this.#unfinished.delete(threadKeyId(turn.key));
      if (!turn.current) return;
      if (failure) return void this.#fail(turn, failure, true);
      // The run may have asked (its outcome's interrupts): the code that answers them is loaded first.
      interrupts = interruptCodeFor(turn.conversation);
      if (interrupts instanceof Promise) interrupts = await interrupts;
      if (!turn.current) return;
      // A run that finished without output still replaces the output of the run it was to replace.
      if (turn.replaces !== undefined) {
        const replaced = turn.replaces;
        turn.replaces = undefined;
        turn.commit((snapshot) => ({ ...snapshot, conversation: dropRunOutput(snapshot.conversation, replaced) }));
      }
      if (resume.length > 0) interrupts?.commitResumed(turn, resume.map((entry) => entry.interruptId));
      if (turn.conversation.runOutcome === 'cancelled') {
        return void this.#end(turn, {
          outcome: 'cancelled',
          reason: 'agent',
          run: { status: RunStatus.Cancelled },
          unsettled: 'The agent cancelled the run before this tool call ran.',
        });
      }

      // Calls an interrupt holds are the server's, after the user answers.
      const held = interruptHeldCallIds(turn.conversation);
      const pending = pendingToolCallIds(turn.conversation, this.#executedSet(turn.key)).filter((id) => !held.has(id));
      const open = openInterrupts(turn.conversation);
      if (open.length > 0) this.#emit(turn, { type: 'interrupt', interrupts: open.map((m) => m.interrupt) });
      // An interrupt of this run may be answered already (its card shows while the run's end is still
      // being read): then the run resumes at once rather than the turn ending with the answer unsent.
      if (pending.length === 0 && open.length === 0 && (interrupts?.resumeEntries(turn.conversation).length ?? 0) === 0) {
        this.#emitMessages(turn, runId);
        this.#end(turn, {
          outcome: 'success',
          reason: 'success',
          run: { status: RunStatus.Success },
          unsettled: 'The run ended before this tool call ran.',
        });
        return;
      }
      // Calls to run, or interrupts to wait for: the rest of the hop is the tool machinery's (tool-hop.ts;
      // loaded by now for a page with tools, and no task is lost waiting then).
      const { runToolHop } = toolMachinery.loaded ?? (await toolMachinery.load());
      if (!turn.current) return;
      await runToolHop(this.#host, turn, hop, pending, toolset, runId);
      if (!turn.current) return;
    }
  }

  /**
   * The thread's toolset from the page's registry and the thread's tool state (tool-groups.ts, in the
   * tool machinery's chunk): nothing to resolve, and no wait, for a page without tools.
   */
  #toolset(turn: Turn): Toolset | TypeError | Promise<Toolset | TypeError> {
    const registry = this.toolRegistry;
    if (!turn.conversation.tools && registry.tools.length === 0 && registry.groups.length === 0 && !registry.settings.instructions) return NO_TOOLS;
    // A tool registered before the CDN's JSON Schema check arrived, and refused by it, is never offered: the turn fails.
    const refusal = toolRefusal(registry);
    const resolve = ({ resolveToolset, threadToolState }: typeof import('./tool-machinery.js'), refused: TypeError | undefined) =>
      refused ?? resolveToolset(registry, threadToolState(turn.conversation, registry));
    return toolMachinery.loaded && !(refusal instanceof Promise)
      ? resolve(toolMachinery.loaded, refusal)
      : Promise.all([toolMachinery.load(), refusal]).then(([machinery, refused]) => resolve(machinery, refused));
  }

  /** Client tools have run; the interrupts (answerable all along) may still wait for the user. */
  async #awaitAnswers(turn: Turn, hop: number): Promise<void> {
    const waiting = openInterrupts(turn.conversation);
    if (waiting.length === 0) return;
    this.#setRun(turn, { status: RunStatus.Running, phase: RunPhase.AwaitingInput, hop, interruptIds: waiting.map((m) => m.interrupt.id) });
    const code = await interruptCodeFor(turn.conversation);
    if (!turn.current || !code) return;
    await code.awaitInterrupts(turn);
  }

  /** Relays what the engine passes on as events: `CUSTOM`, `RAW`, and the agent's state changes (a producer's version is the verifier's to judge). */
  #observe(turn: Turn, event: BaseEvent, stateBefore: unknown): void {
    if (!turn.current) return;
    const e = event as BaseEvent & Record<string, unknown>;
    if (event.type === EventType.STATE_SNAPSHOT || event.type === EventType.STATE_DELTA) {
      const state = turn.conversation.state;
      if (state !== stateBefore) this.#emit(turn, { type: 'state-changed', state });
    } else if (event.type === EventType.CUSTOM && typeof e['name'] === 'string') this.#emit(turn, { type: 'custom', name: e['name'], value: e['value'] });
    else if (event.type === EventType.RAW) this.#emit(turn, { type: 'raw', event });
  }

  /** Announces the assistant messages of one run, each with its calls (settled by now). */
  #emitMessages(turn: Turn, runKey: string): void {
    const { messages, toolCalls } = turn.conversation;
    for (const message of messages) {
      if (message.role !== 'assistant' || message.runKey !== runKey) continue;
      const calls = message.toolCallIds.map((id) => toolCalls[id]).filter((call) => call !== undefined);
      this.#emit(turn, { type: 'message', message, calls });
    }
  }

  /** The first send of a new thread: creates it, then moves the turn and its snapshot to its key. */
  async #createThread(turn: Turn): Promise<boolean> {
    const from = turn.key;
    this.#setRun(turn, { status: RunStatus.Running, phase: RunPhase.CreatingThread, hop: 0 });
    const transport = this.#transportFor(from);
    let created;
    try {
      created = transport.createThread ? await transport.createThread(turn.signal) : { threadId: this.#createId() };
    } catch (error) {
      if (turn.current) this.#fail(turn, describeFailure(error));
      return false;
    }
    if (!turn.current) return false;
    const key: ThreadKey = { ...from, thread: created.threadId };
    const moved = this.registry.get(from);
    // The server's initial state, with a state the page set before the thread existed (`setState`) over it.
    const pageState = moved.conversation.state !== emptyConversation.state ? moved.conversation.state : undefined;
    const state = pageState !== undefined && isRecord(pageState) ? withStateOverlay(created.state, pageState) : (pageState ?? created.state);
    const conversation: Conversation = state !== undefined ? { ...moved.conversation, state } : moved.conversation;
    this.#turns.delete(threadKeyId(from));
    turn.key = key;
    this.#turns.set(threadKeyId(key), turn);
    this.registry.set({ ...moved, key, conversation, run: startingState });
    this.registry.set(emptyThread(from));
    this.#emit(turn, { type: 'thread-created', from });
    return turn.current;
  }

  /** A history load as an unannounced turn; resolves to its outcome, or undefined if not loadable. */
  async #loadHistory(key: ThreadKey, signal?: AbortSignal, rethrow = false, options?: TurnOptions): Promise<TurnOutcome | undefined> {
    const transport = this.#transportFor(key);
    if (!transport.loadHistory) return undefined;
    const turn = this.#startTurn(key, {}, false);
    if (!turn) return 'cancelled';
    const onAbort = () => this.cancel(turn.key);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#setRun(turn, { status: RunStatus.Running, phase: RunPhase.LoadingHistory, hop: 0 });
    const shown = turn.conversation; // what a failed load leaves on screen (a reload's Retry keeps it)
    try {
      const { loadHistoryTurn } = await historyLoad.load();
      return await loadHistoryTurn(this.#host, turn, key, transport, shown, options);
    } catch (error) {
      if (!turn.current) return turn.ended?.outcome ?? 'cancelled';
      const failure = describeFailure(error);
      this.#end(turn, {
        outcome: 'failed',
        reason: 'failed',
        run: { status: RunStatus.Failed, error: failure, stage: 'history' },
        error: failure,
        unsettled: '',
      });
      if (rethrow) throw error;
      return 'failed';
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * What a history load (history-load.ts), taking up a restored turn (restored-resume.ts), answering
   * an interrupt (interrupts.ts) and the stored threads' requests (thread-admin.ts) do to the engine's own state.
   */
  readonly #host: HistoryHost & ResumeHost & AnswerHost & ThreadAdminHost & VersionsHost & ToolHopHost = {
    engine: this,
    active: (key) => this.#activeTurn(key),
    createId: () => this.#createId(),
    forget: (key) => {
      this.#unfinished.delete(threadKeyId(key));
      // A new turn started meanwhile owns the thread now. The executed calls are remembered still:
      // a call id never runs twice, even on a thread re-created.
      if (!this.#activeTurn(key)) this.registry.delete(key);
    },
    startTurn: (key, options) => this.#startTurn(key, options),
    resumeTurn: (key, options, decide) => this.#resumeTurn(key, options, decide),
    setRun: (turn, run) => this.#setRun(turn, run),
    end: (turn, end) => this.#end(turn, end),
    executed: (key) => this.#executedSet(key),
    busy: (key) => this.#disposed || !!this.#activeTurn(key),
    follow: (turn, runId, transport) => {
      this.#unfinished.set(threadKeyId(turn.key), runId);
      this.#attaching.set(turn, transport);
    },
    finished: (key) => this.#unfinished.delete(threadKeyId(key)),
    drive: (turn: Turn, retry: boolean, restoredHop?: () => Promise<void>) => this.#drive(turn, retry, restoredHop),
    emit: (turn, event) => this.#emit(turn, event),
    toolset: (turn) => this.#toolset(turn),
    runCalls: (turn, ids, toolset) => toolMachinery.load().then((code) => code.runCalls(this.#host, turn, ids, toolset)),
    middleware: this.#middleware,
    vetoes: this.#vetoes,
    options: () => this.#options,
    failInternal: (turn, error) => this.#failInternal(turn, error),
    emitMessages: (turn, runKey) => this.#emitMessages(turn, runKey),
    awaitAnswers: (turn, hop) => this.#awaitAnswers(turn, hop),
    fail: (turn, failure) => this.#fail(turn, failure),
  };

  /**
   * Whether a run of the thread is still unfinished on the server (followed, or stopped being
   * followed): no other run may start on it meanwhile, or the transcript would fork.
   */
  hasUnfinishedServerRun(key: ThreadKey): boolean {
    return this.#unfinished.has(threadKeyId(key));
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

  #emit(turn: Turn, event: DistributiveOmit<EngineEvent, 'turnId' | 'key' | 'initiator'>): void {
    if (!turn.announced) return;
    if (!turn.started && event.type !== 'turn-started') return void turn.early.push(() => this.#emit(turn, event));
    const full = {
      ...event,
      turnId: turn.id,
      key: turn.key,
      ...(turn.options.initiator !== undefined ? { initiator: turn.options.initiator } : {}),
    } as EngineEvent;
    notifyEach([...this.#listeners], full, 'an engine');
  }
}

type InterruptCode = typeof import('./interrupts.js');

/**
 * The interrupt code (interrupts.ts): at once when loaded; its load when the conversation holds an
 * interrupt; undefined otherwise (the usual case: nothing to answer, resume or wait for).
 */
function interruptCodeFor(conversation: Conversation): InterruptCode | Promise<InterruptCode> | undefined {
  return interruptCode.loaded ?? (conversation.messages.some(isInterrupt) ? interruptCode.load() : undefined);
}
/** What a command of a disposed engine returns. */
const disposedError = (): Promise<never> => Promise.reject(new Error('The orchestrator was disposed'));
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The turn's `state` option for its next run; a throwing callback adds nothing (it must not break the loop). */
function turnState(turn: Turn): Readonly<Record<string, unknown>> | undefined {
  try {
    return turn.options.state?.(turn.key);
  } catch (error) {
    console.error('[soliplex-chat] a turn\'s state callback threw', error);
    return undefined;
  }
}

/** The engine's `forwardedProps` as an object to merge a turn's over (anything else is not merged). */
function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

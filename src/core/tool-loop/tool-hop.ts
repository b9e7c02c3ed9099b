/**
 * The part of a hop that follows a run which left something to do: client calls to run, interrupts to
 * wait for or answers to send. With the tool machinery (tool-machinery.ts exports it), since only a run
 * that called a tool or asked gets here; a run that just answers ends in the loop (run-orchestrator.ts).
 */
import type { ToolCall } from '../conversation/conversation.js';
import { ToolResultCache } from '../tools/tool-cache.js';
import { DEFAULT_TOOL_TIMEOUT_MS } from '../tools/tool-executor.js';
import type { ToolMiddleware } from '../tools/tool-middleware.js';
import type { Toolset } from '../tools/tool-groups.js';
import type { BeforeToolCall } from './engine-events.js';
import type { RunOrchestrator, RunOrchestratorOptions } from './run-orchestrator.js';
import { RunPhase, RunStatus, type RunFailure, type RunState, type ThreadKey } from './run-state.js';
import { runHopCalls } from './tool-call-runner.js';
import type { Turn } from './turn.js';

/** What a hop's calls need of the engine's own state (`RunOrchestrator` gives it). */
export interface ToolHopHost {
  readonly engine: RunOrchestrator;
  /** `engine.use` middleware, in order (the live list). */
  readonly middleware: readonly ToolMiddleware[];
  /** Views' veto hooks besides `beforeToolCall` (the live set). */
  readonly vetoes: ReadonlySet<BeforeToolCall>;
  /** The engine's options. */
  options(): RunOrchestratorOptions;
  createId(): string;
  /** The calls of the thread that count as executed (invariant 2). */
  executed(key: ThreadKey): Set<string>;
  setRun(turn: Turn, run: RunState): void;
  emit(turn: Turn, event: { readonly type: 'tool-planned' | 'tool-call' | 'tool-result'; readonly call: ToolCall; readonly uncheckable?: Error }): void;
  emitMessages(turn: Turn, runKey: string): void;
  awaitAnswers(turn: Turn, hop: number): Promise<void>;
  fail(turn: Turn, failure: RunFailure): void;
  /** Fails a turn that has not ended because of a bug (a call that broke the loop itself). */
  failInternal(turn: Turn, error: unknown): void;
}

/** Each engine's results of tools with `cache`, made with its first calls. */
const caches = new WeakMap<RunOrchestrator, ToolResultCache>();

/**
 * Run `runKey` of hop `hop` finished leaving `pending` client calls (maybe none) or interrupts: the
 * calls are marked as executed and run, its messages announced, and the interrupts waited for; the
 * loop then goes on with the next hop (unless the turn ended meanwhile). At the depth limit the turn fails.
 */
export async function runToolHop(host: ToolHopHost, turn: Turn, hop: number, pending: readonly string[], toolset: Toolset, runKey: string): Promise<void> {
  const { maxDepth } = host.engine;
  if (hop >= maxDepth) {
    return void host.fail(turn, {
      kind: 'depth-limit',
      message: `Stopped after ${maxDepth} tool rounds in one turn: the agent kept calling tools.`,
    });
  }
  if (pending.length > 0) host.setRun(turn, { status: RunStatus.Running, phase: RunPhase.ExecutingTools, hop, toolCallIds: pending });
  // Marked before running, so nothing (a replay, a retry) can start the same call again.
  const executed = host.executed(turn.key);
  pending.forEach((id) => executed.add(id));
  turn.report.toolCalls += pending.length;
  for (const id of pending) host.emit(turn, { type: 'tool-planned', call: turn.conversation.toolCalls[id]! });
  await runCalls(host, turn, pending, toolset);
  if (!turn.current) return;
  host.emitMessages(turn, runKey);
  await host.awaitAnswers(turn, hop);
}

/** Runs a hop's calls in parallel, each isolated; a call that breaks the loop itself fails the turn (the abort stops its siblings). */
export async function runCalls(host: ToolHopHost, turn: Turn, ids: readonly string[], toolset: Toolset): Promise<void> {
  if (!turn.current) return;
  const { engine } = host;
  const options = host.options();
  let cache = caches.get(engine);
  if (!cache) caches.set(engine, (cache = new ToolResultCache()));
  const runner = {
    tools: engine.toolRegistry,
    toolset,
    middleware: [...host.middleware],
    cache,
    vetoes: [engine.beforeToolCall, ...host.vetoes, turn.options.beforeToolCall].filter((hook) => !!hook),
    timeoutMs: options.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
    createId: () => host.createId(),
    capabilities: options.capabilities?.(turn.key),
    emit: (type: 'tool-call' | 'tool-result', call: ToolCall, uncheckable?: Error) =>
      host.emit(turn, uncheckable ? { type: 'tool-result', call, uncheckable } : { type, call }),
  };
  await runHopCalls(turn, ids, runner, (error) => host.failInternal(turn, error));
}

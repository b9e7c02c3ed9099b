/**
 * Loading a stored thread's history into the engine (`RunOrchestrator.loadThread`, `reloadThread`,
 * a failed load's `retry`): its own module, loaded with the first load, since a chat that only starts
 * new threads never needs it (nor the replay it loads with it).
 */
import { replayHistory } from '../conversation/conversation-history.js';
import { ToolCallStatus, type Conversation } from '../conversation/conversation.js';
import { callIdsThatRan } from '../conversation/restored-turn.js';
import { verifiedEvents } from '../transport/agui-event-pipeline.js';
import { loadStripStage, stripStage } from '../transport/agui-strip-stage.js';
import type { HistoryRun, Transport } from '../transport/transport.js';
import type { TurnOutcome } from './engine-events.js';
import type { RunOrchestrator, TurnEnd } from './run-orchestrator.js';
import { RunPhase, RunStatus, idleState, isRunning, type RunState, type ThreadKey } from './run-state.js';
import type { Turn, TurnOptions } from './turn.js';
import { attachTurn, type AttachHost } from './attach-run.js';

/** The engine's `retry` follows again a run it stopped following (only a loaded thread has one). */
export { attachTurn };

/** What a history load needs of the engine's own state (`RunOrchestrator` gives it). */
export interface HistoryHost extends AttachHost {
  readonly engine: RunOrchestrator;
  setRun(turn: Turn, run: RunState): void;
  end(turn: Turn, end: TurnEnd): TurnOutcome;
  /** The calls of the thread that count as executed (invariant 2). */
  executed(key: ThreadKey): Set<string>;
  /** The engine is disposed, or a turn runs on the thread. */
  busy(key: ThreadKey): boolean;
  /** No run of the thread is unfinished on the server any more. */
  finished(key: ThreadKey): void;
}

/**
 * The load of `key`'s history by `turn` (started, showing `loading-history`, by the engine); resolves
 * to its outcome. A failure rejects, the thread showing what it showed before (`shown`): the engine
 * ends the turn as failed.
 */
export async function loadHistoryTurn(
  host: HistoryHost,
  turn: Turn,
  key: ThreadKey,
  transport: Transport,
  shown: Conversation,
  options?: TurnOptions,
): Promise<TurnOutcome> {
  if (!turn.current) return turn.ended?.outcome ?? 'cancelled';
  let previewed: readonly HistoryRun[] | undefined;
  // The load's own signal follows the turn's until a usable preview hands the thread over; the load
  // then goes on in the background (the rest of the runs' events, cached by the transport).
  const loading = new AbortController();
  const follow = () => loading.abort(turn.signal.reason);
  turn.signal.addEventListener('abort', follow, { once: true });
  // Stored runs may hold what the strip stage handles (agui-strip-stage.ts): it loads with the runs.
  const stage = loadStripStage();
  let handOver: (runs: readonly HistoryRun[]) => void = () => {};
  const handedOver = new Promise<readonly HistoryRun[]>((resolve) => (handOver = resolve));
  try {
    const load = transport.loadHistory!(
      key.thread,
      loading.signal,
      (loaded, total) => host.setRun(turn, { status: RunStatus.Running, phase: RunPhase.LoadingHistory, hop: 0, progress: { loaded, total } }),
      // Shown while the rest loads; the loaded runs replace it.
      (preview, usable) => {
        const show = () => {
          if (!turn.current || loading.signal.aborted) return;
          previewed = preview;
          turn.commit((snapshot) => ({ ...snapshot, conversation: replay(host, preview) }));
          if (usable) handOver(preview);
        };
        if (stripStage) show();
        else void stage.then(show, () => {});
      },
    );
    const loaded = load.then((all) => ({ runs: all, background: false }));
    loaded.catch(() => {}); // a failure after the hand-over is the background's (below)
    const { runs, background } = await Promise.race([loaded, handedOver.then((preview) => ({ runs: preview, background: true }))]);
    await stage;
    if (!turn.current) return turn.ended?.outcome ?? 'cancelled';
    if (background) turn.signal.removeEventListener('abort', follow);
    const conversation = runs === previewed ? turn.conversation : replay(host, runs);
    turn.commit((snapshot) => ({ ...snapshot, run: reloadedRun(host, key, conversation), conversation }));
    // Calls the history leaves to take up stay open: the thread waits for the user.
    const outcome = host.end(turn, { outcome: 'success', reason: 'success' });
    if (background) finishInBackground(host, turn.key, load);
    const live = runs.at(-1);
    if (live?.unfinished && transport.attachRun) attachTurn(host, turn.key, live.runId, options)?.catch(() => {});
    else host.finished(turn.key);
    return outcome;
  } catch (error) {
    // A preview is no history: a failed load shows none (as before the load).
    if (turn.current && previewed) turn.commit((snapshot) => ({ ...snapshot, conversation: shown }));
    throw error;
  }
}

/**
 * A stored history as the thread shows it. Client calls its last run left unanswered come back to
 * be taken up (see `ReplayOptions`): a call of a tool that asks for approval asks again (answerable,
 * as after a local restore), any other is `interrupted` (it may have been running: Run again).
 */
function replay({ engine }: HistoryHost, runs: readonly HistoryRun[]): Conversation {
  // Stored events take the live path in too (verified, chunks expanded), run by run.
  const checked = runs.map((run) => (run.events.length ? { ...run, events: verifiedEvents(run.events) } : run));
  return replayHistory(checked, {
    takeUpLastRun: ({ name }) =>
      (engine.toolRegistry.get(name)?.requiresApproval ?? engine.toolRegistry.groupOf(name)?.requiresApproval)
        ? ToolCallStatus.AwaitingApproval
        : ToolCallStatus.Interrupted,
  });
}

/**
 * The run state of a loaded history: `interrupted` when its last run left client calls the page
 * went away from (Continue and Run again take them up, as after a local restore), else idle. Every
 * call loaded counts as executed (invariant 2): none runs again unless the user says so.
 */
function reloadedRun(host: HistoryHost, key: ThreadKey, conversation: Conversation): RunState {
  const executed = host.executed(key);
  for (const id of callIdsThatRan(conversation)) executed.add(id);
  const interrupted = Object.values(conversation.toolCalls).some(
    (call) => call.status === ToolCallStatus.Interrupted || call.status === ToolCallStatus.AwaitingApproval,
  );
  return interrupted ? { status: RunStatus.Interrupted, reason: 'reload' } : idleState;
}

/**
 * The rest of a history load whose thread was handed over: its runs replace what the thread shows
 * only while nothing changed it since (no turn ran); a failure leaves the thread as it is. It is not
 * stopped by `dispose` (a chat that leaves the page): it only reads, and its runs fill the cache the
 * next load reads.
 */
function finishInBackground(host: HistoryHost, key: ThreadKey, load: Promise<readonly HistoryRun[]>): void {
  const { registry } = host.engine;
  const handed = registry.get(key).conversation;
  load
    .then((runs) => {
      const { conversation, run } = registry.get(key);
      if (host.busy(key) || isRunning(run) || conversation !== handed) return;
      registry.update(key, (snapshot) => ({ ...snapshot, conversation: replay(host, runs) }));
    })
    .catch(() => {});
}

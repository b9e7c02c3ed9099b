/**
 * The engine's side of versions of a turn (the model is conversation/message-branches.ts, loaded with
 * it): a regenerate's or an edit's turn branching off what it replaces, switching the version on
 * screen, and reading back the versions of a thread restored before this module was there. Its own
 * module: only a chat that runs a turn again, or comes back to a thread that did, needs it (the engine
 * loads it with the first regenerate or edit, or a restore with versions).
 */
import { branchFrom, selectVersion, validVersions } from '../conversation/message-branches.js';
import type { Conversation } from '../conversation/conversation.js';
import type { TurnOutcome } from './engine-events.js';
import type { RunOrchestrator } from './run-orchestrator.js';
import { idleState, startingState, type ThreadKey } from './run-state.js';
import type { Turn } from './turn.js';

export { validVersions };

/** What versions need of the engine's own state (`RunOrchestrator` gives it). */
export interface VersionsHost {
  readonly engine: RunOrchestrator;
  /** The calls of the thread that count as executed (invariant 2). */
  executed(key: ThreadKey): Set<string>;
  /** Announces the turn and runs its loop. */
  drive(turn: Turn, retry: boolean): Promise<TurnOutcome>;
}

/**
 * `turn` (a regenerate, or an edit with `text`), started in the thread's slot: the branch on screen
 * from `messageId` on becomes an earlier version, and the turn runs the new one.
 */
export function branchAndDrive(host: VersionsHost, turn: Turn, messageId: string, text: string | undefined): Promise<TurnOutcome> {
  turn.commit((snapshot) => {
    const conversation = branchFrom(snapshot.conversation, messageId, text);
    // Calls off screen leave the executed set: a server that numbers its calls may reuse their ids
    // (a version off screen never runs its calls: they are all settled).
    followScreen(host.executed(turn.key), snapshot.conversation, conversation);
    return { ...snapshot, run: startingState, conversation };
  });
  return host.drive(turn, false);
}

/**
 * Puts version `index` of the user turn `messageId` on screen (the engine checked that no turn runs);
 * false when the turn has no such version. The thread is idle after it.
 */
export function switchVersion(host: VersionsHost, key: ThreadKey, messageId: string, index: number): boolean {
  const { registry } = host.engine;
  const { conversation } = registry.get(key);
  const switched = selectVersion(conversation, messageId, index);
  if (switched === conversation) return false;
  // The executed set follows the screen, as for a regenerate; the calls that came back have all run (or are settled).
  const executed = host.executed(key);
  followScreen(executed, conversation, switched);
  for (const callId of Object.keys(switched.toolCalls)) executed.add(callId);
  registry.update(key, (snapshot) => ({ ...snapshot, run: idleState, conversation: switched }));
  return true;
}

/**
 * The versions of a thread restored before this module was loaded (`stored`, as kept), read back now
 * (the switch shows a frame later). Keyed by user message: a turn sent meanwhile leaves them valid; a
 * thread deleted meanwhile gets none.
 */
export function restoreVersions(host: VersionsHost, key: ThreadKey, stored: unknown): void {
  const { engine } = host;
  const versions = validVersions(stored);
  if (!versions || engine.disposed || engine.registry.get(key).conversation.messages.length === 0) return;
  engine.registry.update(key, (snapshot) => (snapshot.conversation.versions ? snapshot : { ...snapshot, conversation: { ...snapshot.conversation, versions } }));
}

/** Drops from `executed` the calls of `before` that `after` no longer shows. */
function followScreen(executed: Set<string>, before: Conversation, after: Conversation): void {
  for (const callId of Object.keys(before.toolCalls)) if (!after.toolCalls[callId]) executed.delete(callId);
}

import { emptyConversation, type Conversation } from '../conversation/conversation.js';
import { idleState, isRunning, type ThreadSnapshot } from '../tool-loop/run-state.js';
import type { RunOrchestrator } from '../tool-loop/run-orchestrator.js';
import type { LocalThreadStore, StoredThread } from './local-thread-store.js';
import type { Kept } from './local-thread-sync.js';

/** What following another tab needs of the sync (local-thread-sync.ts). */
export interface Follower {
  readonly engine: RunOrchestrator;
  readonly store: LocalThreadStore;
  /** The thread `id`'s keeping, while the sync keeps it and is open. */
  kept(id: string): Kept | undefined;
  adopt(stored: StoredThread): boolean;
  markOutOfDate(kept: Kept): void;
  failed(error: unknown): void;
}

/** A copy with nothing this tab has not saved may follow the other tab; any other is out of date. */
const followable = (kept: Kept, snapshot: ThreadSnapshot) =>
  !isRunning(snapshot.run) &&
  (snapshot.conversation.messages.length === 0 || (snapshot.conversation === kept.saved && !kept.writing && kept.timer === undefined));

/**
 * Another tab saved a newer copy of the thread `kept`: a copy this tab may follow (idle, nothing
 * unsaved) is read from the store and shown; any other is out of date. Loaded with the first such
 * message (local-thread-sync.ts): a chat open in one tab never needs it.
 */
export function followOtherTab(sync: Follower, kept: Kept): void {
  if (sync.kept(kept.id) !== kept || kept.closed) return;
  if (!followable(kept, sync.engine.registry.get(kept.key))) return sync.markOutOfDate(kept);
  sync.store.load(kept.key).then(
    (stored) => {
      const now = sync.engine.registry.get(kept.key);
      if (!stored || (stored.revision ?? 0) <= kept.revision || sync.kept(kept.id) !== kept) return;
      if (!followable(kept, now)) return sync.markOutOfDate(kept);
      // A turn the other tab is running is shown as it streams there, not as one a reload interrupted.
      if (now.conversation.messages.length === 0 && !stored.inFlight) return void sync.adopt(stored);
      const conversation: Conversation = { ...emptyConversation, ...stored.conversation };
      kept.revision = stored.revision ?? 0;
      kept.saved = conversation;
      kept.savedRunning = false;
      // Following the other tab: its turn is its own, so this tab shows no turn of its own (no Continue).
      sync.engine.registry.set({ ...now, run: idleState, conversation });
    },
    (error: unknown) => sync.failed(error),
  );
}

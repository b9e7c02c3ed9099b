/**
 * What only a copy read back from the store needs of `LocalThreadSync`: putting a kept thread into the
 * engine (a reload) and following another tab's save of a thread this tab shows. Registers itself with
 * the sync when evaluated; local-thread-records.ts, which every read goes through, imports it, so a
 * first visit's saves never load it.
 */
import { emptyConversation, type Conversation } from '../conversation/conversation.js';
import type { RunOrchestrator } from '../tool-loop/run-orchestrator.js';
import { idleState, isInFlight, isRunning, type ThreadSnapshot } from '../tool-loop/run-state.js';
import { provideSyncReadBack, type Kept, type LocalThreadSync } from './local-thread-sync.js';
import type { StoredThread } from './local-thread-store.js';

/** Puts `stored` into the engine when that thread is still empty (`LocalThreadSync.adopt`); true when it did. */
function adopt(engine: RunOrchestrator, keep: () => Kept, stored: StoredThread): boolean {
  const current = engine.registry.get(stored.key);
  if (current.conversation.messages.length > 0 || isRunning(current.run)) return false;
  const kept = keep();
  kept.revision = stored.revision ?? 0;
  kept.name = stored.name;
  // Showing the copy is no change to save: the snapshots of the restore are not written back.
  kept.adopting = true;
  let restored: boolean;
  try {
    restored = engine.restore(stored.key, { conversation: { ...emptyConversation, ...stored.conversation }, inFlight: !!stored.inFlight });
  } finally {
    kept.adopting = false;
  }
  // What was read is what the engine now shows (settled for this page: text closed, calls interrupted).
  if (restored) {
    const shown = engine.registry.get(stored.key);
    kept.saved = shown.conversation;
    kept.savedRunning = isInFlight(shown.run);
  }
  return restored;
}

/**
 * Another tab saved `stored`, a later revision of a thread this tab shows: an empty or saved idle copy
 * follows it; one that changed meanwhile (`followable` no longer holds) is out of date.
 */
function follow(sync: LocalThreadSync, kept: Kept, stored: StoredThread, followable: (snapshot: ThreadSnapshot) => boolean, outOfDate: () => void): void {
  const now = sync.engine.registry.get(kept.key);
  if ((stored.revision ?? 0) <= kept.revision) return;
  if (!followable(now)) return outOfDate();
  // A turn the other tab is running is shown as it streams there, not as one a reload interrupted.
  if (now.conversation.messages.length === 0 && !stored.inFlight) return void sync.adopt(stored);
  const conversation: Conversation = { ...emptyConversation, ...stored.conversation };
  kept.revision = stored.revision ?? 0;
  kept.saved = conversation;
  kept.savedRunning = false;
  // Following the other tab: its turn is its own, so this tab shows no turn of its own (no Continue).
  sync.engine.registry.set({ ...now, run: idleState, conversation });
}

provideSyncReadBack({ adopt, follow });

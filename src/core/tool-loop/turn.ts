import { updateToolCall, type Conversation, type ToolCall } from '../conversation/conversation.js';
import type { RunRegistry } from './run-registry.js';
import type { ThreadKey, ThreadSnapshot } from './run-state.js';

export type ApprovalDecision = { readonly approved: boolean; readonly reason?: string };

/**
 * One user turn in flight on one thread. It owns the thread's slot until it ends or a newer turn takes
 * the slot; every write goes through `commit`, which is dropped once the turn has lost the slot (the
 * compare-and-swap that keeps a superseded, cancelled or disposed loop from changing anything).
 */
export class Turn {
  readonly controller = new AbortController();
  /** Set once the turn may no longer change anything. */
  ended?: 'cancelled' | 'superseded' | 'disposed' | 'done';
  readonly #approvals = new Map<string, (decision: ApprovalDecision) => void>();

  constructor(
    readonly key: ThreadKey,
    readonly registry: RunRegistry,
    /** Whether the orchestrator still gives this turn its thread's slot. */
    readonly ownsSlot: (turn: Turn) => boolean,
  ) {}

  get current(): boolean {
    return !this.ended && this.ownsSlot(this);
  }

  get conversation(): Conversation {
    return this.registry.get(this.key).conversation;
  }

  /** Applies an update only while this turn still owns its thread. */
  commit(update: (snapshot: ThreadSnapshot) => ThreadSnapshot): boolean {
    if (!this.current) return false;
    this.registry.update(this.key, update);
    return true;
  }

  updateCall(id: string, patch: Partial<Omit<ToolCall, 'id'>>): boolean {
    return this.commit((snapshot) => ({ ...snapshot, conversation: updateToolCall(snapshot.conversation, id, patch) }));
  }

  /** Resolves when the user decides; an abort of the turn counts as "not approved". */
  awaitApproval(id: string): Promise<ApprovalDecision> {
    return new Promise((resolve) => {
      const { signal } = this.controller;
      const settle = (decision: ApprovalDecision) => {
        this.#approvals.delete(id);
        signal.removeEventListener('abort', onAbort);
        resolve(decision);
      };
      const onAbort = () => settle({ approved: false });
      this.#approvals.set(id, settle);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  decide(id: string, decision: ApprovalDecision): void {
    this.#approvals.get(id)?.(decision);
  }
}

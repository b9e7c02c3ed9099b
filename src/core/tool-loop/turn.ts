import { updateToolCall, type Conversation, type ToolCall } from '../conversation/conversation.js';
import type { BeforeToolCall, TurnEndReason, TurnOutcome } from './engine-events.js';
import type { RunRegistry } from './run-registry.js';
import type { ThreadKey, ThreadSnapshot } from './run-state.js';
import { TurnReport } from './turn-report.js';

/** `always`: the user allowed this tool for the rest of the thread (it is not asked again). */
export type ApprovalDecision = { readonly approved: boolean; readonly reason?: string; readonly always?: boolean };

/** What the caller of `send` / `retry` may attach to one turn. */
export interface TurnOptions {
  /** Who started the turn (a view, say); every event of the turn carries it as `initiator`. */
  readonly initiator?: unknown;
  /** Asked before each call of this turn runs, after the engine-wide hooks; `false` vetoes. */
  readonly beforeToolCall?: BeforeToolCall;
  /**
   * Agent state to send with every run of the turn, over the thread's own (`key` is the turn's thread,
   * the created one after a first send): each top-level object is merged one level deep, so
   * `{rag: {document_filter}}` keeps the thread's other `rag` keys. A callback that throws adds nothing.
   */
  readonly state?: (key: ThreadKey) => Readonly<Record<string, unknown>> | undefined;
}

/**
 * One turn in flight on one thread: a user turn (send, retry) or a history load. It owns the thread's
 * slot until it ends or a newer turn takes the slot; every write goes through `commit`, which is
 * dropped once the turn has lost the slot (the compare-and-swap that keeps a superseded, cancelled or
 * disposed loop from changing anything). `settled` resolves once, with the outcome it ended with.
 */
export class Turn {
  readonly controller = new AbortController();
  /** Runs, tool calls and token usage so far, for the layered events (`turn-finished.stats`). */
  readonly report = new TurnReport();
  /** Set once, when the turn ends; it may no longer change anything after that. */
  ended?: { readonly outcome: TurnOutcome; readonly reason: TurnEndReason };
  readonly settled: Promise<TurnOutcome>;
  readonly #resolve: (outcome: TurnOutcome) => void;
  /** Calls waiting for the user's decision, and how to answer each (their wait is approval-wait.ts, with the tool machinery). */
  readonly approvals = new Map<string, (decision: ApprovalDecision) => void>();
  /** Decisions the user gave before the turn asked (a restored call approved, run again or continued without). */
  readonly given = new Map<string, ApprovalDecision>();
  /**
   * The client key of an earlier run whose output this turn replaces (a retry, a Continue): it stays
   * on screen until this turn's run first changes the transcript, so a turn that fails at once loses
   * nothing the user saw.
   */
  replaces?: string;
  /** `forwardedProps` of this turn's first run only, over the engine's (a generative UI action: `forward`). */
  forwardedProps?: Readonly<Record<string, unknown>>;
  /** True once `turn-started` went out; events of the turn before it (a listener stopped it at once) wait in `early`. */
  started = false;
  readonly early: (() => void)[] = [];

  constructor(
    readonly id: string,
    /** The thread; changes once when the turn's first send creates the thread. */
    public key: ThreadKey,
    readonly registry: RunRegistry,
    /** Whether the orchestrator still gives this turn its thread's slot. */
    readonly ownsSlot: (turn: Turn) => boolean,
    readonly options: TurnOptions = {},
    /** False for a history load: it announces no turn events. */
    readonly announced = true,
  ) {
    let resolve!: (outcome: TurnOutcome) => void;
    this.settled = new Promise((r) => (resolve = r));
    this.#resolve = resolve;
  }

  get current(): boolean {
    return !this.ended && this.ownsSlot(this);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get conversation(): Conversation {
    return this.registry.get(this.key).conversation;
  }

  /** Applies an update only while this turn still owns its thread (`soon`: see `RunRegistry.set`). */
  commit(update: (snapshot: ThreadSnapshot) => ThreadSnapshot, soon?: boolean): boolean {
    if (!this.current) return false;
    this.registry.update(this.key, update, soon);
    return true;
  }

  /**
   * A call's state change (the call runner's): stored at once, told to the thread's listeners in a
   * microtask, so the calls of a hop that start or finish together reach them as one snapshot.
   */
  updateCall(id: string, patch: Partial<Omit<ToolCall, 'id'>>): boolean {
    return this.commit((snapshot) => ({ ...snapshot, conversation: updateToolCall(snapshot.conversation, id, patch) }), true);
  }

  /** Marks the turn ended, stops everything it started (stream, tools, approvals) and settles it. */
  end(outcome: TurnOutcome, reason: TurnEndReason): void {
    if (this.ended) return;
    this.ended = { outcome, reason };
    this.controller.abort(new DOMException(`Turn ${reason}`, 'AbortError'));
    this.#resolve(outcome);
  }

  /** Answers a call that awaits the user's decision; a call not waiting is left alone (a stray approve does nothing). */
  decide(id: string, decision: ApprovalDecision): boolean {
    const waiting = this.approvals.get(id);
    waiting?.(decision);
    return !!waiting;
  }

  /**
   * A decision the user gave before the turn started (on a restored thread): the turn takes it when
   * it comes to ask about that call, instead of asking.
   */
  predecide(id: string, decision: ApprovalDecision): void {
    this.given.set(id, decision);
  }
}

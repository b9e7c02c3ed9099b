import { ToolCallStatus } from '../conversation/conversation.js';
import type { TurnOutcome } from './engine-events.js';
import type { RunOrchestrator, UserInput } from './run-orchestrator.js';
import { RunPhase, RunStatus, isRunning, type ThreadKey, type ThreadSnapshot } from './run-state.js';
import type { TurnOptions } from './turn.js';

/**
 * The commands of one thread, with the "may I now?" rules written once: any view (the chat, its status
 * line, a card, a page's own buttons) goes through a handle, and enables its buttons with the same
 * `can…()` checks the actions apply. Get one with `engine.thread(key, options)`; every turn an action
 * starts carries `options` (its `initiator`, its `beforeToolCall`).
 *
 * Each action returns whether it was accepted: `false` means refused, nothing done. None rejects: the
 * turn an accepted `send`, `retry`, `continue`, `regenerate` or `edit` started is `turn` (its promise,
 * settled with the turn's outcome; the engine's events say the same).
 *
 * A handle keeps no state of the thread (the engine does): `engine.thread()` makes a new one on every
 * call, and any number may exist for one thread. A send on a key without a thread (Soliplex) creates
 * it, and its turn moves to the new key (`thread-created`): take a handle for that key then.
 */
export class ThreadHandle {
  /** The outcome of the turn this handle's last accepted `send`, `retry`, `continue`, `regenerate` or `edit` started. */
  turn?: Promise<TurnOutcome>;

  constructor(
    readonly engine: RunOrchestrator,
    readonly key: ThreadKey,
    readonly options: TurnOptions = {},
  ) {}

  /** The thread as it stands. */
  snapshot(): ThreadSnapshot {
    return this.engine.snapshot(this.key);
  }

  /** No turn runs, and no run of the thread is unfinished on the server (a new one would fork the transcript). */
  canSend(): boolean {
    return !this.engine.disposed && !isRunning(this.snapshot().run) && !this.engine.hasUnfinishedServerRun(this.key);
  }

  /** A turn (or a history load) is running. */
  canStop(): boolean {
    return isRunning(this.snapshot().run);
  }

  /** The last turn failed or was cancelled (a failed history load is loaded again), or waits out a busy server. */
  canRetry(): boolean {
    const { run, conversation } = this.snapshot();
    if (this.engine.disposed) return false;
    // A turn waiting out a busy server (429, 503) is sent at once: Retry now.
    if (isRunning(run) && run.phase === RunPhase.WaitingToRetry) return true;
    if (run.status !== RunStatus.Failed && run.status !== RunStatus.Cancelled) return false;
    return (run.status === RunStatus.Failed && run.stage === 'history') || conversation.messages.length > 0;
  }

  /** A reload interrupted the turn, or a turn running again waits for the user's word on interrupted calls. */
  canContinue(): boolean {
    const { run, conversation } = this.snapshot();
    if (this.engine.disposed) return false;
    return run.status === RunStatus.Interrupted || (isRunning(run) && Object.values(conversation.toolCalls).some((c) => c.status === ToolCallStatus.Interrupted));
  }

  /** As `canSend`, and the thread has a user message whose answer can be run again. */
  canRegenerate(): boolean {
    return this.canSend() && this.snapshot().conversation.messages.some((m) => m.role === 'user');
  }

  /** As `canSend`, and `messageId` is a user message of the thread. */
  canEdit(messageId: string): boolean {
    return this.canSend() && this.snapshot().conversation.messages.some((m) => m.id === messageId && m.role === 'user');
  }

  /**
   * As `canSend`, and the user turn `messageId` has a version `index` (0-based) that is not on screen
   * (see `versionPosition` for where the one on screen stands).
   */
  canSwitchVersion(messageId: string, index: number): boolean {
    const versions = this.snapshot().conversation.versions?.[messageId];
    return this.canSend() && !!versions && Number.isInteger(index) && index >= 0 && index <= versions.others.length && index !== versions.index;
  }

  /**
   * Shows version `index` (0-based) of the user turn `messageId`, and the branch that followed it
   * (regenerate and edit keep the earlier ones); the next run sends the branch on screen. Refused
   * unless `canSwitchVersion(messageId, index)`.
   */
  switchVersion(messageId: string, index: number): boolean {
    return this.canSwitchVersion(messageId, index) && this.engine.switchVersion(this.key, messageId, index);
  }

  /** Sends a user message (text, or `{text, parts}`); refused for empty text or unless `canSend()`. */
  send(input: string | UserInput): boolean {
    const text = typeof input === 'string' ? input : input?.text;
    if (typeof text !== 'string' || !text.trim() || !this.canSend()) return false;
    return this.#started(this.engine.send(this.key, input, this.options));
  }

  /**
   * Runs the agent again with no new message, `forwardedProps` added to its first run (a generative UI
   * action, see `RunOrchestrator.forward`); refused unless `canSend()`.
   */
  forward(forwardedProps: Readonly<Record<string, unknown>>): boolean {
    return this.canSend() && this.#started(this.engine.forward(this.key, forwardedProps, this.options));
  }

  /** Stops the running turn (its stream, its tools); the conversation is kept. */
  stop(): boolean {
    return this.engine.cancel(this.key);
  }

  /** Runs the last turn again; refused unless `canRetry()`. */
  retry(): boolean {
    return this.canRetry() && this.#started(this.engine.retry(this.key, this.options));
  }

  /** Goes on with a turn a reload interrupted; refused unless `canContinue()`. */
  continue(): boolean {
    return this.canContinue() && this.#started(this.engine.continue(this.key, this.options));
  }

  /** Runs a call a reload interrupted once more (its card's Run again); refused when it is not interrupted. */
  runAgain(toolCallId: string): boolean {
    return this.engine.runAgain(this.key, toolCallId, this.options);
  }

  /** Runs the last turn again, keeping its answer as an earlier version; refused unless `canRegenerate()`. */
  regenerate(): boolean {
    return this.canRegenerate() && this.#started(this.engine.regenerate(this.key, this.options));
  }

  /** Runs from a user message (any one) with new text, keeping the earlier version; refused for empty text or unless `canEdit(messageId)`. */
  edit(messageId: string, text: string): boolean {
    if (typeof text !== 'string' || !text.trim() || !this.canEdit(messageId)) return false;
    return this.#started(this.engine.edit(this.key, messageId, text, this.options));
  }

  /** Lets a call that awaits approval run (`always`: its tool is not asked about again in this thread); refused when none waits. */
  approve(toolCallId: string, options?: { always?: boolean }): boolean {
    return this.engine.approve(this.key, toolCallId, options, this.options);
  }

  /** Refuses a call that awaits approval; the model is told (with `reason`). Refused when none waits. */
  deny(toolCallId: string, reason?: string): boolean {
    return this.engine.deny(this.key, toolCallId, reason, this.options);
  }

  /** Answers an open interrupt; refused when it is unknown, settled or expired. */
  answerInterrupt(interruptId: string, payload?: unknown): boolean {
    return this.engine.answerInterrupt(this.key, interruptId, payload, this.options);
  }

  /** Cancels an open interrupt; refused when there is no such open one. */
  cancelInterrupt(interruptId: string): boolean {
    return this.engine.cancelInterrupt(this.key, interruptId, this.options);
  }

  /** Sets the thread's agent state: its next run sends it (see `RunOrchestrator.setState`). */
  setState(state: unknown): boolean {
    return this.engine.setState(this.key, state);
  }

  /** Loads the thread's stored history again (Retry on a part that could not be loaded); refused while a turn runs or when the backend keeps none. */
  reloadHistory(): boolean {
    if (this.engine.disposed || !this.key.thread || !this.engine.keepsHistory(this.key) || isRunning(this.snapshot().run)) return false;
    this.engine.reloadThread(this.key, undefined, this.options).catch(() => {}); // a failure is the thread's failed state, with Retry
    return true;
  }

  /** Keeps the turn's promise; a late refusal by the engine (a race the checks cannot see) is handled here, not left unhandled. */
  #started(turn: Promise<TurnOutcome>): true {
    turn.catch(() => {});
    this.turn = turn;
    return true;
  }
}

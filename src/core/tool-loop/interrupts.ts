import { expiryTime, isExpired, openInterrupts } from '../conversation/interrupts.js';
import { markResumed, resumeEntries, settleInterrupt } from '../conversation/interrupt-answers.js';
import type { TurnOutcome } from './engine-events.js';
import type { RunOrchestrator } from './run-orchestrator.js';
import { RunStatus, startingState, type ThreadKey } from './run-state.js';
import type { Turn, TurnOptions } from './turn.js';

/**
 * The tool loop's side of interrupts: a turn whose run ended with open interrupts waits here until
 * each is answered, cancelled or expired (an interrupt past its `expiresAt` is cancelled, marked
 * `expired`), or the turn stops. Answers are written to the thread's conversation by the engine's
 * `answerInterrupt` / `cancelInterrupt`; this only watches the conversation.
 *
 * The orchestrator loads this module (and the answering of interrupt-answers.ts with it) with the
 * first interrupt a thread holds: a chat whose agent never interrupts never needs it.
 */
export { cancelOpenInterrupts, resumeEntries, settleInterrupt } from '../conversation/interrupt-answers.js';

/** setTimeout's limit (about 24.8 days): a later expiry is checked again when this fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Resolves once the thread has no open interrupt, or the turn lost its slot. */
export function awaitInterrupts(turn: Turn): Promise<void> {
  return new Promise((resolve) => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    let unsubscribe = () => {};
    const finish = () => {
      unsubscribe();
      turn.signal.removeEventListener('abort', finish);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      resolve();
    };
    const check = () => {
      if (!turn.current) return finish();
      const open = openInterrupts(turn.conversation);
      if (open.length === 0) return finish();
      for (const message of open) {
        const id = message.interrupt.id;
        if (isExpired(message)) {
          // Settling changes the conversation, which calls check again.
          expire(turn, id);
          return;
        }
        const at = expiryTime(message.interrupt);
        if (at !== undefined && !timers.has(id)) {
          timers.set(id, setTimeout(() => {
            timers.delete(id);
            check();
          }, Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS)));
        }
      }
    };
    unsubscribe = turn.registry.subscribe(check, turn.key);
    turn.signal.addEventListener('abort', finish, { once: true });
    check();
  });
}

function expire(turn: Turn, interruptId: string): void {
  turn.commit((snapshot) => ({
    ...snapshot,
    conversation: settleInterrupt(snapshot.conversation, interruptId, 'cancelled', undefined, true),
  }));
}

/** After a run that carried `resume` entries finished: those interrupts are never sent again. */
export function commitResumed(turn: Turn, interruptIds: readonly string[]): void {
  if (interruptIds.length === 0) return;
  turn.commit((snapshot) => ({ ...snapshot, conversation: markResumed(snapshot.conversation, interruptIds) }));
}

/** What answering an interrupt needs of the engine's own state (`RunOrchestrator` gives it). */
export interface AnswerHost {
  readonly engine: RunOrchestrator;
  /** The turn running on the thread, if any. */
  active(key: ThreadKey): Turn | undefined;
  /** A new turn in the thread's slot (undefined once the engine is disposed). */
  startTurn(key: ThreadKey, options?: TurnOptions): Turn | undefined;
  /** Announces the turn and runs its loop. */
  drive(turn: Turn, retry: boolean): Promise<TurnOutcome>;
  /** A new turn that takes up where a restored one stopped (restored-resume.ts). */
  resumeTurn(key: ThreadKey, options: TurnOptions | undefined, decide: (turn: Turn) => void): Promise<TurnOutcome>;
}

/**
 * Writes the user's answer to open interrupt `id` (`RunOrchestrator.answerInterrupt` /
 * `cancelInterrupt` checked it is open; an `expired` one is answered as cancelled). A waiting turn
 * sees the change itself; otherwise the last answer resumes the run in a new turn with `options`.
 */
export function answer(
  host: AnswerHost,
  key: ThreadKey,
  id: string,
  status: 'resolved' | 'cancelled',
  payload: unknown,
  expired: boolean,
  options?: TurnOptions,
): void {
  const { registry } = host.engine;
  registry.update(key, (s) => ({
    ...s,
    conversation: expired && status === 'resolved' ? settleInterrupt(s.conversation, id, 'cancelled', undefined, true) : settleInterrupt(s.conversation, id, status, payload, expired),
  }));
  const { conversation, run } = registry.get(key);
  if (host.active(key) || openInterrupts(conversation).length > 0 || resumeEntries(conversation).length === 0) return;
  // A turn restored after a reload finishes its hop (its client calls) before the run resumes.
  if (run.status === RunStatus.Interrupted) return void host.resumeTurn(key, options, () => {}).catch(() => {});
  const turn = host.startTurn(key, options);
  if (!turn) return;
  turn.commit((snapshot) => ({ ...snapshot, run: startingState }));
  host.drive(turn, false).catch(() => {});
}

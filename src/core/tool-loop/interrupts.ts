import { expiryTime, isExpired, openInterrupts } from '../conversation/interrupts.js';
import { markResumed, settleInterrupt } from '../conversation/interrupt-answers.js';
import type { Turn } from './turn.js';

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

import type { ApprovalDecision, Turn } from './turn.js';

/**
 * Waits for the user's decision on call `id` of `turn` (an approval, or Run again): a decision given
 * before it asked (`Turn.predecide`) at once; an abort of the turn counts as "not approved". With the
 * tool machinery (tool-call-runner.ts asks it): only a call that needs the user's word waits here.
 */
export function awaitApproval(turn: Turn, id: string): Promise<ApprovalDecision> {
  const given = turn.given.get(id);
  if (given) {
    turn.given.delete(id);
    return Promise.resolve(given);
  }
  return new Promise((resolve) => {
    const { signal } = turn.controller;
    if (signal.aborted) return resolve({ approved: false });
    const settle = (decision: ApprovalDecision) => {
      turn.approvals.delete(id);
      signal.removeEventListener('abort', onAbort);
      resolve(decision);
    };
    const onAbort = () => settle({ approved: false });
    turn.approvals.set(id, settle);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

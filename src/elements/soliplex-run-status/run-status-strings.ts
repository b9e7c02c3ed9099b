import { and, duration, type SoliplexChatStrings } from '../shared/chat-strings.js';

/**
 * The English defaults of the strings only the status line's rare states (run-status-extras.ts) use: a
 * busy server's countdown, approvals, interrupts, a wait for a connection, a followed run, a reload's
 * Continue. They load with that code, not with the chat (chat-strings.ts). A page's `strings` and the
 * shipped translations still reach them (`partStrings`).
 */
export const runStatusStrings: Readonly<
  Pick<SoliplexChatStrings, 'waitingForConnection' | 'retryingIn' | 'retryNow' | 'attachedRun' | 'attachedStopped' | 'awaitingApproval' | 'interrupted' | 'interruptedTools' | 'continue' | 'waitingForAnswer'>
> = Object.freeze({
  attachedRun: 'The server is still writing this answer; you can send once it is done.',
  attachedStopped: 'Stopped following this answer; the server is still writing it. You can send once it is done.',
  waitingForConnection: 'Waiting for a free connection…',
  retryingIn: (seconds: number) => (seconds > 0 ? `Trying again in ${duration(seconds)}…` : 'Trying again…'),
  retryNow: 'Retry now',
  awaitingApproval: (names: readonly string[]) => `Waiting for your approval: ${and(names)}`,
  interrupted: 'The page was reloaded before this answer was complete.',
  interruptedTools: (names: readonly string[]) =>
    `The page was reloaded while ${and(names)} ran. Run ${names.length > 1 ? 'them' : 'it'} again, or continue without ${names.length > 1 ? 'them' : 'it'}.`,
  continue: 'Continue',
  waitingForAnswer: 'Waiting for your answer',
});

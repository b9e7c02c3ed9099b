import type { ResumeEntry } from '@ag-ui/core';
import type { Conversation, InterruptMessage, InterruptStatus, ToolCallDecision } from './conversation.js';
import { interruptMessageId, interruptsOf, isExpired, isInterrupt, openInterrupts } from './interrupts.js';

/*
 * Answering AG-UI interrupts (the model is interrupts.ts): settling one, the `resume` a run sends,
 * and a stored run's answers replayed. Loaded with the first interrupt a thread holds.
 */

/**
 * Settles one open interrupt: `resolved` with the user's answer, or `cancelled`. Anything else (an
 * unknown id, an interrupt already settled) leaves the conversation as it is.
 */
export function settleInterrupt(
  conversation: Conversation,
  interruptId: string,
  status: Exclude<InterruptStatus, 'open'>,
  payload?: unknown,
  expired = false,
): Conversation {
  const id = interruptMessageId(interruptId);
  const index = conversation.messages.findIndex((m) => m.id === id);
  const message = conversation.messages[index];
  if (!message || !isInterrupt(message) || message.status !== 'open') return conversation;
  const settled: InterruptMessage = {
    ...message,
    status,
    ...(status === 'resolved' ? { payload } : {}),
    ...(expired ? { expired: true } : {}),
  };
  const messages = [...conversation.messages];
  messages[index] = settled;
  return decideHeldCall({ ...conversation, messages }, settled);
}

/**
 * The answer to an interrupt that holds a call (`toolCallId`) is the user's decision on that call:
 * approved unless the answer says `approved: false` or the interrupt was cancelled.
 */
function decideHeldCall(conversation: Conversation, message: InterruptMessage): Conversation {
  const callId = message.interrupt.toolCallId;
  const call = typeof callId === 'string' ? conversation.toolCalls[callId] : undefined;
  if (!call) return conversation;
  const refused = message.status === 'cancelled' || (message.payload as { approved?: unknown } | undefined)?.approved === false;
  const decision: ToolCallDecision = refused ? 'denied' : 'approved';
  return { ...conversation, toolCalls: { ...conversation.toolCalls, [call.id]: { ...call, decision } } };
}

/** Cancels every open interrupt (the user moved on with a new message, or they expired). */
export function cancelOpenInterrupts(conversation: Conversation, expired = false): Conversation {
  return openInterrupts(conversation).reduce(
    (next, m) => settleInterrupt(next, m.interrupt.id, 'cancelled', undefined, expired || isExpired(m)),
    conversation,
  );
}

/** The `resume` entries the next run carries: every settled interrupt not yet resumed. */
export function resumeEntries(conversation: Conversation): ResumeEntry[] {
  return interruptsOf(conversation)
    .filter((m) => m.status !== 'open' && !m.resumed)
    .map((m) => ({
      interruptId: m.interrupt.id,
      status: m.status as ResumeEntry['status'],
      ...(m.status === 'resolved' && m.payload !== undefined ? { payload: m.payload } : {}),
    }));
}

/** Marks interrupts as resumed once a run that carried their entries finished. */
export function markResumed(conversation: Conversation, interruptIds: readonly string[]): Conversation {
  if (interruptIds.length === 0) return conversation;
  const ids = new Set(interruptIds.map(interruptMessageId));
  return {
    ...conversation,
    messages: conversation.messages.map((m) => (isInterrupt(m) && ids.has(m.id) && !m.resumed ? { ...m, resumed: true } : m)),
  };
}


/**
 * History replay: a stored run started after interrupts answers them with its `resume` (as stored);
 * any it does not name were left behind. Either way they are settled and resumed: a reloaded thread
 * shows only its last run's interrupts as open.
 */
export function applyHistoricResume(conversation: Conversation, resume: readonly ResumeEntry[]): Conversation {
  let next = conversation;
  for (const entry of resume) {
    if (!entry || typeof entry.interruptId !== 'string') continue;
    next = settleInterrupt(next, entry.interruptId, entry.status === 'resolved' ? 'resolved' : 'cancelled', entry.payload);
  }
  next = cancelOpenInterrupts(next);
  return markResumed(next, interruptsOf(next).filter((m) => !m.resumed).map((m) => m.interrupt.id));
}

import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import type { ChatMessage, Conversation, InterruptMessage, InterruptStatus, ToolCallDecision } from './conversation.js';

/**
 * Interrupts (AG-UI 1.0 server-side human in the loop) in the conversation: a run that ends with the
 * `interrupt` outcome leaves one `InterruptMessage` per interrupt; the user answers or cancels each;
 * the next run carries a `resume` entry for every one of them (partial resumes are not allowed), after
 * which they are marked `resumed` and never sent again.
 */

const PREFIX = 'interrupt:';

/** The transcript id of an interrupt's message. */
export function interruptMessageId(interruptId: string): string {
  return PREFIX + interruptId;
}

function isInterrupt(message: ChatMessage): message is InterruptMessage {
  return message.role === 'interrupt';
}

/** Every interrupt the conversation holds, oldest first. */
export function interruptsOf(conversation: Conversation): InterruptMessage[] {
  return conversation.messages.filter(isInterrupt);
}

/** The interrupts waiting for the user. */
export function openInterrupts(conversation: Conversation): InterruptMessage[] {
  return interruptsOf(conversation).filter((m) => m.status === 'open');
}

export function findInterrupt(conversation: Conversation, interruptId: string): InterruptMessage | undefined {
  const message = conversation.messages.find((m) => m.id === interruptMessageId(interruptId));
  return message && isInterrupt(message) ? message : undefined;
}

/** The time `expiresAt` names, or undefined when absent or unreadable (then it never expires). */
export function expiryTime(interrupt: Interrupt): number | undefined {
  if (typeof interrupt.expiresAt !== 'string') return undefined;
  const time = Date.parse(interrupt.expiresAt);
  return Number.isNaN(time) ? undefined : time;
}

/** Whether the interrupt can no longer be answered: it expired, by flag or by the clock. */
export function isExpired(message: InterruptMessage, now = Date.now()): boolean {
  if (message.expired) return true;
  const time = expiryTime(message.interrupt);
  return time !== undefined && time <= now;
}

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
 * The tool calls an interrupt holds (its `toolCallId`) until its run is resumed: the server runs them
 * after the answer, so the page never executes them and sends no tool message for them meanwhile.
 */
export function interruptHeldCallIds(conversation: Conversation): Set<string> {
  const held = new Set<string>();
  for (const m of interruptsOf(conversation)) {
    if (!m.resumed && typeof m.interrupt.toolCallId === 'string') held.add(m.interrupt.toolCallId);
  }
  return held;
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

import type { Interrupt } from '@ag-ui/core';
import type { ChatMessage, Conversation, InterruptMessage } from './conversation.js';

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

export function isInterrupt(message: ChatMessage): message is InterruptMessage {
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

/**
 * The run input of a plain conversation: text messages only (no attachments, tool calls or encrypted
 * values), no tools, context or resume. Such a body needs nothing of `soliplexRunInput`'s reshaping
 * for the AG-UI Python models but its field picking, so a chat whose agent only writes text never
 * loads `soliplex-run-input.ts`; the body is the one `soliplexRunInput` builds for it.
 */
import type { Message } from '@ag-ui/core';
import { runAgentInput } from '../transport.js';
import type { SoliplexRunSource } from './soliplex-run-input.js';

const PLAIN_ROLES = new Set(['user', 'system', 'developer', 'assistant']);

/** Whether `plainSoliplexRunInput` builds the run's body (else `soliplexRunInput` does). */
export function isPlainRun(request: SoliplexRunSource): boolean {
  return !request.tools.length && !request.context?.length && !request.resume?.length && request.messages.every(plainMessage);
}

/** The body of `POST …/agui/{thread}/{runId}` for a run `isPlainRun` accepts. */
export function plainSoliplexRunInput(request: SoliplexRunSource, runId: string): Record<string, unknown> {
  const input = runAgentInput({ ...request, runId });
  return {
    ...input,
    // An assistant message without text has no content (the Python model's is optional).
    messages: input.messages.map(({ id, role, content }) => (role === 'assistant' && !content ? { id, role } : { id, role, content })),
    tools: [],
    context: [],
  };
}

/** Whether any user message carries something besides text (an attachment). */
export function hasAttachments(messages: readonly Message[]): boolean {
  return messages.some((message) => message.role === 'user' && Array.isArray(message.content) && message.content.some((part) => part.type !== 'text'));
}

function plainMessage(message: Message): boolean {
  const { role, content, encryptedValue, toolCalls } = message as { role: string; content?: unknown; encryptedValue?: unknown; toolCalls?: readonly unknown[] };
  if (role === 'activity') return true; // never sent
  return PLAIN_ROLES.has(role) && typeof content === 'string' && encryptedValue === undefined && !toolCalls?.length;
}

/**
 * Tool middleware (`engine.use`): every execution passes through the middleware in the order they
 * were added, `(invocation, next) => result`. A middleware may log, check, rewrite the arguments
 * (call `next` with a changed invocation) or short-circuit (return without calling `next`). What it
 * returns is the tool's result (a structured result included); what it throws fails the call. Time
 * limits and failure strategies apply around the whole chain.
 */
import type { ToolCall } from '../conversation/conversation.js';
import type { ThreadKey } from '../tool-loop/run-state.js';

export interface ToolInvocation {
  readonly name: string;
  /** The validated arguments (a middleware may pass others to `next`). */
  readonly args: unknown;
  readonly call: ToolCall;
  readonly key: ThreadKey;
  readonly signal: AbortSignal;
}

export type ToolMiddleware = (invocation: ToolInvocation, next: (invocation: ToolInvocation) => Promise<unknown>) => unknown;

/** The chain over `last` (the tool itself). */
export function composeMiddleware(
  middleware: readonly ToolMiddleware[],
  last: (invocation: ToolInvocation) => unknown,
): (invocation: ToolInvocation) => Promise<unknown> {
  const at = async (index: number, invocation: ToolInvocation): Promise<unknown> => {
    const layer = middleware[index];
    if (!layer) return last(invocation);
    return layer(invocation, (next) => at(index + 1, next));
  };
  return (invocation) => at(0, invocation);
}

import { ToolCallStatus, type ToolCall } from '../conversation/conversation.js';
import type { BeforeToolCall } from './engine-events.js';
import { executeTool, unknownToolError, validateArguments } from '../tools/tool-executor.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { Turn } from './turn.js';

const DENIED_BY_USER = 'The user denied this tool call.';
const VETOED_BY_PAGE = 'The host page blocked this tool call.';

export interface ToolCallRunnerOptions {
  readonly tools: ToolRegistry;
  /** Asked in turn before the call runs; any `false` vetoes it. */
  readonly vetoes: readonly BeforeToolCall[];
  readonly timeoutMs: number;
  readonly createId: () => string;
  /** Announces a call that starts running, and one that settled (with why its arguments could not be checked). */
  readonly emit: (type: 'tool-call' | 'tool-result', call: ToolCall, uncheckable?: Error) => void;
}

/**
 * Takes one pending call through its life: look-up, validation, the page's veto, approval, execution.
 * Never throws: every failure becomes the call's error. After each await it stops silently if the
 * turn lost its slot (cancelled, superseded or disposed).
 */
export async function runToolCall(turn: Turn, id: string, options: ToolCallRunnerOptions): Promise<void> {
  const settle = (patch: Partial<ToolCall>, uncheckable?: Error) => {
    if (!turn.updateCall(id, { resultMessageId: options.createId(), ...patch })) return;
    const call = turn.conversation.toolCalls[id];
    if (call) options.emit('tool-result', call, uncheckable);
  };
  const call = turn.conversation.toolCalls[id];
  if (!call || !turn.current) return;
  const entry = options.tools.entry(call.name);
  if (!entry) return settle({ status: ToolCallStatus.Failed, error: unknownToolError(call.name, options.tools) });

  const validated = await validateArguments(entry, call);
  if (!turn.current) return;
  if (!validated.ok) return settle({ status: ToolCallStatus.Failed, error: validated.error }, validated.uncheckable);
  const { args } = validated;

  for (const veto of options.vetoes) {
    const verdict = await guard(() => veto({ ...call, args }, turn.key));
    if (!turn.current) return;
    if (verdict === false) return settle({ status: ToolCallStatus.Denied, error: VETOED_BY_PAGE });
  }

  const { requiresApproval } = entry.tool;
  // A throwing approval predicate asks for approval: the safe side.
  const needsApproval =
    typeof requiresApproval === 'function' ? (await guard(() => requiresApproval(args))) !== false : !!requiresApproval;
  if (!turn.current) return;
  if (needsApproval) {
    turn.updateCall(id, { status: ToolCallStatus.AwaitingApproval, args });
    const decision = await turn.awaitApproval(id);
    if (!turn.current) return;
    if (!decision.approved) return settle({ status: ToolCallStatus.Denied, error: decision.reason ?? DENIED_BY_USER });
  }

  turn.updateCall(id, { status: ToolCallStatus.Executing, args });
  const running = turn.conversation.toolCalls[id]!;
  options.emit('tool-call', running);
  const outcome = await executeTool(entry, running, args, turn.controller.signal, options.timeoutMs);
  if (!turn.current) return;
  settle(
    outcome.ok
      ? { status: ToolCallStatus.Completed, result: outcome.result, resultValue: outcome.value }
      : { status: ToolCallStatus.Failed, error: outcome.error },
  );
}

/** Calls page code so that a throw cannot break the loop; a throw reads as `undefined`. */
async function guard<T>(fn: () => T | Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    console.error('[soliplex-chat] a page callback threw', error);
    return undefined;
  }
}

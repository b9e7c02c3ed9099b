import type { ToolCall } from '../conversation/conversation.js';
import { parseToolArguments } from '../conversation/conversation-reducer.js';
import { cutText, MAX_TOOL_RESULT_CHARS, toolResultText, toolResultTextNow } from './tool-result-text.js';
import type { ArgumentIssue, RegisteredTool, ToolExecutionContext, ToolRegistry } from './tool-registry.js';

/** Default per-call time limit. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

/** The outcome of one call: what goes to the model, and the raw value for the page. */
export type ToolOutcome =
  | { readonly ok: true; readonly result: string; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/**
 * Turns a tool's return value into tool-message content: a string as it is, anything else as JSON,
 * bounded with a note. Values JSON cannot carry (cycles, BigInts, Maps, Sets, errors, DOM nodes) are
 * described by the safe writer, which the engine loads with the first such result; called before
 * that, this names such a value by its kind only (tool-result-text.ts).
 */
export function resultToContent(value: unknown): string {
  return toolResultTextNow(value);
}

function describeIssues(issues: readonly ArgumentIssue[]): string {
  return issues
    .map((issue) => {
      const where = issue.path.length > 0 ? `"${issue.path.map(String).join('.')}"` : 'the arguments';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * Parses and validates a call's arguments against its tool. Returns the arguments, or an error text
 * the model can act on (which field, what was expected).
 */
export async function validateArguments(
  entry: RegisteredTool,
  call: ToolCall,
): Promise<{ ok: true; args: unknown } | { ok: false; error: string; uncheckable?: Error }> {
  const parsed = call.args !== undefined ? call.args : parseToolArguments(call.argsText);
  if (parsed === undefined) {
    return {
      ok: false,
      error: `Invalid arguments for tool "${call.name}": not valid JSON (${JSON.stringify(call.argsText.slice(0, 200))}). Send a JSON object matching the tool's parameters.`,
    };
  }
  let result;
  try {
    result = await entry.validate(parsed);
  } catch (error) {
    // The page's schema or validator is broken, not the model's call: the page must hear of it.
    const message = `Tool "${call.name}" cannot check its arguments: ${errorText(error)}`;
    return { ok: false, error: message, uncheckable: new Error(message, { cause: error }) };
  }
  if (!result.success) {
    return {
      ok: false,
      error: `Invalid arguments for tool "${call.name}": ${describeIssues(result.issues)}. Fix them and call the tool again.`,
    };
  }
  return { ok: true, args: result.data };
}

/** The error text for a call to a tool this page does not offer. */
export function unknownToolError(name: string, registry: ToolRegistry): string {
  const available = registry.tools.map((tool) => tool.name);
  return `Tool "${name}" is not available in this page.${available.length ? ` Available tools: ${available.join(', ')}.` : ' No client tools are available.'}`;
}

/**
 * Runs one validated call with its time limit. Never throws: a throw, a rejection, a timeout or an abort
 * all become a failed outcome, so one call cannot take the others down.
 */
export async function executeTool(
  entry: RegisteredTool,
  call: ToolCall,
  args: unknown,
  signal: AbortSignal,
  defaultTimeoutMs = DEFAULT_TOOL_TIMEOUT_MS,
  /** Runs the tool (default `entry.tool.execute`); the call runner passes the middleware chain here. */
  invoke: (args: unknown, context: ToolExecutionContext) => unknown = (a, c) => entry.tool.execute(a, c),
): Promise<ToolOutcome> {
  const timeoutMs = entry.tool.timeoutMs ?? defaultTimeoutMs;
  const controller = new AbortController();
  const abortFromOutside = () => controller.abort(signal.reason);
  if (signal.aborted) abortFromOutside();
  else signal.addEventListener('abort', abortFromOutside, { once: true });
  const stoppedOutcome = (): ToolOutcome => ({ ok: false, error: `Tool "${call.name}" was stopped: ${abortReason(controller.signal)}` });
  const failedOutcome = async (error: unknown): Promise<ToolOutcome> => ({ ok: false, error: `Tool "${call.name}" failed: ${await errorText(error)}` });

  const started = performance.now();
  let returned: unknown;
  try {
    returned = invoke(args, { signal: controller.signal, toolCall: call });
  } catch (error) {
    signal.removeEventListener('abort', abortFromOutside);
    return controller.signal.aborted ? stoppedOutcome() : failedOutcome(error);
  }
  if (!isThenable(returned)) {
    // A tool that answered at once (the common, instant kind): no time limit to arm, no race to run.
    signal.removeEventListener('abort', abortFromOutside);
    if (controller.signal.aborted) return stoppedOutcome();
    const result = toolResultText(returned);
    return { ok: true, result: typeof result === 'string' ? result : await result, value: returned };
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  // The tool may ignore its signal; the race makes sure the call still ends on time.
  const stopped = new Promise<ToolOutcome>((resolve) => {
    const onAbort = () => resolve(stoppedOutcome());
    controller.signal.addEventListener('abort', onAbort, { once: true });
    if (controller.signal.aborted) onAbort();
    // The limit counts from the call, the tool's synchronous part included.
    timer = setTimeout(() => {
      controller.abort(new ToolTimeoutError(timeoutMs));
    }, Math.max(0, timeoutMs - (performance.now() - started)));
  });
  const ran = Promise.resolve(returned).then(async (value): Promise<ToolOutcome> => ({ ok: true, result: await toolResultText(value), value }), failedOutcome);
  try {
    return await Promise.race([ran, stopped]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortFromOutside);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

class ToolTimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}`);
    this.name = 'TimeoutError';
  }
}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : 'aborted';
}

function errorText(error: unknown): string | Promise<string> {
  if (error instanceof Error) return cutText(error.message || error.name, MAX_TOOL_RESULT_CHARS);
  return toolResultText(error);
}

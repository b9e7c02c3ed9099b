import { ToolCallStatus, type ToolCall } from '../conversation/conversation.js';
import type { BeforeToolCall } from './engine-events.js';
import { executeTool, resultToContent, validateArguments, type ToolOutcome } from '../tools/tool-executor.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import {
  activateSkill,
  expandGroup,
  groupExpandedAnswer,
  resolveToolset,
  skillActivatedAnswer,
  threadToolState,
  type ThreadToolState,
  type Toolset,
  type ToolsetEntry,
} from '../tools/tool-groups.js';
import { applyAugmentation, toolsetChanges } from '../tools/tool-augmentation.js';
import { acceptsParts, asStructuredResult, describeParts, jsonPartsReady, resultParts, toContentParts } from '../tools/tool-result-content.js';
import type { AgentCapabilities } from '@ag-ui/core';
import { composeMiddleware, type ToolMiddleware } from '../tools/tool-middleware.js';
import { cacheKey, type ToolResultCache } from '../tools/tool-cache.js';
import { ToolFailFastError, fallbackMessage, withRetries } from '../tools/tool-failure.js';
import { threadKeyId } from './run-state.js';
import { DID_NOT_COMPLETE } from '../conversation/restored-turn.js';
import type { Turn } from './turn.js';
import { awaitApproval } from './approval-wait.js';

const DENIED_BY_USER = 'The user denied this tool call.';
const VETOED_BY_PAGE = 'The host page blocked this tool call.';
const DENIED_BY_POLICY = "The host page's approval policy denied this tool call.";

export interface ToolCallRunnerOptions {
  readonly tools: ToolRegistry;
  /** What the thread was offered for the run that made the calls (tool-groups.ts). */
  readonly toolset: Toolset;
  /** Asked in turn before the call runs; any `false` vetoes it. */
  readonly vetoes: readonly BeforeToolCall[];
  readonly timeoutMs: number;
  readonly createId: () => string;
  /** What the agent declares it supports: whether a structured result goes to it as parts. */
  readonly capabilities?: AgentCapabilities;
  /** Announces a call that starts running, and one that settled (with why its arguments could not be checked). */
  readonly emit: (type: 'tool-call' | 'tool-result', call: ToolCall, uncheckable?: Error) => void;
  /** `engine.use` middleware, in order. */
  readonly middleware?: readonly ToolMiddleware[];
  /** The engine's result cache, for tools with `cache`. */
  readonly cache?: ToolResultCache;
}

/**
 * Runs a hop's calls in parallel, each isolated (`fail`: a call that broke the loop itself). Their
 * result messages share one random id, numbered: unique across threads, reloads and servers as a
 * random id each would be, without a `randomUUID` per call on the way to the continuation.
 */
export async function runHopCalls(turn: Turn, ids: readonly string[], options: ToolCallRunnerOptions, fail: (error: unknown) => void): Promise<void> {
  const hopId = options.createId();
  let results = 0;
  const runner = { ...options, createId: () => `${hopId}-${++results}` };
  await Promise.all(ids.map((id) => runToolCall(turn, id, runner).catch(fail)));
  if (turn.current) turn.report.failedToolCalls += ids.filter((id) => turn.conversation.toolCalls[id]?.status === ToolCallStatus.Failed).length;
}

/**
 * Takes one pending call through its life: look-up, validation, the page's veto, approval, execution.
 * A call of a collapsed group's or a skill's name expands or activates it instead. Never throws but
 * for a `fail-fast` tool failure: every other failure becomes the call's error. After each await it
 * stops silently if the turn lost its slot (cancelled, superseded or disposed).
 */
export async function runToolCall(turn: Turn, id: string, options: ToolCallRunnerOptions): Promise<void> {
  const settle = (patch: Partial<ToolCall>, uncheckable?: Error) => {
    if (!turn.updateCall(id, { resultMessageId: options.createId(), ...patch })) return;
    const call = turn.conversation.toolCalls[id];
    if (call) options.emit('tool-result', call, uncheckable);
  };
  const call = turn.conversation.toolCalls[id];
  if (!call || !turn.current) return;
  // Executing when the page went away: it runs again only on the user's word (Run again, which is
  // their approval too); going on without it tells the model it did not complete.
  const rerun = call.status === ToolCallStatus.Interrupted;
  if (rerun) {
    const decision = await awaitApproval(turn, id);
    if (!turn.current) return;
    if (!decision.approved) return settle({ status: ToolCallStatus.Failed, error: DID_NOT_COMPLETE });
  }
  const resolved = options.toolset.resolve(call.name);
  if (!resolved) return settle({ status: ToolCallStatus.Failed, error: unavailable(call.name, options.toolset) });
  if (resolved.kind !== 'tool') {
    // Expanding a group or activating a skill changes the thread's tools from the next run on.
    const answer = resolved.kind === 'group' ? groupExpandedAnswer(resolved.group) : skillActivatedAnswer(resolved.skill, resolved.group);
    const changes = changeTools(turn, options.tools, (state) => {
      const expanded = expandGroup(state, resolved.group.name);
      return resolved.kind === 'skill' ? activateSkill(expanded, resolved.skill.name) : expanded;
    });
    return settle({ status: ToolCallStatus.Completed, result: answer, resultValue: answer, ...(changes ? { changes } : {}) });
  }
  const { entry, group } = resolved;

  const validated = await validateArguments(entry, call);
  if (!turn.current) return;
  if (!validated.ok) return settle({ status: ToolCallStatus.Failed, error: validated.error }, validated.uncheckable);
  const { args } = validated;

  for (const veto of options.vetoes) {
    const verdict = await guard(() => veto({ ...call, args }, turn.key));
    if (!turn.current) return;
    if (verdict === false) return settle({ status: ToolCallStatus.Denied, error: VETOED_BY_PAGE });
  }

  let approval: ToolCall['approval'];
  const asked = rerun ? 'approve' : await needsApproval(turn, { ...call, args }, resolved, options.tools);
  if (!turn.current) return;
  if (asked === 'deny') return settle({ status: ToolCallStatus.Denied, error: DENIED_BY_POLICY });
  if (asked === 'ask') {
    turn.updateCall(id, { status: ToolCallStatus.AwaitingApproval, args });
    const decision = await awaitApproval(turn, id);
    if (!turn.current) return;
    // Kept on the call (an export shows who allowed what, and when).
    approval = { decision: decision.approved ? 'approved' : 'denied', ...(decision.always ? { always: true } : {}), at: Date.now() };
    if (!decision.approved) return settle({ status: ToolCallStatus.Denied, error: decision.reason ?? DENIED_BY_USER, approval });
    if (decision.always) changeTools(turn, options.tools, (s) => ({ ...s, alwaysAllowed: [...new Set([...s.alwaysAllowed, call.name])] }));
  }

  turn.updateCall(id, { status: ToolCallStatus.Executing, args, ...(approval ? { approval } : {}) });
  const running = turn.conversation.toolCalls[id]!;
  options.emit('tool-call', running);

  const { cache: caching } = entry.tool;
  const cacheId = caching && options.cache ? cacheKey(threadKeyId(turn.key), call.name, args, caching.key) : undefined;
  const hit = cacheId !== undefined ? options.cache!.get(cacheId) : undefined;
  let outcome: ToolOutcome;
  if (hit) outcome = { ok: true, result: '', value: hit.value };
  else {
    const middleware = options.middleware ?? [];
    const chain = composeMiddleware(middleware, (invocation) =>
      entry.tool.execute(invocation.args, { signal: invocation.signal, toolCall: invocation.call }),
    );
    // Without middleware the tool is called directly: an instant answer is taken at once (no chain promise).
    const invoke =
      middleware.length === 0
        ? (a: unknown, context: { signal: AbortSignal; toolCall: ToolCall }) => entry.tool.execute(a, context)
        : (a: unknown, context: { signal: AbortSignal; toolCall: ToolCall }) =>
            chain({ name: call.name, args: a, call: context.toolCall, key: turn.key, signal: context.signal });
    const strategy = entry.tool.onFailure ?? group?.onFailure ?? options.tools.settings.onFailure;
    const timeoutMs = entry.tool.timeoutMs ?? group?.timeoutMs ?? options.timeoutMs;
    outcome = await withRetries(strategy, turn.controller.signal, () =>
      executeTool(entry, running, args, turn.controller.signal, timeoutMs, invoke),
    );
    if (!turn.current) return;
    if (!outcome.ok && strategy?.mode === 'fail-fast') {
      settle({ status: ToolCallStatus.Failed, error: outcome.error });
      throw new ToolFailFastError(outcome.error);
    }
    if (!outcome.ok && strategy?.mode === 'fallback') {
      outcome = { ok: false, error: fallbackMessage(strategy.message, call.name, outcome.error) };
    }
    if (outcome.ok && cacheId !== undefined) options.cache!.set(cacheId, outcome.value, caching!.ttlMs);
  }
  if (!outcome.ok) return settle({ status: ToolCallStatus.Failed, error: outcome.error });
  // A JSON part JSON cannot carry (a cycle, a Map…) waits for the safe writer (tool-result-text.ts).
  const ready = jsonPartsReady(outcome.value);
  if (ready) {
    await ready.catch(() => {}); // a failed load leaves such a part named by its kind
    if (!turn.current) return;
  }
  settle({ status: ToolCallStatus.Completed, ...completedResult(turn, outcome, options.tools, options.capabilities), ...(hit ? { cached: true } : {}) });
}

/**
 * A completed call's fields: a structured result gives text, its augmentation, and content parts when
 * they go to the agent as parts (`ToolSettings.resultContent`: the page's choice, else the agent's
 * declared capabilities; the Soliplex transport sends text whatever this says).
 */
function completedResult(turn: Turn, outcome: ToolOutcome & { ok: true }, tools: ToolRegistry, capabilities: AgentCapabilities | undefined): Partial<ToolCall> {
  const structured = asStructuredResult(outcome.value);
  if (!structured) return { result: outcome.ok && outcome.result ? outcome.result : resultToContent(outcome.value), resultValue: outcome.value };
  const parts = resultParts(structured);
  const changes = structured.augmentation ? changeTools(turn, tools, (s) => applyAugmentation(s, structured.augmentation!)) : undefined;
  const content = toContentParts(parts);
  const setting = tools.settings.resultContent;
  return {
    result: describeParts(parts),
    resultValue: outcome.value,
    ...(setting === 'parts' || (setting === undefined && acceptsParts(content, capabilities)) ? { resultContent: content } : {}),
    ...(changes ? { changes } : {}),
  };
}

/** Commits a change to the thread's tool state; returns what it changed in the offered tools. */
function changeTools(turn: Turn, tools: ToolRegistry, change: (state: ThreadToolState) => ThreadToolState) {
  const before = threadToolState(turn.conversation, tools);
  let after = before;
  turn.commit((snapshot) => {
    after = change(threadToolState(snapshot.conversation, tools));
    return { ...snapshot, conversation: { ...snapshot.conversation, tools: after } };
  });
  return toolsetChanges(resolveToolset(tools, before), resolveToolset(tools, after));
}

/**
 * Whether the call runs, is refused or waits for the user: the page's policy first, then the tool's
 * (or its group's) `requiresApproval`; a tool the user always allowed in this thread is not asked again.
 */
async function needsApproval(turn: Turn, call: ToolCall, resolved: ToolsetEntry & { kind: 'tool' }, tools: ToolRegistry) {
  const policy = tools.settings.approvalPolicy;
  // A throwing policy asks: the safe side.
  const verdict = policy ? ((await guard(() => policy(call, turn.key), 'ask')) ?? undefined) : undefined;
  if (verdict === 'deny' || verdict === 'approve') return verdict;
  const requiresApproval = resolved.entry.tool.requiresApproval ?? resolved.group?.requiresApproval;
  // A throwing approval predicate asks for approval: the safe side.
  const asks =
    verdict === 'ask' ||
    (typeof requiresApproval === 'function' ? (await guard(() => requiresApproval(call.args))) !== false : !!requiresApproval);
  if (!asks) return 'approve';
  return threadToolState(turn.conversation, tools).alwaysAllowed.includes(call.name) ? 'approve' : 'ask';
}

function unavailable(name: string, toolset: Toolset): string {
  const available = toolset.definitions.map((tool) => tool.name);
  return `Tool "${name}" is not available in this page.${available.length ? ` Available tools: ${available.join(', ')}.` : ' No client tools are available.'}`;
}

/** Calls page code so that a throw cannot break the loop; a throw reads as `fallback`. */
async function guard<T>(fn: () => T | Promise<T>, fallback?: T): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    console.error('[soliplex-chat] a page callback threw', error);
    return fallback;
  }
}

import type { ContentPart, TokenUsage } from '@ag-ui/core';
import type { ChatMessage, Conversation, InterruptStatus, ToolCall, ToolCallDecision, ToolCallStatus } from '../conversation/conversation.js';
import type { SoliplexCitation } from '../transport/soliplex/soliplex-citations.js';
import type { ThreadKey } from '../tool-loop/run-state.js';
import { usageCost, type UsagePrices } from '../conversation/usage-cost.js';
import { versionPosition } from '../conversation/message-versions.js';

/** The `format` field of an exported transcript: what the file is. */
export const TRANSCRIPT_FORMAT = 'soliplex-chat-transcript';
/** The `version` of the transcript's shape; raised when a field changes meaning or goes. */
export const TRANSCRIPT_VERSION = 1;

/** A time as an export writes it: ISO 8601 in UTC. */
type Time = string;

/** A call in an exported transcript: what was asked, how it went, and what it answered. */
export interface TranscriptToolCall {
  readonly id: string;
  readonly name: string;
  /** The page's title for the tool, when it has one. */
  readonly title?: string;
  readonly status: ToolCallStatus;
  /** The parsed arguments; `argumentsText` when they did not parse (still streaming, cut, or not JSON). */
  readonly arguments?: unknown;
  readonly argumentsText?: string;
  /** What the tool returned (its value; the text sent to the model when there is no value). */
  readonly result?: unknown;
  readonly error?: string;
  /** The server ran the call (not the page). */
  readonly serverRun: boolean;
  /** The user's answer when the chat asked to approve the call. */
  readonly approval?: { readonly decision: ToolCallDecision; readonly always?: boolean; readonly at: Time };
  /** The user's answer to the server's interrupt that held the call. */
  readonly decision?: ToolCallDecision;
  readonly cached?: boolean;
  readonly truncated?: { readonly arguments?: true; readonly result?: true };
  readonly createdAt?: Time;
}

interface Base {
  readonly id: string;
  readonly createdAt?: Time;
  /** The server's id of the run that produced it (its usage is under `runs`). */
  readonly runId?: string;
}

/** A message of an exported transcript. */
export type TranscriptMessage =
  | (Base & {
      readonly role: 'user';
      readonly text: string;
      readonly attachments?: readonly ContentPart[];
      /**
       * When the turn was regenerated or edited: which of its versions this is (1-based) of how many.
       * The transcript is the branch on screen; the other versions are not in it.
       */
      readonly version?: { readonly number: number; readonly count: number };
    })
  | (Base & { readonly role: 'assistant'; readonly text: string; readonly toolCalls: readonly TranscriptToolCall[] })
  | (Base & { readonly role: 'reasoning'; readonly text: string })
  | (Base & { readonly role: 'system' | 'developer'; readonly text: string; readonly notice?: boolean })
  | (Base & {
      readonly role: 'interrupt';
      readonly interruptId: string;
      readonly reason: string;
      readonly message?: string;
      readonly toolCallId?: string;
      readonly status: InterruptStatus;
      /** The user's answer (a resolved interrupt). */
      readonly answer?: unknown;
      readonly expired?: boolean;
    })
  | (Base & { readonly role: 'activity'; readonly activityType: string; readonly content: unknown })
  | (Base & { readonly role: 'history-gap'; readonly runIds: readonly string[] });

/** Tokens summed (and their cost, with a price table). */
export interface TranscriptUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cost?: { readonly amount: number; readonly currency: string };
}

/** A whole thread as `exportTranscript('json')` gives it. */
export interface TranscriptJson {
  readonly format: typeof TRANSCRIPT_FORMAT;
  readonly version: typeof TRANSCRIPT_VERSION;
  readonly exportedAt: Time;
  readonly title?: string;
  readonly thread: { readonly server: string; readonly room?: string; readonly id: string };
  readonly messages: readonly TranscriptMessage[];
  /** What each run reported, by the server's run id: token usage (one entry per model), citations, its times. */
  readonly runs: Readonly<Record<string, { readonly usage?: readonly TokenUsage[]; readonly citations?: readonly SoliplexCitation[] }>>;
  /** The thread's tokens, summed over its runs (absent when no run reported any). */
  readonly usage?: TranscriptUsage;
  /** The agent state at the end. */
  readonly state?: unknown;
}

export interface TranscriptSource {
  readonly conversation: Conversation;
  readonly threadKey: ThreadKey;
  readonly title?: string;
  /** The page's title for a tool, by name. */
  readonly toolTitle?: (name: string) => string | undefined;
  /** Usage the conversation does not hold (Soliplex's usage routes), by run id. */
  readonly runUsage?: Readonly<Record<string, readonly TokenUsage[]>>;
  readonly prices?: UsagePrices;
  /** The export's time (default now). */
  readonly now?: number;
}

const iso = (ms: number | undefined) => (ms !== undefined && Number.isFinite(ms) ? new Date(ms).toISOString() : undefined);

/** Drops the fields that are `undefined`, so the JSON shows only what is there. */
function versionOf(conversation: Conversation, messageId: string): { number: number; count: number } | undefined {
  const position = versionPosition(conversation, messageId);
  return position ? { number: position.index + 1, count: position.count } : undefined;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function toolCall(call: ToolCall, title: string | undefined): TranscriptToolCall {
  const parsed = call.args !== undefined;
  return defined({
    id: call.id,
    name: call.name,
    title: title && title !== call.name ? title : undefined,
    status: call.status,
    arguments: parsed ? call.args : undefined,
    argumentsText: parsed || call.argsText === '' ? undefined : call.argsText,
    result: call.resultValue !== undefined ? call.resultValue : call.result,
    error: call.error,
    serverRun: call.serverRun,
    approval: call.approval ? defined({ decision: call.approval.decision, always: call.approval.always, at: iso(call.approval.at)! }) : undefined,
    decision: call.decision,
    cached: call.cached,
    truncated: call.argsTruncated || call.resultTruncated ? defined({ arguments: call.argsTruncated, result: call.resultTruncated }) : undefined,
    createdAt: iso(call.createdAt),
  });
}

function message(m: ChatMessage, source: TranscriptSource): TranscriptMessage {
  const base = { id: m.id, createdAt: iso(m.createdAt), runId: m.runId };
  switch (m.role) {
    case 'user':
      return defined({ ...base, role: 'user', text: m.text, attachments: m.parts?.length ? m.parts : undefined, version: versionOf(source.conversation, m.id) });
    case 'assistant': {
      const calls = m.toolCallIds.map((id) => source.conversation.toolCalls[id]).filter((c): c is ToolCall => !!c);
      return defined({ ...base, role: 'assistant', text: m.text, toolCalls: calls.map((c) => toolCall(c, source.toolTitle?.(c.name))) });
    }
    case 'reasoning':
      return defined({ ...base, role: 'reasoning', text: m.text });
    case 'system':
    case 'developer':
      return defined({ ...base, role: m.role, text: m.text, notice: m.notice || undefined });
    case 'interrupt':
      return defined({
        ...base,
        role: 'interrupt',
        interruptId: m.interrupt.id,
        reason: m.interrupt.reason,
        message: m.interrupt.message,
        toolCallId: m.interrupt.toolCallId,
        status: m.status,
        answer: m.status === 'resolved' ? m.payload : undefined,
        expired: m.expired,
      });
    case 'activity':
      return defined({ ...base, role: 'activity', activityType: m.activityType, content: m.content });
    case 'history-gap':
      return { id: m.id, role: 'history-gap', runIds: m.runIds };
  }
}

/** Every run's usage: the conversation's records, then what the source adds (Soliplex's routes). */
export function runUsage(source: TranscriptSource): Record<string, readonly TokenUsage[]> {
  const usage: Record<string, readonly TokenUsage[]> = {};
  for (const [id, record] of Object.entries(source.conversation.runRecords ?? {})) if (record.usage?.length) usage[id] = record.usage;
  for (const [id, entries] of Object.entries(source.runUsage ?? {})) if (entries.length && !usage[id]) usage[id] = entries;
  return usage;
}

/** The tokens of `entries`, summed, with their cost by `prices` when it can be told. */
export function sumUsage(entries: readonly TokenUsage[], prices: UsagePrices | undefined): TranscriptUsage | undefined {
  if (entries.length === 0) return undefined;
  let inputTokens = 0;
  let outputTokens = 0;
  for (const u of entries) {
    inputTokens += u.inputTokens ?? 0;
    outputTokens += u.outputTokens ?? 0;
  }
  const amount = usageCost(entries, prices);
  return defined({ inputTokens, outputTokens, cost: amount !== undefined && prices ? { amount, currency: prices.currency } : undefined });
}

/**
 * The thread as data, complete: every message in order with its time, each call with its arguments,
 * result, status and the user's approval, interrupts with their answers, each run's usage and
 * citations, the thread's total (and cost), the agent state; `format` and `version` say what it is.
 */
export function transcriptJson(source: TranscriptSource): TranscriptJson {
  const { conversation, threadKey } = source;
  const usage = runUsage(source);
  const runs: Record<string, { usage?: readonly TokenUsage[]; citations?: readonly SoliplexCitation[] }> = {};
  for (const [id, record] of Object.entries(conversation.runRecords ?? {})) if (record.citations?.length) runs[id] = { citations: record.citations };
  for (const [id, entries] of Object.entries(usage)) runs[id] = { usage: entries, ...runs[id] };
  return defined({
    format: TRANSCRIPT_FORMAT,
    version: TRANSCRIPT_VERSION,
    exportedAt: iso(source.now ?? Date.now())!,
    title: source.title || undefined,
    thread: defined({ server: threadKey.server, room: threadKey.room || undefined, id: threadKey.thread }),
    messages: conversation.messages.map((m) => message(m, source)),
    runs,
    usage: sumUsage(Object.values(usage).flat(), source.prices),
    state: conversation.state === undefined || (typeof conversation.state === 'object' && conversation.state !== null && Object.keys(conversation.state).length === 0) ? undefined : conversation.state,
  });
}

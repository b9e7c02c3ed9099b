import type { TokenUsage } from '@ag-ui/core';
import { mergeCitations, type SoliplexCitation } from '../transport/soliplex/soliplex-citations.js';
import type { Conversation } from './conversation.js';

/**
 * What one finished run left for the reader of its answer, kept in the conversation by the reducer
 * (so a history replay rebuilds it exactly as the live stream made it): the sources it cited (RAG
 * citations the agent state gained during the run, read as the official Soliplex client reads them,
 * and sources its tool results named in their parts' metadata, AG-UI 1.1) and the token usage its
 * `RUN_FINISHED` reported.
 */
export interface RunRecord {
  /** The sources this run cited, in the order cited (absent when none). */
  readonly citations?: readonly SoliplexCitation[];
  /** `RUN_FINISHED.usage`: one entry per provider and model (absent when the server sent none). */
  readonly usage?: readonly TokenUsage[];
}

const isCount = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value) && value >= 0);

/** The well-formed usage entries of an untrusted `RUN_FINISHED.usage`. */
function usageOf(raw: unknown): TokenUsage[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (u): u is TokenUsage => !!u && typeof u === 'object' && !Array.isArray(u) && isCount(u.inputTokens) && isCount(u.outputTokens) && isCount(u.totalTokens),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether an agent state may hold citations: a namespace with a non-empty `citations` list (chunk ids
 * into its `citation_index`, or older servers' citation objects) or `qa_history`, the only places
 * soliplex-state-citations.ts reads them from. A RAG room's state always has the (empty) lists, so a
 * plain answer there cites nothing and the reading of citations (one of the reducer's rare paths)
 * loads only with the first answer that cites.
 */
export function mayCite(state: unknown): boolean {
  const listed = (value: unknown) => Array.isArray(value) && value.length > 0;
  return isObject(state) && Object.values(state).some((ns) => isObject(ns) && (listed(ns['citations']) || listed(ns['qa_history'])));
}

/** Reads the citations a run added to the agent state (`turnCitations`, soliplex-state-citations.ts). */
export type CitationReader = (before: unknown, after: unknown) => readonly SoliplexCitation[];

/**
 * Records the run that just finished (`RUN_FINISHED`): its citations (the state it started with,
 * `runStartState`, against the state now, read by `readCitations` when the state may cite) and its
 * usage, under the server's run id. A run with neither adds no record.
 */
export function recordRunEnd(conversation: Conversation, usage: unknown, readCitations: CitationReader): Conversation {
  // The start state is needed no longer (and not kept twice where the conversation is stored).
  const { runStartState: before, runSources, ...ended } = conversation;
  const runId = conversation.currentRunId;
  if (runId === undefined) return ended;
  // The agent state's citations (Soliplex), then the sources its tool results named in metadata.
  const state = conversation.state;
  const citations = mergeCitations(state === before || !mayCite(state) ? [] : readCitations(before, state), runSources ?? []);
  const used = usageOf(usage);
  if (!citations.length && !used.length) return ended;
  const record: RunRecord = { ...(citations.length ? { citations } : {}), ...(used.length ? { usage: used } : {}) };
  return { ...ended, runRecords: { ...conversation.runRecords, [runId]: record } };
}

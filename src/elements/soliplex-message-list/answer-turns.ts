import type { AssistantMessage, Conversation } from '../../core/index.js';
import type { RunRecord } from '../../core/conversation/run-records.js';
import type { SoliplexCitation } from '../../core/transport/soliplex/soliplex-citations.js';
import { mergeCitations } from '../../core/transport/soliplex/soliplex-citations.js';
import type { TokenCount } from '../../controllers/answer-extras-controller.js';

/** One answer as its reader sees it: the assistant messages of a user turn, shown under its last one. */
export interface AnswerTurn {
  /** The turn's last assistant message (where its feedback, sources and usage show). */
  readonly messageId: string;
  /** The run that gave the answer (the last message's): its feedback is stored there. */
  readonly runId?: string;
  /** The turn's runs (server ids), first to last: a turn with tool hops has several. */
  readonly runIds: readonly string[];
  /** What the turn's runs cited, numbered in that order. */
  readonly citations: readonly SoliplexCitation[];
  /** The tokens the turn's runs reported on `RUN_FINISHED` (generic endpoints), when any did. */
  readonly usage?: TokenCount;
  /** On the last answer only: every run of the thread, and the tokens they reported. */
  readonly thread?: { readonly runIds: readonly string[]; readonly usage?: TokenCount };
}

/** The tokens the given runs reported, summed; undefined when none reported any. */
function reported(records: Conversation['runRecords'], runIds: readonly string[]): TokenCount | undefined {
  let input = 0;
  let output = 0;
  const entries = [];
  for (const id of runIds) {
    for (const u of records?.[id]?.usage ?? []) {
      entries.push(u);
      input += u.inputTokens ?? 0;
      output += u.outputTokens ?? 0;
    }
  }
  return entries.length ? { input, output, entries } : undefined;
}

/**
 * Where one answer ends: at a user message (a new turn) and at a history gap (runs that could not be
 * loaded). Everything the agent shows between two of these is one answer: the text of every hop, its
 * reasoning, tool calls, activities and questions. The one rule for both the answers on screen
 * (`groupAnswers`) and their extras (`answerTurns`).
 */
export const endsAnswer = (m: { readonly role?: string }): boolean => m.role === 'user' || m.role === 'history-gap';

/** One answer on screen: the consecutive items (messages, subagent groups) of a user turn, shown as one with one set of actions. */
export interface AnswerGroup<I extends { readonly id: string }> {
  readonly kind: 'answer';
  /** `answer-` and its first item's id: stays the same while the answer streams on. */
  readonly id: string;
  readonly items: readonly I[];
}

/** Folds the items between answer ends (see `endsAnswer`) into answers; user messages and gaps stay as they are. */
export function groupAnswers<I extends { readonly id: string; readonly role?: string }>(items: readonly I[]): (I | AnswerGroup<I>)[] {
  const out: (I | AnswerGroup<I>)[] = [];
  let group: { kind: 'answer'; id: string; items: I[] } | undefined;
  for (const item of items) {
    if (endsAnswer(item)) {
      group = undefined;
      out.push(item);
    } else if (group) {
      group.items.push(item);
    } else {
      out.push((group = { kind: 'answer', id: `answer-${item.id}`, items: [item] }));
    }
  }
  return out;
}

/** The assistant's own messages of an answer, in order (a subagent's are its working, not the answer). */
export function answerMessages(group: AnswerGroup<{ readonly id: string }>): AssistantMessage[] {
  return group.items.filter((m): m is AssistantMessage => (m as { role?: string }).role === 'assistant');
}

/**
 * What Copy copies and Read aloud reads of an answer: the text of every hop in order, a blank line
 * between them; tool calls, reasoning and subagents' working left out.
 */
export function answerText(group: AnswerGroup<{ readonly id: string }>): string {
  return answerMessages(group)
    .map((m) => m.text.trim())
    .filter(Boolean)
    .join('\n\n');
}

type Cached = { readonly deps: readonly unknown[]; readonly turn: AnswerTurn };
/** The answers' objects from the last call, by message id (one per message list). */
export type AnswerTurnCache = Map<string, Cached>;
const sameDeps = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The answers of a conversation by the id of the message they show under: each user turn's last
 * assistant message with something to show, once the turn is over (the last turn is not while
 * `busy`). A turn whose runs and records did not change keeps its object (from `cache`), so the
 * message list's pages render again only where an answer changed.
 */
export function answerTurns(conversation: Conversation, busy: boolean, cache: AnswerTurnCache): Map<string, AnswerTurn> {
  // While a turn runs its answer is open (not among them): they depend on the messages up to its
  // question only. A streamed token, which replaces a later message, gets the last call's answers
  // (checked by identity, without building them again for every turn of a long chat).
  const { messages } = conversation;
  let end = messages.length - 1;
  while (end >= 0 && !endsAnswer(messages[end]!)) end--;
  const memo = memos.get(cache);
  if (busy && memo && memo.end === end && memo.records === conversation.runRecords && samePrefix(memo.messages, messages, end)) return memo.turns;
  const turns = buildAnswerTurns(conversation, busy, cache);
  if (busy) memos.set(cache, { messages, end, records: conversation.runRecords, turns });
  else memos.delete(cache);
  return turns;
}

/** The last busy call of `answerTurns` per cache: its messages, the index of its last answer end, its records and its answers. */
const memos = new WeakMap<AnswerTurnCache, { messages: Conversation['messages']; end: number; records: Conversation['runRecords']; turns: Map<string, AnswerTurn> }>();

/** Whether `a` and `b` hold the same objects at 0…`end`. */
export function samePrefix(a: readonly unknown[], b: readonly unknown[], end: number): boolean {
  if (a === b) return true;
  if (a.length <= end || b.length <= end) return false;
  for (let i = end; i >= 0; i--) if (a[i] !== b[i]) return false;
  return true;
}

function buildAnswerTurns(conversation: Conversation, busy: boolean, cache: AnswerTurnCache): Map<string, AnswerTurn> {
  const spans: { messageId: string; runId?: string; runIds: string[] }[] = [];
  let span: { messageId?: string; runId?: string; runIds: string[] } | undefined;
  const close = () => span?.messageId && spans.push(span as { messageId: string; runIds: string[] });
  for (const m of conversation.messages) {
    if (endsAnswer(m)) {
      close();
      span = m.role === 'user' ? { runIds: [] } : undefined;
      continue;
    }
    if (!span) continue; // before the first user message (a welcome): no turn
    const runId = 'runId' in m ? m.runId : undefined;
    if (runId && !span.runIds.includes(runId)) span.runIds.push(runId);
    if (m.role === 'assistant' && (m.text || m.toolCallIds.length)) {
      span.messageId = m.complete ? m.id : undefined;
      span.runId = m.runId;
    }
  }
  if (!busy) close();
  const all = spans.flatMap((s) => s.runIds);
  const records = conversation.runRecords;
  const turns = new Map<string, AnswerTurn>();
  const next = new Map<string, Cached>();
  for (const [i, s] of spans.entries()) {
    const last = i === spans.length - 1 && !busy;
    const own: (RunRecord | undefined)[] = s.runIds.map((id) => records?.[id]);
    const deps = [s.runId, s.runIds.join('\n'), ...own, last, ...(last ? [all.join('\n'), records] : [])];
    const kept = cache.get(s.messageId);
    const turn =
      kept && sameDeps(kept.deps, deps)
        ? kept.turn
        : {
            messageId: s.messageId,
            ...(s.runId ? { runId: s.runId } : {}),
            runIds: s.runIds,
            citations: mergeCitations(...own.map((r) => r?.citations ?? [])),
            usage: reported(records, s.runIds),
            ...(last ? { thread: { runIds: all, usage: reported(records, all) } } : {}),
          };
    next.set(s.messageId, { deps, turn });
    turns.set(s.messageId, turn);
  }
  cache.clear();
  for (const [id, entry] of next) cache.set(id, entry);
  return turns;
}

import { mergeCitations, type SoliplexCitation } from './soliplex-citations.js';

/**
 * RAG citations from a Soliplex agent state, read as the official client reads them. Each
 * citation-bearing namespace (`rag`, and any other state key whose value has a `citation_index`
 * object) holds `citations` (the chunk ids this turn cited) and `citation_index` (chunk id → citation,
 * cumulative over the thread). The client seeds the run-scoped keys empty when a turn starts
 * (`seedTurnState`), so a turn's final state names exactly its own citations. Older servers sent
 * full citation objects in `citations` and per-turn entries in `qa_history`; those are read by
 * comparing the state before and after the turn. Pure functions: no I/O, never throw on bad input.
 *
 * One of the reducer's rare paths (reducer-extras.ts): a chat loads it with the first state that may
 * cite (`mayCite`, run-records.ts), so a chat whose agent keeps no citations never does.
 */

type Json = Record<string, unknown>;
const RUN_SCOPED = { citations: () => [], searches: () => ({}), executions: () => [] } as const;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const namespaces = (state: unknown): Json[] => (isObject(state) ? Object.values(state).filter(isObject) : []);
/** Current shape: a namespace with a `citation_index` object. */
const indexed = (state: unknown) => namespaces(state).filter((ns) => isObject(ns.citation_index));

/** A wire citation (snake_case) as a `SoliplexCitation`, or null when required fields are missing. */
export function toCitation(raw: unknown): SoliplexCitation | null {
  if (!isObject(raw)) return null;
  const { chunk_id, document_id, document_uri, content } = raw;
  if (typeof chunk_id !== 'string' || typeof content !== 'string') return null;
  const meta = isObject(raw.document_meta) ? raw.document_meta : {};
  const source = typeof meta.source_url === 'string' && /^https?:\/\//i.test(meta.source_url) ? meta.source_url : undefined;
  return {
    chunkId: chunk_id,
    documentId: typeof document_id === 'string' ? document_id : '',
    documentUri: typeof document_uri === 'string' ? document_uri : '',
    documentTitle: typeof raw.document_title === 'string' ? raw.document_title : null,
    content,
    headings: strings(raw.headings),
    pageNumbers: Array.isArray(raw.page_numbers) ? raw.page_numbers.filter((n): n is number => Number.isInteger(n)) : [],
    docItemRefs: strings(raw.doc_item_refs),
    ...(Number.isInteger(raw.index) ? { index: raw.index as number } : {}),
    ...(source ? { sourceUrl: source } : {}),
  };
}

/**
 * The state to send when a turn starts: in each citation-bearing namespace, the run-scoped keys it
 * has (`citations`, `searches`, `executions`) are emptied; `citation_index`, `document_filter` and
 * everything else are kept. Other state is returned as it was (the same object when nothing changes).
 */
export function seedTurnState<T>(state: T): T {
  if (!isObject(state)) return state;
  let out: Json | undefined;
  for (const [key, ns] of Object.entries(state)) {
    if (!isObject(ns) || !isObject(ns.citation_index)) continue;
    const seeded: Json = { ...ns };
    for (const [name, empty] of Object.entries(RUN_SCOPED)) if (name in ns) seeded[name] = empty();
    (out ??= { ...state })[key] = seeded;
  }
  return (out ?? state) as T;
}

/** The chunk ids a state cites (current shape), across namespaces, first appearance first. */
export function citedChunkIds(state: unknown): string[] {
  return [...new Set(indexed(state).flatMap((ns) => strings(ns.citations)))];
}

/** Resolves chunk ids through the state's `citation_index`es; ids found nowhere are left out. */
export function resolveCitations(ids: Iterable<string>, state: unknown): SoliplexCitation[] {
  const indexes = indexed(state).map((ns) => ns.citation_index as Json);
  const out: SoliplexCitation[] = [];
  for (const id of new Set(ids)) {
    for (const index of indexes) {
      const citation = toCitation(index[id]);
      if (citation) {
        out.push(citation);
        break;
      }
    }
  }
  return out;
}

/**
 * The chunk ids a turn cited (current shape). A state that was not seeded carries the last turn's
 * ids: when the list grew by appending (the earlier list is its start), the appended ids are the
 * turn's, a chunk cited again included; otherwise the ids the earlier list lacks.
 */
function turnChunkIds(before: Json, after: unknown): string[] {
  const ids = Object.entries(isObject(after) ? after : {}).flatMap(([key, ns]) => {
    if (!isObject(ns) || !isObject(ns.citation_index)) return [];
    const now = strings(ns.citations);
    const old = isObject(before[key]) ? strings((before[key] as Json).citations) : [];
    return old.length <= now.length && old.every((id, i) => now[i] === id) ? now.slice(old.length) : now.filter((id) => !old.includes(id));
  });
  return [...new Set(ids)];
}

/** Older shape: a namespace's full citation objects this turn added (new `qa_history` entries, else new `citations`). */
function legacyTurnCitations(before: Json | undefined, after: Json): SoliplexCitation[] {
  if (Array.isArray(after.qa_history)) {
    const seen = Array.isArray(before?.qa_history) ? before.qa_history.length : 0;
    return after.qa_history.slice(seen).flatMap((entry) => (isObject(entry) && Array.isArray(entry.citations) ? entry.citations : [])).map(toCitation).filter((c): c is SoliplexCitation => c !== null);
  }
  const old = new Set((Array.isArray(before?.citations) ? before.citations : []).map((c) => (isObject(c) ? c.chunk_id : undefined)));
  return (Array.isArray(after.citations) ? after.citations : []).filter((c) => isObject(c) && !old.has(c.chunk_id)).map(toCitation).filter((c): c is SoliplexCitation => c !== null);
}

/**
 * The citations one turn added, from the state it started with (`before`, as sent) and the state it
 * ended with (`after`, its final STATE_SNAPSHOT or the deltas applied). Current shape: the chunk ids
 * in `after`'s `citations` resolved through `citation_index` (for a turn whose state was not seeded,
 * those `before` did not already hold: see `turnChunkIds`). Older shape: the full citation objects added.
 * Deduplicated by chunk id, in the order cited.
 */
export function turnCitations(before: unknown, after: unknown): SoliplexCitation[] {
  const beforeNs = isObject(before) ? before : {};
  const current = resolveCitations(turnChunkIds(beforeNs, after), after);
  const legacy = isObject(after)
    ? Object.entries(after).flatMap(([key, ns]) =>
        isObject(ns) && !isObject(ns.citation_index) && (Array.isArray(ns.qa_history) || (Array.isArray(ns.citations) && ns.citations.some(isObject)))
          ? legacyTurnCitations(isObject(beforeNs[key]) ? (beforeNs[key] as Json) : undefined, ns)
          : [],
      )
    : [];
  return mergeCitations(current, legacy);
}


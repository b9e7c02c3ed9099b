/**
 * A Soliplex room's RAG documents: the document set (`GET …/rooms/{room}/documents`), one chunk's
 * page previews (`GET …/rooms/{room}/chunk/{chunk}`), and the document filter the official client
 * sends in the agent state (`state.rag.document_filter`: `"id = '<id>'"`, `"id IN ('<a>', '<b>')"`
 * or null) to limit which documents the agent searches.
 */
import type { SoliplexClient, SoliplexThread } from './soliplex-client.js';

/** One document of a room's RAG database (a `document_set` value). */
export interface SoliplexDocument {
  readonly id: string;
  readonly title: string | null;
  readonly uri: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly created_at?: string | null;
  readonly updated_at?: string | null;
}

/** A chunk's page images with the chunk highlighted (base64 PNGs), for a citation's preview. */
export interface SoliplexChunk {
  readonly chunk_id: string;
  readonly document_uri: string | null;
  readonly images_base_64: readonly string[];
}

/** The state key of the RAG namespace and of its filter, as the backend names them. */
export const RAG_STATE_KEY = 'rag';
const FILTER_KEY = 'document_filter';

/**
 * The room's documents, in the server's order (empty for a room without RAG). Malformed entries are
 * skipped, so one bad document does not hide the others.
 */
export async function listDocuments(api: SoliplexClient, room: string, signal?: AbortSignal): Promise<SoliplexDocument[]> {
  return parseDocuments(await api.json('GET', `${api.roomPath(room)}/documents`, undefined, signal));
}

/** The documents in a `GET …/rooms/{room}/documents` answer (malformed entries skipped). */
export function parseDocuments(answer: unknown): SoliplexDocument[] {
  const set = (answer as { document_set?: Record<string, Partial<SoliplexDocument>> | null } | null)?.document_set;
  if (!set || typeof set !== 'object') return [];
  return Object.values(set).flatMap((doc) =>
    doc && typeof doc.id === 'string'
      ? [{
          id: doc.id,
          title: typeof doc.title === 'string' ? doc.title : null,
          uri: typeof doc.uri === 'string' ? doc.uri : '',
          metadata: doc.metadata && typeof doc.metadata === 'object' ? doc.metadata : {},
          created_at: doc.created_at ?? null,
          updated_at: doc.updated_at ?? null,
        }]
      : [],
  );
}

/**
 * A chunk's page previews. `refs` (a citation's `doc_item_refs`) highlight exactly those items;
 * `expand` widens the highlight to the chunk's section (ignored with `refs`). Sent as the official
 * client sends them. A 404 (unknown chunk, or no page images: not a PDF) rejects with status 404.
 */
export function getChunk(
  api: SoliplexClient,
  room: string,
  chunkId: string,
  { refs, expand = false, signal }: { readonly refs?: readonly string[]; readonly expand?: boolean; readonly signal?: AbortSignal } = {},
): Promise<SoliplexChunk> {
  const query = new URLSearchParams({ expand: String(expand) });
  if (refs?.length) query.set('refs', JSON.stringify(refs));
  return api.json('GET', `${api.roomPath(room)}/chunk/${encodeURIComponent(chunkId)}?${query}`, undefined, signal);
}

/**
 * The filter for a choice of documents: `id = '<id>'` for one, `id IN ('<a>', '<b>')` for several
 * (ids deduplicated, quotes doubled), null for none chosen (search every document).
 */
export function buildDocumentFilter(documentIds: Iterable<string>): string | null {
  const ids = [...new Set(documentIds)].map((id) => `'${id.replace(/'/g, "''")}'`);
  if (ids.length === 0) return null;
  return ids.length === 1 ? `id = ${ids[0]}` : `id IN (${ids.join(', ')})`;
}

/** The document ids a filter names (every quoted value, doubled quotes undone); [] for null. */
export function parseDocumentFilter(filter: string | null | undefined): string[] {
  const ids: string[] = [];
  if (typeof filter !== 'string') return ids;
  for (const match of filter.matchAll(/'((?:[^']|'')*)'/g)) ids.push(match[1].replace(/''/g, "'"));
  return ids;
}

/** The state overlay that sets the filter (merge it into the run's state on every run). */
export function documentFilterState(filter: string | null): { readonly rag: { readonly document_filter: string | null } } {
  return { [RAG_STATE_KEY]: { [FILTER_KEY]: filter } } as { rag: { document_filter: string | null } };
}

/**
 * The filter a thread last ran with: from the newest run whose input state carries
 * `rag.document_filter` (runs are in creation order); an explicit null there means "cleared".
 * Undefined when no run ever sent one.
 */
export function latestDocumentFilter(thread: Pick<SoliplexThread, 'runs'>): string | null | undefined {
  for (const run of Object.values(thread.runs ?? {}).reverse()) {
    const rag = (run?.run_input?.state as Record<string, unknown> | undefined)?.[RAG_STATE_KEY];
    if (!rag || typeof rag !== 'object' || !(FILTER_KEY in rag)) continue;
    const filter = (rag as Record<string, unknown>)[FILTER_KEY];
    return typeof filter === 'string' ? filter : null;
  }
  return undefined;
}

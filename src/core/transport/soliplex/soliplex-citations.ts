/**
 * The shape of an answer's cited sources, as the widget keeps them (camelCase, whatever the wire shape
 * was), and their merging. Reading them from a Soliplex agent state is soliplex-state-citations.ts: a
 * chat loads it with the first state that may carry citations (the reducer's rare paths).
 */

/** One cited source (camelCase, the widget's own shape, whatever the wire shape was). */
export interface SoliplexCitation {
  readonly chunkId: string;
  readonly documentId: string;
  readonly documentUri: string;
  readonly documentTitle: string | null;
  /** The cited text (Markdown as the model saw it). */
  readonly content: string;
  /** The heading trail leading to the chunk, outermost first. */
  readonly headings: readonly string[];
  readonly pageNumbers: readonly number[];
  /** Passed to the chunk route (`refs`) so the preview highlights what was cited. */
  readonly docItemRefs: readonly string[];
  /** The backend's 1-based number for the source (numbered across the thread), when it sent one. */
  readonly index?: number;
  /** The document's web address (`document_meta.source_url`), when it is an http(s) URL. */
  readonly sourceUrl?: string;
  /**
   * `metadata` for a source a tool result's text part named in its AG-UI metadata (metadata-sources.ts):
   * no document on a Soliplex server, so no page preview to load.
   */
  readonly origin?: 'metadata';
}

/** Both lists, deduplicated by chunk id (a turn of several runs: each run's citations in turn). */
export function mergeCitations(...lists: readonly (readonly SoliplexCitation[])[]): SoliplexCitation[] {
  const seen = new Set<string>();
  return lists.flat().filter((c) => !seen.has(c.chunkId) && (seen.add(c.chunkId), true));
}

import type { ContentPart } from '@ag-ui/core';
import type { SoliplexCitation } from '../transport/soliplex/soliplex-citations.js';
import type { Conversation } from './conversation.js';

/**
 * Sources from metadata (AG-UI 1.1): a search hit travels as a text part whose `metadata` names its
 * `source` (an address or a name) and `title`, not as a part type of its own. The text parts of the
 * tool results a run receives that carry a source are kept as the run's sources, in the shape of the
 * Soliplex citations (`origin: 'metadata'`), so the answer shows them numbered under it the same way
 * (run-records.ts adds them to the run's record when it finishes).
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The source a content part's metadata names, as a citation; undefined when it names none. */
export function metadataSource(part: ContentPart): SoliplexCitation | undefined {
  const meta = (part as { metadata?: unknown }).metadata;
  if (part.type !== 'text' || !isObject(meta)) return undefined;
  const source = typeof meta['source'] === 'string' ? meta['source'] : typeof meta['url'] === 'string' ? meta['url'] : undefined;
  const title = typeof meta['title'] === 'string' && meta['title'] ? meta['title'] : null;
  if (!source && !title) return undefined;
  const uri = source ?? '';
  return {
    chunkId: `metadata:${uri}\n${title ?? ''}\n${part.text.slice(0, 200)}`,
    documentId: '',
    documentUri: uri,
    documentTitle: title,
    content: part.text,
    headings: [],
    pageNumbers: [],
    docItemRefs: [],
    ...(/^https?:\/\//i.test(uri) ? { sourceUrl: uri } : {}),
    origin: 'metadata',
  };
}

/** Adds the sources `parts` carry in their metadata to the current run's (the same conversation when none). */
export function keepMetadataSources(conversation: Conversation, parts: readonly ContentPart[] | undefined): Conversation {
  const found = parts?.map(metadataSource).filter((c): c is SoliplexCitation => c !== undefined);
  if (!found?.length) return conversation;
  return { ...conversation, runSources: [...(conversation.runSources ?? []), ...found] };
}

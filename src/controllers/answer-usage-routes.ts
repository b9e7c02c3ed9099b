import type { ThreadKey } from '../core/index.js';
import type { SoliplexClient } from '../core/transport/soliplex/soliplex-client.js';
import type { SoliplexCitation } from '../core/transport/soliplex/soliplex-citations.js';
import type { SoliplexChunk } from '../core/transport/soliplex/soliplex-documents.js';
import { getRunUsage, type SoliplexUsage } from '../core/transport/soliplex/soliplex-run-usage.js';
import type { RoomThread } from './answer-extras-soliplex.js';

/** Waits before asking again for a usage the server had not saved yet (it saves it as the run ends). */
const USAGE_RETRIES_MS = [400, 1200, 3600];

/**
 * The rarer Soliplex answer routes (answer-extras-soliplex.ts keeps the feedback ones every answer
 * asks): a run's token usage, asked only with `show-usage`, and a cited chunk's page previews, asked
 * when a source is opened. Loaded on their first use.
 */

/** Run `runId`'s token usage (null: it has none), asked again a few times while a run that just finished has not saved it. */
export async function runUsage(api: SoliplexClient, thread: RoomThread, runId: string, signal: AbortSignal): Promise<SoliplexUsage | null> {
  let usage = await getRunUsage(api, thread.room, thread.thread, runId, signal);
  for (const wait of USAGE_RETRIES_MS) {
    if (usage) break;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (signal.aborted) throw signal.reason;
    usage = await getRunUsage(api, thread.room, thread.thread, runId, signal);
  }
  return usage;
}

/** A cited chunk's page previews (base64 PNGs); null when the server has none for it (not a paged document). */
export async function chunkPreviews(
  api: SoliplexClient,
  thread: ThreadKey & { readonly room: string },
  citation: SoliplexCitation,
  signal: AbortSignal,
): Promise<SoliplexChunk | null> {
  // Its own chunk still (the documents picker uses it too).
  const { getChunk } = await import('../core/transport/soliplex/soliplex-documents.js');
  try {
    return await getChunk(api, thread.room, citation.chunkId, { refs: citation.docItemRefs, signal });
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

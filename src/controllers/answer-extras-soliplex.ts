import type { ThreadKey } from '../core/index.js';
import { SoliplexClient, type TokenSource } from '../core/transport/soliplex/soliplex-client.js';
import type { SoliplexCitation } from '../core/transport/soliplex/soliplex-citations.js';
import type { SoliplexChunk } from '../core/transport/soliplex/soliplex-documents.js';
import { feedbackFromRating, getRunFeedback, getRunUsage, ratingFromFeedback, sendRunFeedback, type SoliplexUsage } from '../core/transport/soliplex/soliplex-run-extras.js';
import type { AnswerRating } from './answer-extras-controller.js';

/** Waits before asking again for a usage the server had not saved yet (it saves it as the run ends). */
const USAGE_RETRIES_MS = [400, 1200, 3600];

/** A Soliplex thread: one with a room and a thread id. */
export type RoomThread = ThreadKey & { readonly room: string; readonly thread: string };

/**
 * The Soliplex half of the answers' extras (answer-extras-controller.ts): the run routes a rating is
 * read from and stored on (`…/{run}/feedback`), the runs' token usage (`…/{run}/usage`) and the cited
 * chunks' page previews (`…/rooms/{room}/chunk/{chunk}`). Loaded with the first Soliplex answer that
 * needs one of them, in the Soliplex room's chunk (rollup.config.mjs): a generic chat never loads it.
 */
export class SoliplexAnswerRoutes {
  readonly #token: TokenSource;
  #api?: { readonly server: string; readonly api: SoliplexClient };

  constructor(token: TokenSource) {
    this.#token = token;
  }

  /** The stored rating of run `runId`, or null. */
  async feedback(thread: RoomThread, runId: string, signal: AbortSignal): Promise<AnswerRating | null> {
    const stored = await getRunFeedback(this.#apiFor(thread.server), thread.room, thread.thread, runId, signal);
    return stored ? { rating: ratingFromFeedback(stored.feedback), ...(stored.reason ? { reason: stored.reason } : {}) } : null;
  }

  /** Stores `rating` on run `runId` (replacing an earlier one). */
  async rate(thread: RoomThread, runId: string, rating: AnswerRating, signal: AbortSignal): Promise<void> {
    await sendRunFeedback(this.#apiFor(thread.server), thread.room, thread.thread, runId, { feedback: feedbackFromRating(rating.rating), reason: rating.reason ?? null }, signal);
  }

  /** Run `runId`'s token usage (null: it has none), asked again a few times while a run that just finished has not saved it. */
  async usage(thread: RoomThread, runId: string, signal: AbortSignal): Promise<SoliplexUsage | null> {
    const api = this.#apiFor(thread.server);
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
  async chunk(thread: ThreadKey & { readonly room: string }, citation: SoliplexCitation, signal: AbortSignal): Promise<SoliplexChunk | null> {
    // Its own chunk still: loaded when a source is first opened.
    const { getChunk } = await import('../core/transport/soliplex/soliplex-documents.js');
    try {
      return await getChunk(this.#apiFor(thread.server), thread.room, citation.chunkId, { refs: citation.docItemRefs, signal });
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  /** One server's API (the chat shows one at a time). */
  #apiFor(server: string): SoliplexClient {
    if (this.#api?.server !== server) this.#api = { server, api: new SoliplexClient({ serverUrl: server, token: this.#token }) };
    return this.#api.api;
  }
}

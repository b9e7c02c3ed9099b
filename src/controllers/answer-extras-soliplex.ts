import type { ThreadKey } from '../core/index.js';
import { SoliplexClient, type TokenSource } from '../core/transport/soliplex/soliplex-client.js';
import type { SoliplexCitation } from '../core/transport/soliplex/soliplex-citations.js';
import type { SoliplexChunk } from '../core/transport/soliplex/soliplex-documents.js';
import { getRunFeedback, ratingFromFeedback, type SoliplexUsage } from '../core/transport/soliplex/soliplex-run-extras.js';
import type { AnswerRating } from './answer-extras-controller.js';
import { LazyModule } from '../core/lazy-module.js';

/** The usage and chunk-preview routes (answer-usage-routes.ts): loaded on first use. */
const rare = new LazyModule(() => import('./answer-usage-routes.js'));

/** A Soliplex thread: one with a room and a thread id. */
export type RoomThread = ThreadKey & { readonly room: string; readonly thread: string };

/**
 * The Soliplex half of the answers' extras (answer-extras-controller.ts): the run route a rating is
 * read from (`GET …/{run}/feedback`); loaded with the first rating given, the code that stores one
 * (`POST …/{run}/feedback`, soliplex-send-feedback.ts); and, loaded on first use (answer-usage-routes.ts),
 * the runs' token usage (`…/{run}/usage`) and the cited chunks' page previews (`…/rooms/{room}/chunk/{chunk}`). Loaded with the first Soliplex answer that
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

  /** Stores `rating` on run `runId` (replacing an earlier one); its code loads with the first rating given. */
  async rate(thread: RoomThread, runId: string, rating: AnswerRating, signal: AbortSignal): Promise<void> {
    const { feedbackFromRating, sendRunFeedback } = await import('../core/transport/soliplex/soliplex-send-feedback.js');
    await sendRunFeedback(this.#apiFor(thread.server), thread.room, thread.thread, runId, { feedback: feedbackFromRating(rating.rating), reason: rating.reason ?? null }, signal);
  }

  /** Run `runId`'s token usage (null: it has none); its code loads with the first (only `show-usage` asks). */
  async usage(thread: RoomThread, runId: string, signal: AbortSignal): Promise<SoliplexUsage | null> {
    return (await rare.load()).runUsage(this.#apiFor(thread.server), thread, runId, signal);
  }

  /** A cited chunk's page previews (base64 PNGs); null when the server has none. Its code loads when a source is first opened. */
  async chunk(thread: ThreadKey & { readonly room: string }, citation: SoliplexCitation, signal: AbortSignal): Promise<SoliplexChunk | null> {
    return (await rare.load()).chunkPreviews(this.#apiFor(thread.server), thread, citation, signal);
  }

  /** One server's API (the chat shows one at a time). */
  #apiFor(server: string): SoliplexClient {
    if (this.#api?.server !== server) this.#api = { server, api: new SoliplexClient({ serverUrl: server, token: this.#token }) };
    return this.#api.api;
  }
}

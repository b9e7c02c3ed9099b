import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TokenUsage } from '@ag-ui/core';
import type { ThreadKey } from '../core/index.js';
import { threadKeyId } from '../core/tool-loop/run-state.js';
import type { TokenSource } from '../core/transport/soliplex/soliplex-api.js';
import type { SoliplexCitation } from '../core/transport/soliplex/soliplex-citations.js';
import type { SoliplexChunk } from '../core/transport/soliplex/soliplex-documents.js';
import type { SoliplexUsage } from '../core/transport/soliplex/soliplex-run-extras.js';
import type { RoomThread, SoliplexAnswerRoutes } from './answer-extras-soliplex.js';

/** A user's rating of an answer. */
export interface AnswerRating {
  readonly rating: 'up' | 'down';
  readonly reason?: string;
}

/** Tokens in and out, summed over runs. */
export interface TokenCount {
  readonly input: number;
  readonly output: number;
  /** The entries summed, by model (a generic endpoint's `RUN_FINISHED.usage`): what a price table prices. */
  readonly entries?: readonly TokenUsage[];
}

/** What `soliplex-feedback` reports. */
export interface AnswerFeedback extends AnswerRating {
  readonly threadKey: ThreadKey;
  readonly messageId: string;
  readonly runId: string;
}

export interface AnswerExtrasConfig {
  /** The thread on screen (a Soliplex one when its key has a room). */
  readonly threadKey: () => ThreadKey;
  readonly token: TokenSource;
  /** The user rated an answer: the chat fires `soliplex-feedback`. */
  readonly onFeedback: (feedback: AnswerFeedback) => void;
}

type Loaded<T> = { readonly state: 'loading' } | { readonly state: 'done'; readonly value: T };

const inRoom = (thread: ThreadKey): thread is RoomThread => !!thread.room && !!thread.thread;

/**
 * The per-answer data of the chat's thread on screen, beside what the conversation holds (citations
 * and a generic endpoint's token usage are in its `runRecords`): the user's feedback on each answer
 * and, on Soliplex, the runs' token usage and the cited chunks' page previews, read from and sent to
 * the run's routes (`…/{run}/feedback`, `…/{run}/usage`, `…/rooms/{room}/chunk/{chunk}`). Off
 * Soliplex a rating is only reported (`onFeedback`) and remembered for this page.
 *
 * The routes' code (answer-extras-soliplex.ts) loads with the first Soliplex answer that needs it: a
 * generic chat never loads it. What it loads is cached by thread and run (a finished run's usage never
 * changes), and each change is told to the subscribers (the answers on screen), which render again.
 */
export class AnswerExtrasController implements ReactiveController {
  readonly #config: AnswerExtrasConfig;
  readonly #listeners = new Set<() => void>();
  readonly #feedback = new Map<string, Loaded<AnswerRating | null>>();
  readonly #usage = new Map<string, Loaded<SoliplexUsage | null>>();
  #routes?: Promise<SoliplexAnswerRoutes>;
  #abort = new AbortController();

  constructor(host: ReactiveControllerHost, config: AnswerExtrasConfig) {
    this.#config = config;
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // What was loading is asked again when the chat is back.
    this.#abort.abort();
    this.#abort = new AbortController();
    for (const cache of [this.#feedback, this.#usage] as Map<string, Loaded<unknown>>[]) {
      for (const [key, entry] of cache) if (entry.state === 'loading') cache.delete(key);
    }
  }

  /** Calls `listener` after each change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Whether the thread on screen is a Soliplex room's (its answers' extras come from the server). */
  get soliplex(): boolean {
    return !!this.#config.threadKey().room;
  }

  /**
   * The rating of the answer `runId` gave; on Soliplex loaded the first time it is asked for with
   * `load` (an answer asks once it is on screen: a long thread does not ask for all of them at once).
   */
  feedback(runId: string, load = true): AnswerRating | undefined {
    return this.#cached(this.#feedback, runId, load, (routes, thread, signal) => routes.feedback(thread, runId, signal)) ?? undefined;
  }

  /**
   * Rates the answer `messageId` (given by run `runId`): shown at once, reported to the page, and on
   * Soliplex stored on the run (a later rating replaces it). Resolves false when the server refused
   * or could not be reached (the previous rating is shown again).
   */
  async rate(messageId: string, runId: string, rating: AnswerRating): Promise<boolean> {
    const threadKey = this.#config.threadKey();
    const key = this.#key(runId);
    const previous = this.#feedback.get(key);
    const reason = rating.reason?.trim() || undefined;
    const next: AnswerRating = { rating: rating.rating, ...(reason ? { reason } : {}) };
    this.#feedback.set(key, { state: 'done', value: next });
    this.#changed();
    this.#config.onFeedback({ threadKey, messageId, runId, ...next });
    if (!inRoom(threadKey)) return true;
    try {
      await (await this.#loadRoutes()).rate(threadKey, runId, next, this.#abort.signal);
      return true;
    } catch (error) {
      console.error('[soliplex-chat] the feedback could not be sent', error);
      if (this.#feedback.get(key)?.state === 'done' && (this.#feedback.get(key) as { value: unknown }).value === next) {
        if (previous?.state === 'done') this.#feedback.set(key, previous);
        else this.#feedback.delete(key);
        this.#changed();
      }
      return false;
    }
  }

  /**
   * Run `runId`'s token usage on Soliplex (its usage route; null: it has none): undefined while not
   * known, loaded the first time it is asked for with `load`. Off Soliplex, undefined. (The usage line,
   * answer-extras-view.ts, sums a turn's and a thread's runs.)
   */
  runUsage(runId: string, load = true): SoliplexUsage | null | undefined {
    return this.#cached(this.#usage, runId, load, (routes, thread, signal) => routes.usage(thread, runId, signal));
  }

  /** A cited chunk's page previews (base64 PNGs); null when the server has none for it (not a paged document). */
  async chunk(citation: SoliplexCitation): Promise<SoliplexChunk | null> {
    const thread = this.#config.threadKey();
    if (!thread.room) return null;
    return (await this.#loadRoutes()).chunk({ ...thread, room: thread.room }, citation, this.#abort.signal);
  }

  /** A cached value of run `runId` of the thread on screen; on Soliplex loaded (`load`) the first time it is asked for. */
  #cached<T>(cache: Map<string, Loaded<T>>, runId: string, load: boolean, ask: (routes: SoliplexAnswerRoutes, thread: RoomThread, signal: AbortSignal) => Promise<T>): T | undefined {
    const key = this.#key(runId);
    const entry = cache.get(key);
    if (entry) return entry.state === 'done' ? entry.value : undefined;
    const thread = this.#config.threadKey();
    if (!load || !inRoom(thread)) return undefined;
    cache.set(key, { state: 'loading' });
    void this.#load(cache, key, (routes, signal) => ask(routes, thread, signal));
    return undefined;
  }

  #key(runId: string): string {
    return `${threadKeyId(this.#config.threadKey())}\n${runId}`;
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** The Soliplex routes' code, loaded on first use (a failed load is tried again next time). */
  #loadRoutes(): Promise<SoliplexAnswerRoutes> {
    this.#routes ??= import('./answer-extras-soliplex.js').then(
      ({ SoliplexAnswerRoutes }) => new SoliplexAnswerRoutes(this.#config.token),
      (error: unknown) => {
        this.#routes = undefined;
        throw error;
      },
    );
    return this.#routes;
  }

  /** Loads one cache entry; a failure is logged and reads as none (the answer shows without it). */
  async #load<T>(cache: Map<string, Loaded<T>>, key: string, load: (routes: SoliplexAnswerRoutes, signal: AbortSignal) => Promise<T>): Promise<void> {
    const signal = this.#abort.signal;
    try {
      const value = await load(await this.#loadRoutes(), signal);
      if (signal.aborted || cache.get(key)?.state !== 'loading') return;
      cache.set(key, { state: 'done', value });
    } catch (error) {
      if (signal.aborted) return;
      console.error('[soliplex-chat] an answer’s details could not be loaded', error);
      cache.set(key, { state: 'done', value: null as T });
    }
    this.#changed();
  }
}

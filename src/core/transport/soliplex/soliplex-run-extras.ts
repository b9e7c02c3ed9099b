/**
 * Reading a Soliplex run's feedback (`GET …/{run}/feedback`), which every answer shown asks. Storing
 * one is `soliplex-send-feedback.ts`, the usage `soliplex-run-usage.ts` (loaded on use); the
 * installation routes are in `soliplex-installation.ts` (the chat uses none).
 */
import { TransportError } from '../transport.js';
import type { SoliplexClient } from './soliplex-client.js';

export type { SoliplexUsage } from './soliplex-run-usage.js';

/** The backend's feedback words. */
export type SoliplexFeedbackValue = 'thumbs_up' | 'thumbs_down';

export interface SoliplexFeedback {
  readonly feedback: SoliplexFeedbackValue;
  readonly reason: string | null;
}

/** The backend's feedback words → the widget's rating words (`soliplex-feedback` event). */
export const ratingFromFeedback = (feedback: SoliplexFeedbackValue): 'up' | 'down' => (feedback === 'thumbs_up' ? 'up' : 'down');

const notFound = (error: unknown) => error instanceof TransportError && error.status === 404;

/** A run's feedback, or null while it has none (the server answers 404). */
export async function getRunFeedback(api: SoliplexClient, room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexFeedback | null> {
  try {
    return await api.json<SoliplexFeedback>('GET', `${api.runPath(room, thread, run)}/feedback`, undefined, signal);
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/**
 * Per-run extras of a Soliplex thread: usage (`GET …/{run}/usage`) and feedback (`GET`/`POST
 * …/{run}/feedback`). The installation routes are in `soliplex-installation.ts` (the chat uses none).
 */
import { TransportError } from '../transport.js';
import type { SoliplexClient } from './soliplex-client.js';

/** What the model used for one run (pydantic-ai's count). */
export interface SoliplexUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly requests: number;
  readonly tool_calls: number;
}

/** The backend's feedback words. */
export type SoliplexFeedbackValue = 'thumbs_up' | 'thumbs_down';

export interface SoliplexFeedback {
  readonly feedback: SoliplexFeedbackValue;
  readonly reason: string | null;
}

/** The widget's rating words (`soliplex-feedback` event) ↔ the backend's. */
export const feedbackFromRating = (rating: 'up' | 'down'): SoliplexFeedbackValue => (rating === 'up' ? 'thumbs_up' : 'thumbs_down');
export const ratingFromFeedback = (feedback: SoliplexFeedbackValue): 'up' | 'down' => (feedback === 'thumbs_up' ? 'up' : 'down');

const notFound = (error: unknown) => error instanceof TransportError && error.status === 404;

/** A run's usage, or null when the server counted none (a run that did not complete). */
export async function getRunUsage(api: SoliplexClient, room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexUsage | null> {
  const usage = await api.json<SoliplexUsage | null>('GET', `${api.runPath(room, thread, run)}/usage`, undefined, signal);
  return usage && typeof usage === 'object' && typeof usage.input_tokens === 'number' ? usage : null;
}

/** A run's feedback, or null while it has none (the server answers 404). */
export async function getRunFeedback(api: SoliplexClient, room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexFeedback | null> {
  try {
    return await api.json<SoliplexFeedback>('GET', `${api.runPath(room, thread, run)}/feedback`, undefined, signal);
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/** Sets a run's feedback (answered 205; a later call replaces it). The reason is sent as null when empty. */
export async function sendRunFeedback(
  api: SoliplexClient,
  room: string,
  thread: string,
  run: string,
  feedback: { readonly feedback: SoliplexFeedbackValue; readonly reason?: string | null },
  signal?: AbortSignal,
): Promise<void> {
  const reason = feedback.reason?.trim() ? feedback.reason : null;
  await api.request('POST', `${api.runPath(room, thread, run)}/feedback`, { body: { feedback: feedback.feedback, reason }, signal });
}

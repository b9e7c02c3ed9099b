/**
 * Storing a rating on a Soliplex run (`POST …/{run}/feedback`): apart from reading one
 * (`soliplex-run-extras.ts`, which every answer shown asks), since only a rating given sends one.
 */
import type { SoliplexClient } from './soliplex-client.js';
import type { SoliplexFeedbackValue } from './soliplex-run-extras.js';

/** The widget's rating words (`soliplex-feedback` event) → the backend's. */
export const feedbackFromRating = (rating: 'up' | 'down'): SoliplexFeedbackValue => (rating === 'up' ? 'thumbs_up' : 'thumbs_down');

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

/**
 * Per-run extras of a Soliplex thread: usage (`GET …/{run}/usage`) and feedback (`GET`/`POST
 * …/{run}/feedback`), and the installation routes (`GET /api/v1/installation`, `…/versions`,
 * `…/identity`).
 */
import { TransportError } from '../transport.js';
import type { SoliplexApi } from './soliplex-api.js';

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
export async function getRunUsage(api: SoliplexApi, room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexUsage | null> {
  const usage = await api.json<SoliplexUsage | null>('GET', `${api.runPath(room, thread, run)}/usage`, undefined, signal);
  return usage && typeof usage === 'object' && typeof usage.input_tokens === 'number' ? usage : null;
}

/** A run's feedback, or null while it has none (the server answers 404). */
export async function getRunFeedback(api: SoliplexApi, room: string, thread: string, run: string, signal?: AbortSignal): Promise<SoliplexFeedback | null> {
  try {
    return await api.json<SoliplexFeedback>('GET', `${api.runPath(room, thread, run)}/feedback`, undefined, signal);
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/** Sets a run's feedback (answered 205; a later call replaces it). The reason is sent as null when empty. */
export async function sendRunFeedback(
  api: SoliplexApi,
  room: string,
  thread: string,
  run: string,
  feedback: { readonly feedback: SoliplexFeedbackValue; readonly reason?: string | null },
  signal?: AbortSignal,
): Promise<void> {
  const reason = feedback.reason?.trim() ? feedback.reason : null;
  await api.request('POST', `${api.runPath(room, thread, run)}/feedback`, { body: { feedback: feedback.feedback, reason }, signal });
}

/** The installation's configuration (`GET /api/v1/installation`); the fields a client shows. */
export interface SoliplexInstallation {
  readonly id: string;
  readonly agui_features?: readonly { readonly name: string; readonly description?: string }[];
  readonly oidc_auth_systems?: readonly { readonly id: string; readonly title?: string }[];
  readonly [field: string]: unknown;
}

/** The server's name and description for display (`GET /api/v1/installation/identity`). */
export interface SoliplexIdentity {
  readonly installation_id: string;
  readonly name?: string | null;
  readonly description?: string | null;
}

export function getInstallation(api: SoliplexApi, signal?: AbortSignal): Promise<SoliplexInstallation> {
  return api.json('GET', '/api/v1/installation', undefined, signal);
}

/**
 * Installed package versions: `{soliplex: '0.41.0', 'pydantic-ai': '…', …}` from the route's
 * `{name: {version}}` (entries without a version string are left out).
 */
export async function getInstallationVersions(api: SoliplexApi, signal?: AbortSignal): Promise<Record<string, string>> {
  const packages = await api.json<Record<string, { version?: unknown } | null>>('GET', '/api/v1/installation/versions', undefined, signal);
  const versions: Record<string, string> = {};
  for (const [name, info] of Object.entries(packages ?? {})) if (typeof info?.version === 'string') versions[name] = info.version;
  return versions;
}

/** The server's identity, or null when it has none configured (404). Blank name or description read as null. */
export async function getInstallationIdentity(api: SoliplexApi, signal?: AbortSignal): Promise<SoliplexIdentity | null> {
  try {
    const identity = await api.json<SoliplexIdentity>('GET', '/api/v1/installation/identity', undefined, signal);
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
    return { installation_id: identity.installation_id, name: text(identity.name), description: text(identity.description) };
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/**
 * The installation routes of a Soliplex server (`GET /api/v1/installation`, `…/versions`,
 * `…/identity`), for pages that show them. Apart from the per-run extras: the chat uses none, so they
 * stay out of the room's chunk.
 */
import { TransportError } from '../transport.js';
import type { SoliplexClient } from './soliplex-client.js';

const notFound = (error: unknown) => error instanceof TransportError && error.status === 404;

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

export function getInstallation(api: SoliplexClient, signal?: AbortSignal): Promise<SoliplexInstallation> {
  return api.json('GET', '/api/v1/installation', undefined, signal);
}

/**
 * Installed package versions: `{soliplex: '0.41.0', 'pydantic-ai': '…', …}` from the route's
 * `{name: {version}}` (entries without a version string are left out).
 */
export async function getInstallationVersions(api: SoliplexClient, signal?: AbortSignal): Promise<Record<string, string>> {
  const packages = await api.json<Record<string, { version?: unknown } | null>>('GET', '/api/v1/installation/versions', undefined, signal);
  const versions: Record<string, string> = {};
  for (const [name, info] of Object.entries(packages ?? {})) if (typeof info?.version === 'string') versions[name] = info.version;
  return versions;
}

/** The server's identity, or null when it has none configured (404). Blank name or description read as null. */
export async function getInstallationIdentity(api: SoliplexClient, signal?: AbortSignal): Promise<SoliplexIdentity | null> {
  try {
    const identity = await api.json<SoliplexIdentity>('GET', '/api/v1/installation/identity', undefined, signal);
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
    return { installation_id: identity.installation_id, name: text(identity.name), description: text(identity.description) };
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

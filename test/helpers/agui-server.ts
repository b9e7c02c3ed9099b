/** The real AG-UI demo server the test runner starts (`demo/server`), and its script API. */
export const server = (globalThis as { __AGUI_SERVER__?: string }).__AGUI_SERVER__!;

/** Plain event objects for server scripts (the server fills thread and run ids). */
export const started = { type: 'RUN_STARTED' };
export const finished = { type: 'RUN_FINISHED' };
export const say = (id: string, content: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: content },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];

/**
 * One assistant message whose text comes in a delta per word, a little apart: in `token` delivery
 * the client sees it grow; in `message` delivery the server merges it into one delta before the END.
 */
export const sayInDeltas = (id: string, content: string, pauseMs = 20) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  ...content.split(/(?<= )/).flatMap((delta, i) => [...(i ? [{ $delay: pauseMs }] : []), { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta }]),
  { type: 'TEXT_MESSAGE_END', messageId: id },
];

export interface RecordedRequest<Body = Record<string, unknown>> {
  body: Body;
  headers: Record<string, string>;
  /** The request path (Soliplex script rooms: which thread and run). */
  path?: string;
  /** When the demo server received it, on its own clock (`performance.now()`, ms; see `$mark`). */
  receivedAt?: number;
}

/**
 * How the server's Soliplex rooms deliver a run's deltas: `message` (Soliplex's default: one delta
 * per message, just before its END, keepalives meanwhile) or `token` (every delta as produced).
 */
export type SoliplexDelivery = 'message' | 'token';

/** Both delivery modes, for Soliplex tests that must hold under each. */
export const deliveries: readonly SoliplexDelivery[] = ['message', 'token'];

/**
 * How one Soliplex room of the server behaves (a room of its own: test files share the server):
 * `delivery`; `titles` (untitled threads are named after a successful run; default on);
 * `naiveTimes` (`created`, `finished`, `last_activity` without a UTC offset, as SQLite installs).
 */
export async function setServerSettings(
  room: string,
  settings: { delivery?: SoliplexDelivery; titles?: boolean; naiveTimes?: boolean },
): Promise<void> {
  const response = await fetch(`${server}/api/test/settings`, { method: 'POST', body: JSON.stringify({ room, ...settings }) });
  if (!response.ok) throw new Error(`setting ${JSON.stringify(settings)} for ${room}: HTTP ${response.status}`);
}

/** Sets the delivery of one Soliplex room. */
export function setServerDelivery(delivery: SoliplexDelivery, room: string): Promise<void> {
  return setServerSettings(room, { delivery });
}

/**
 * Registers scripted runs (event lists and `$` directives, see demo/server/README.md). The generic
 * endpoint is `agentUrl`; the Soliplex room `room` answers from the same script, with `delivery`
 * when given (else the server's default, `message`).
 */
export async function script<Body = Record<string, unknown>>(runs: object[][], { delivery }: { delivery?: SoliplexDelivery } = {}) {
  const response = await fetch(`${server}/scripts`, { method: 'POST', body: JSON.stringify({ runs }) });
  const { id, agentUrl } = (await response.json()) as { id: string; agentUrl: string };
  if (delivery) await setServerDelivery(delivery, `script-${id}`);
  return {
    agentUrl,
    room: `script-${id}`,
    requests: async (): Promise<RecordedRequest<Body>[]> => (await fetch(`${server}/scripts/${id}/requests`)).json(),
  };
}

/**
 * Sets the token the server's Soliplex API accepts (`null`: no auth) for one room: test files run at
 * once share the server, and a server-wide token would refuse the others' requests.
 */
export async function setServerToken(token: string | null, room: string): Promise<void> {
  await fetch(`${server}/api/test/token`, { method: 'POST', body: JSON.stringify({ token, room }) });
}

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

export interface RecordedRequest<Body = Record<string, unknown>> {
  body: Body;
  headers: Record<string, string>;
  /** The request path (Soliplex script rooms: which thread and run). */
  path?: string;
  /** When the demo server received it, on its own clock (`performance.now()`, ms; see `$mark`). */
  receivedAt?: number;
}

/**
 * Registers scripted runs (event lists and `$` directives, see demo/server/README.md). The generic
 * endpoint is `agentUrl`; the Soliplex room `room` answers from the same script.
 */
export async function script<Body = Record<string, unknown>>(runs: object[][]) {
  const response = await fetch(`${server}/scripts`, { method: 'POST', body: JSON.stringify({ runs }) });
  const { id, agentUrl } = (await response.json()) as { id: string; agentUrl: string };
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

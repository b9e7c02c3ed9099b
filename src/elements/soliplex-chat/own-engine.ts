import {
  RunOrchestrator,
  TransportError,
  createAgUiHttpTransport,
  SoliplexTransport,
  type HeadersSource,
  type TokenSource,
  type ToolRegistry,
  type Transport,
} from '../../core/index.js';

const missingUrl: Transport = {
  run: () => Promise.reject(new TransportError('http', 'No agent-url (or server-url and room) is set on <soliplex-chat>.')),
};

export interface OwnEngineOptions {
  headers: HeadersSource;
  token: TokenSource;
  toolRegistry: ToolRegistry;
}

/**
 * The engine a chat makes for itself when the page gives it none: one transport per backend, picked
 * by the thread key (a room means a Soliplex server, otherwise `server` is an AG-UI endpoint). Headers
 * and tokens are read afresh on every run.
 */
export function createOwnEngine({ headers, token, toolRegistry }: OwnEngineOptions): RunOrchestrator {
  const transports = new Map<string, Transport>();
  return new RunOrchestrator({
    toolRegistry,
    transport: ({ server, room }) => {
      if (!server) return missingUrl;
      const id = JSON.stringify([server, room]);
      let transport = transports.get(id);
      if (!transport) {
        transport = room ? new SoliplexTransport({ serverUrl: server, room, token }) : createAgUiHttpTransport({ url: server, headers });
        transports.set(id, transport);
      }
      return transport;
    },
  });
}

/** Reads the `headers` attribute: a JSON object of header names to values. */
export const headersConverter = {
  fromAttribute(value: string | null): Record<string, string> | undefined {
    if (!value) return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, string>;
    } catch {
      // Fall through: a broken attribute means no headers, reported below.
    }
    console.error('[soliplex-chat] the headers attribute must be a JSON object');
    return undefined;
  },
};

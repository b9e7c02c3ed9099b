import {
  RunOrchestrator,
  TransportError,
  createAgUiHttpTransport,
  randomId,
  type HeadersSource,
  type ToolRegistry,
  type Transport,
} from '../../core/index.js';

const missingUrl: Transport = {
  run: () => Promise.reject(new TransportError('http', 'No agent-url is set on <soliplex-chat>.')),
};

/**
 * The engine a chat makes for itself when the page gives it none: one AG-UI HTTP transport per
 * endpoint (the endpoint is the thread key's `server`), headers read afresh on every run.
 */
export function createOwnEngine(headers: HeadersSource, toolRegistry: ToolRegistry): RunOrchestrator {
  const transports = new Map<string, Transport>();
  return new RunOrchestrator({
    toolRegistry,
    transport: ({ server }) => {
      if (!server) return missingUrl;
      let transport = transports.get(server);
      if (!transport) transports.set(server, (transport = createAgUiHttpTransport({ url: server, headers })));
      return transport;
    },
  });
}

/** A fresh thread id. */
export const newThreadId = randomId;

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

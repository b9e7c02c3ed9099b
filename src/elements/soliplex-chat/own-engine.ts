import type { AbstractAgent } from '@ag-ui/client';
import type { AgentCapabilities } from '@ag-ui/core';
import { provideOwnEngine } from './chat-parts.js';
// The core's modules one by one, not its index (see rollup.config.mjs: the CDN build's chunks follow these imports).
import { RunOrchestrator } from '../../core/tool-loop/run-orchestrator.js';
import { TransportError } from '../../core/transport/transport.js';
import { createAgUiHttpTransport } from '../../core/transport/lazy-agui-http-transport.js';
import { createSoliplexTransport } from '../../core/transport/soliplex/lazy-soliplex-transport.js';
import type { HeadersSource, HistoryRunStore, LocalThreadSync, TokenSource, ToolRegistry, Transport } from '../../core/index.js';

const missingUrl: Transport = {
  run: () => Promise.reject(new TransportError('http', 'No agent-url (or server-url and room) is set on <soliplex-chat>.')),
};

export interface OwnEngineOptions {
  headers: HeadersSource;
  token: TokenSource;
  toolRegistry: ToolRegistry;
  /**
   * The page's AG-UI agent, read on every run: when it returns one, every run goes through it
   * (whatever the thread key says), ahead of a Soliplex room or an `agent-url`.
   */
  agent?: () => AbstractAgent | undefined;
  /** False keeps Soliplex runs out of the history cache (IndexedDB); read when a room's transport is made. */
  persist?: () => boolean;
  /** What the agent declares it supports (the chat's `capabilities`, else the `agent`'s `getCapabilities()`). */
  capabilities?: () => AgentCapabilities | undefined;
  /** The AG-UI version a generic endpoint is known to speak (`max-protocol-version`), read on every run. */
  maxProtocolVersion?: () => string | undefined;
}

/**
 * One cache for every chat of the page (its records are keyed per server, room, thread and token),
 * its code loaded on the first reload.
 */
let cache: Promise<HistoryRunStore> | undefined;
const store = () =>
  (cache ??= import('../../core/transport/soliplex/soliplex-history-cache.js').then(({ SoliplexHistoryCache }) => new SoliplexHistoryCache()));
const historyCache: HistoryRunStore = {
  read: async (key) => (await store()).read(key),
  write: async (key, runs) => (await store()).write(key, runs),
};

/**
 * The engine a chat makes for itself when the page gives it none: the page's `agent` when it has one,
 * else one transport per backend, picked by the thread key (a room means a Soliplex server, otherwise
 * `server` is an AG-UI endpoint). Headers, tokens and the agent are read afresh on every run.
 */
export function createOwnEngine({ headers, token, toolRegistry, agent, persist, capabilities, maxProtocolVersion }: OwnEngineOptions): RunOrchestrator {
  const transports = new Map<string, Transport>();
  const agentTransports = new WeakMap<AbstractAgent, Transport>();
  return new RunOrchestrator({
    toolRegistry,
    ...(capabilities ? { capabilities: () => capabilities() } : {}),
    transport: ({ server, room }) => {
      const pageAgent = agent?.();
      if (pageAgent) {
        let transport = agentTransports.get(pageAgent);
        if (!transport) agentTransports.set(pageAgent, (transport = lazyAgentTransport(pageAgent)));
        return transport;
      }
      if (!server) return missingUrl;
      const cached = !!room && persist?.() !== false;
      const id = JSON.stringify([server, room, cached]);
      let transport = transports.get(id);
      if (!transport) {
        transport = room
          ? createSoliplexTransport({ serverUrl: server, room, token, ...(cached ? { historyCache } : {}) })
          : createAgUiHttpTransport({ url: server, headers, maxProtocolVersion });
        transports.set(id, transport);
      }
      return transport;
    },
  });
}

/**
 * Keeps the generic endpoints' threads of a chat's own engine in the page's default store (IndexedDB),
 * turns in flight included; the chat reopens its thread from there (`LocalThreadSync.reopen`). Its code
 * is a chunk of its own in the CDN build, loaded by generic chats that persist (not by Soliplex ones).
 */
export async function keepThreadsLocally(engine: RunOrchestrator, wanted: () => boolean = () => true): Promise<LocalThreadSync | undefined> {
  // Not ThreadIndex: the thread list (loaded with `threads`) adds names to the same sync.
  const [{ LocalThreadSync }, { defaultLocalThreadStore }] = await Promise.all([
    import('../../core/threads/local-thread-sync.js'),
    import('../../core/threads/local-thread-store.js'),
  ]);
  // `no-persist` may have been set while the code loaded: a sync saves the engine's threads as soon as it exists.
  return wanted() ? LocalThreadSync.for(engine, defaultLocalThreadStore()) : undefined;
}

/** The `agent` property's transport, its code loaded with its first run (few pages set an `agent`). */
function lazyAgentTransport(agent: AbstractAgent): Transport {
  let transport: Promise<Transport> | undefined;
  return {
    async run(request, onEvent) {
      transport ??= import('../../core/transport/agent-transport.js').then(({ createAgentTransport }) => createAgentTransport(agent));
      return (await transport).run(request, onEvent);
    },
  };
}

// Registers the factory with the element (see chat-parts.ts): at once where this module is imported
// statically (the npm entry), on connect where the element loads it on demand (the CDN build).
provideOwnEngine(createOwnEngine, keepThreadsLocally);

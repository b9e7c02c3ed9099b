import type { Transport } from '../transport.js';
import type { SoliplexTransport, SoliplexTransportOptions } from './soliplex-transport.js';

let loading: Promise<typeof import('./soliplex-transport.js')> | undefined;

/** Starts loading the Soliplex transport (its request shaping, resume and history code) without waiting for it. */
export function preloadSoliplexTransport(): Promise<typeof import('./soliplex-transport.js')> {
  loading ??= import('./soliplex-transport.js');
  return loading;
}

/**
 * A `SoliplexTransport` whose code loads on first use: a chat's own engine makes one per room, so a
 * chat on a generic endpoint never loads the Soliplex code, and a Soliplex chat loads it with its
 * first request (the room controller preloads it on connect).
 */
export function createSoliplexTransport(options: SoliplexTransportOptions): Transport {
  let transport: SoliplexTransport | undefined;
  const real = async () => (transport ??= new (await preloadSoliplexTransport()).SoliplexTransport(options));
  return {
    run: async (request, onEvent) => (await real()).run(request, onEvent),
    createThread: async (signal) => (await real()).createThread(signal),
    loadHistory: async (threadId, signal, onProgress, onPreview) => (await real()).loadHistory(threadId, signal, onProgress, onPreview),
    listThreads: async (signal) => (await real()).listThreads(signal),
    deleteThread: async (threadId, signal) => (await real()).deleteThread(threadId, signal),
    renameThread: async (threadId, name, signal) => (await real()).renameThread(threadId, name, signal),
    attachRun: async (threadId, runId, signal, onEvent) => (await real()).attachRun(threadId, runId, signal, onEvent),
  };
}

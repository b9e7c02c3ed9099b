import type { AgUiHttpTransportOptions } from './agui-http-transport.js';
import type { Transport } from './transport.js';

let loading: Promise<typeof import('./agui-http-transport.js')> | undefined;

/**
 * Starts loading the generic-endpoint transport (its SSE reading and event checks) without waiting
 * for it. The chat starts this when it connects, so the code is there by the first send.
 */
export function preloadAgUiHttpTransport(): Promise<typeof import('./agui-http-transport.js')> {
  loading ??= import('./agui-http-transport.js');
  return loading;
}

/**
 * A transport for a generic AG-UI endpoint (POST `RunAgentInput`, SSE answer) whose code loads on
 * first use, so a page can render the chat before it has arrived. `options.fetch` replaces the global
 * `fetch`; `options.headers` is read afresh for every run when it is a function.
 */
export function createAgUiHttpTransport(options: AgUiHttpTransportOptions): Transport {
  let transport: Transport | undefined;
  return {
    async run(request, onEvent) {
      if (!transport) {
        const { AgUiHttpTransport } = await preloadAgUiHttpTransport();
        transport ??= new AgUiHttpTransport(options);
      }
      return transport.run(request, onEvent);
    },
  };
}

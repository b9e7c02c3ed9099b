import type { AgUiHttpTransportOptions } from './agui-http-transport.js';
import type { Transport } from './transport.js';

let loading: Promise<typeof import('./agui-http-transport.js')> | undefined;

/** Starts loading the protocol client (`@ag-ui/client`) without waiting for it. */
export function preloadAgUiHttpTransport(): Promise<typeof import('./agui-http-transport.js')> {
  loading ??= import('./agui-http-transport.js');
  return loading;
}

/**
 * A transport for a generic AG-UI endpoint whose protocol client loads on first use, so a page can
 * render the chat before that code has arrived.
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

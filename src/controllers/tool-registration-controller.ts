import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientTool, ToolGroup, ToolRegistry } from '../core/index.js';

export interface ToolRegistrationControllerConfig {
  registry: () => ToolRegistry;
  setRegistry: (registry: ToolRegistry) => void;
  /** An invalid or duplicate tool: the page dispatched an event, so there is no caller to throw to. */
  onError: (error: Error) => void;
}

/** Each event, and the registry it asks for (undefined: no change). */
const CHANGES: Record<string, (registry: ToolRegistry, detail: Record<string, unknown> | undefined) => ToolRegistry | undefined> = {
  'soliplex-register-tool': (registry, detail) => registry.register(detail?.tool as ClientTool),
  'soliplex-register-tool-group': (registry, detail) => registry.registerGroup(detail?.group as ToolGroup),
  'soliplex-unregister-tool': (registry, detail) => (typeof detail?.name === 'string' ? registry.unregister(detail.name) : undefined),
};

/**
 * Lets the page add and remove tools with DOM events while the host is connected:
 * `soliplex-register-tool` `{ tool }`, `soliplex-register-tool-group` `{ group }` and
 * `soliplex-unregister-tool` `{ name }` (a tool or a group). They bubble and are
 * composed, so they reach the host from its light-DOM children too; the nearest host takes them.
 */
export class ToolRegistrationController implements ReactiveController {
  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #config: ToolRegistrationControllerConfig;

  constructor(host: ReactiveControllerHost & EventTarget, config: ToolRegistrationControllerConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  hostConnected(): void {
    for (const type in CHANGES) this.#host.addEventListener(type, this.#onEvent);
  }

  hostDisconnected(): void {
    for (const type in CHANGES) this.#host.removeEventListener(type, this.#onEvent);
  }

  #onEvent = (event: Event) => {
    event.stopPropagation();
    try {
      const registry = CHANGES[event.type]!(this.#config.registry(), (event as CustomEvent<Record<string, unknown> | undefined>).detail);
      if (registry) this.#config.setRegistry(registry);
    } catch (error) {
      this.#config.onError(error instanceof Error ? error : new Error(String(error)));
    }
  };
}

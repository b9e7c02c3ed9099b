import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ClientTool, ToolGroup, ToolRegistry } from '../core/index.js';

export interface ToolRegistrationControllerConfig {
  registry: () => ToolRegistry;
  setRegistry: (registry: ToolRegistry) => void;
  /** An invalid or duplicate tool: the page dispatched an event, so there is no caller to throw to. */
  onError: (error: Error) => void;
}

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
    this.#host.addEventListener('soliplex-register-tool', this.#onRegister);
    this.#host.addEventListener('soliplex-register-tool-group', this.#onRegisterGroup);
    this.#host.addEventListener('soliplex-unregister-tool', this.#onUnregister);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('soliplex-register-tool', this.#onRegister);
    this.#host.removeEventListener('soliplex-register-tool-group', this.#onRegisterGroup);
    this.#host.removeEventListener('soliplex-unregister-tool', this.#onUnregister);
  }

  #onRegister = (event: Event) => {
    event.stopPropagation();
    const tool = (event as CustomEvent<{ tool?: ClientTool }>).detail?.tool;
    try {
      this.#config.setRegistry(this.#config.registry().register(tool as ClientTool));
    } catch (error) {
      this.#config.onError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  #onRegisterGroup = (event: Event) => {
    event.stopPropagation();
    const group = (event as CustomEvent<{ group?: ToolGroup }>).detail?.group;
    try {
      this.#config.setRegistry(this.#config.registry().registerGroup(group as ToolGroup));
    } catch (error) {
      this.#config.onError(error instanceof Error ? error : new Error(String(error)));
    }
  };

  #onUnregister = (event: Event) => {
    event.stopPropagation();
    const name = (event as CustomEvent<{ name?: string }>).detail?.name;
    if (typeof name === 'string') this.#config.setRegistry(this.#config.registry().unregister(name));
  };
}

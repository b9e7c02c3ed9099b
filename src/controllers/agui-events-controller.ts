import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RunOrchestrator } from '../core/index.js';

/**
 * Keeps the engine's raw AG-UI events on (`observeAgUiEvents`) while the host wants them and is on
 * the page; off otherwise, so a chat that does not ask pays nothing per streamed token.
 */
export class AgUiEventsController implements ReactiveController {
  readonly #config: { engine: () => RunOrchestrator | undefined; enabled: () => boolean };
  #observed?: { engine: RunOrchestrator; stop: () => void };
  #connected = false;

  constructor(host: ReactiveControllerHost, config: { engine: () => RunOrchestrator | undefined; enabled: () => boolean }) {
    this.#config = config;
    host.addController(this);
  }

  hostConnected(): void {
    this.#connected = true;
    this.#sync();
  }

  hostUpdate(): void {
    this.#sync();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#sync();
  }

  #sync(): void {
    const engine = this.#connected && this.#config.enabled() ? this.#config.engine() : undefined;
    if (this.#observed?.engine === engine) return;
    this.#observed?.stop();
    this.#observed = engine ? { engine, stop: engine.observeAgUiEvents() } : undefined;
  }
}

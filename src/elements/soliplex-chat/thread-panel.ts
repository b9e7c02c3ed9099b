import { nothing, type ReactiveControllerHost } from 'lit';
import type { ThreadPanel, ThreadPanelConfig } from './thread-panel-view.js';

let loading: Promise<unknown> | undefined;

/** Loads `<soliplex-thread-list>` (once): only chats with the `thread-list` attribute need it. */
export function loadThreadList(): Promise<unknown> {
  loading ??= import('../soliplex-thread-list/soliplex-thread-list.js');
  return loading;
}

/**
 * Where a chat with `thread-list` shows its thread panel: nothing until the panel's code (with the
 * list's) has loaded on first render, then the panel. Not part of the first paint.
 */
export class LazyThreadPanel {
  readonly #host: ReactiveControllerHost;
  readonly #config: ThreadPanelConfig;
  #panel?: ThreadPanel;
  #loading = false;

  constructor(host: ReactiveControllerHost, config: ThreadPanelConfig) {
    this.#host = host;
    this.#config = config;
  }

  /** The drawer's button, once the panel has loaded. */
  renderToggle(label: string) {
    return this.#panel ? this.#panel.renderToggle(label) : nothing;
  }

  render() {
    if (this.#panel) return this.#panel.render();
    if (!this.#loading) {
      this.#loading = true;
      import('./thread-panel-view.js').then(
        ({ ThreadPanel }) => {
          this.#panel = new ThreadPanel(this.#host, this.#config);
          this.#host.requestUpdate();
        },
        (error: unknown) => {
          this.#loading = false; // a network blip: the next render tries again
          console.error('[soliplex-chat] the thread list could not be loaded', error);
        },
      );
    }
    return nothing;
  }
}

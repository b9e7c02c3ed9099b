import type { ReactiveController, ReactiveControllerHost } from 'lit';

type FocusHost = ReactiveControllerHost & HTMLElement;

/**
 * Keeps keyboard focus in the chat when a render removes the focused control (Stop once the turn
 * ends, a message action once a turn starts, an approval card once its turn is stopped): focus that
 * was inside the chat before the render and fell to the page after it goes to `fallback` (the
 * composer). Focus the user moved elsewhere is left alone.
 */
export class FocusReturnController implements ReactiveController {
  readonly #host: FocusHost;
  readonly #fallback: () => void;
  #hadFocus = false;
  #checking = false;

  constructor(host: FocusHost, fallback: () => void) {
    this.#host = host;
    this.#fallback = fallback;
    host.addController(this);
  }

  hostUpdate(): void {
    // Before the DOM changes; a style query, no layout.
    this.#hadFocus ||= this.#host.matches(':focus-within');
  }

  hostUpdated(): void {
    if (!this.#hadFocus || this.#checking) return;
    this.#checking = true;
    // The children render after the host: check once they have (a frame later at most).
    requestAnimationFrame(() => {
      this.#checking = false;
      this.#hadFocus = false;
      const active = document.activeElement;
      if (this.#host.isConnected && (!active || active === document.body) && !this.#host.matches(':focus-within')) this.#fallback();
    });
  }
}

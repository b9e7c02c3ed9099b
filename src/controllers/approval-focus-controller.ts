import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A Lit element: its render root exists by the time controllers connect. */
type FocusHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export interface ApprovalFocusControllerConfig {
  /** Focuses a card awaiting approval for another call; false when there is none. */
  focusOtherApproval: (callId: string) => boolean;
  focusComposer: () => void;
}

/**
 * Moves focus sensibly around approvals: to an approval card when it appears (only if focus was in
 * the host or nowhere, so the page's own focus is never stolen), and after a decision to the next
 * card awaiting approval or back to the composer. Listens for the approval card's internal events
 * on the host's render root and stops them there.
 */
export class ApprovalFocusController implements ReactiveController {
  readonly #host: FocusHost;
  readonly #config: ApprovalFocusControllerConfig;

  constructor(host: FocusHost, config: ApprovalFocusControllerConfig) {
    this.#host = host;
    this.#config = config;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('soliplex-approval-shown', this.#onShown);
    this.#host.renderRoot.addEventListener('soliplex-approval-decided', this.#onDecided);
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('soliplex-approval-shown', this.#onShown);
    this.#host.renderRoot.removeEventListener('soliplex-approval-decided', this.#onDecided);
  }

  #onShown = (event: Event) => {
    event.stopPropagation();
    const active = document.activeElement;
    if (!active || active === document.body || this.#host.matches(':focus-within')) {
      (event.composedPath()[0] as HTMLElement).focus();
    }
  };

  #onDecided = (event: Event & { callId?: string }) => {
    event.stopPropagation();
    if (!this.#config.focusOtherApproval(event.callId ?? '')) this.#config.focusComposer();
  };
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** A Lit element: its render root exists by the time controllers connect. */
type FocusHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

export interface ApprovalFocusControllerConfig {
  /** Focuses a card awaiting approval for another call; false when there is none. */
  focusOtherApproval: (callId: string) => boolean;
  focusComposer: () => void;
}

/** A card that can say whether it still waits for an answer (an interrupt card). */
type AnswerableCard = HTMLElement & { readonly answerable?: boolean };

/** The focused element, looking into shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** True while the user is typing: focus in a text field that holds a draft. */
function isTyping(): boolean {
  const active = deepActiveElement();
  return (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) && active.value !== '';
}

/**
 * Moves focus sensibly around what waits for the user: approval cards and the agent's questions
 * (interrupt cards). When one appears, focus moves to it, but only if focus was in the host or nowhere
 * (the page's own focus is never stolen) and the user is not typing a draft (it stays in the field;
 * the card is announced and one Tab away). After a decision or an answer, focus goes to the next card
 * still waiting, else back to the composer. Listens for the cards' internal events on the host's
 * render root and stops them there.
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
    const root = this.#host.renderRoot;
    root.addEventListener('soliplex-approval-shown', this.#onShown);
    root.addEventListener('soliplex-approval-decided', this.#onDecided);
    root.addEventListener('soliplex-interrupt-shown', this.#onShown);
    root.addEventListener('soliplex-interrupt-settled', this.#onInterruptSettled);
  }

  hostDisconnected(): void {
    const root = this.#host.renderRoot;
    root.removeEventListener('soliplex-approval-shown', this.#onShown);
    root.removeEventListener('soliplex-approval-decided', this.#onDecided);
    root.removeEventListener('soliplex-interrupt-shown', this.#onShown);
    root.removeEventListener('soliplex-interrupt-settled', this.#onInterruptSettled);
  }

  /** The card focus last moved to: while focus is still in it, a card appearing after it waits its turn. */
  #focused?: HTMLElement;

  #onShown = (event: Event) => {
    event.stopPropagation();
    const active = document.activeElement;
    if (this.#focused?.isConnected && this.#focused.matches(':focus-within')) return;
    if ((!active || active === document.body || this.#host.matches(':focus-within')) && !isTyping()) {
      this.#focused = event.composedPath()[0] as HTMLElement;
      this.#focused.focus();
    }
  };

  #onDecided = (event: Event & { callId?: string }) => {
    event.stopPropagation();
    if (!this.#config.focusOtherApproval(event.callId ?? '')) this.#config.focusComposer();
  };

  /** An interrupt was answered: the next interrupt card still open (the run resumes once all are), else the composer. */
  #onInterruptSettled = (event: Event) => {
    event.stopPropagation();
    const card = event.composedPath()[0] as AnswerableCard;
    const siblings = (card.getRootNode() as ParentNode).querySelectorAll<AnswerableCard>('soliplex-interrupt-card');
    const next = [...siblings].find((other) => other !== card && other.answerable);
    if (next) (this.#focused = next).focus();
    else this.#config.focusComposer();
  };
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { SoliplexApprovalDecidedEvent } from '../soliplex-approval-card/approval-events.js';

/** The message list: a Lit element whose render root holds the cards. */
type ListHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** A card waiting for the user: an interrupt card says whether it still is; an approval card always is. */
type WaitingCard = HTMLElement & { readonly answerable?: boolean };

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
 * Moves focus around the agent's questions (interrupt cards), as the chat does for approval cards.
 * When a card appears, focus moves into it (its first field, else the card), but only if focus was in
 * the chat or nowhere (the page's focus is never stolen), the user is not typing a draft, and no
 * earlier card still waiting holds focus. After an answer, focus goes to the next card still waiting;
 * when there is none, the chat hands focus on as after an approval (another approval card, else the
 * composer). Lives in the lazily loaded list, so the chat's first paint carries none of it.
 */
export class InterruptFocusController implements ReactiveController {
  readonly #host: ListHost;

  constructor(host: ListHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('soliplex-interrupt-shown', this.#onShown);
    this.#host.renderRoot.addEventListener('soliplex-interrupt-settled', this.#onSettled);
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('soliplex-interrupt-shown', this.#onShown);
    this.#host.renderRoot.removeEventListener('soliplex-interrupt-settled', this.#onSettled);
  }

  #waiting(): WaitingCard[] {
    const cards = this.#host.renderRoot.querySelectorAll<WaitingCard>('soliplex-interrupt-card, soliplex-approval-card');
    return [...cards].filter((card) => card.answerable !== false);
  }

  #onShown = (event: Event) => {
    event.stopPropagation();
    const card = event.composedPath()[0] as WaitingCard;
    // The chat: the list's shadow host's host (the list sits in the chat's shadow root).
    const chat = (this.#host.getRootNode() as ShadowRoot).host as HTMLElement | undefined;
    const active = document.activeElement;
    const inChat = !active || active === document.body || !!chat?.matches(':focus-within');
    const inEarlierCard = this.#waiting().some((other) => other !== card && other.matches(':focus-within'));
    if (inChat && !inEarlierCard && !isTyping()) card.focus();
  };

  #onSettled = (event: Event) => {
    event.stopPropagation();
    const card = event.composedPath()[0];
    const next = this.#waiting().find((other) => other !== card && other.localName === 'soliplex-interrupt-card');
    if (next) next.focus();
    else this.#host.dispatchEvent(new SoliplexApprovalDecidedEvent('', true));
  };
}

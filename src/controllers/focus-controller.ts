import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The chat: a Lit element whose render root hears the cards' events (they are composed). */
type FocusHost = ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment };

/** A card waiting for the user: an interrupt card says whether it still is; an approval card always is. */
type WaitingCard = HTMLElement & { readonly answerable?: boolean };

const APPROVAL_CARD = 'soliplex-approval-card';

/** True when no control has focus: it is nowhere, or on the page's body. */
function focusNowhere(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** True while the user is typing: focus (looking into shadow roots) in a text field that holds a draft. */
function isTyping(): boolean {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return (active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement) && active.value !== '';
}

/** The other cards still waiting next to `card` (in the message list that holds them). */
function waitingBesides(card: Element): WaitingCard[] {
  const cards = (card.getRootNode() as ParentNode).querySelectorAll<WaitingCard>(`soliplex-interrupt-card, ${APPROVAL_CARD}`);
  return [...cards].filter((other) => other !== card && other.answerable !== false);
}

/**
 * Where keyboard focus goes in the chat, decided in one place:
 * - **A card that asks the user appears** (an approval card, an interrupt card): focus moves into it,
 *   but only if focus was in the chat or nowhere, so the page's own focus is never stolen. An
 *   interrupt card also leaves alone a draft the user is typing, and an earlier card still waiting
 *   that holds focus.
 * - **A card is decided or answered:** focus goes to the next card still waiting of the same kind,
 *   else to an approval card, else to the composer.
 * - **A render removes the focused control** (Stop once the turn ends, a message action once a turn
 *   starts, a card once its turn is stopped): focus that was in the chat before the render and fell
 *   to the page after it goes to the composer. Focus the user moved elsewhere is left alone.
 *
 * The cards' internal events (`soliplex-approval-shown` / `-decided`, `soliplex-interrupt-shown` /
 * `-settled`) are heard on the host's render root and stopped there: the page never sees them.
 */
export class FocusController implements ReactiveController {
  readonly #host: FocusHost;
  readonly #focusComposer: () => void;
  #hadFocus = false;
  #checking = false;

  constructor(host: FocusHost, focusComposer: () => void) {
    this.#host = host;
    this.#focusComposer = focusComposer;
    host.addController(this);
  }

  hostConnected(): void {
    this.#listen('addEventListener');
  }

  hostDisconnected(): void {
    this.#listen('removeEventListener');
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
      if (this.#host.isConnected && focusNowhere() && !this.#host.matches(':focus-within')) this.#focusComposer();
    });
  }

  #listen(method: 'addEventListener' | 'removeEventListener'): void {
    const root = this.#host.renderRoot;
    root[method]('soliplex-approval-shown', this.#onShown);
    root[method]('soliplex-interrupt-shown', this.#onShown);
    root[method]('soliplex-approval-decided', this.#onSettled);
    root[method]('soliplex-interrupt-settled', this.#onSettled);
  }

  readonly #onShown = (event: Event): void => {
    event.stopPropagation();
    const card = event.composedPath()[0] as WaitingCard;
    if (!focusNowhere() && !this.#host.matches(':focus-within')) return;
    if (card.localName !== APPROVAL_CARD && (isTyping() || waitingBesides(card).some((other) => other.matches(':focus-within')))) return;
    card.focus();
  };

  readonly #onSettled = (event: Event): void => {
    event.stopPropagation();
    const card = event.composedPath()[0] as WaitingCard;
    const waiting = waitingBesides(card);
    const next = waiting.find((other) => other.localName === card.localName) ?? waiting.find((other) => other.localName === APPROVAL_CARD);
    if (next) next.focus();
    else this.#focusComposer();
  };
}

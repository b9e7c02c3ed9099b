import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ThreadKey, TokenSource, RunOrchestrator } from '../../core/index.js';
import { SoliplexSignInController, type SignInStorage } from '../../controllers/soliplex-sign-in-controller.js';
import { SoliplexDocumentsController } from '../../controllers/soliplex-documents-controller.js';
import type { SoliplexChatStrings } from '../shared/chat-strings.js';
import { SoliplexSignInChangeEvent } from '../../events.js';
import { roomExtrasStyles } from './room-extras.styles.js';

export interface RoomExtrasConfig {
  readonly engine: () => RunOrchestrator | undefined;
  /** The Soliplex server ('' off Soliplex). */
  readonly serverUrl: () => string;
  readonly room: () => string;
  readonly thread: () => string;
  /** The token the chat's requests send (the page's, else this sign-in's). */
  readonly token: TokenSource;
  readonly initiator: unknown;
  /** What the page set: a `token`/`getToken`, `sign-in-storage`, `no-sign-in`, `no-documents`. */
  readonly page: () => { readonly token: boolean; readonly storage: SignInStorage; readonly noSignIn: boolean; readonly noDocuments: boolean };
  readonly onError: (error: Error) => void;
  /** Dispatches an event on the chat. */
  readonly dispatch: (event: Event) => void;
}

/**
 * What the official Soliplex client offers besides the conversation, in the chat: sign-in and
 * sign-out (`SoliplexSignInController`) and the documents the agent may search
 * (`SoliplexDocumentsController`). Loaded with the Soliplex room's code, so a generic chat never
 * loads it; each part shows only where the server has it.
 */
export class RoomExtras {
  readonly signIn: SoliplexSignInController;
  readonly documents: SoliplexDocumentsController;
  readonly #host: ReactiveControllerHost;
  #pickerOpen = false;

  constructor(host: ReactiveControllerHost, config: RoomExtrasConfig) {
    this.#host = host;
    this.signIn = new SoliplexSignInController(host, {
      serverUrl: () => (config.page().noSignIn ? '' : config.serverUrl()),
      pageToken: () => config.page().token,
      storage: () => config.page().storage,
      onError: config.onError,
      onChange: (signedIn, serverUrl) => config.dispatch(new SoliplexSignInChangeEvent(signedIn, serverUrl)),
    });
    this.documents = new SoliplexDocumentsController(host, {
      engine: config.engine,
      serverUrl: () => (config.page().noDocuments ? '' : config.serverUrl()),
      room: config.room,
      thread: config.thread,
      token: config.token,
      initiator: config.initiator,
    });
  }

  /** The state every run of the chat's turns carries (the document filter). */
  stateFor(key: ThreadKey): Readonly<Record<string, unknown>> | undefined {
    return this.documents.stateFor(key);
  }

  /** The header's buttons: Documents (when the room has some) and Sign out (when signed in here). */
  renderHeaderButtons(strings: SoliplexChatStrings) {
    const count = this.documents.selected.size;
    const hasDocuments = this.documents.documents.length > 0;
    if (!hasDocuments && !this.signIn.signedIn) return nothing;
    return html`${roomExtrasStyles}${hasDocuments
        ? html`<button
            part="documents-button"
            class="extra-button"
            type="button"
            aria-expanded=${this.#pickerOpen ? 'true' : 'false'}
            @click=${() => this.#setPicker(!this.#pickerOpen)}
          >${count ? strings.documentsChosen(count) : strings.documents}</button>`
        : nothing}${this.signIn.signedIn
        ? html`<button part="sign-out-button" class="extra-button" type="button" @click=${() => void this.signIn.signOut()}>${strings.signOut}</button>`
        : nothing}`;
  }

  /** Under the header: the sign-in offer (one button per provider), or the open documents picker. */
  renderPanels(strings: SoliplexChatStrings) {
    const offer = this.signIn.offer;
    return html`${offer.length
      ? html`${roomExtrasStyles}<div part="sign-in" class="sign-in" role="group" aria-label=${strings.signInPrompt}>
          <span>${strings.signInPrompt}</span>
          ${offer.map(
            (system) =>
              html`<button part="sign-in-button" class="extra-button" type="button" title=${system.title} @click=${() => this.signIn.signIn(system)}>
                ${offer.length > 1 ? strings.signInWith(system.title) : strings.signIn}
              </button>`,
          )}
        </div>`
      : nothing}${this.#pickerOpen && this.documents.documents.length ? this.#renderPicker(strings) : nothing}`;
  }

  #renderPicker(strings: SoliplexChatStrings) {
    const { documents, selected } = this.documents;
    return html`${roomExtrasStyles}<fieldset part="documents" class="documents" @keydown=${this.#onPickerKey}>
      <legend>${strings.documentsLegend}</legend>
      ${documents.map(
        (doc) => html`<label class="document">
          <input type="checkbox" .checked=${selected.has(doc.id)} @change=${() => this.documents.toggle(doc.id)} />
          <span>${doc.title ?? (doc.uri.split('/').pop() || doc.id)}</span>
        </label>`,
      )}
    </fieldset>`;
  }

  #setPicker(open: boolean): void {
    this.#pickerOpen = open;
    this.#host.requestUpdate();
  }

  /** Escape closes the picker (and does not reach the chat's Escape, which stops a run). */
  #onPickerKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    this.#setPicker(false);
    const root = (event.currentTarget as HTMLElement).getRootNode() as ShadowRoot;
    root.querySelector<HTMLElement>('[part~="documents-button"]')?.focus();
  };
}

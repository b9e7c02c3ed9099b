import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { SoliplexSignInController } from '../../controllers/soliplex-sign-in-controller.js';
import type { SoliplexDocumentsController } from '../../controllers/soliplex-documents-controller.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { roomExtrasStrings } from './room-extras-strings.js';
import { roomExtrasStyles } from './room-extras.styles.js';

/** The parts of `RoomExtras` loaded so far (each only where the server has it). */
export interface RoomExtrasParts {
  readonly signIn?: SoliplexSignInController;
  readonly documents?: SoliplexDocumentsController;
}

/**
 * What `RoomExtras` shows: the header's Documents and Sign out buttons, the sign-in offer and the
 * documents picker. Loaded with the first of sign-in or documents a server turns out to have.
 */
export class RoomExtrasView {
  readonly #host: ReactiveControllerHost;
  #pickerOpen = false;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** The header's buttons: Documents (when the room has some) and Sign out (when signed in here). */
  header({ signIn, documents }: RoomExtrasParts, chatStrings: ChatStrings) {
    const strings = partStrings(chatStrings, roomExtrasStrings);
    const count = documents?.selected.size ?? 0;
    const hasDocuments = !!documents?.documents.length;
    const signedIn = !!signIn?.signedIn;
    if (!hasDocuments && !signedIn) return nothing;
    return html`${roomExtrasStyles}${hasDocuments
        ? html`<button
            part="documents-button"
            class="extra-button"
            type="button"
            aria-expanded=${this.#pickerOpen ? 'true' : 'false'}
            @click=${() => this.#setPicker(!this.#pickerOpen)}
          >${count ? strings.documentsChosen(count) : strings.documents}</button>`
        : nothing}${signedIn
        ? html`<button part="sign-out-button" class="extra-button" type="button" @click=${() => void signIn!.signOut()}>${strings.signOut}</button>`
        : nothing}`;
  }

  /** Under the header: the sign-in offer (one button per provider), or the open documents picker. */
  panels({ signIn, documents }: RoomExtrasParts, chatStrings: ChatStrings) {
    const strings = partStrings(chatStrings, roomExtrasStrings);
    const offer = signIn?.offer ?? [];
    return html`${offer.length
      ? html`${roomExtrasStyles}<div part="sign-in" class="sign-in" role="group" aria-label=${strings.signInPrompt}>
          <span>${strings.signInPrompt}</span>
          ${offer.map(
            (system) =>
              html`<button part="sign-in-button" class="extra-button" type="button" title=${system.title} @click=${() => signIn!.signIn(system)}>
                ${offer.length > 1 ? strings.signInWith(system.title) : strings.signIn}
              </button>`,
          )}
        </div>`
      : nothing}${this.#pickerOpen && documents?.documents.length ? this.#renderPicker(documents, strings) : nothing}`;
  }

  #renderPicker(controller: SoliplexDocumentsController, strings: ChatStrings & typeof roomExtrasStrings) {
    const { documents, selected } = controller;
    return html`${roomExtrasStyles}<fieldset part="documents" class="documents" @keydown=${this.#onPickerKey}>
      <legend>${strings.documentsLegend}</legend>
      ${documents.map(
        (doc) => html`<label class="document">
          <input type="checkbox" .checked=${selected.has(doc.id)} @change=${() => controller.toggle(doc.id)} />
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

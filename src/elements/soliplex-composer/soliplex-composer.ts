import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { firstPaintStrings, type FirstPaintStrings } from '../shared/first-paint-strings.js';
import { composerStyles } from './soliplex-composer.styles.js';
import { browserHasSpeechRecognition, type SpeechToText } from './speech-to-text.js';

/**
 * Internal: the user asks to send `text`. Cancelable: the chat calls `preventDefault()` when it does
 * not accept the message (a turn is running, the text is empty), and the draft is kept.
 */
export class SoliplexSendRequestEvent extends Event {
  static readonly eventName = 'soliplex-send-request';
  constructor(readonly text: string) {
    super(SoliplexSendRequestEvent.eventName, { bubbles: true, composed: true, cancelable: true });
  }
}

/** Internal: the user pressed Stop. */
export class SoliplexStopRequestEvent extends Event {
  static readonly eventName = 'soliplex-stop-request';
  constructor() {
    super(SoliplexStopRequestEvent.eventName, { bubbles: true, composed: true });
  }
}

/**
 * A multi-line message box: Enter sends, Shift+Enter breaks the line. While a turn runs the Send
 * button becomes Stop and sending is locked, but the draft stays editable. The text is cleared only
 * when the chat accepts it.
 * @summary The message input with Send and Stop.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @fires soliplex-send-request - Internal: asks the chat to send the draft (cancelable).
 * @fires soliplex-stop-request - Internal: asks the chat to stop the turn.
 * @csspart composer - The message form.
 * @csspart input - The message textarea.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop, while a turn runs.
 * @csspart dictate-button - "Dictate" (pressed while listening), where the browser or the page can recognise speech.
 * @csspart dictation-notice - Why dictation stopped (a refused microphone, a failure).
 */
export class SoliplexComposer extends LitElement {
  static override styles = composerStyles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** True while a turn runs: shows Stop and locks sending. */
  @property({ type: Boolean }) busy = false;

  /** Its labels, from the chat (the composer paints before the chat's other strings load). */
  @property({ attribute: false }) strings: FirstPaintStrings = firstPaintStrings;

  /**
   * Where the draft is kept across a reload: this tab's sessionStorage, one draft per key (the chat
   * gives its thread); nothing is kept when empty.
   */
  @property({ attribute: false }) draftKey = '';

  /** The page's speech-to-text; without it, the browser's speech recognition where there is one. */
  @property({ attribute: false }) speechToText?: SpeechToText;

  /** The language to recognise (BCP 47); the browser's when empty. */
  @property({ attribute: false }) speechLang = '';

  /** @internal The draft on screen (dictation.ts adds to it). */
  @state() draft = '';
  /** @internal While dictation listens (Dictate pressed), and why it stopped: dictation.ts sets them. */
  @state() listening = false;
  /** @internal */
  @state() dictationNotice = '';
  /** @internal Stops the dictation listening now. */
  stopDictation?: () => void;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopDictation?.();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('draftKey')) this.draft = keptDraft(this.draftKey, undefined);
  }

  /** @internal Shows `text` as the draft and keeps it. */
  setDraft(text: string): void {
    this.draft = text;
    keptDraft(this.draftKey, text);
  }

  @query('textarea') private input?: HTMLTextAreaElement;

  override render() {
    const strings = this.strings;
    return html`
      <form part="composer" @submit=${this.#onSubmit}>
        <textarea
          part="input"
          rows="2"
          aria-label=${strings.inputLabel}
          placeholder=${strings.inputPlaceholder}
          .value=${this.draft}
          @input=${(e: Event) => this.setDraft((e.target as HTMLTextAreaElement).value)}
          @keydown=${this.#onKeydown}
        ></textarea>
        ${this.speechToText || browserHasSpeechRecognition()
          ? html`<button part="dictate-button" class="dictate" type="button" aria-pressed=${this.listening ? 'true' : 'false'} @click=${this.#toggleDictation}>
              ${strings.dictate}
            </button>`
          : nothing}
        ${this.busy
          ? html`<button part="stop-button" class="stop" type="button" @click=${this.#stop}>${strings.stop}</button>`
          : html`<button part="send-button" type="submit">${strings.send}</button>`}
      </form>
      ${this.dictationNotice ? html`<p part="dictation-notice" class="notice" role="alert">${this.dictationNotice}</p>` : nothing}
    `;
  }

  /** Dictate (its code loads on the first press): the words join the draft as they are spoken; pressed again, it stops. */
  #toggleDictation = () =>
    this.stopDictation
      ? this.stopDictation()
      : import('./dictation.js').then(
          ({ dictateInto }) => dictateInto(this),
          (error: unknown) => (this.dictationNotice = String(error)),
        );

  #onKeydown = (event: KeyboardEvent) => {
    // isComposing: Enter that confirms an IME composition must not send.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    this.#submit();
  };

  #onSubmit = (event: Event) => {
    event.preventDefault();
    this.#submit();
  };

  #submit(): void {
    if (this.busy) return;
    const text = this.input?.value ?? this.draft;
    if (!text.trim()) return;
    const request = new SoliplexSendRequestEvent(text);
    if (!this.dispatchEvent(request)) return;
    this.stopDictation?.(); // the message is sent: what is still recognised must not refill the box
    this.setDraft('');
  }

  #stop = () => {
    const request = new SoliplexStopRequestEvent();
    this.dispatchEvent(request);
  };
}

/** Reads (`text` undefined) or keeps the draft of `key` in sessionStorage, which may be unavailable (then nothing is kept). */
function keptDraft(key: string, text: string | undefined): string {
  if (!key) return text ?? '';
  const item = `soliplex-chat-draft:${key}`;
  try {
    if (text === undefined) return sessionStorage.getItem(item) ?? '';
    if (text) sessionStorage.setItem(item, text);
    else sessionStorage.removeItem(item);
  } catch {
    // storage blocked or full: the draft stays on screen only
  }
  return text ?? '';
}

if (!customElements.get('soliplex-composer')) customElements.define('soliplex-composer', SoliplexComposer);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-composer': SoliplexComposer;
  }
  interface HTMLElementEventMap {
    'soliplex-send-request': SoliplexSendRequestEvent;
    'soliplex-stop-request': SoliplexStopRequestEvent;
  }
}

import { LitElement, css, html, nothing } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { consume } from '@lit/context';
import type { ContentPart } from '@ag-ui/core';
import { chatContext, type ChatContextValue } from '../../context.js';
import { partStrings } from '../shared/chat-strings.js';
import { attachmentStrings } from './attachment-strings.js';
import type { AgentCapabilities } from '@ag-ui/core';
import { DEFAULT_MAX_BYTES, attachmentOptions, fileToPart, rejection, type AttachmentOptions } from './attachment-parts.js';

interface Pending {
  readonly file: File;
  /** An object URL for an image's preview, revoked when the file leaves. */
  readonly preview?: string;
}

/**
 * The files the user attaches to the next message: an Attach button (a file picker), previews with a
 * Remove button each, and why a file was refused (type, size, count). Paste and drop reach it through
 * the chat. The files are this view's draft until the chat takes them as AG-UI content parts on send.
 * @summary Attachments for the next message.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @csspart attachments - The attachment bar (when attachments are on).
 * @csspart attach-button - The Attach button.
 * @csspart attachment - One attached file (preview and name).
 * @csspart attachment-error - Why a file was refused or could not be sent.
 */
export class SoliplexAttachments extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--_sc-gap) / 2);
      padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
    }
    button {
      font: inherit;
      padding: calc(var(--_sc-gap) / 4) var(--_sc-gap);
      border-radius: var(--_sc-radius);
      border: 1px solid var(--_sc-border);
      background: var(--_sc-surface);
      color: var(--_sc-foreground);
      cursor: pointer;
    }
    button:focus-visible {
      outline: ${focusOutline};
      outline-offset: 2px;
    }
    .file {
      display: inline-flex;
      align-items: center;
      gap: calc(var(--_sc-gap) / 2);
      border: 1px solid var(--_sc-border);
      border-radius: var(--_sc-radius);
      padding: 2px calc(var(--_sc-gap) / 2);
      max-width: 16em;
    }
    .file img {
      width: 2.5em;
      height: 2.5em;
      object-fit: cover;
      border-radius: calc(var(--_sc-radius) / 2);
    }
    .name {
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .error {
      flex-basis: 100%;
      margin: 0;
      color: var(--_sc-danger);
    }
    input[type='file'] {
      display: none;
    }
  `;

  /** The page's setting (`true`: the defaults). */
  @property({ attribute: false }) config?: boolean | AttachmentOptions;

  /** What the agent accepts, used when the page set nothing. */
  @property({ attribute: false }) capabilities?: AgentCapabilities;

  /** What may be attached, from the page's setting or else the agent's capabilities. */
  get options(): AttachmentOptions {
    return attachmentOptions(this.config, this.capabilities) ?? {};
  }

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  @state() private pending: readonly Pending[] = [];
  @state() private error = '';
  @query('input[type="file"]') private picker?: HTMLInputElement;

  /** How many files wait for the next message. */
  get count(): number {
    return this.pending.length;
  }

  /** Adds files (from the picker, a paste or a drop); those refused are named in the error line. */
  add(files: Iterable<File>): void {
    const strings = partStrings(this.chat?.strings, attachmentStrings);
    const next = [...this.pending];
    const refused: string[] = [];
    for (const file of files) {
      const why = rejection(this.options, file, next.length);
      if (why) {
        refused.push(strings.attachmentRefused(file.name, why, this.options.maxBytes ?? DEFAULT_MAX_BYTES));
        continue;
      }
      next.push({ file, ...(file.type.startsWith('image/') ? { preview: URL.createObjectURL(file) } : {}) });
    }
    this.pending = next;
    this.error = refused.join(' ');
  }

  /** The files as AG-UI content parts (uploaded first when the page gives `upload`); the bar empties. */
  async takeParts(): Promise<ContentPart[]> {
    const files = this.pending;
    const parts = await Promise.all(files.map(({ file }) => fileToPart(file, this.options)));
    this.clear();
    return parts;
  }

  clear(): void {
    for (const { preview } of this.pending) if (preview) URL.revokeObjectURL(preview);
    this.pending = [];
    this.error = '';
  }

  /** Says why the files could not be sent (an upload failed); they stay attached. */
  showError(message: string): void {
    this.error = message;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.clear();
  }

  override render() {
    const strings = partStrings(this.chat?.strings, attachmentStrings);
    return html`<div part="attachments" class="bar">
      <input type="file" multiple .accept=${this.options.accept?.join(',') ?? ''} @change=${this.#onPicked} tabindex="-1" aria-hidden="true" />
      <button part="attach-button" type="button" @click=${() => this.picker?.click()}>${strings.attach}</button>
      ${repeat(
        this.pending,
        (p) => p,
        (p, index) => html`<span part="attachment" class="file">
          ${p.preview ? html`<img src=${p.preview} alt="" />` : nothing}
          <span class="name">${p.file.name}</span>
          <button type="button" aria-label=${strings.removeAttachment(p.file.name)} @click=${() => this.#remove(index)}>×</button>
        </span>`,
      )}
      ${this.error ? html`<p part="attachment-error" class="error" role="alert">${this.error}</p>` : nothing}
    </div>`;
  }

  #onPicked = () => {
    const picker = this.picker;
    if (!picker?.files) return;
    this.add([...picker.files]);
    picker.value = '';
  };

  #remove(index: number): void {
    const gone = this.pending[index];
    if (gone?.preview) URL.revokeObjectURL(gone.preview);
    this.pending = this.pending.filter((_, i) => i !== index);
  }
}

if (!customElements.get('soliplex-attachments')) customElements.define('soliplex-attachments', SoliplexAttachments);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-attachments': SoliplexAttachments;
  }
}

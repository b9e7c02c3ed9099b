import { html, type ReactiveElement } from 'lit';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { listExtrasStrings } from './list-extras-strings.js';

/** What the editor asks of the list: it owns the draft and the thread. */
export interface EditorHost {
  /** The draft changed. */
  input(draft: string): void;
  /** Send the draft (the list runs the turn again from this message). */
  send(): void;
  cancel(): void | Promise<void>;
}

/** A user message being edited: its draft, Cancel and Send (Enter sends, Shift+Enter a new line, Escape cancels). */
export function renderEditor(edit: { readonly id: string; readonly draft: string }, chatStrings: ChatStrings, host: EditorHost) {
  const strings = partStrings(chatStrings, listExtrasStrings);
  const submit = (event: Event) => {
    event.preventDefault();
    host.send();
  };
  const keydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      host.cancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
  };
  return html`<form class="editor" data-message-id=${edit.id} @submit=${submit} @keydown=${keydown}>
    <textarea aria-label=${strings.editLabel} rows="3" .value=${edit.draft} @input=${(e: Event) => host.input((e.target as HTMLTextAreaElement).value)}></textarea>
    <div class="actions from-user">
      <button type="button" @click=${() => host.cancel()}>${strings.editCancel}</button>
      <button class="primary" type="submit">${strings.editSend}</button>
    </div>
  </form>`;
}

/** What the edits need of the list: its renders and its root. */
type EditingList = Pick<ReactiveElement, 'requestUpdate' | 'updateComplete' | 'renderRoot'>;

/**
 * The list's inline editing (loaded with the first Edit): the user message being edited, with its
 * draft (one at a time), and what its editor's Send and Cancel do.
 */
export class Edits implements EditorHost {
  /** The user message being edited, and its draft. */
  editing?: { readonly id: string; readonly draft: string };

  constructor(
    private readonly list: EditingList,
    /** Runs the turn again from the edited message. */
    private readonly edit: (id: string, draft: string) => void,
  ) {}

  #set(editing: Edits['editing']): void {
    this.editing = editing;
    this.list.requestUpdate();
  }

  /** Opens the editor on a user message, the caret at the end of its text. */
  async start(message: { readonly id: string; readonly text: string }): Promise<void> {
    this.#set({ id: message.id, draft: message.text });
    await this.list.updateComplete;
    const input = this.list.renderRoot.querySelector<HTMLTextAreaElement>('.editor textarea');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }

  input(draft: string): void {
    if (this.editing) this.#set({ id: this.editing.id, draft });
  }

  send(): void {
    const edit = this.editing;
    if (!edit || !edit.draft.trim()) return;
    this.#set(undefined);
    this.edit(edit.id, edit.draft);
  }

  async cancel(): Promise<void> {
    const id = this.editing?.id;
    this.#set(undefined);
    await this.list.updateComplete;
    // Back to the Edit button the user came from.
    this.list.renderRoot.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id ?? '')}"] + .actions [part~="edit-button"]`)?.focus();
  }
}

import { html } from 'lit';
import type { ChatStrings } from '../shared/chat-strings.js';

/** What the editor asks of the list: it owns the draft and the thread. */
export interface EditorHost {
  /** The draft changed. */
  input(draft: string): void;
  /** Send the draft (the list runs the turn again from this message). */
  send(): void;
  cancel(): void;
}

/** A user message being edited: its draft, Cancel and Send (Enter sends, Shift+Enter a new line, Escape cancels). */
export function renderEditor(edit: { readonly id: string; readonly draft: string }, strings: ChatStrings, host: EditorHost) {
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

/** Puts the caret at the end of the open editor's draft. */
export function focusEditor(root: ParentNode): void {
  const input = root.querySelector<HTMLTextAreaElement>('.editor textarea');
  input?.focus();
  input?.setSelectionRange(input.value.length, input.value.length);
}

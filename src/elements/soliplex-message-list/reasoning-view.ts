import { html } from 'lit';
import type { ReasoningMessage } from '../../core/index.js';
import type { ChatStrings } from '../shared/chat-strings.js';

/** A model's reasoning, collapsed under "Reasoning" (`notice`: the cut-text note under it, if any). */
export function renderReasoning(message: ReasoningMessage, strings: ChatStrings, notice: unknown) {
  return html`<details part="message reasoning" class="message reasoning" data-message-id=${message.id}>
    <summary>${strings.reasoning}</summary>
    <div class="text" dir="auto">${message.text}</div>${notice}
  </details>`;
}

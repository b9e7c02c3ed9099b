import { html, type TemplateResult } from 'lit';
import type { ChatMessage } from '../../core/index.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { listExtrasStrings } from './list-extras-strings.js';
import type { SubagentGroup } from './subagent-group.js';

/** A collapsible group: the subagent's name and status as its summary, its messages inside. */
export function renderSubagentGroup<M extends ChatMessage>(
  group: SubagentGroup<M>,
  chatStrings: ChatStrings,
  renderMessages: (messages: readonly M[]) => unknown,
): TemplateResult {
  const strings = partStrings(chatStrings, listExtrasStrings);
  const { subagent } = group;
  const status = strings.subagentStatus[subagent.status];
  return html`<details part="subagent" class="subagent" open data-subagent-status=${subagent.status}>
    <summary part="subagent-summary">${strings.subagentLabel(subagent.name, status)}</summary>
    ${subagent.error ? html`<p class="subagent-error">${subagent.error}</p>` : ''}
    <div class="subagent-messages">${renderMessages(group.messages)}</div>
  </details>`;
}

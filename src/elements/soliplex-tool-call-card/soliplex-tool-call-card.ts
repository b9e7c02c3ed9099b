import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ToolCall, ToolCallStatus } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings } from '../shared/chat-strings.js';
import { formatArguments, prettyJson } from '../shared/format.js';
import { toolCallCardStyles } from './soliplex-tool-call-card.styles.js';
import { renderToolResultView } from './tool-result-view.js';

/** A glyph per status, so the status does not rest on colour alone. */
const STATUS_ICONS: Record<ToolCallStatus, string> = {
  streaming: '…',
  pending: '○',
  'awaiting-approval': '?',
  executing: '◔',
  completed: '✓',
  failed: '✕',
  denied: '⊘',
};

/**
 * One tool call: its name and status, and in a collapsible section its arguments (streaming live,
 * then pretty-printed) and its result or error. A tool's own `render(result, call)` output is shown
 * in the card once the call completes.
 * @summary A tool call with its status, arguments and result.
 * @csspart tool-card - The card.
 * @csspart tool-name - The tool's name.
 * @csspart tool-status - The status (icon and text).
 * @csspart tool-details - The collapsible arguments and result.
 * @csspart tool-result - The result rendered by the tool's own renderer.
 * @csspart tool-content - A structured result's parts: text, pretty JSON, image previews, download links.
 * @csspart tool-changes - What the call changed in the agent's tools ("Added tools: X, Y").
 * @csspart tool-cached - Marks a result that came from the tool's cache.
 */
export class SoliplexToolCallCard extends LitElement {
  static override styles = toolCallCardStyles;

  /** The call to show. */
  @property({ attribute: false }) call?: ToolCall;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  override render() {
    const call = this.call;
    if (!call) return nothing;
    const strings = this.chat?.strings ?? defaultChatStrings;
    const statusText = strings.toolStatus[call.status];
    return html`
      <section part="tool-card" class="card" data-status=${call.status} aria-label=${strings.toolCallLabel(call.name, statusText)}>
        <div class="header">
          <span part="tool-name" class="name">${call.name}</span>
          <span part="tool-status" class="status" data-status=${call.status}>
            <span aria-hidden="true">${STATUS_ICONS[call.status]}</span>${statusText}
          </span>
        </div>
        ${this.#renderCustom(call)}
        ${renderToolResultView(call, strings, !!this.chat?.toolRegistry.get(call.name)?.render)}
        <details part="tool-details">
          <summary>${strings.toolDetails}</summary>
          <h4>${strings.arguments}</h4>
          <pre>${formatArguments(call)}</pre>
          ${call.error !== undefined
            ? html`<h4>${strings.error}</h4><pre class="error">${call.error}</pre>`
            : call.result !== undefined
              ? html`<h4>${strings.result}</h4><pre>${prettyJson(call.result)}</pre>`
              : nothing}
        </details>
      </section>
    `;
  }

  /** The tool's own renderer: a Lit template or a DOM node. A renderer that throws shows a notice. */
  #renderCustom(call: ToolCall): TemplateResult | typeof nothing {
    const tool = this.chat?.toolRegistry.get(call.name);
    if (!tool?.render || call.status !== 'completed') return nothing;
    let output: unknown;
    try {
      output = tool.render(call.resultValue, call);
    } catch (error) {
      console.error(`[soliplex-chat] the renderer of "${call.name}" threw`, error);
      output = (this.chat?.strings ?? defaultChatStrings).renderFailed;
    }
    return html`<div part="tool-result" class="rendered">${output}</div>`;
  }
}

if (!customElements.get('soliplex-tool-call-card')) customElements.define('soliplex-tool-call-card', SoliplexToolCallCard);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-tool-call-card': SoliplexToolCallCard;
  }
}

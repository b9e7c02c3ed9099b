import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ToolCall, ToolCallStatus } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { formatArguments, prettyJson } from '../shared/format.js';
import { callSignatureArgs, parsePartialJson } from '../shared/partial-json.js';
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
  cancelled: '■',
  interrupted: '↯',
};

/**
 * One tool call: `name(arg: value, …)` on one line with its status, and in a collapsible section its
 * full arguments (streaming live, then pretty-printed) and its result or error. The page's renderer
 * for the tool (`toolRenderers` on the chat) is shown while the call streams and after; a tool's
 * own `render(result, call)` output is shown once the call completes. A call that was executing when
 * the page was reloaded (`interrupted`) has **Run again**: it never runs again by itself.
 * @summary A tool call with its status, arguments and result.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @csspart tool-card - A tool call card.
 * @csspart tool-name - A tool card's tool name.
 * @csspart tool-arguments - A tool card's arguments on one line, after the name.
 * @csspart tool-view - What the page's renderer for the tool (`toolRenderers`) shows in its card.
 * @csspart tool-status - A tool card's status.
 * @csspart tool-details - A tool card's collapsible arguments and result.
 * @csspart tool-result - Output of a tool's own renderer.
 * @csspart tool-content - A structured tool result: text, pretty JSON, image previews, download links.
 * @csspart tool-changes - What a tool call changed in the agent's tools ("Added tools: X, Y").
 * @csspart tool-cached - Marks a tool result that came from the tool's cache.
 * @csspart truncated-notice - Says that the arguments or the result were cut at `MAX_TEXT_CHARS` (100,000 characters).
 * @csspart run-again-button - Run again, on a tool call the page's reload interrupted (status `interrupted`).
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
    // A call held for the user's approval shows their decision (a denied one even if the agent answered it).
    const status = call.decision === 'denied' ? 'denied' : call.status;
    const statusText =
      call.decision === 'approved' ? strings.toolApproved
      : call.decision === 'denied' ? strings.toolStatus.denied
      : call.unanswered ? strings.toolNotAnswered
      : strings.toolStatus[call.status];
    const args = call.args !== undefined && call.status !== 'streaming' ? call.args : parsePartialJson(call.argsText);
    const signature = callSignatureArgs(args);
    return html`
      <section part="tool-card" class="card" data-status=${status} aria-label=${strings.toolCallLabel(call.name, statusText)}>
        <div class="header">
          <code class="signature" title=${`${call.name}(${signature})`}
            ><span part="tool-name" class="name">${call.name}</span><span part="tool-arguments" class="args">(${signature})</span></code
          >
          <span part="tool-status" class="status" data-status=${status} ?data-unanswered=${!!call.unanswered && !call.decision}>
            <span aria-hidden="true">${STATUS_ICONS[status]}</span>${statusText}
          </span>
        </div>
        ${call.status === 'interrupted'
          ? html`<button part="run-again-button" class="run-again" type="button" @click=${() => this.chat?.thread.runAgain(call.id)}>
              ${strings.runAgain}
            </button>`
          : nothing}
        ${call.argsTruncated || call.resultTruncated ? html`<p part="truncated-notice" class="truncated-notice" role="note">${strings.truncated}</p>` : nothing}
        ${this.#renderGenerative(call, args)} ${this.#renderCustom(call)}
        ${renderToolResultView(call, strings, !!this.chat?.toolRegistry.get(call.name)?.render, this.chat?.imageOrigins)}
        <details part="tool-details" @toggle=${this.#onToggle}>
          <summary>${strings.toolDetails}</summary>
          ${this.#detailsOpen ? this.#renderDetails(call, strings) : nothing}
        </details>
      </section>
    `;
  }

  /**
   * Whether the details are open. Their content is made only then: a closed card is a few elements,
   * so a hop that brings many cards at once renders them quickly.
   */
  #detailsOpen = false;

  #onToggle = (event: Event) => {
    this.#detailsOpen = (event.currentTarget as HTMLDetailsElement).open;
    this.requestUpdate();
  };

  #renderDetails(call: ToolCall, strings: SoliplexChatStrings): TemplateResult {
    return html`
      <h4>${strings.arguments}</h4>
      <pre>${formatArguments(call)}</pre>
      ${call.error !== undefined
        ? html`<h4>${strings.error}</h4><pre class="error">${call.error}</pre>`
        : call.result !== undefined
          ? html`<h4>${strings.result}</h4><pre>${prettyJson(call.result)}</pre>`
          : nothing}
    `;
  }

  /** The page's generative UI for this tool name (any call, while its arguments stream and after). */
  #renderGenerative(call: ToolCall, args: unknown): TemplateResult | typeof nothing {
    const renderer = this.chat?.toolRenderers?.[call.name];
    if (!renderer) return nothing;
    let output: unknown;
    try {
      output = renderer(call, args);
    } catch (error) {
      console.error(`[soliplex-chat] the tool renderer of "${call.name}" threw`, error);
      output = (this.chat?.strings ?? defaultChatStrings).renderFailed;
    }
    return html`<div part="tool-view" class="rendered">${output}</div>`;
  }

  /** The tool's own renderer: a Lit template or a DOM node. A renderer that throws shows a notice. */
  #renderCustom(call: ToolCall): TemplateResult | typeof nothing {
    const tool = this.chat?.toolRegistry.get(call.name);
    if (!tool?.render || call.status !== 'completed') return nothing;
    return html`<div part="tool-result" class="rendered">${guarded(() => tool.render!(call.resultValue, call), call, this.chat?.strings.renderFailed)}</div>`;
  }
}

/** Page code's output; a renderer that throws shows a notice instead of breaking the card. */
function guarded(render: () => unknown, call: ToolCall, notice = defaultChatStrings.renderFailed): unknown {
  try {
    return render();
  } catch (error) {
    console.error(`[soliplex-chat] the renderer of "${call.name}" threw`, error);
    return notice;
  }
}

if (!customElements.get('soliplex-tool-call-card')) customElements.define('soliplex-tool-call-card', SoliplexToolCallCard);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-tool-call-card': SoliplexToolCallCard;
  }
}

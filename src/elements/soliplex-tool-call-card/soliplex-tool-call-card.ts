import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ToolCall, ToolCallStatus } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { toolCardStrings } from './tool-card-strings.js';
import { rarePartStrings } from '../shared/rare-part-strings.js';
import { formatArguments, prettyJson } from '../shared/format.js';
import { callSignatureArgs, parsePartialJson } from '../shared/partial-json.js';
import { toolCallCardStyles } from './soliplex-tool-call-card.styles.js';
import { renderToolResultView } from './tool-result-view.js';
import { toolLabel, type ToolLabel } from '../shared/tool-label.js';

/** How much of cut arguments the card's preview reads (the signature shows short values only). */
const CUT_ARGS_PREVIEW_CHARS = 4_000;

/** The English of the card's own strings, and of those it shares with other parts. */
const cardStrings = Object.freeze({ ...rarePartStrings, ...toolCardStrings });
type CardStrings = ChatStrings & typeof cardStrings;

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
 * @csspart tool-changes - What a tool call changed in the agent's tools, as one muted line ("Weather ready"; the full list on hover and in the inspector).
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
    const strings = partStrings(this.chat?.strings, cardStrings);
    // A call held for the user's approval shows their decision (a denied one even if the agent answered it).
    const status = call.decision === 'denied' ? 'denied' : call.status;
    const statusText =
      call.decision === 'approved' ? strings.toolApproved
      : call.decision === 'denied' ? strings.toolStatus.denied
      : call.unanswered ? strings.toolNotAnswered
      : strings.toolStatus[call.status];
    // Arguments cut at MAX_TEXT_CHARS are not JSON: their preview reads their beginning only (closing all
    // 100,000 characters of hostile text took 60-110 ms per render).
    const argsText = call.argsTruncated ? call.argsText.slice(0, CUT_ARGS_PREVIEW_CHARS) : call.argsText;
    const args = call.args !== undefined && call.status !== 'streaming' ? call.args : parsePartialJson(argsText);
    const signature = hasArguments(call) ? callSignatureArgs(args) : '';
    const label = toolLabel(this.chat?.toolRegistry, call.name);
    // What a call changed in the agent's tools (a group's expansion, an augmentation) is plumbing: one muted line.
    if (call.changes && call.status === 'completed' && !this.#hasOwnView(call)) return this.#renderChangesLine(call, label, strings);
    return html`
      <div part="tool-card" class="card" role="group" data-status=${status} aria-label=${strings.toolCallLabel(label.title, statusText)}>
        <div class="header">
          ${this.#renderSignature(call.name, label, signature)}
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
      </div>
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

  /**
   * The tool as people know it: the page's `title` (with its `icon`) and the arguments in a muted
   * line; an untitled tool as code, `name(arguments)`. A call without arguments shows none (no `()`).
   */
  #renderSignature(name: string, label: ToolLabel, signature: string): TemplateResult {
    const full = signature ? `${name}(${signature})` : name;
    if (label.title === name && !label.icon) {
      return html`<code class="signature" title=${full}
        ><span part="tool-name" class="name">${name}</span>${signature ? html`<span part="tool-arguments" class="args">(${signature})</span>` : nothing}</code
      >`;
    }
    return html`<span class="signature titled" title=${full}
      >${label.icon ? html`<span class="icon" aria-hidden="true">${label.icon}</span>` : nothing}<span part="tool-name" class="name">${label.title}</span
      >${signature ? html`<span part="tool-arguments" class="args">${signature}</span>` : nothing}</span
    >`;
  }

  /** A completed call that only changed the agent's tools: what it made ready, the full list on hover (and in the inspector). */
  #renderChangesLine(call: ToolCall, label: ToolLabel, strings: CardStrings): TemplateResult {
    return html`<p part="tool-changes" class="changes-line" title=${strings.toolChanges(call.changes!)}>
      ${label.icon ? html`<span class="icon" aria-hidden="true">${label.icon}</span>` : nothing}${strings.toolsReady(label.title)}
    </p>`;
  }

  /** The page shows this call its own way (a renderer for the tool or its result). */
  #hasOwnView(call: ToolCall): boolean {
    return !!this.chat?.toolRenderers?.[call.name] || !!this.chat?.toolRegistry.get(call.name)?.render;
  }

  #renderDetails(call: ToolCall, strings: CardStrings): TemplateResult {
    // Labels, not headings: a card is not a section of the page's outline (headings follow the host's).
    return html`
      ${hasArguments(call) ? html`<p class="label">${strings.arguments}</p><pre>${formatArguments(call)}</pre>` : nothing}
      ${call.error !== undefined
        ? html`<p class="label">${strings.error}</p><pre class="error">${call.error}</pre>`
        : call.result !== undefined
          ? html`<p class="label">${strings.result}</p><pre>${prettyJson(call.result)}</pre>`
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
      output = partStrings(this.chat?.strings, cardStrings).renderFailed;
    }
    return html`<div part="tool-view" class="rendered">${output}</div>`;
  }

  /** The tool's own renderer: a Lit template or a DOM node. A renderer that throws shows a notice. */
  #renderCustom(call: ToolCall): TemplateResult | typeof nothing {
    const tool = this.chat?.toolRegistry.get(call.name);
    if (!tool?.render || call.status !== 'completed') return nothing;
    return html`<div part="tool-result" class="rendered">${guarded(() => tool.render!(call.resultValue, call), call, partStrings(this.chat?.strings, cardStrings).renderFailed)}</div>`;
  }
}

/** Page code's output; a renderer that throws shows a notice instead of breaking the card. */
function guarded(render: () => unknown, call: ToolCall, notice: string): unknown {
  try {
    return render();
  } catch (error) {
    console.error(`[soliplex-chat] the renderer of "${call.name}" threw`, error);
    return notice;
  }
}

/** Whether the call has arguments to show (`{}`, or nothing at all, is none). */
function hasArguments(call: ToolCall): boolean {
  const text = call.argsText.trim();
  return call.args !== undefined ? !(call.args && typeof call.args === 'object' && !Array.isArray(call.args) && Object.keys(call.args).length === 0) : text !== '' && text !== '{}';
}

if (!customElements.get('soliplex-tool-call-card')) customElements.define('soliplex-tool-call-card', SoliplexToolCallCard);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-tool-call-card': SoliplexToolCallCard;
  }
}

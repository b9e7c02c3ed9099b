import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ActivityMessage } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { defaultChatStrings } from '../shared/chat-strings.js';
import { prettyJson } from '../shared/format.js';

/**
 * One activity of the agent (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`): by default its type as a heading
 * and its content's fields as a list (text as text, lists of plain values as lists, anything else as
 * JSON). A page renderer registered for its `activityType` replaces the default.
 * @summary An activity of the agent, kept up to date as it changes.
 * @internal A part of `<soliplex-chat>`, defined by it; not a public tag.
 * @csspart activity - An activity of the agent.
 * @csspart activity-custom - An activity renderer's output.
 */
export class SoliplexActivity extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    .activity {
      border-inline-start: 3px solid var(--_sc-accent);
      padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
      color: var(--_sc-foreground);
    }
    .label {
      margin: 0 0 calc(var(--_sc-gap) / 2);
      font-size: 0.9em;
      font-weight: 600;
      color: var(--_sc-muted);
    }
    dl {
      margin: 0;
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 2px var(--_sc-gap);
    }
    dt {
      font-weight: 600;
    }
    dd {
      margin: 0;
      white-space: pre-wrap;
      overflow-wrap: anywhere;
    }
    ul {
      margin: 0;
      padding-inline-start: 1.2em;
    }
    pre {
      margin: 0;
      font-family: var(--_sc-mono-font);
      font-size: 0.85em;
      white-space: pre-wrap;
    }
  `;

  /** The activity to show. */
  @property({ attribute: false }) message?: ActivityMessage;

  @consume({ context: chatContext, subscribe: true })
  @property({ attribute: false })
  chat?: ChatContextValue;

  override render() {
    const message = this.message;
    if (!message) return nothing;
    const strings = this.chat?.strings ?? defaultChatStrings;
    const label = strings.activityLabel(message.activityType);
    const renderer = this.chat?.activityRenderers?.[message.activityType];
    if (renderer) {
      let output: unknown;
      try {
        output = renderer(message.content, message);
      } catch (error) {
        console.error(`[soliplex-chat] the activity renderer of "${message.activityType}" threw`, error);
        output = strings.renderFailed;
      }
      return html`<div part="activity" class="activity" role="group" aria-label=${label} data-activity-type=${message.activityType}>
        <div part="activity-custom">${output}</div>
      </div>`;
    }
    // A group, not a landmark; its label is a label, not a heading (headings follow the host's).
    return html`<div part="activity" class="activity" role="group" aria-label=${label} data-activity-type=${message.activityType}>
      <p class="label" aria-hidden="true">${label}</p>
      <dl>${Object.entries(message.content).map(([key, value]) => html`<dt>${key}</dt><dd>${renderValue(value)}</dd>`)}</dl>
    </div>`;
  }
}

function isPlain(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function renderValue(value: unknown) {
  if (isPlain(value)) return String(value);
  if (Array.isArray(value) && value.every(isPlain)) return html`<ul>${value.map((v) => html`<li>${String(v)}</li>`)}</ul>`;
  return html`<pre>${prettyJson(value)}</pre>`;
}

if (!customElements.get('soliplex-activity')) customElements.define('soliplex-activity', SoliplexActivity);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-activity': SoliplexActivity;
  }
}

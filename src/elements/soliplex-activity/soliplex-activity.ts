import { LitElement, css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { ActivityMessage } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { partStrings } from '../shared/chat-strings.js';
import { activityStrings } from './activity-strings.js';
import { rarePartStrings } from '../shared/rare-part-strings.js';
import { prettyJson } from '../shared/format.js';
import { loadOnce } from '../shared/load-once.js';
import { proxyRun } from '../../core/transport/proxy-run.js';
import { A2UI_ACTIVITY_TYPE } from './a2ui-content.js';
import { a2uiRenderer } from './a2ui-registration.js';
import { MCP_APPS_ACTIVITY_TYPE } from './mcp-app-content.js';

/** The chat's own renderers of the generative UI standards, each in its own chunk, loaded on first use. */
/** The English of the activities' own strings, and of the one they share with other parts (a renderer that threw). */
const partEnglish = Object.freeze({ ...rarePartStrings, ...activityStrings });

const builtIns: Readonly<Record<string, { load: () => void }>> = {
  // Only where a page provided it (`soliplex-chat/a2ui`, or the CDN build): see a2ui-registration.ts.
  [A2UI_ACTIVITY_TYPE]: { load: loadOnce(() => a2uiRenderer()?.() ?? Promise.resolve()) },
  [MCP_APPS_ACTIVITY_TYPE]: { load: loadOnce(() => import('./mcp-app-activity.js')) },
};
const builtIn = (activityType: string) => (activityType === A2UI_ACTIVITY_TYPE && !a2uiRenderer() ? undefined : builtIns[activityType]);

/**
 * One activity of the agent (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`): an `a2ui-surface` (A2UI, drawn by
 * `@a2ui/lit`) as its surfaces, an `mcp-apps` one (SEP-1865) as its app in a sandboxed frame, any other by default its type as a heading and its content's fields as a
 * list (text as text, lists of plain values as lists, anything else as JSON). A page renderer
 * registered for its `activityType` replaces the default; one set to `null` turns the built-in off.
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
    const strings = partStrings(this.chat?.strings, partEnglish);
    const label = strings.activityLabel(message.activityType);
    const renderers = this.chat?.activityRenderers;
    const renderer = renderers?.[message.activityType];
    const own = renderers && Object.hasOwn(renderers, message.activityType) ? undefined : builtIn(message.activityType);
    if (own) return this.#renderBuiltIn(message, label);
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

  /**
   * The chat's own renderer of a generative UI standard; its chunk loads on first use, and its element
   * takes the properties set before it was defined when it upgrades (Lit keeps them).
   */
  #renderBuiltIn(message: ActivityMessage, label: string) {
    builtIn(message.activityType)?.load();
    const strings = partStrings(this.chat?.strings, partEnglish);
    const thread = this.chat?.thread;
    // Only the thread's commands act: an action starts a run of this thread (refused while one runs).
    const sendAction = (action: unknown) => thread?.forward({ a2uiAction: { userAction: action } }) ?? false;
    const own =
      message.activityType === MCP_APPS_ACTIVITY_TYPE
        ? html`<soliplex-mcp-app-activity
            .message=${message}
            .strings=${strings}
            .proxy=${(props: Record<string, unknown>) => (thread ? proxyRun(thread.engine.transportFor(thread.key), thread.key.thread, props) : Promise.reject(new Error('No thread')))}
            .sendMessage=${(text: string) => thread?.send(text) ?? false}
          ></soliplex-mcp-app-activity>`
        : html`<soliplex-a2ui-activity .message=${message} .strings=${strings} .imageOrigins=${this.chat?.imageOrigins} .sendAction=${sendAction}></soliplex-a2ui-activity>`;
    return html`<div part="activity" class="activity" role="group" aria-label=${label} data-activity-type=${message.activityType}>
      <div part="activity-custom">${own}</div>
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

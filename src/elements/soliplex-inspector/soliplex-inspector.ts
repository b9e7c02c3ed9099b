import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { SessionRecorder, type RunOrchestrator, type SessionRecording } from '../../core/index.js';
import { prettyJson } from '../shared/format.js';
import { defaultInspectorStrings, type SoliplexInspectorStrings } from './inspector-strings.js';

/**
 * A developer's view of a chat's engine: per run the request (credential-like values redacted), the
 * raw AG-UI events with their time, the conversation after the event you pick, and the tool
 * executions with their inputs and outputs. **Download recording** saves the session as JSON, which
 * `replayRecording` (soliplex-chat/testing) plays back in tests. A separate entry
 * (`soliplex-chat/inspector`): not part of the chat's bundle. Records from the moment it gets an engine.
 * @summary Inspect a chat's runs, events, state and tool executions.
 * @csspart download-button - The Download recording button.
 */
export class SoliplexInspector extends LitElement {
  static override styles = css`
    :host {
      display: block;
      font: 13px/1.4 system-ui, sans-serif;
    }
    pre {
      margin: 0.25em 0;
      padding: 0.5em;
      max-block-size: 16em;
      overflow: auto;
      /* Its page's colours, whatever they are (the inspector has no theme): a light or a dark page alike. */
      background: color-mix(in srgb, currentColor 7%, transparent);
      font: 12px/1.35 ui-monospace, monospace;
      white-space: pre-wrap;
      word-break: break-word;
    }
    ol {
      margin: 0;
      padding-inline-start: 1.5em;
      max-block-size: 16em;
      overflow: auto;
    }
    button {
      font: inherit;
    }
    .heading {
      margin: 1em 0 0.25em;
      font-weight: 600;
    }
    .event {
      border: 0;
      background: none;
      color: inherit;
      cursor: pointer;
      padding: 0;
      text-align: start;
    }
    .event[aria-pressed='true'] {
      font-weight: 600;
    }
    table {
      border-collapse: collapse;
      inline-size: 100%;
    }
    th,
    td {
      border-block-end: 1px solid color-mix(in srgb, currentColor 30%, transparent);
      padding: 0.2em 0.4em;
      text-align: start;
      vertical-align: top;
    }
  `;

  /** The engine to inspect (or set `chat`). */
  @property({ attribute: false }) engine?: RunOrchestrator;

  /** A `<soliplex-chat>` (or anything with an `engine`) whose engine to inspect. */
  @property({ attribute: false }) chat?: { readonly engine?: RunOrchestrator };

  /** The level of its headings (Request, Events, Tool executions), 1 to 6, to fit the page's outline (default 4). */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 4;

  /** UI strings for translation: a partial object merged over the English defaults. */
  @property({ attribute: false }) strings?: Partial<SoliplexInspectorStrings>;

  @state() private selected?: { runId: string; index: number };
  @state() private version = 0;

  #recorder?: SessionRecorder;

  /** The session so far, as the downloaded recording. */
  recording(): SessionRecording | undefined {
    return this.#recorder?.toJSON();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#listenTo(undefined);
    this.#recorder?.stop();
    this.#recorder = undefined;
  }

  protected override willUpdate(): void {
    this.#listenTo(this.isConnected ? this.chat : undefined);
    this.#sync();
  }

  /** Records the current engine (a chat makes its own engine lazily, so this is asked again). */
  #sync(): void {
    const engine = this.isConnected ? (this.chat?.engine ?? this.engine) : undefined;
    if (engine === this.#recorder?.engine) return;
    this.#recorder?.stop();
    this.#recorder = engine ? new SessionRecorder(engine, () => this.version++) : undefined;
  }

  #listening?: EventTarget;
  /** A chat's first turn may be what makes its engine: the recorder starts in that very event, before the request. */
  #listenTo(chat: unknown): void {
    const target = chat instanceof EventTarget ? chat : undefined;
    if (target === this.#listening) return;
    this.#listening?.removeEventListener('soliplex-run-started', this.#onRunStarted);
    target?.addEventListener('soliplex-run-started', this.#onRunStarted);
    this.#listening = target;
  }

  #onRunStarted = () => this.#sync();

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestUpdate();
  }

  override render() {
    const recorder = this.#recorder;
    const strings = { ...defaultInspectorStrings, ...this.strings };
    if (!recorder) return html`<p>${strings.noEngine}</p>`;
    return html`
      <button part="download-button" type="button" @click=${this.#download}>${strings.download}</button>
      ${recorder.runs.map(
        (run, n) => html`
          <details class="run" ?open=${n === recorder.runs.length - 1}>
            <summary>${strings.run(n + 1, run.key.thread, run.events.length)}</summary>
            ${this.#heading(strings.request)}
            <pre tabindex="0">${prettyJson(run.request)}</pre>
            ${this.#heading(strings.events)}
            <ol>
              ${run.events.map(
                (e, index) => html`<li>
                  <button
                    class="event"
                    type="button"
                    aria-pressed=${this.selected?.runId === run.runId && this.selected.index === index ? 'true' : 'false'}
                    @click=${() => (this.selected = { runId: run.runId, index })}
                  >
                    +${strings.milliseconds(e.atMs)} ${e.event.type}
                  </button>
                </li>`,
              )}
            </ol>
            ${this.selected?.runId === run.runId ? this.#renderState(run.runId, this.selected.index, strings) : nothing}
          </details>
        `,
      )}
      ${this.#heading(strings.toolExecutions)}
      <table>
        <thead><tr><th>${strings.tool}</th><th>${strings.input}</th><th>${strings.status}</th><th>${strings.output}</th><th>${strings.time}</th></tr></thead>
        <tbody>
          ${recorder.tools.map(
            (t) => html`<tr class="tool">
              <td>${t.name}</td>
              <td><pre tabindex="0">${prettyJson(t.args ?? {})}</pre></td>
              <td>${t.status ?? ''}${t.cached ? ` (${strings.cached})` : ''}</td>
              <td><pre tabindex="0">${t.error ?? t.result ?? ''}</pre></td>
              <td>${t.durationMs !== undefined ? strings.milliseconds(t.durationMs) : ''}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    `;
  }

  /** A heading at the level the page sets (`heading-level`). */
  #heading(text: string) {
    return html`<div class="heading" role="heading" aria-level=${this.headingLevel}>${text}</div>`;
  }

  #renderState(runId: string, index: number, strings: SoliplexInspectorStrings) {
    const conversation = this.#recorder?.states.get(runId)?.[index];
    if (!conversation) return nothing;
    const { messages, toolCalls, state, runFinished, runError } = conversation;
    return html`${this.#heading(strings.stateAfter(index + 1))}
      <pre class="state" tabindex="0">${prettyJson({ messages, toolCalls, state, runFinished, runError })}</pre>`;
  }

  #download = () => {
    const recording = this.recording();
    if (!recording) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(recording, null, 2)], { type: 'application/json' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: `soliplex-session-${Date.now()}.json` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}

if (!customElements.get('soliplex-inspector')) customElements.define('soliplex-inspector', SoliplexInspector);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-inspector': SoliplexInspector;
  }
}

import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { ExportContext, ExportFormat, ExportView } from './export-view.js';

let loading: Promise<typeof import('./export-view.js')> | undefined;
/** The export's code (the transcript builders, the menu): loaded on first use, never with the chat. */
const loadExportView = () =>
  (loading ??= import('./export-view.js').catch((error: unknown) => {
    loading = undefined; // a network blip: the next use tries again
    throw error;
  }));

/**
 * The chat's export: the header's "Export" (shown once there is a conversation, unless `no-export`)
 * and `exportTranscript()`. The button is the chat's own; its choices and the transcript's code load
 * when it is first pressed (or the method first called).
 */
export class LazyExport {
  readonly #host: ReactiveControllerHost;
  readonly #context: () => ExportContext;
  #view?: ExportView;

  constructor(host: ReactiveControllerHost, context: () => ExportContext) {
    this.#host = host;
    this.#context = context;
  }

  /** The header's Export button, with its choices while open; nothing without a `label`. */
  render(label: string | undefined) {
    if (!label) return nothing;
    return html`<div class="export">
      <button part="export-button" type="button" aria-expanded=${this.#view?.open ? 'true' : 'false'} @click=${this.#toggle}>${label}</button>${this.#view?.renderMenu() ?? nothing}
    </div>`;
  }

  /** The transcript of the thread on screen (see `SoliplexChat.exportTranscript`). */
  async transcript(format: ExportFormat): Promise<string> {
    return (await this.#load()).transcript(format);
  }

  #toggle = (event: Event) => {
    const button = event.currentTarget as HTMLElement;
    this.#load().then(
      (view) => view.toggle(button),
      (error: unknown) => console.error('[soliplex-chat] the export could not be loaded', error),
    );
  };

  async #load(): Promise<ExportView> {
    const { ExportView } = await loadExportView();
    return (this.#view ??= new ExportView(this.#host, this.#context));
  }
}

/** The header's buttons: the room's (Documents, Sign out), then Export; `nothing` when there are none. */
export function headerButtons(room: unknown, exporting: unknown): unknown {
  const has = (part: unknown) => part !== undefined && part !== nothing && part !== false;
  return has(room) && has(exporting) ? [room, exporting] : has(room) ? room : has(exporting) ? exporting : nothing;
}

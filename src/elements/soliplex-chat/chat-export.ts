import { nothing, type ReactiveControllerHost } from 'lit';
import type { ExportContext, ExportFormat, ExportView } from './export-view.js';

let loading: Promise<typeof import('./export-view.js')> | undefined;
/** The export's code (the transcript builders, the menu): loaded on first use, never with the chat. */
const loadExportView = () =>
  (loading ??= import('./export-view.js').catch((error: unknown) => {
    loading = undefined; // a network blip: the next use tries again
    throw error;
  }));

/**
 * The chat's export: the header's "Export" (shown once there is a conversation, unless `no-export`),
 * and `exportTranscript()`. Nothing until its code has loaded (asked by the first render that shows
 * it, or the first call), so an empty chat's first paint does without it.
 */
export class LazyExport {
  readonly #host: ReactiveControllerHost;
  readonly #context: () => ExportContext;
  #view?: ExportView;

  constructor(host: ReactiveControllerHost, context: () => ExportContext) {
    this.#host = host;
    this.#context = context;
  }

  /** The header's Export button (and its open menu), once loaded; `shown` false renders nothing. */
  render(shown: boolean) {
    if (!shown) return nothing;
    if (this.#view) return this.#view.render();
    void this.#load().catch((error: unknown) => console.error('[soliplex-chat] the export could not be loaded', error));
    return nothing;
  }

  /** The transcript of the thread on screen (see `SoliplexChat.exportTranscript`). */
  async transcript(format: ExportFormat): Promise<string> {
    return (await this.#load()).transcript(format);
  }

  async #load(): Promise<ExportView> {
    const { ExportView } = await loadExportView();
    if (!this.#view) {
      this.#view = new ExportView(this.#host, this.#context);
      this.#host.requestUpdate();
    }
    return this.#view;
  }
}

/** The header's buttons: the room's (Documents, Sign out), then Export; `nothing` when there are none. */
export function headerButtons(room: unknown, exporting: unknown): unknown {
  const has = (part: unknown) => part !== undefined && part !== nothing && part !== false;
  return has(room) && has(exporting) ? [room, exporting] : has(room) ? room : has(exporting) ? exporting : nothing;
}

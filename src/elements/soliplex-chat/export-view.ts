import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { TokenUsage } from '@ag-ui/core';
import type { Conversation } from '../../core/conversation/conversation.js';
import type { ThreadKey } from '../../core/tool-loop/run-state.js';
import type { RunOrchestrator } from '../../core/tool-loop/run-orchestrator.js';
import type { ToolRegistry } from '../../core/tools/tool-registry.js';
import type { UsagePrices } from '../../core/conversation/usage-cost.js';
import { ThreadIndex } from '../../core/threads/thread-index.js';
import { threadKeyId } from '../../core/tool-loop/run-state.js';
import { transcriptJson, type TranscriptSource } from '../../core/transcript/transcript-json.js';
import { transcriptMarkdown } from '../../core/transcript/transcript-markdown.js';
import { defaultChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import { toolLabel } from '../shared/tool-label.js';

/** What `exportTranscript()` gives: Markdown to read, or JSON with everything. */
export type ExportFormat = 'markdown' | 'json';

/** What the chat gives its export: the thread on screen and how to say it. */
export interface ExportContext {
  readonly engine?: RunOrchestrator;
  readonly threadKey: ThreadKey;
  readonly conversation: Conversation;
  /** The chat's `chat-title`, the file's name when the thread has no title of its own. */
  readonly chatTitle: string;
  readonly toolRegistry?: ToolRegistry;
  readonly prices?: UsagePrices;
  /** The chat's language (dates and numbers of the Markdown). */
  readonly lang: string;
  readonly strings?: SoliplexChatStrings;
  /** The runs' usage the conversation does not hold (a Soliplex room's usage routes), by run id. */
  readonly runUsage?: (runIds: readonly string[]) => Promise<Readonly<Record<string, readonly TokenUsage[]>>>;
}

const TITLE_LENGTH = 80;

/** The thread's title: its name in the thread list (given by the user or the server), else its first words. */
function threadTitle(context: ExportContext): string {
  const { engine, threadKey, conversation } = context;
  const id = threadKeyId(threadKey);
  const listed = engine && ThreadIndex.of(engine)?.entries((key) => threadKeyId(key) === id)[0]?.title;
  if (listed) return listed;
  const first = conversation.messages.find((m) => m.role === 'user')?.text.trim().split('\n')[0] ?? '';
  return first.length > TITLE_LENGTH ? `${first.slice(0, TITLE_LENGTH - 1)}…` : first || context.chatTitle;
}

/** A file name from a title: its letters and digits (any script), words joined by '-'. */
export function fileName(title: string, format: ExportFormat): string {
  const base = title.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '') || 'conversation';
  return `${base}.${format === 'json' ? 'json' : 'md'}`;
}

/** How long a download's blob URL stays valid (the browser has started the download long before). */
const REVOKE_AFTER_MS = 60_000;

/**
 * The export, loaded on first use: builds the transcript of the thread on screen (the engine's
 * builders, src/core/transcript/), and renders the header's "Export" with its choices, each of which
 * downloads a file named from the thread's title.
 */
export class ExportView {
  readonly #host: ReactiveControllerHost;
  readonly #context: () => ExportContext;
  #open = false;

  constructor(host: ReactiveControllerHost, context: () => ExportContext) {
    this.#host = host;
    this.#context = context;
  }

  async transcript(format: ExportFormat): Promise<string> {
    const context = this.#context();
    const { conversation } = context;
    const runIds = [...new Set(conversation.messages.map((m) => m.runId).filter((id): id is string => !!id))];
    let runUsage: TranscriptSource['runUsage'];
    try {
      runUsage = context.runUsage ? await context.runUsage(runIds) : undefined;
    } catch (error) {
      console.error('[soliplex-chat] the runs’ usage could not be read for the export', error);
    }
    const source: TranscriptSource = {
      conversation,
      threadKey: context.threadKey,
      title: threadTitle(context),
      toolTitle: (name) => toolLabel(context.toolRegistry, name).title,
      runUsage,
      prices: context.prices,
    };
    const strings = context.strings ?? defaultChatStrings;
    return format === 'json' ? `${JSON.stringify(transcriptJson(source), null, 2)}\n` : transcriptMarkdown(source, strings, context.lang);
  }

  /** Builds the transcript and hands it to the browser as a file download. */
  async download(format: ExportFormat): Promise<void> {
    const text = await this.transcript(format);
    const blob = new Blob([text], { type: format === 'json' ? 'application/json' : 'text/markdown;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName(threadTitle(this.#context()), format);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }

  render() {
    const strings = this.#context().strings ?? defaultChatStrings;
    const choose = (format: ExportFormat) => (event: Event) => {
      this.#setOpen(false, event);
      void this.download(format).catch((error: unknown) => console.error('[soliplex-chat] the export failed', error));
    };
    return html`<style>
        .export {
          position: relative;
          margin-inline-start: auto;
        }
        .header .extra-button ~ .export,
        .header .export ~ .new-chat {
          margin-inline-start: 0;
        }
        .export button {
          font: inherit;
          font-size: 0.9em;
          color: var(--_sc-foreground);
          background: var(--_sc-surface);
          border: 1px solid var(--_sc-border);
          border-radius: var(--_sc-radius);
          padding: 0.2em 0.7em;
          cursor: pointer;
        }
        .export button:focus-visible {
          outline: 2px solid var(--_sc-accent);
          outline-offset: 2px;
        }
        .export-menu {
          position: absolute;
          inset-block-start: calc(100% + 4px);
          inset-inline-end: 0;
          z-index: 2;
          display: flex;
          flex-direction: column;
          gap: 2px;
          padding: 4px;
          min-width: max-content;
          background: var(--_sc-surface);
          border: 1px solid var(--_sc-border);
          border-radius: var(--_sc-radius);
          box-shadow: 0 4px 12px rgb(0 0 0 / 0.18);
        }
        .export-menu button {
          border-color: transparent;
          text-align: start;
        }
        .export-menu button:hover {
          border-color: var(--_sc-border);
        }
      </style>
      <div class="export" @keydown=${this.#onKeydown} @focusout=${this.#onFocusOut}>
        <button
          part="export-button"
          type="button"
          aria-expanded=${this.#open ? 'true' : 'false'}
          aria-controls="export-menu"
          @click=${(event: Event) => this.#setOpen(!this.#open, event)}
        >${strings.exportButton}</button>
        ${this.#open
          ? html`<div part="export-menu" id="export-menu" class="export-menu" role="group" aria-label=${strings.exportButton}>
              <button type="button" data-format="markdown" @click=${choose('markdown')}>${strings.exportMarkdown}</button>
              <button type="button" data-format="json" @click=${choose('json')}>${strings.exportJson}</button>
            </div>`
          : nothing}
      </div>`;
  }

  /** Opens (focus on the first choice) or closes (focus back on Export, when it was inside) the menu. */
  #setOpen(open: boolean, event: Event) {
    const wrapper = (event.currentTarget as HTMLElement).closest('.export') as HTMLElement | null;
    const hadFocus = !!wrapper?.contains((wrapper.getRootNode() as ShadowRoot).activeElement);
    this.#open = open;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      if (open) wrapper?.querySelector<HTMLElement>('.export-menu button')?.focus();
      else if (hadFocus) wrapper?.querySelector<HTMLElement>('[part="export-button"]')?.focus();
    });
  }

  /** Escape closes the menu (and is not the chat's Stop); arrows move between the choices. */
  #onKeydown = (event: KeyboardEvent) => {
    if (!this.#open) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      this.#setOpen(false, event);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const wrapper = event.currentTarget as HTMLElement;
    const items = [...wrapper.querySelectorAll<HTMLElement>('.export-menu button')];
    const at = items.indexOf((wrapper.getRootNode() as ShadowRoot).activeElement as HTMLElement);
    event.preventDefault();
    items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };

  /** Focus that leaves the Export button and its menu closes the menu. */
  #onFocusOut = (event: FocusEvent) => {
    const wrapper = event.currentTarget as HTMLElement;
    if (!this.#open || (event.relatedTarget instanceof Node && wrapper.contains(event.relatedTarget))) return;
    this.#open = false;
    this.#host.requestUpdate();
  };
}

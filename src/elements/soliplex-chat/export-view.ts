import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { TokenUsage } from '@ag-ui/core';
import type { Conversation } from '../../core/conversation/conversation.js';
import type { ThreadKey } from '../../core/tool-loop/run-state.js';
import type { RunOrchestrator } from '../../core/tool-loop/run-orchestrator.js';
import type { ToolRegistry } from '../../core/tools/tool-registry.js';
import type { UsagePrices } from '../../core/conversation/usage-cost.js';
import type { TokenSource } from '../../core/transport/soliplex/soliplex-api.js';
import { ThreadIndex } from '../../core/threads/thread-index.js';
import { threadKeyId } from '../../core/tool-loop/run-state.js';
import { transcriptJson, type TranscriptSource } from '../../core/transcript/transcript-json.js';
import { transcriptMarkdown } from '../../core/transcript/transcript-markdown.js';
import { partStrings, type ChatStrings } from '../shared/chat-strings.js';
import { exportStrings } from './export-strings.js';
import { interruptStrings } from '../soliplex-interrupt-card/interrupt-strings.js';
import { answerDetailsStrings } from '../soliplex-answer-extras/answer-details-strings.js';
import { toolLabel } from '../shared/tool-label.js';

/** The English of the strings Export's menu and a transcript use that the chat's own code does not (an answered interrupt's, the usage line's). */
const transcriptStrings = Object.freeze({ ...interruptStrings, ...answerDetailsStrings, ...exportStrings });

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
  readonly strings?: ChatStrings;
  /** The Soliplex server's token (its runs' usage is read from their usage routes). */
  readonly token?: TokenSource;
}

/**
 * The usage of a Soliplex thread's runs, from their usage routes (the conversation holds only a
 * generic endpoint's), as entries without a model; none off Soliplex.
 */
async function soliplexUsage(key: ThreadKey, token: TokenSource | undefined, runIds: readonly string[]): Promise<Record<string, readonly TokenUsage[]> | undefined> {
  if (!key.room || !key.thread || runIds.length === 0) return undefined;
  const [{ SoliplexApi }, { getRunUsage }] = await Promise.all([import('../../core/transport/soliplex/soliplex-api.js'), import('../../core/transport/soliplex/soliplex-run-usage.js')]);
  const api = new SoliplexApi({ serverUrl: key.server, ...(token ? { token } : {}) });
  const usage: Record<string, readonly TokenUsage[]> = {};
  await Promise.all(
    runIds.map(async (runId) => {
      const value = await getRunUsage(api, key.room, key.thread, runId).catch(() => null); // a run without usage counts nothing
      if (value) usage[runId] = [{ inputTokens: value.input_tokens ?? 0, outputTokens: value.output_tokens ?? 0 }];
    }),
  );
  return usage;
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
      runUsage = await soliplexUsage(context.threadKey, context.token, runIds);
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
    const strings = partStrings(context.strings, transcriptStrings);
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

  /** Whether the choices are open. */
  get open(): boolean {
    return this.#open;
  }

  /** Opens the choices (focus on the first) or closes them (focus back on Export). */
  toggle(button: HTMLElement): void {
    this.#setOpen(!this.#open, button, true);
  }

  /** The choices under Export, while open (with their look: only a chat that exports needs it). */
  renderMenu() {
    if (!this.#open) return nothing;
    const strings = partStrings(this.#context().strings, transcriptStrings);
    const choose = (format: ExportFormat) => (event: Event) => {
      this.#close(event, true);
      void this.download(format).catch((error: unknown) => console.error('[soliplex-chat] the export failed', error));
    };
    return html`<style>
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
        .export .export-menu button {
          margin: 0;
          border-color: transparent;
          text-align: start;
        }
        .export .export-menu button:hover {
          border-color: var(--_sc-border);
        }
      </style>
      <div part="export-menu" class="export-menu" role="group" aria-label=${strings.exportButton} @keydown=${this.#onKeydown} @focusout=${this.#onFocusOut}>
        <button type="button" data-format="markdown" @click=${choose('markdown')}>${strings.exportMarkdown}</button>
        <button type="button" data-format="json" @click=${choose('json')}>${strings.exportJson}</button>
      </div>`;
  }

  /** The Export button of a menu, found from an element inside the export's wrapper. */
  #button(from: EventTarget | null): HTMLElement | null {
    return (from as HTMLElement | null)?.closest?.('.export')?.querySelector<HTMLElement>('[part~="export-button"]') ?? null;
  }

  #close(event: Event, refocus: boolean) {
    const button = this.#button(event.currentTarget);
    if (button) this.#setOpen(false, button, refocus);
  }

  #setOpen(open: boolean, button: HTMLElement, refocus: boolean) {
    this.#open = open;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => {
      if (open) button.parentElement?.querySelector<HTMLElement>('.export-menu button')?.focus();
      else if (refocus) button.focus();
    });
  }

  /** Escape closes the choices (and is not the chat's Stop); arrows move between them. */
  #onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      this.#close(event, true);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const menu = event.currentTarget as HTMLElement;
    const items = [...menu.querySelectorAll<HTMLElement>('button')];
    const at = items.indexOf((menu.getRootNode() as ShadowRoot).activeElement as HTMLElement);
    event.preventDefault();
    items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };

  /** Focus that leaves the choices (but for the Export button, which toggles them) closes them. */
  #onFocusOut = (event: FocusEvent) => {
    const menu = event.currentTarget as HTMLElement;
    const to = event.relatedTarget;
    if (!this.#open || (to instanceof Node && (menu.contains(to) || to === this.#button(menu)))) return;
    this.#open = false;
    this.#host.requestUpdate();
  };
}

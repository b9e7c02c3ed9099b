import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { AbstractAgent } from '@ag-ui/client';
import type { AgentCapabilities } from '@ag-ui/core';
import type { AttachmentOptions } from '../soliplex-attachments/attachment-parts.js';
import type { SoliplexAttachments } from '../soliplex-attachments/soliplex-attachments.js';
import type { ThreadHandle } from '../../core/index.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import { loadOnce } from '../shared/load-once.js';
import { ATTACHMENTS_EXPORTPARTS } from './exportparts.js';

/** Not part of the first paint: loaded when attachments are on. */
const loadAttachments = loadOnce(() => import('../soliplex-attachments/soliplex-attachments.js'));

interface AttachmentsHost extends ReactiveControllerHost {
  readonly attachments?: boolean | AttachmentOptions;
  readonly capabilities?: AgentCapabilities;
  readonly agent?: AbstractAgent;
}

export interface ChatAttachmentsConfig {
  /** The attachment bar in the chat's shadow root, when it shows. */
  readonly bar: () => SoliplexAttachments | null | undefined;
  /** The chat's strings (their code may still be loading). */
  readonly strings: () => Promise<ChatStrings>;
}

/**
 * A chat's attachments: the bar (on when the page turns it on, or when the agent says it accepts
 * files), what the agent says it supports, files pasted or dropped anywhere in the chat, and a send
 * with files attached.
 */
export class ChatAttachments {
  readonly #host: AttachmentsHost;
  readonly #bar: () => SoliplexAttachments | null | undefined;
  readonly #strings: () => Promise<ChatStrings>;
  /** What `agent.getCapabilities()` answered, for the agent it was asked of. */
  #asked?: { readonly agent: AbstractAgent; readonly capabilities: AgentCapabilities };

  constructor(host: AttachmentsHost, config: ChatAttachmentsConfig) {
    this.#host = host;
    this.#bar = config.bar;
    this.#strings = config.strings;
  }

  /** Files are attached: the next send carries them. */
  get pending(): boolean {
    return !!this.#bar()?.count;
  }

  /**
   * Sends `text` with the attached files (`pending`): refused (false, the composer keeps its text)
   * for empty text or while `thread` cannot send. The files become content parts first (uploaded,
   * when the page says so); `sent` runs once the message went. A file that could not be taken is
   * said on the bar, and nothing is sent.
   */
  send(text: string, thread: ThreadHandle | undefined, sent: () => void): boolean {
    const bar = this.#bar();
    if (!bar || !text.trim() || !thread?.canSend()) return false;
    void bar.takeParts().then(
      (parts) => {
        thread.send({ text, parts });
        sent();
      },
      async (error: unknown) => bar.showError((await this.#strings()).attachmentFailed((error as Error)?.message ?? String(error))),
    );
    return true;
  }

  /** The page's `capabilities`, else what the current `agent` answered. */
  get capabilities(): AgentCapabilities | undefined {
    const asked = this.#asked;
    return this.#host.capabilities ?? (asked && asked.agent === this.#host.agent ? asked.capabilities : undefined);
  }

  /** Asks the `agent` what it supports (called when it changes). */
  askAgent(): void {
    const agent = this.#host.agent;
    if (!agent?.getCapabilities) return;
    agent.getCapabilities().then(
      (capabilities) => {
        if (this.#host.agent === agent && capabilities) {
          this.#asked = { agent, capabilities };
          this.#host.requestUpdate();
        }
      },
      () => {}, // an agent that cannot say keeps the page's settings
    );
  }

  render() {
    const capabilities = this.capabilities;
    // Off unless the page turns them on, or the agent says it accepts some kind of file.
    if (!this.#host.attachments && !Object.values(capabilities?.multimodal?.input ?? {}).some(Boolean)) return nothing;
    loadAttachments();
    return html`<soliplex-attachments
      exportparts=${ATTACHMENTS_EXPORTPARTS}
      .config=${this.#host.attachments}
      .capabilities=${capabilities}
    ></soliplex-attachments>`;
  }

  /** Files pasted or dropped anywhere in the chat join the attachments (when they are on). */
  #take(files: FileList | null | undefined, event: Event): void {
    const bar = this.#bar();
    if (!bar || !files || files.length === 0) return;
    event.preventDefault();
    bar.add([...files]);
  }

  readonly onPaste = (event: ClipboardEvent) => this.#take(event.clipboardData?.files, event);
  readonly onDrop = (event: DragEvent) => this.#take(event.dataTransfer?.files, event);
  readonly onDragOver = (event: DragEvent) => {
    if (this.#bar() && event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
}

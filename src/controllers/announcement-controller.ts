import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Conversation } from '../core/index.js';

export interface AnnouncementControllerConfig {
  /** The conversation on screen; read before every render. */
  conversation: () => Conversation;
  /** An id of the thread on screen: after a switch, the other thread's history is not announced. */
  threadId: () => string;
  /** The lines worth announcing between two versions of the conversation. */
  describe: (previous: Conversation, next: Conversation) => string[];
  /** True while changes are not news (a restored history): they are taken in without a word. */
  quiet?: () => boolean;
  /** How many lines to keep (older ones were heard already). */
  limit?: number;
}

/**
 * Feeds a live region: before each render, compares the conversation with the one last rendered
 * and appends what changed. Lines keep their ids, so a render never re-announces an old line.
 */
export class AnnouncementController implements ReactiveController {
  readonly #config: AnnouncementControllerConfig;
  #shown: Conversation;
  #threadId?: string;
  #nextId = 0;
  #lines: readonly { readonly id: number; readonly text: string }[] = [];

  constructor(host: ReactiveControllerHost, config: AnnouncementControllerConfig) {
    this.#config = config;
    // What is on screen when it is made is not news (a chat's runtime may arrive during a turn of a shared engine).
    this.#shown = config.conversation();
    host.addController(this);
  }

  get lines(): readonly { readonly id: number; readonly text: string }[] {
    return this.#lines;
  }

  hostUpdate(): void {
    const conversation = this.#config.conversation();
    const threadId = this.#config.threadId();
    const switched = this.#threadId !== undefined && this.#threadId !== threadId;
    const quiet = switched || (this.#config.quiet?.() ?? false);
    const added = quiet ? [] : this.#config.describe(this.#shown, conversation);
    this.#shown = conversation;
    this.#threadId = threadId;
    // The other thread's lines go with it: a reader reviewing the log hears only this thread's.
    if (switched) this.#lines = [];
    if (added.length === 0) return;
    const lines = added.map((text) => ({ id: ++this.#nextId, text }));
    this.#lines = [...this.#lines, ...lines].slice(-(this.#config.limit ?? 20));
  }
}

import { html, type ReactiveControllerHost } from 'lit';
import type { SoliplexThreadSelectEvent } from '../../events.js';
import type { ToolRegistry } from '../../core/index.js';
import type { ThreadListServer } from '../soliplex-thread-list/soliplex-thread-list.js';
import type { SoliplexThreadListStrings } from '../soliplex-thread-list/thread-list-strings.js';
import type { ChatBackend } from './chat-backend.js';
import type { ChatSession } from './chat-session.js';
import { THREAD_LIST_EXPORTPARTS } from './exportparts.js';
import { threadPanelStyles } from './thread-panel.styles.js';
import '../soliplex-thread-list/soliplex-thread-list.js';

/** Returns a bearer token for a Soliplex server (`{refresh: true}` after a 401). */
export type GetToken = (options: { refresh: boolean }) => string | undefined | Promise<string | undefined>;

/** What the panel reads from its chat on every render. */
export interface ThreadPanelConfig {
  /** The chat's token for a Soliplex server (the list lists its threads with it). */
  readonly token: GetToken;
  /** The chat's session: the backend the list lists, the thread it marks, and where a pick goes. */
  readonly session: Pick<ChatSession, 'backend' | 'threadKey' | 'current' | 'select'>;
  /** Threads are kept in this browser (not `no-persist`). */
  readonly persist: () => boolean;
  /** The page's translation of the list (`strings.threadList`). */
  readonly strings: () => Partial<SoliplexThreadListStrings> | undefined;
  /** The `lang` the chat was asked for: the list resolves its translation as the chat does, and formats its dates by it. */
  readonly lang: () => string;
  /** The chat's tools: the list's badges name them by their titles, as the chat does. */
  readonly toolRegistry: () => ToolRegistry | undefined;
}

/**
 * The built-in thread list beside the messages, and the button (in the chat's header) that opens it
 * as a drawer when the chat is narrow. It lists this chat's backend. Loaded with `<soliplex-thread-list>`, by chats with
 * `thread-list` only (see thread-panel.ts).
 */
export class ThreadPanel {
  readonly #host: ReactiveControllerHost;
  readonly #config: ThreadPanelConfig;
  #open = false;
  #servers?: { id: string; servers: readonly ThreadListServer[] };

  constructor(host: ReactiveControllerHost, config: ThreadPanelConfig) {
    this.#host = host;
    this.#config = config;
    // The panel's styles come with its code: a chat without a thread list never loads them.
    const root = (host as unknown as { renderRoot?: ShadowRoot }).renderRoot;
    const sheet = threadPanelStyles.styleSheet;
    if (root && sheet && !root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  /** The drawer is open (it only is a drawer when the chat is narrow). */
  get open(): boolean {
    return this.#open;
  }
  set open(open: boolean) {
    this.#open = open;
    this.#host.requestUpdate();
  }

  /** What the list shows: the chat's backend (the same array while it stays the same). */
  #serversOf(backend: ChatBackend): readonly ThreadListServer[] {
    const id = JSON.stringify([backend.soliplex, backend.server, backend.room]);
    if (this.#servers?.id !== id) {
      const servers = backend.soliplex
        ? [{ serverUrl: backend.server, room: backend.room, getToken: this.#config.token }]
        : [{ agentUrl: backend.server }];
      this.#servers = { id, servers };
      return servers;
    }
    return this.#servers.servers;
  }

  /** The drawer's button: in the chat's header, shown only while the chat is narrow (see thread-panel.styles.ts). */
  renderToggle(label: string) {
    return html`<button
      part="threads-toggle"
      class="threads-toggle"
      type="button"
      aria-controls="threads"
      aria-expanded=${this.#open ? 'true' : 'false'}
      @click=${() => (this.open = !this.#open)}
    >
      ☰ ${label}
    </button>`;
  }

  render() {
    const { session, persist, strings, lang, toolRegistry } = this.#config;
    return html`
      <soliplex-thread-list
        id="threads"
        part="thread-list"
        class="thread-panel ${this.#open ? 'open' : ''}"
        exportparts=${THREAD_LIST_EXPORTPARTS}
        .engine=${session.current()}
        .servers=${this.#serversOf(session.backend)}
        .selected=${session.threadKey}
        .noPersist=${!persist()}
        .strings=${strings()}
        .toolRegistry=${toolRegistry()}
        lang=${lang()}
        @soliplex-thread-select=${this.#onSelect}
        @keydown=${(e: KeyboardEvent) => {
          if (e.key === 'Escape' && this.#open) this.open = false;
        }}
      ></soliplex-thread-list>
    `;
  }

  /** The user picked a thread (or a new chat) in the list: the chat shows it; turns elsewhere go on. */
  readonly #onSelect = (event: SoliplexThreadSelectEvent) => {
    event.stopPropagation();
    this.open = false;
    this.#config.session.select(event.threadKey, !!event.newChat);
  };
}

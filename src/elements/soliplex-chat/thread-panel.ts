import { html } from 'lit';
import type { LocalThreadStore, RunOrchestrator, ThreadKey } from '../../core/index.js';
import type { SoliplexThreadSelectEvent } from '../../events.js';
import type { ThreadListServer } from '../soliplex-thread-list/soliplex-thread-list.js';
import type { SoliplexThreadListStrings } from '../soliplex-thread-list/thread-list-strings.js';
import { THREAD_LIST_EXPORTPARTS } from './exportparts.js';

let loading: Promise<unknown> | undefined;

/** Loads `<soliplex-thread-list>` (once): only chats with the `threads` attribute need it. */
export function loadThreadList(): Promise<unknown> {
  loading ??= import('../soliplex-thread-list/soliplex-thread-list.js');
  return loading;
}

export interface ThreadPanelOptions {
  readonly engine: RunOrchestrator | undefined;
  readonly servers: readonly ThreadListServer[];
  readonly selected: ThreadKey;
  readonly persist: boolean;
  readonly store?: LocalThreadStore;
  /** The drawer is open (it only is a drawer when the chat is narrow). */
  readonly open: boolean;
  readonly label: string;
  /** The page's translation of the list (`strings.threadList`). */
  readonly strings?: Partial<SoliplexThreadListStrings>;
  readonly onSelect: (event: SoliplexThreadSelectEvent) => void;
  readonly onToggle: (open: boolean) => void;
}

/** The built-in thread list beside the messages, and the button that opens it as a drawer when the chat is narrow. */
export function renderThreadPanel(o: ThreadPanelOptions) {
  return html`
    <button
      part="threads-toggle"
      class="threads-toggle"
      type="button"
      aria-controls="threads"
      aria-expanded=${o.open ? 'true' : 'false'}
      @click=${() => o.onToggle(!o.open)}
    >
      ☰ ${o.label}
    </button>
    <soliplex-thread-list
      id="threads"
      part="thread-list"
      class="thread-panel ${o.open ? 'open' : ''}"
      exportparts=${THREAD_LIST_EXPORTPARTS}
      .engine=${o.engine}
      .servers=${o.servers}
      .selected=${o.selected}
      .persist=${o.persist}
      .store=${o.store}
      .strings=${o.strings}
      @soliplex-thread-select=${o.onSelect}
      @keydown=${(e: KeyboardEvent) => {
        if (e.key === 'Escape' && o.open) o.onToggle(false);
      }}
    ></soliplex-thread-list>
  `;
}

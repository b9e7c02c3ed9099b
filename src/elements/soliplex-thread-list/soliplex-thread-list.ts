import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import {
  type LocalThreadStore,
  SoliplexApi,
  defaultLocalThreadStore,
  describeFailure,
  randomId,
  threadKeyId,
  type RunOrchestrator,
  type SoliplexRoom,
  type ThreadEntry,
  type ThreadActivity,
  type ThreadKey,
  type TokenSource,
  type ToolRegistry,
} from '../../core/index.js';
import { ThreadIndexController } from '../../controllers/thread-index-controller.js';
import { SoliplexErrorEvent, SoliplexThreadSelectEvent } from '../../events.js';
import { adoptPreUpgradeProperties } from '../shared/upgrade-properties.js';
import { warnDeprecated } from '../shared/deprecation.js';
import { defaultThreadListStrings, type SoliplexThreadListStrings } from './thread-list-strings.js';
import { LocaleController } from '../shared/locale-controller.js';
import { isEnglish } from '../shared/locale.js';
import { threadListStyles } from './soliplex-thread-list.styles.js';
import { RowWindowController } from './row-window.js';
import { toolTitle } from '../shared/tool-label.js';

/**
 * One backend a thread list shows: a Soliplex server (`serverUrl`, with a `room`; without one the
 * list offers the rooms the user may use), or a generic AG-UI endpoint (`agentUrl`).
 */
export interface ThreadListServer {
  readonly serverUrl?: string;
  readonly room?: string;
  readonly token?: string;
  readonly getToken?: (options: { refresh: boolean }) => string | undefined | Promise<string | undefined>;
  readonly agentUrl?: string;
  /** Its heading when the list shows several (default: its URL). */
  readonly label?: string;
}

interface Group {
  readonly id: string;
  readonly label: string;
  /** Soliplex: its server, the room shown and the connection for the room list. */
  readonly soliplex?: { readonly serverUrl: string; readonly room: string; readonly token?: TokenSource };
  readonly agentUrl?: string;
  readonly includes: (key: ThreadKey) => boolean;
}

interface RoomState {
  rooms?: readonly SoliplexRoom[];
  /** The room the user picked (else the server's `room`, else the first listed). */
  picked?: string;
  /** The server's `room` when the user picked: a new one from the page wins over the pick. */
  pickedOver?: string;
  error?: string;
  /** The (server, room) whose threads were last listed. */
  listed?: string;
  abort?: AbortController;
}

const UNNAMED_GROUP = '';

/**
 * The threads of an engine, side by side, with a live badge for each one's run: streaming, "Calling X",
 * "Executing X, Y", waiting for approval, waiting for a free connection, failed, unread. Picking one
 * fires `soliplex-thread-select` (a chat's built-in list, `<soliplex-chat thread-list>`, shows it); runs
 * on threads not shown go on in the background. Also: a "New chat" button, rename, delete with
 * confirmation (on Soliplex with the server's DELETE; a running thread is cancelled first), a room
 * picker for Soliplex servers, and several servers in one list.
 *
 * Threads of generic endpoints are kept in IndexedDB (`no-persist` turns it off); Soliplex threads are listed from
 * the server. Entries are keyboard navigable: arrow keys, Home and End move between threads, Enter
 * shows one, F2 renames and Delete deletes it.
 *
 * @summary A list of chat threads with live run badges.
 * @tag soliplex-thread-list
 *
 * @attr no-persist - Turns local storage of generic endpoints' threads off (on by default).
 * @attr persist - Deprecated: `persist="false"` is `no-persist`.
 *
 * @fires {SoliplexThreadSelectEvent} soliplex-thread-select - The user picked a thread, or asked for a new chat; fields `threadKey`, `newChat` (also in `detail`).
 * @fires {SoliplexErrorEvent} soliplex-error - Threads or rooms could not be listed, or a rename or delete failed.
 *
 * @csspart root - The list's frame.
 * @csspart new-chat-button - The "New chat" button.
 * @csspart server-label - A server's heading (with several servers).
 * @csspart room-picker - The room select of a Soliplex server.
 * @csspart room-welcome - The picked room's welcome message.
 * @csspart room-suggestions - The picked room's suggestions.
 * @csspart threads - The list of one server's threads.
 * @csspart thread - A thread list entry (`data-state`: idle, running, waiting-for-approval, failed; `data-unread`).
 * @csspart thread-button - The button that shows a thread.
 * @csspart badge - A thread's run badge.
 * @csspart unread-badge - A thread's unread mark.
 * @csspart rename-button - Rename.
 * @csspart delete-button - Delete (asks first).
 * @csspart confirm-delete-button - Confirms a delete.
 * @csspart rename-input - The name field while renaming.
 * @csspart error - Why something failed.
 *
 * @cssprop [--soliplex-chat-background=#ffffff] - Background.
 * @cssprop [--soliplex-chat-foreground=#1f2328] - Text colour.
 * @cssprop [--soliplex-chat-muted=#57606a] - Secondary text.
 * @cssprop [--soliplex-chat-border=#c3cad2] - Borders.
 * @cssprop [--soliplex-chat-accent=#0b5cad] - The thread shown, focus rings and unread marks.
 * @cssprop [--soliplex-chat-warning=#8a5c00] - The waiting-for-approval badge.
 * @cssprop [--soliplex-chat-danger=#c4202b] - The failed badge.
 */
export class SoliplexThreadList extends LitElement {
  static override styles = threadListStyles;

  /** The engine whose threads are listed, shared with the chat(s) that show them. */
  @property({ attribute: false }) engine?: RunOrchestrator;

  /** The backends to list (a heading each when several); when empty, every thread of the engine is listed. */
  @property({ attribute: false }) servers: readonly ThreadListServer[] = [];

  /** The thread on screen (set it when the chat shows another; the list sets it when the user picks one). */
  @property({ attribute: false }) selected?: ThreadKey;

  /** Keep no generic endpoint's threads in IndexedDB (they are kept across reloads by default). */
  @property({ type: Boolean, attribute: 'no-persist' }) noPersist = false;

  /** Deprecated: use `noPersist` (attribute `no-persist`): `persist="false"` is `no-persist`. @deprecated Use `noPersist` (attribute `no-persist`). */
  @property({ type: Boolean, converter: { fromAttribute: (value: string | null) => value !== 'false' } })
  get persist(): boolean {
    return !this.noPersist;
  }
  set persist(value: boolean) {
    warnDeprecated('<soliplex-thread-list> persist', 'no-persist');
    this.noPersist = !value;
  }

  /** Where local threads are kept (default: one `LocalThreadStore` for the page, capped at 50 threads). */
  @property({ attribute: false }) store?: LocalThreadStore;

  /** UI strings for translation: a partial object merged over the English defaults. */
  @property({ attribute: false }) strings?: Partial<SoliplexThreadListStrings>;

  /**
   * The page's tools: a badge ("Executing X") names a tool by its `title`, as the chat does, not by its
   * identifier. A chat's built-in list gets the chat's `toolRegistry`.
   */
  @property({ attribute: false }) toolRegistry?: ToolRegistry;

  @state() private confirming?: string;
  @state() private renaming?: string;
  @state() private focusId?: string;
  @state() private failure?: string;

  readonly #index = new ThreadIndexController(this, () => this.engine);
  /** `lang` picks the translation (when used alone; a chat passes its own) and the dates' format. */
  readonly #locale = new LocaleController(this);
  readonly #rooms = new Map<string, RoomState>();
  /** Long lists render the rows near the viewport only (hundreds of threads may stream at once). */
  readonly #window = new RowWindowController(this);
  /** Every entry's key in list order (all groups), for keyboard moves to rows not rendered. */
  #order: ThreadKey[] = [];

  constructor() {
    super();
    adoptPreUpgradeProperties<SoliplexThreadList>(this, ['engine', 'servers', 'selected']);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const room of this.#rooms.values()) room.abort?.abort();
    this.#rooms.clear();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const index = this.#index.index;
    if (!index) return;
    if (!this.noPersist && (changed.has('engine') || changed.has('noPersist') || changed.has('store') || !this.hasUpdated)) {
      void index.persistLocally(this.store ?? defaultLocalThreadStore());
    }
    for (const group of this.#groups()) if (group.soliplex) this.#syncSoliplex(group);
  }

  override render() {
    const strings = this.#strings;
    const groups = this.#groups();
    const index = this.#index.index;
    const selectedId = this.selected ? threadKeyId(this.selected) : undefined;
    const lists = groups.map((group) => ({ group, entries: index?.entries(group.includes) ?? [] }));
    const ids = lists.flatMap(({ entries }) => entries.map((e) => threadKeyId(e.key)));
    this.#order = lists.flatMap(({ entries }) => entries.map((e) => e.key));
    const focusId = this.focusId && ids.includes(this.focusId) ? this.focusId : selectedId && ids.includes(selectedId) ? selectedId : ids[0];
    // Rows that stay in the DOM wherever they are: the tab stop (focus may be on it), a rename or delete in progress.
    const kept = [focusId, this.renaming, this.confirming];
    return html`
      <nav part="root" class="root" aria-label=${strings.listLabel}>
        <button part="new-chat-button" class="new-chat" type="button" @click=${() => this.#newChat()}>${strings.newChat}</button>
        ${this.failure ? html`<p part="error" class="error" role="alert">${this.failure}</p>` : nothing}
        ${lists.map(({ group, entries }) => {
          const entryIds = entries.map((e) => threadKeyId(e.key));
          const { rows, spacer } = this.#window.slice(
            group.id,
            entries.length,
            kept.map((id) => (id === undefined ? -1 : entryIds.indexOf(id))),
          );
          return html`
            <section class="group" aria-label=${group.label || nothing}>
              ${groups.length > 1 ? html`<h3 part="server-label" class="server">${group.label}</h3>` : nothing}
              ${group.soliplex ? this.#renderRooms(group) : nothing}
              <ul part="threads" class="threads" role="list" data-window=${group.id} data-count=${entries.length}>
                ${repeat(
                  withSpacers(rows, entries.length),
                  (row) => (typeof row === 'number' ? entryIds[row]! : row.key),
                  (row) =>
                    typeof row === 'number'
                      ? // Hundreds of threads stream at once: an entry re-renders only when what it shows changed.
                        guard([entries[row], row, entries.length, selectedId, focusId, this.confirming, this.renaming, this.#strings, this.#formatLocale, this.toolRegistry], () =>
                          this.#renderEntry(entries[row]!, selectedId, focusId, row, entries.length),
                        )
                      : html`<li class="spacer" role="presentation" aria-hidden="true" style="height: ${spacer(row.count)}px"></li>`,
                )}
              </ul>
            </section>
          `;
        })}
      </nav>
    `;
  }

  #merged?: { page?: Partial<SoliplexThreadListStrings>; locale?: Partial<SoliplexThreadListStrings>; strings: SoliplexThreadListStrings };
  /** The locale of the list's dates. */
  get #formatLocale(): string {
    return formatLocale(this.#locale.requested, !!this.#locale.translation);
  }

  /** The page's strings over the translation over English (the same object while none changes: `guard` relies on it). */
  get #strings(): SoliplexThreadListStrings {
    const page = this.strings;
    const locale = this.#locale.translation?.threadList;
    if (this.#merged && this.#merged.page === page && this.#merged.locale === locale) return this.#merged.strings;
    this.#merged = { page, locale, strings: page || locale ? { ...defaultThreadListStrings, ...locale, ...page } : defaultThreadListStrings };
    return this.#merged.strings;
  }

  #renderRooms(group: Group) {
    const state = this.#rooms.get(group.id);
    const strings = this.#strings;
    const rooms = state?.rooms ?? [];
    const room = rooms.find((r) => r.id === group.soliplex!.room);
    return html`
      ${state?.error ? html`<p part="error" class="error" role="alert">${strings.loadFailed(state.error)}</p>` : nothing}
      ${rooms.length > 1
        ? html`<label class="room"
            >${strings.room}
            <select part="room-picker" @change=${(e: Event) => this.#pickRoom(group, (e.target as HTMLSelectElement).value)}>
              ${rooms.map((r) => html`<option value=${r.id} ?selected=${r.id === group.soliplex!.room}>${r.name ?? r.id}</option>`)}
            </select></label
          >`
        : nothing}
      ${room?.welcome_message ? html`<p part="room-welcome" class="welcome">${room.welcome_message}</p>` : nothing}
      ${room?.suggestions?.length
        ? html`<ul part="room-suggestions" class="suggestions">
            ${room.suggestions.map((s) => html`<li>${s}</li>`)}
          </ul>`
        : nothing}
    `;
  }

  /** The activity with its tools named by their titles (the strings say "Executing Weather forecast", not "get_forecast"). */
  #titled(activity: ThreadActivity): ThreadActivity {
    const title = (name: string) => toolTitle(this.toolRegistry, name);
    switch (activity.kind) {
      case 'calling':
        return { ...activity, tool: title(activity.tool) };
      case 'executing':
      case 'waiting-for-approval':
        return { ...activity, tools: activity.tools.map(title) };
      default:
        return activity;
    }
  }

  /** One thread's row: `row` is its place in its list of `count` (told to screen readers, as the list may render only some). */
  #renderEntry(entry: ThreadEntry, selectedId: string | undefined, focusId: string | undefined, row: number, count: number) {
    const strings = this.#strings;
    const id = threadKeyId(entry.key);
    const title = entry.title || (entry.stored ? strings.untitledStored : strings.untitled);
    const state = entryState(entry);
    if (this.confirming === id) {
      return html`<li part="thread" class="entry confirm" data-state=${state} data-row=${row} aria-posinset=${row + 1} aria-setsize=${count}>
        <span class="question">${strings.confirmDelete(title)}</span>
        <button part="confirm-delete-button" class="danger" type="button" @click=${() => this.#delete(entry.key)}>
          ${strings.confirmDeleteButton}
        </button>
        <button type="button" @click=${() => this.#stopConfirming(id)}>${strings.cancel}</button>
      </li>`;
    }
    if (this.renaming === id) {
      return html`<li part="thread" class="entry renaming" data-state=${state} data-row=${row} aria-posinset=${row + 1} aria-setsize=${count}>
        <input
          part="rename-input"
          aria-label=${strings.renameInput}
          .value=${entry.title}
          @keydown=${(e: KeyboardEvent) => this.#onRenameKey(e, entry.key)}
          @blur=${(e: FocusEvent) => this.#commitRename(entry.key, (e.target as HTMLInputElement).value)}
        />
      </li>`;
    }
    const badge = strings.activity(this.#titled(entry.activity));
    const words = stateWords(entry, strings);
    // The badge's detail ("Calling X") joins the state words, unless it says the same.
    const detail = badge && !words.some((w) => w === badge.toLowerCase()) ? [badge] : [];
    const suffix = [...words, ...detail].map((w) => `, ${w}`).join('');
    const tabindex = focusId === id ? 0 : -1;
    return html`<li part="thread" class="entry" data-state=${state} ?data-unread=${entry.unread} data-row=${row} aria-posinset=${row + 1} aria-setsize=${count}>
      <button
        part="thread-button"
        class="thread"
        type="button"
        data-id=${id}
        tabindex=${tabindex}
        aria-current=${selectedId === id ? 'true' : 'false'}
        @click=${() => this.#select(entry.key)}
        @keydown=${(e: KeyboardEvent) => this.#onEntryKey(e, entry.key)}
        @focus=${() => (this.focusId = id)}
      >
        <!-- The accessible name is the title and the state words; the badges repeat them for the eye. -->
        <span class="title" dir="auto">${title}<span class="visually-hidden">${suffix}</span></span>
        <span class="meta" aria-hidden="true">
          ${badge ? html`<span part="badge" class="badge" data-kind=${entry.activity.kind}>${badge}</span>` : nothing}
          ${entry.unread ? html`<span part="unread-badge" class="unread">${strings.unread}</span>` : nothing}
          <time datetime=${new Date(entry.lastActivity).toISOString()}>${formatTime(entry.lastActivity, this.#formatLocale)}</time>
        </span>
      </button>
      <button part="rename-button" class="icon" type="button" tabindex=${tabindex} aria-label=${strings.rename(title)} @click=${() => this.#startRename(id)}>
        ✎
      </button>
      <button part="delete-button" class="icon" type="button" tabindex=${tabindex} aria-label=${strings.delete(title)} @click=${() => this.#confirm(id)}>
        ✕
      </button>
    </li>`;
  }

  /** The groups to show: one per server, or one for every thread when no servers are given. */
  #groups(): Group[] {
    if (!this.servers?.length) return [{ id: UNNAMED_GROUP, label: '', includes: () => true }];
    return this.servers.map((server) => {
      if (server.serverUrl) {
        const id = `soliplex:${server.serverUrl}`;
        const state = this.#rooms.get(id);
        // A room picked here holds until the page names another one.
        const picked = state?.picked && state.pickedOver === server.room ? state.picked : undefined;
        const room = picked ?? server.room ?? state?.rooms?.[0]?.id ?? '';
        const token: TokenSource | undefined = server.getToken ?? server.token;
        const serverUrl = server.serverUrl;
        return {
          id,
          label: server.label ?? serverUrl,
          soliplex: { serverUrl, room, ...(token ? { token } : {}) },
          includes: (key: ThreadKey) => key.server === serverUrl && key.room === room && !!room,
        };
      }
      const agentUrl = server.agentUrl ?? '';
      return { id: `agui:${agentUrl}`, label: server.label ?? agentUrl, agentUrl, includes: (key: ThreadKey) => key.server === agentUrl && !key.room };
    });
  }

  /** Lists the rooms (once) and the room's threads (when the room changes). */
  #syncSoliplex(group: Group): void {
    const { serverUrl, room, token } = group.soliplex!;
    let state = this.#rooms.get(group.id);
    if (!state) {
      this.#rooms.set(group.id, (state = { abort: new AbortController() }));
      const api = new SoliplexApi({ serverUrl, ...(token ? { token } : {}) });
      api.listRooms(state.abort!.signal).then(
        (rooms) => {
          state!.rooms = Object.values(rooms ?? {}).filter((r) => r && typeof r.id === 'string');
          this.requestUpdate();
        },
        (error: unknown) => this.#failed(error, state),
      );
    }
    const listedId = `${serverUrl}\n${room}`;
    if (!room || state.listed === listedId) return;
    state.listed = listedId;
    this.#index.index?.refresh(serverUrl, room, state.abort?.signal).catch((error: unknown) => this.#failed(error, state));
  }

  #failed(error: unknown, state?: RoomState): void {
    if ((error as Error)?.name === 'AbortError' || !this.isConnected) return;
    const failure = describeFailure(error);
    if (state) state.error = failure.message;
    else this.failure = failure.message;
    this.requestUpdate();
    this.#fire(new SoliplexErrorEvent(failure.message, failure));
  }

  /** Picking a room lists its threads and starts a new chat there (the chat then shows the room's welcome). */
  #pickRoom(group: Group, room: string): void {
    const state = this.#rooms.get(group.id);
    if (state) {
      state.picked = room;
      state.pickedOver = this.servers.find((s) => s.serverUrl === group.soliplex!.serverUrl)?.room;
    }
    const key = { server: group.soliplex!.serverUrl, room, thread: '' };
    this.#index.index?.add(key);
    this.#select(key, true);
  }

  #select(key: ThreadKey, newChat = false): void {
    this.selected = key;
    this.focusId = threadKeyId(key);
    this.#fire(new SoliplexThreadSelectEvent(key, newChat));
  }

  /** Dispatches an event of its `@fires` (through here, so the manifest analyzer does not guess names from constructor arguments). */
  #fire(event: Event): void {
    this.dispatchEvent(event);
  }

  /** A new chat on the selected thread's server (or the first one): Soliplex creates it on its first send. */
  #newChat(): void {
    const groups = this.#groups();
    const group = (this.selected && groups.find((g) => g.includes(this.selected!))) ?? groups[0]!;
    let key: ThreadKey;
    if (group.soliplex) key = { server: group.soliplex.serverUrl, room: group.soliplex.room, thread: '' };
    else if (group.agentUrl !== undefined) key = { server: group.agentUrl, room: '', thread: randomId() };
    else key = { server: this.selected?.server ?? '', room: this.selected?.room ?? '', thread: this.selected?.room ? '' : randomId() };
    this.#index.index?.add(key);
    this.#select(key, true);
  }

  #onEntryKey(event: KeyboardEvent, key: ThreadKey): void {
    // By the list's order, not the buttons in the DOM: a long list renders the rows near the viewport only.
    const order = this.#order;
    const id = threadKeyId(key);
    const at = order.findIndex((k) => threadKeyId(k) === id);
    const move = (to: number) => {
      const target = order[Math.max(0, Math.min(order.length - 1, to))];
      if (!target) return;
      event.preventDefault();
      void this.#focusEntry(threadKeyId(target), true);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(order.length - 1);
      case 'F2':
        event.preventDefault();
        return void this.#startRename(threadKeyId(key));
      case 'Delete':
        event.preventDefault();
        return void this.#confirm(threadKeyId(key));
    }
  }

  async #confirm(id: string): Promise<void> {
    this.renaming = undefined;
    this.confirming = id;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('[part~="confirm-delete-button"]')?.focus();
  }

  async #stopConfirming(id: string): Promise<void> {
    this.confirming = undefined;
    await this.#focusEntry(id);
  }

  /** Focuses a thread's row (rendered as the tab stop wherever it is), scrolled into view when `reveal`. */
  async #focusEntry(id: string, reveal = false): Promise<void> {
    this.focusId = id;
    await this.updateComplete;
    const button = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('button[part~="thread-button"]')].find((b) => b.dataset.id === id);
    button?.focus({ preventScroll: reveal });
    // Off the rendered rows it stands between spacers at its estimated place: scrolling there renders its neighbours.
    if (reveal) button?.scrollIntoView({ block: 'nearest' });
  }

  async #delete(key: ThreadKey): Promise<void> {
    const index = this.#index.index;
    this.confirming = undefined;
    if (!index) return;
    const wasSelected = !!this.selected && threadKeyId(this.selected) === threadKeyId(key);
    try {
      await index.delete(key);
    } catch (error) {
      this.#failed(error);
      return;
    }
    this.failure = undefined;
    if (wasSelected) this.#newChat();
  }

  async #startRename(id: string): Promise<void> {
    this.confirming = undefined;
    this.renaming = id;
    await this.updateComplete;
    const input = this.renderRoot.querySelector<HTMLInputElement>('[part~="rename-input"]');
    input?.focus();
    input?.select();
  }

  #onRenameKey(event: KeyboardEvent, key: ThreadKey): void {
    if (event.key === 'Enter') {
      event.preventDefault();
      void this.#commitRename(key, (event.target as HTMLInputElement).value);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.renaming = undefined;
      void this.#focusEntry(threadKeyId(key));
    }
  }

  async #commitRename(key: ThreadKey, name: string): Promise<void> {
    const id = threadKeyId(key);
    if (this.renaming !== id) return;
    this.renaming = undefined;
    void this.#focusEntry(id);
    try {
      await this.#index.index?.rename(key, name);
      this.failure = undefined;
    } catch (error) {
      this.#failed(error);
    }
  }
}

/** A spacer in place of `count` rows not rendered. */
interface Spacer {
  readonly key: string;
  readonly count: number;
}

/** The rows to render (ascending indexes of a list of `count`) with a spacer for each run of rows left out. */
function withSpacers(rows: readonly number[], count: number): (number | Spacer)[] {
  const out: (number | Spacer)[] = [];
  let next = 0;
  for (const row of rows) {
    if (row > next) out.push({ key: `spacer-${next}`, count: row - next });
    out.push(row);
    next = row + 1;
  }
  if (count > next) out.push({ key: 'spacer-end', count: count - next });
  return out;
}

/** The entry's state for styling. */
function entryState(entry: ThreadEntry): string {
  if (entry.activity.kind === 'waiting-for-approval') return 'waiting-for-approval';
  if (entry.running) return 'running';
  return entry.activity.kind === 'failed' || entry.activity.kind === 'interrupted' ? entry.activity.kind : 'idle';
}

/** The pinned state words of an entry's accessible name. */
function stateWords(entry: ThreadEntry, strings: SoliplexThreadListStrings): string[] {
  const words: string[] = [];
  if (entry.activity.kind === 'waiting-for-approval') words.push(strings.stateWaitingForApproval);
  else if (entry.running) words.push(strings.stateRunning);
  if (entry.activity.kind === 'failed') words.push(strings.stateFailed);
  if (entry.activity.kind === 'interrupted') words.push(strings.stateInterrupted);
  if (entry.unread) words.push(strings.stateUnread);
  return words;
}

/** The locale `Intl` formats dates and numbers with: the tag asked for when translated or English (`de-AT`, `en-GB`), else English. */
export function formatLocale(requested: string, translated: boolean): string {
  if (!requested || (!translated && !isEnglish(requested))) return 'en';
  try {
    return Intl.getCanonicalLocales(requested)[0] ?? 'en';
  } catch {
    return 'en'; // not a well-formed tag
  }
}

const formats = new Map<string, { time: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();

/** A thread's time in the list's language: the time today, else the day. */
function formatTime(ms: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = { time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }), date: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }) };
    formats.set(locale, format);
  }
  const date = new Date(ms);
  return date.toDateString() === new Date().toDateString() ? format.time.format(date) : format.date.format(date);
}

if (!customElements.get('soliplex-thread-list')) customElements.define('soliplex-thread-list', SoliplexThreadList);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-thread-list': SoliplexThreadList;
  }
}

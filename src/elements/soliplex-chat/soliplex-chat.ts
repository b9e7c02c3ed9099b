import { LitElement, html, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { provide } from '@lit/context';
import type { AbstractAgent } from '@ag-ui/client';
import {
  ToolRegistry,
  emptyConversation,
  idleState,
  randomId,
  isRunning,
  threadKeyId,
  type EngineEvent,
  type RunOrchestrator,
  type ThreadKey,
  type ToolCall,
  type TurnOptions,
} from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { ThreadController } from '../../controllers/thread-controller.js';
import { TurnEventsController } from '../../controllers/turn-events-controller.js';
import { SoliplexErrorEvent, SoliplexToolCallEvent, domEventsFor } from '../../events.js';
import { ToolRegistrationController } from '../../controllers/tool-registration-controller.js';
import { AgUiEventsController } from '../../controllers/agui-events-controller.js';
import { AnnouncementController } from '../../controllers/announcement-controller.js';
import { ApprovalFocusController } from '../../controllers/approval-focus-controller.js';
import { SoliplexRoomController } from '../../controllers/soliplex-room-controller.js';
import { EngineController } from '../../controllers/engine-controller.js';
import { adoptPreUpgradeProperties } from '../shared/upgrade-properties.js';
import { mergeChatStrings, type SoliplexChatStrings } from '../shared/chat-strings.js';
import type { SoliplexComposer } from '../soliplex-composer/soliplex-composer.js';
import type { SoliplexMessageList } from '../soliplex-message-list/soliplex-message-list.js';
import { describeChanges } from './announcements.js';
import { renderEmptyState } from './empty-state.js';
import { headersConverter } from './headers-converter.js';
import { createOwnEngineIfLoaded, loadChatParts } from './chat-parts.js';
import { chatStyles } from './soliplex-chat.styles.js';
// <soliplex-message-list> (Markdown, tool and approval cards) is not needed for the first paint of an
// empty chat: loadChatParts() imports it on connect, with the engine (see chat-parts.ts). Lit keeps the
// properties set on it before it upgrades.
import '../soliplex-run-status/soliplex-run-status.js';
import '../soliplex-composer/soliplex-composer.js';

const LIST_PARTS =
  'messages, message, user-message, assistant-message, reasoning, tool-card, tool-name, tool-status, tool-details, tool-result, tool-content, tool-changes, tool-cached, approval-card, approval-arguments, approve-button, always-allow-button, deny-button';

/**
 * A chat with an AG-UI agent that can call tools the page provides.
 *
 * Give it an endpoint (`agent-url`) or a shared `engine`, and tools through `toolRegistry` or the
 * `soliplex-register-tool` and `soliplex-register-tool-group` events. Runs, tool loops, approvals and retries are the engine's; this
 * element shows them and turns gestures into engine calls.
 *
 * @summary A chat widget for AG-UI agents with client-side tools.
 * @tag soliplex-chat
 *
 * @attr agent-url - A generic AG-UI endpoint (used when no `engine` or `agent` is given).
 * @attr server-url - A Soliplex server; with `room`, the chat talks the Soliplex rooms/threads/runs API.
 * @attr room - The Soliplex room; its welcome message and suggestions fill the empty state.
 * @attr thread - The thread id. Generic endpoints: a fresh one when absent. Soliplex: a stored thread
 *   whose history is reloaded; when absent, the first send creates a thread.
 * @attr headers - Request headers as a JSON object (the `headers` property takes an object).
 * @attr theme - `light`, `dark` or `auto` (follows `prefers-color-scheme`).
 * @attr agui-events - Also fire `soliplex-agui-event` for every raw AG-UI event (off by default).
 *
 * @fires soliplex-run-started - A user turn started (send or retry). {@link SoliplexRunStartedEvent}
 * @fires soliplex-run-finished - A user turn ended, once per turn, with `outcome` and `error`. {@link SoliplexRunFinishedEvent}
 * @fires soliplex-tool-call - A client tool is about to run; `preventDefault()` vetoes it. {@link SoliplexToolCallEvent}
 * @fires soliplex-tool-result - A client tool call completed, failed or was denied. {@link SoliplexToolResultEvent}
 * @fires soliplex-error - A turn failed, or a tool sent by event could not be registered. {@link SoliplexErrorEvent}
 * @fires soliplex-agui-event - A raw AG-UI event of a followed run; only with `agui-events`. {@link SoliplexAgUiEvent}
 * @fires soliplex-tool-planned - A run left a client call to run (before veto and approval). {@link SoliplexToolPlannedEvent}
 * @fires soliplex-tool-executing - A client tool started executing. {@link SoliplexToolExecutingEvent}
 * @fires soliplex-message - A whole assistant message with its tool calls and results. {@link SoliplexMessageEvent}
 * @fires soliplex-exchange-request - A user turn started, with the user's message. {@link SoliplexExchangeRequestEvent}
 * @fires soliplex-exchange-response - The turn ended, with duration, runs, tool counts and token usage. {@link SoliplexExchangeResponseEvent}
 *
 * @slot header - Above the conversation.
 * @slot empty - Replaces the empty state (welcome message and suggestions).
 * @slot suggestions - Suggestions shown under the welcome message in the default empty state.
 * @slot footer - Below the composer.
 *
 * @csspart root - The chat's frame.
 * @csspart empty-state - The empty state.
 * @csspart welcome - The welcome message.
 * @csspart suggestion - A suggestion button (from the Soliplex room).
 * @csspart messages - The scrolling conversation.
 * @csspart message - Every message.
 * @csspart user-message - A user message.
 * @csspart assistant-message - An assistant message.
 * @csspart reasoning - Collapsible reasoning.
 * @csspart tool-card - A tool call card.
 * @csspart tool-name - A tool card's tool name.
 * @csspart tool-status - A tool card's status.
 * @csspart tool-details - A tool card's collapsible arguments and result.
 * @csspart tool-result - Output of a tool's own renderer.
 * @csspart tool-content - A structured tool result: text, pretty JSON, image previews, download links.
 * @csspart tool-changes - What a tool call changed in the agent's tools ("Added tools: X, Y").
 * @csspart tool-cached - Marks a tool result that came from the tool's cache.
 * @csspart approval-card - A card asking to approve a call.
 * @csspart approval-arguments - The arguments on an approval card.
 * @csspart approve-button - Approve.
 * @csspart always-allow-button - Approve, and allow the tool without asking again in this thread.
 * @csspart deny-button - Deny.
 * @csspart status - The run status line.
 * @csspart retry-button - Retry, after a failure.
 * @csspart composer - The message form.
 * @csspart input - The message textarea.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop, while a turn runs.
 *
 * @cssprop [--soliplex-chat-background=#ffffff] - Background (dark: #0d1117).
 * @cssprop [--soliplex-chat-foreground=#1f2328] - Text colour (dark: #e6edf3).
 * @cssprop [--soliplex-chat-muted=#57606a] - Secondary text (dark: #9198a1).
 * @cssprop [--soliplex-chat-border=#c3cad2] - Borders (dark: #3d444d).
 * @cssprop [--soliplex-chat-surface=#ffffff] - Cards and buttons (dark: #151b23).
 * @cssprop [--soliplex-chat-accent=#0b5cad] - Primary buttons and focus rings (dark: #4493f8).
 * @cssprop [--soliplex-chat-on-accent=#ffffff] - Text on the accent colour (dark: #0d1117).
 * @cssprop [--soliplex-chat-link=#0b5cad] - Links (dark: #58a6ff).
 * @cssprop [--soliplex-chat-user-background=#ddf4ff] - User messages (dark: #12263f).
 * @cssprop [--soliplex-chat-user-foreground=#1f2328] - User message text (dark: #e6edf3).
 * @cssprop [--soliplex-chat-assistant-background=#f6f8fa] - Assistant messages (dark: #151b23).
 * @cssprop [--soliplex-chat-code-background=#eaeef2] - Code (dark: #262c36).
 * @cssprop [--soliplex-chat-input-background=#ffffff] - The textarea (dark: #0d1117).
 * @cssprop [--soliplex-chat-success=#1a7f37] - Completed calls.
 * @cssprop [--soliplex-chat-warning=#8a5c00] - Calls awaiting approval.
 * @cssprop [--soliplex-chat-danger=#c4202b] - Failures and Stop.
 * @cssprop [--soliplex-chat-denied=#6639ba] - Denied calls.
 * @cssprop [--soliplex-chat-font-family=system-ui, sans-serif] - Text font.
 * @cssprop [--soliplex-chat-mono-font-family=ui-monospace, monospace] - Code font.
 * @cssprop [--soliplex-chat-font-size=15px] - Base font size.
 * @cssprop [--soliplex-chat-radius=8px] - Corner radius.
 * @cssprop [--soliplex-chat-spacing=8px] - Base spacing unit.
 * @cssprop [--soliplex-chat-density=1] - Multiplies the spacing (0.75 compact, 1.25 roomy).
 */
export class SoliplexChat extends LitElement {
  static override styles = chatStyles;

  /** The AG-UI endpoint; used when no `engine` is given, and as the thread key's server. */
  @property({ attribute: 'agent-url' }) agentUrl = '';

  /** A Soliplex server's base URL; with `room`, the chat uses the Soliplex API instead of `agent-url`. */
  @property({ attribute: 'server-url' }) serverUrl = '';

  /** The Soliplex room to talk to. */
  @property() room = '';

  /** The thread shown. Set by the chat when the page sets none (see the `thread` attribute). */
  @property() thread = '';

  /** A bearer token for the Soliplex server (prefer `getToken` for tokens that expire). */
  @property({ attribute: false }) token?: string;

  /**
   * Returns a bearer token for the Soliplex server; called again with `{refresh: true}` once after a
   * 401. When it cannot give a valid token, the chat shows that sign-in is needed.
   */
  @property({ attribute: false }) getToken?: (options: { refresh: boolean }) => string | undefined | Promise<string | undefined>;

  /**
   * An AG-UI agent from `@ag-ui/client` (an `HttpAgent`, or an integration's `AbstractAgent`) that the
   * chat's own engine runs every turn through, tool continuations included. It takes precedence over
   * `server-url`/`room` and `agent-url` (a shared `engine` over it). The engine owns the transcript: the
   * agent gets the thread id, the messages and the state set before each run. The page brings
   * `@ag-ui/client` in its own bundle; the widget imports only its types.
   */
  @property({ attribute: false }) agent?: AbstractAgent;

  /** Request headers for the element's own engine; read on every run. */
  @property({ converter: headersConverter }) headers?: Record<string, string>;

  /** Colour theme; `auto` (or no theme) follows `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark' | 'auto';

  /** Fire `soliplex-agui-event` for every raw AG-UI event of the runs this chat follows (one per streamed token). */
  @property({ type: Boolean, attribute: 'agui-events' }) aguiEvents = false;

  /** UI strings for translation: a partial object merged over the English defaults. */
  @property({ attribute: false }) strings?: Partial<SoliplexChatStrings>;

  #toolRegistry = new ToolRegistry();
  #toolRegistryIsDefault = true;
  readonly #engines = new EngineController(this, () =>
    createOwnEngineIfLoaded({
      headers: () => this.headers ?? {},
      token: (options) => (this.getToken ? this.getToken(options) : this.token),
      toolRegistry: this.#toolRegistry,
      agent: () => this.agent,
    }),
  );
  #key?: ThreadKey;

  @provide({ context: chatContext }) private chat?: ChatContextValue;

  @query('soliplex-composer') private composer?: SoliplexComposer;
  @query('soliplex-message-list') private messageList?: SoliplexMessageList;

  /** The thread id this chat made up (not the page's), so it is never taken for a stored thread. */
  #generatedThread?: string;
  /** Every turn this chat starts carries these: it follows them to their end, and asks the page before their calls run. */
  readonly #turnOptions: TurnOptions = {
    initiator: this,
    beforeToolCall: (call, key) => this.#askPage(call, key),
  };

  readonly #thread = new ThreadController(this, { engine: () => this.#currentEngine(), threadKey: () => this.#threadKey() });
  readonly #soliplex = new SoliplexRoomController(this, {
    engine: () => this.#currentEngine(),
    // An `agent` (unless a shared engine overrides it) replaces the Soliplex room.
    serverUrl: () => (this.agent && !this.#engines.shared ? '' : this.serverUrl),
    room: () => this.room,
    thread: () => this.thread,
    token: (options) => (this.getToken ? this.getToken(options) : this.token),
    onError: (failure) => this.dispatchEvent(new SoliplexErrorEvent(failure.message, failure)),
  });
  readonly #announcements = new AnnouncementController(this, {
    conversation: () => this.#thread.snapshot?.conversation ?? emptyConversation,
    threadId: () => threadKeyId(this.#threadKey()),
    describe: (previous, next) => describeChanges(previous, next, this.chat?.strings ?? mergeChatStrings(this.strings)),
  });

  constructor() {
    super();
    // The engine and the message list load on connect (at once where already imported); render again
    // when they arrive, so the own engine gets made and the conversation shown.
    this.addController({
      hostConnected: () => void loadChatParts(!!this.agentUrl && !this.serverUrl).then(() => this.requestUpdate()),
    });
    new TurnEventsController(this, {
      engine: () => this.#currentEngine(),
      threadKey: () => this.#threadKey(),
      initiator: this,
      onEvent: (event) => this.#onEngineEvent(event),
    });
    adoptPreUpgradeProperties<SoliplexChat>(this, ['toolRegistry', 'engine']);
    new ToolRegistrationController(this, {
      registry: () => this.toolRegistry,
      setRegistry: (registry) => (this.toolRegistry = registry),
      onError: (error) => this.dispatchEvent(new SoliplexErrorEvent(error.message, error)),
    });
    new AgUiEventsController(this, { engine: () => this.#currentEngine(), enabled: () => this.aguiEvents });
    new ApprovalFocusController(this, {
      focusOtherApproval: (callId) => this.messageList?.focusApprovalOtherThan?.(callId) ?? false,
      focusComposer: () => this.composer?.focus(),
    });
  }

  /**
   * The page's tools (an immutable `ToolRegistry`; assign a new one to change them). A change applies
   * from the next run, tool continuations included. With a shared `engine`, this is the engine's
   * registry: chats sharing an engine share its tools (a tool one registers is there for all), and a
   * registry the chat had before it got the engine is merged in (tools the engine lacks are added).
   */
  get toolRegistry(): ToolRegistry {
    return this.#engines.shared?.toolRegistry ?? this.#toolRegistry;
  }
  set toolRegistry(registry: ToolRegistry) {
    const old = this.toolRegistry;
    const next = registry ?? new ToolRegistry();
    this.#toolRegistryIsDefault = false;
    const shared = this.#engines.shared;
    if (shared) shared.toolRegistry = next;
    else {
      this.#toolRegistry = next;
      const own = this.#engines.engine;
      if (own) own.toolRegistry = next;
    }
    this.requestUpdate('toolRegistry', old);
  }

  /**
   * A `RunOrchestrator` shared with other widgets on the page (they then share its runs and its
   * tools). When unset, the chat makes its own from `agent-url` and `headers` (and disposes it when
   * the chat leaves the page).
   */
  get engine(): RunOrchestrator | undefined {
    return this.#engines.engine;
  }
  set engine(engine: RunOrchestrator | undefined) {
    const old = this.engine;
    this.#engines.shared = engine;
    if (engine && !this.#toolRegistryIsDefault) {
      // Groups the engine lacks come with their tools; then ungrouped tools it lacks.
      const withGroups = this.#toolRegistry.groups
        .filter((group) => !engine.toolRegistry.group(group.name) && !group.tools.some((t) => engine.toolRegistry.has(t.name)))
        .reduce((registry, group) => registry.registerGroup(group), engine.toolRegistry);
      engine.toolRegistry = this.#toolRegistry.tools
        .filter((tool) => !withGroups.has(tool.name) && !this.#toolRegistry.groupOf(tool.name))
        .reduce((registry, tool) => registry.register(tool), withGroups);
    }
    this.requestUpdate('engine', old);
  }

  /**
   * Sends a message; returns false (and sends nothing) when the text is empty or a turn is running.
   * On Soliplex without a `thread`, the send creates the thread (shown as running, Stop cancels it),
   * then sets `thread` to it. From the CDN, a send made before the engine's chunk has arrived is sent
   * when it arrives.
   */
  send(text: string): boolean {
    if (!text.trim()) return false;
    const engine = this.#currentEngine();
    if (!engine) {
      // From the CDN the engine's chunk may still be on its way: send once it is there.
      if (!this.isConnected) return false;
      void loadChatParts().then(() => this.#currentEngine() && this.send(text));
      return true;
    }
    const key = this.#threadKey();
    if (isRunning(engine.snapshot(key).run)) return false;
    engine.send(key, text, this.#turnOptions).catch((error) => console.error('[soliplex-chat] send failed', error));
    return true;
  }

  /** Stops the running turn: its stream ends, its tools are aborted, the conversation is kept. */
  cancel(): void {
    const engine = this.#currentEngine();
    if (engine) engine.cancel(this.#threadKey());
  }

  /**
   * Runs the last turn again after it failed or was cancelled (a failed history load is loaded
   * again); returns false, doing nothing, otherwise.
   */
  retry(): boolean {
    const engine = this.#currentEngine();
    if (!engine) return false;
    const key = this.#threadKey();
    const { status } = engine.snapshot(key).run;
    if (status !== 'failed' && status !== 'cancelled') return false;
    engine.retry(key, this.#turnOptions).catch((error) => console.error('[soliplex-chat] retry failed', error));
    return true;
  }

  /** Starts a new, empty thread (stopping the current turn, if any) and returns its id (`''` on Soliplex until the first send creates it). */
  newThread(): string {
    this.cancel();
    // A Soliplex thread is created by the next send; a generic endpoint takes any fresh id.
    this.thread = this.#soliplex.active ? '' : (this.#generatedThread = randomId());
    return this.thread;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.#soliplex.active) {
      // An id this chat made up for a generic endpoint is no stored Soliplex thread.
      if (this.thread && this.thread === this.#generatedThread) this.thread = '';
    } else if (!this.thread) {
      this.thread = this.#generatedThread = randomId();
    }
    const engine = this.#currentEngine();
    const key = this.#threadKey();
    const chat = this.chat;
    const toolRegistry = this.toolRegistry;
    if (engine && (!chat || chat.engine !== engine || chat.threadKey !== key || chat.toolRegistry !== toolRegistry || changed.has('strings'))) {
      this.chat = { engine, threadKey: key, toolRegistry, strings: mergeChatStrings(this.strings) };
    }
  }

  override render() {
    const snapshot = this.#thread.snapshot;
    const conversation = snapshot?.conversation ?? emptyConversation;
    const run = snapshot?.run ?? idleState;
    const strings = this.chat?.strings ?? mergeChatStrings(this.strings);
    const empty = !conversation.messages.some((m) => m.role === 'user' || m.role === 'assistant');
    return html`
      <div
        part="root"
        class="root"
        @soliplex-send-request=${this.#onSendRequest}
        @soliplex-stop-request=${this.#onInternal(() => this.cancel())}
        @soliplex-retry-request=${this.#onInternal(() => this.retry())}
      >
        <slot name="header"></slot>
        ${empty
          ? renderEmptyState(this.#soliplex.active ? this.#soliplex : undefined, strings, (text) => this.send(text))
          : html`<soliplex-message-list exportparts=${LIST_PARTS} .conversation=${conversation}></soliplex-message-list>`}
        <soliplex-run-status exportparts="status, retry-button" .run=${run} .conversation=${conversation}></soliplex-run-status>
        <soliplex-composer exportparts="composer, input, send-button, stop-button" ?busy=${isRunning(run)}></soliplex-composer>
        <slot name="footer"></slot>
        <div class="visually-hidden" role="log" aria-live="polite" aria-relevant="additions">
          ${repeat(this.#announcements.lines, (a) => a.id, (a) => html`<p>${a.text}</p>`)}
        </div>
      </div>
    `;
  }

  #currentEngine(): RunOrchestrator | undefined {
    return this.#engines.current();
  }

  /** The thread key, the same object while the endpoint and thread stay the same. */
  #threadKey(): ThreadKey {
    const next = this.#soliplex.active
      ? { server: this.serverUrl, room: this.room, thread: this.thread }
      : { server: this.agentUrl ?? '', room: '', thread: this.thread };
    if (!this.#key || threadKeyId(this.#key) !== threadKeyId(next)) this.#key = next;
    return this.#key;
  }

  /**
   * Asks the page before a call of this chat's turns runs; `preventDefault()` on the event vetoes it.
   * A chat that left the page can no longer ask, so it vetoes rather than run a call unasked.
   */
  #askPage(call: ToolCall, key: ThreadKey): boolean | void {
    if (!this.isConnected) return false;
    const event = new SoliplexToolCallEvent(key, call);
    this.dispatchEvent(event);
    return event.defaultPrevented ? false : undefined;
  }

  #onEngineEvent(event: EngineEvent): void {
    // The first send on Soliplex created the thread: show it, unless the page moved on meanwhile.
    if (event.type === 'thread-created' && event.initiator === this && threadKeyId(event.from) === threadKeyId(this.#threadKey())) {
      this.thread = event.key.thread;
    }
    // Raw events reach a chat whose engine another view observes: only the chat that asked fires them.
    if (event.type === 'agui-event' && !this.aguiEvents) return;
    domEventsFor(event).forEach((e) => this.dispatchEvent(e));
  }

  /** The subcomponents' requests stop here: they are not part of the page-facing API. */
  #onInternal(handle: () => void) {
    return (event: Event) => {
      event.stopPropagation();
      handle();
    };
  }

  #onSendRequest = (event: Event & { text?: string }) => {
    event.stopPropagation();
    if (!this.send(event.text ?? '')) event.preventDefault();
    else this.messageList?.scrollToEnd?.(); // ?.(): the list may not have upgraded yet
  };
}

if (!customElements.get('soliplex-chat')) customElements.define('soliplex-chat', SoliplexChat);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-chat': SoliplexChat;
  }
}

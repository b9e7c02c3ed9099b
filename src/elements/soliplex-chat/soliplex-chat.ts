import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { provide } from '@lit/context';
import type { AbstractAgent } from '@ag-ui/client';
import type { AgentCapabilities } from '@ag-ui/core';
// The core's modules one by one, not its index: the CDN build puts what this imports in the first paint.
import { ToolRegistry } from '../../core/tools/tool-registry.js';
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import { idleState, isRunning, threadKeyId } from '../../core/tool-loop/run-state.js';
import { randomId } from '../../core/random-id.js';
import type { EngineEvent, RunFailure, RunOrchestrator, ThreadKey, ToolCall, TurnOptions } from '../../core/index.js';
import { chatContext, type ChatContextValue } from '../../context.js';
import { ThreadController } from '../../controllers/thread-controller.js';
import { TurnEventsController } from '../../controllers/turn-events-controller.js';
import type { SoliplexThreadSelectEvent } from '../../events.js';
import type { ActivityRenderers, InterruptRenderers, StateRenderer, ToolCallRenderers } from '../shared/renderers.js';
import type { SoliplexInterruptAnswerRequestEvent } from '../soliplex-interrupt-card/soliplex-interrupt-card.js';
import type { AttachmentOptions } from '../soliplex-attachments/attachment-parts.js';
import type { SoliplexAttachments } from '../soliplex-attachments/soliplex-attachments.js';
import { ToolRegistrationController } from '../../controllers/tool-registration-controller.js';
import { AgUiEventsController } from '../../controllers/agui-events-controller.js';
import { AnnouncementController } from '../../controllers/announcement-controller.js';
import { ApprovalFocusController } from '../../controllers/approval-focus-controller.js';
import { SoliplexRoomController } from '../../controllers/soliplex-room-controller.js';
import { EngineController } from '../../controllers/engine-controller.js';
import { adoptPreUpgradeProperties } from '../shared/upgrade-properties.js';
import type { SoliplexChatStringsOverrides } from '../shared/chat-strings.js';
import { mergeFirstPaintStrings } from '../shared/first-paint-strings.js';
import type { SoliplexComposer } from '../soliplex-composer/soliplex-composer.js';
import type { HiddenMessageActions, SoliplexMessageList } from '../soliplex-message-list/soliplex-message-list.js';
import { FocusReturnController } from './focus-return.js';
import { renderEmptyState } from './empty-state.js';
import { headersConverter } from './headers-converter.js';
import { chatRuntimeIfLoaded, createOwnEngineIfLoaded, loadChatParts, whenChatRuntime } from './chat-parts.js';
import type { ChatRuntime } from './chat-runtime.js';
import { chatStyles } from './soliplex-chat.styles.js';
import { loadThreadList, renderThreadPanel } from './thread-panel.js';
import { LocalThreadsController } from './local-threads.js';
import { threadPanelStyles } from './thread-panel.styles.js';
import { loadOnce } from '../shared/load-once.js';
import type { ThreadListServer } from '../soliplex-thread-list/soliplex-thread-list.js';
// <soliplex-message-list> (Markdown, tool and approval cards) and <soliplex-run-status> (an idle chat
// shows no status) are not needed for the first paint of an empty chat: loadChatParts() imports them
// on connect, with the engine (see chat-parts.ts). Lit keeps the properties set on them before they
// upgrade.
import '../soliplex-composer/soliplex-composer.js';

/** Not part of the first paint: loaded when attachments are on. */
const loadAttachments = loadOnce(() => import('../soliplex-attachments/soliplex-attachments.js'));

/** The drawer button's label (the list's own strings translate the list). */
const THREADS_LABEL = 'Chats';

const LIST_PARTS =
  'messages, message, user-message, assistant-message, reasoning, tool-card, tool-name, tool-arguments, tool-status, tool-details, ' +
  'tool-result, tool-view, approval-card, approval-arguments, approve-button, deny-button, message-actions, copy-button, regenerate-button, edit-button, ' +
  'jump-to-latest, interrupt-card, interrupt-message, interrupt-form, interrupt-submit, interrupt-cancel, interrupt-status, interrupt-custom, activity, activity-custom, ' +
  'subagent, subagent-summary, message-attachment, notice, tool-content, tool-changes, tool-cached, always-allow-button, history-gap, history-gap-retry, run-again-button';

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
 * @attr thread - The thread id (reflected). Generic endpoints: a fresh one when absent; a thread kept in this
 *   browser is reopened (after a reload too). Soliplex: a stored thread whose history is reloaded; when
 *   absent, the first send creates a thread.
 * @attr threads - Shows the built-in thread list beside the messages (a drawer when the chat is narrow).
 * @attr persist - `false` keeps conversations out of IndexedDB: generic endpoints' threads (kept by default, turns in flight included, so a reload reopens the `thread`) and Soliplex runs cached for reloads.
 * @attr headers - Request headers as a JSON object (the `headers` property takes an object).
 * @attr theme - `light`, `dark` or `auto` (follows `prefers-color-scheme`).
 * @attr chat-title - A title shown in the chat's header bar (none when absent).
 * @attr hide-new-chat - Hides the header's "New chat" button.
 * @attr hide-copy - Hides the "Copy" action on messages.
 * @attr hide-regenerate - Hides the "Regenerate" action on the last answer.
 * @attr hide-edit - Hides the "Edit" action on the last user message.
 * @attr agui-events - Also fire `soliplex-agui-event` for every raw AG-UI event (off by default).
 *
 * @fires {SoliplexRunStartedEvent} soliplex-run-started - A user turn started (send or retry).
 * @fires {SoliplexRunFinishedEvent} soliplex-run-finished - A user turn ended, once per turn, with `outcome` and `error`.
 * @fires {SoliplexToolCallEvent} soliplex-tool-call - A client tool is about to run; `preventDefault()` vetoes it.
 * @fires {SoliplexToolResultEvent} soliplex-tool-result - A client tool call completed, failed, was denied, or was stopped (status `cancelled`: Stop, a newer message, the chat closed); also when a call the page's reload interrupted is resolved (Run again, Continue, a new message).
 * @fires {SoliplexThreadChangeEvent} soliplex-thread-change - The chat now shows another thread by its own doing (its thread list, a new chat, the thread its first Soliplex send created); fields `threadKey` and `detail`.
 * @fires {SoliplexErrorEvent} soliplex-error - A turn failed, a thread could not be created or loaded, a tool sent by event could not be registered, or this browser cannot keep conversations (said once); `message` in words a person understands, `technical` the technical text.
 * @fires {SoliplexInterruptEvent} soliplex-interrupt - A run ended waiting for the user's answers (`threadKey`, `interrupts`).
 * @fires {SoliplexCustomEvent} soliplex-custom-event - The agent sent a `CUSTOM` event (`name`, `value`).
 * @fires {SoliplexAgUiEvent} soliplex-agui-event - A raw AG-UI event of a followed run; only with `agui-events`.
 * @fires {SoliplexToolPlannedEvent} soliplex-tool-planned - A run left a client call to run (before veto and approval).
 * @fires {SoliplexToolExecutingEvent} soliplex-tool-executing - A client tool started executing.
 * @fires {SoliplexMessageEvent} soliplex-message - A whole assistant message with its tool calls and results.
 * @fires {SoliplexExchangeRequestEvent} soliplex-exchange-request - A user turn started, with the user's message.
 * @fires {SoliplexExchangeResponseEvent} soliplex-exchange-response - The turn ended, with duration, runs, tool counts and token usage.
 *
 * @slot header - Above the conversation.
 * @slot empty - Replaces the empty state (welcome message and suggestions).
 * @slot suggestions - Suggestions shown under the welcome message in the default empty state.
 * @slot footer - Below the composer.
 *
 * @csspart root - The chat's frame.
 * @csspart header - The header bar (title and New chat), when either is shown.
 * @csspart title - The title (`chat-title`).
 * @csspart new-chat-button - "New chat": in the header bar, in the thread list, and after a failure that a retry cannot fix (a thread gone from the server).
 * @csspart thread-list - The built-in `<soliplex-thread-list>` (with `threads`).
 * @csspart threads-toggle - Opens the thread list drawer when the chat is narrow.
 * @csspart thread - A thread list entry.
 * @csspart thread-button - The button that shows a thread.
 * @csspart badge - A thread's run badge.
 * @csspart unread-badge - A thread's unread mark.
 * @csspart empty-state - The empty state.
 * @csspart storage-notice - Says that conversations cannot be kept in this browser, or that another tab changed this one.
 * @csspart welcome - The welcome message.
 * @csspart suggestion - A suggestion button (from the Soliplex room).
 * @csspart state - The agent state, as the `stateRenderer` shows it.
 * @csspart messages - The scrolling conversation.
 * @csspart message - Every message.
 * @csspart user-message - A user message.
 * @csspart assistant-message - An assistant message.
 * @csspart reasoning - Collapsible reasoning.
 * @csspart notice - A system or developer message the agent streamed into the conversation.
 * @csspart history-gap - Where stored runs could not be loaded: "Part of this conversation couldn't be loaded."
 * @csspart history-gap-retry - Its "Retry": loads the thread's history again.
 * @csspart tool-card - A tool call card.
 * @csspart tool-name - A tool card's tool name.
 * @csspart tool-arguments - A tool card's arguments on one line, after the name.
 * @csspart tool-view - What the page's renderer for the tool (`toolRenderers`) shows in its card.
 * @csspart tool-status - A tool card's status.
 * @csspart tool-details - A tool card's collapsible arguments and result.
 * @csspart tool-result - Output of a tool's own renderer.
 * @csspart interrupt-card - A question of the agent (an AG-UI interrupt).
 * @csspart interrupt-message - The interrupt's message.
 * @csspart interrupt-form - The form generated from the interrupt's response schema.
 * @csspart interrupt-submit - Send the answer (Approve, for a tool call).
 * @csspart interrupt-cancel - Cancel the interrupt (Deny, for a tool call).
 * @csspart interrupt-status - How a settled or expired interrupt stands.
 * @csspart interrupt-custom - An interrupt renderer's output.
 * @csspart activity - An activity of the agent.
 * @csspart activity-custom - An activity renderer's output.
 * @csspart subagent - A subagent's messages, grouped and collapsible.
 * @csspart subagent-summary - A subagent's name and status.
 * @csspart message-attachment - An attachment shown on a user message.
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
 * @csspart continue-button - Continue, on a turn the page's reload interrupted (in the status line).
 * @csspart run-again-button - Run again, on a tool call the page's reload interrupted (status `interrupted`).
 * @csspart error-details - The technical detail of a failure (collapsible).
 * @csspart message-actions - The actions under a message.
 * @csspart copy-button - "Copy" on a message.
 * @csspart regenerate-button - "Regenerate" on the last answer.
 * @csspart edit-button - "Edit" on the last user message.
 * @csspart jump-to-latest - "Jump to latest", while the reader is scrolled up from the end.
 * @csspart attachments - The attachment bar (when attachments are on).
 * @csspart attach-button - The Attach button.
 * @csspart attachment - One attached file.
 * @csspart attachment-error - Why a file was refused or could not be sent.
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
 * @cssprop [--soliplex-chat-code-keyword=#c4202b] - Highlighted code: keywords and types (dark: #ff7b72).
 * @cssprop [--soliplex-chat-code-title=#7033c9] - Highlighted code: function and class names (dark: #d2a8ff).
 * @cssprop [--soliplex-chat-code-constant=#0550ae] - Highlighted code: numbers, literals, attributes (dark: #79c0ff).
 * @cssprop [--soliplex-chat-code-string=#0a3069] - Highlighted code: strings and regexps (dark: #a5d6ff).
 * @cssprop [--soliplex-chat-code-built-in=#8a3b00] - Highlighted code: built-ins and symbols (dark: #ffa657).
 * @cssprop [--soliplex-chat-code-comment=#57606a] - Highlighted code: comments (dark: #9198a1).
 * @cssprop [--soliplex-chat-code-tag=#116329] - Highlighted code: tag and selector names (dark: #7ee787).
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
  static override styles = [chatStyles, threadPanelStyles];

  /** The AG-UI endpoint; used when no `engine` is given, and as the thread key's server. */
  @property({ attribute: 'agent-url' }) agentUrl = '';

  /** A Soliplex server's base URL; with `room`, the chat uses the Soliplex API instead of `agent-url`. */
  @property({ attribute: 'server-url' }) serverUrl = '';

  /** The Soliplex room to talk to. */
  @property() room = '';

  /** The thread shown, reflected to the attribute. Set by the chat when the page sets none (see the `thread` attribute). */
  @property({ reflect: true }) thread = '';

  /** Shows the built-in thread list (`<soliplex-thread-list>` on this chat's engine) beside the messages. */
  @property({ type: Boolean, reflect: true }) threads = false;

  /**
   * Keep conversations in IndexedDB (`persist="false"` turns it off): generic endpoints' threads, saved
   * as they change (a turn in flight too) and reopened by `thread` after a reload, and Soliplex runs (a
   * reload's cache). Two tabs on one thread never overwrite each other's turns.
   */
  @property({ type: Boolean, converter: { fromAttribute: (value: string | null) => value !== 'false' } }) persist = true;

  @state() private threadsOpen = false;

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

  /**
   * Shows every Markdown image in answers as a link to it, even from an `image-origins` origin: no
   * image loads unless the reader follows its link.
   */
  @property({ type: Boolean, attribute: 'no-images' }) noImages = false;

  /**
   * Origins that images in agent output (Markdown images, server tools' image results) may load from
   * by themselves: space-separated origins (`https://cdn.example https://img.example`), or `*` for
   * any. Default none: every such image is a link the reader may open, so a prompt-injected agent
   * cannot make the browser send data in an image URL.
   */
  @property({ attribute: 'image-origins' }) imageOrigins?: string;

  /** Fire `soliplex-agui-event` for every raw AG-UI event of the runs this chat follows (one per streamed token). */
  @property({ type: Boolean, attribute: 'agui-events' }) aguiEvents = false;

  /** UI strings for translation: a partial object merged over the English defaults. */
  @property({ attribute: false }) strings?: SoliplexChatStringsOverrides;

  /** A title shown in the header bar; no title when empty. */
  @property({ attribute: 'chat-title' }) chatTitle = '';

  /** Hides the header's "New chat" button. */
  @property({ type: Boolean, attribute: 'hide-new-chat' }) hideNewChat = false;

  /** Hides "Copy" on messages. */
  @property({ type: Boolean, attribute: 'hide-copy' }) hideCopy = false;

  /** Hides "Regenerate" on the last answer. */
  @property({ type: Boolean, attribute: 'hide-regenerate' }) hideRegenerate = false;

  /** Hides "Edit" on the last user message. */
  @property({ type: Boolean, attribute: 'hide-edit' }) hideEdit = false;

  /**
   * Renderers for AG-UI interrupts, by `reason`: `(interrupt, {answer, cancel}, message) => template,
   * node or text`, shown instead of the default card (message and a form from `responseSchema`, or
   * Approve / Deny for a tool call).
   */
  @property({ attribute: false }) interruptRenderers?: InterruptRenderers;

  /** Renderers for AG-UI activities, by `activityType`: `(content, message) => template, node or text`. */
  @property({ attribute: false }) activityRenderers?: ActivityRenderers;

  /**
   * Generative UI for tool calls by tool name, client or server run: `(call, args) => template, node
   * or text`, called while the arguments stream (`args` parsed from the partial JSON), then with the
   * result (`call.resultValue`). Shown in the call's card.
   */
  @property({ attribute: false }) toolRenderers?: ToolCallRenderers;

  /** Renders the agent state above the conversation, again on every `STATE_SNAPSHOT` / `STATE_DELTA`. */
  @property({ attribute: false }) stateRenderer?: StateRenderer;

  /**
   * Attachments on user messages (images, audio, video, documents as AG-UI content parts): `true` for
   * the defaults, or `{accept, maxBytes, maxFiles, upload}`. Off unless set, or unless the agent's
   * capabilities (`capabilities`, or the `agent`'s `getCapabilities()`) say it accepts them. Files come
   * from the Attach button, a paste or a drop; `upload(file)` turns each into a URL, else it is sent
   * inline as base64.
   */
  @property({ attribute: false }) attachments?: boolean | AttachmentOptions;

  /**
   * What the agent supports (AG-UI `AgentCapabilities`), when the page knows it; else the `agent`'s
   * `getCapabilities()`. The UI adapts: attachments (`multimodal.input`), reasoning shown unless
   * `reasoning.supported` is false, tool-call interrupts editable with `humanInTheLoop.approveWithEdits`.
   */
  @property({ attribute: false }) capabilities?: AgentCapabilities;

  /** What `agent.getCapabilities()` answered, for the agent it was asked of. */
  @state() private agentCapabilities?: { readonly agent: AbstractAgent; readonly capabilities: AgentCapabilities };

  #toolRegistry = new ToolRegistry();
  #toolRegistryIsDefault = true;
  readonly #engines = new EngineController(this, () =>
    createOwnEngineIfLoaded({
      headers: () => this.headers ?? {},
      token: (options) => (this.getToken ? this.getToken(options) : this.token),
      toolRegistry: this.#toolRegistry,
      agent: () => this.agent,
      persist: () => this.persist,
    }),
  );
  #key?: ThreadKey;
  readonly #local = new LocalThreadsController(this, {
    engine: () => (this.#engines.shared ? undefined : this.#currentEngine()),
    threadKey: () => this.#threadKey(),
    enabled: () => this.persist && !this.#engines.shared,
    pageThread: () => !!this.thread && this.thread !== this.#generatedThread,
    onProblem: (problem) =>
      this.#fire((rt) => new rt.SoliplexErrorEvent(rt.mergeChatStrings(this.strings).storageFailed(problem.kind), new Error(problem.technical))),
  });

  @provide({ context: chatContext }) private chat?: ChatContextValue;

  @query('soliplex-composer') private composer?: SoliplexComposer;
  @query('soliplex-message-list') private messageList?: SoliplexMessageList;
  @query('soliplex-attachments') private attachmentBar?: SoliplexAttachments;

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
    turnOptions: () => this.#turnOptions,
    // A room that could not be fetched keeps its own words (the chat still works); a history gets the person's.
    onError: (failure, stage) => this.#fire((rt) => new rt.SoliplexErrorEvent(stage ? this.#failureText(rt, failure, stage) : failure.message, failure)),
  });
  readonly #announcements = new AnnouncementController(this, {
    conversation: () => this.#thread.snapshot?.conversation ?? emptyConversation,
    threadId: () => threadKeyId(this.#threadKey()),
    // A restored history (the thread idle, interrupted by a reload, or still loading) is not news: only a turn's changes are.
    quiet: () => {
      const run = this.#thread.snapshot?.run ?? idleState;
      return run.status === 'idle' || run.status === 'interrupted' || (isRunning(run) && run.phase === 'loading-history');
    },
    describe: (previous, next) => {
      const rt = chatRuntimeIfLoaded();
      return rt ? rt.describeChanges(previous, next, this.chat?.strings ?? rt.mergeChatStrings(this.strings)) : [];
    },
  });

  constructor() {
    super();
    // The engine and the message list load on connect (at once where already imported); render again
    // when they arrive, so the own engine gets made and the conversation shown.
    this.addController({
      hostConnected: () =>
        void loadChatParts(!!this.agentUrl && !this.serverUrl).then(
          () => this.requestUpdate(),
          (error) => console.error('[soliplex-chat] its parts could not be loaded', error),
        ),
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
      onError: (error) => this.#fire((rt) => new rt.SoliplexErrorEvent(error.message, error)),
    });
    new AgUiEventsController(this, { engine: () => this.#currentEngine(), enabled: () => this.aguiEvents });
    new ApprovalFocusController(this, {
      focusOtherApproval: (callId) => this.messageList?.focusApprovalOtherThan?.(callId) ?? false,
      focusComposer: () => this.composer?.focus(),
    });
    new FocusReturnController(this, () => this.composer?.focus());
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
   * The chat's engine, once it has one: at once with a shared `engine`, else when its own is made (the
   * chat is on the page and, on the CDN build, the engine's code has arrived). Await it before using
   * the engine from page code (`(await chat.engineReady).use(…)`): `engine` may still be undefined
   * right after the element is created.
   */
  get engineReady(): Promise<RunOrchestrator> {
    const engine = this.#engines.engine;
    return engine ? Promise.resolve(engine) : new Promise((resolve) => this.#engineWaiters.push(resolve));
  }

  readonly #engineWaiters: ((engine: RunOrchestrator) => void)[] = [];

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
    // A run the server has not finished (followed after a reload, or no longer followed) comes first.
    if (isRunning(engine.snapshot(key).run) || engine.hasUnfinishedServerRun(key)) return false;
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
   * again), or, while a busy server is waited for, tries again now; returns false, doing nothing, otherwise.
   */
  retry(): boolean {
    const engine = this.#currentEngine();
    if (!engine) return false;
    const key = this.#threadKey();
    const run = engine.snapshot(key).run;
    const busy = run.status === 'running' && run.phase === 'waiting-to-retry';
    if (run.status !== 'failed' && run.status !== 'cancelled' && !busy) return false;
    engine.retry(key, this.#turnOptions).catch((error) => console.error('[soliplex-chat] retry failed', error));
    return true;
  }

  /**
   * Goes on with a turn the page's reload interrupted (the status line's **Continue**): what streamed
   * stays until the new run answers; tool results already obtained are sent again, never executed
   * again; a call that was executing at the reload is answered as not completed. Returns false, doing
   * nothing, when there is no such turn.
   */
  continue(): boolean {
    const engine = this.#currentEngine();
    if (!engine) return false;
    const key = this.#threadKey();
    const { run, conversation } = engine.snapshot(key);
    const waiting = isRunning(run) && Object.values(conversation.toolCalls).some((call) => call.status === 'interrupted');
    if (run.status !== 'interrupted' && !waiting) return false;
    engine.continue(key, this.#turnOptions).catch((error) => console.error('[soliplex-chat] continue failed', error));
    return true;
  }

  /**
   * Runs a tool call the page's reload interrupted once more (its card's **Run again**), then goes on
   * with the turn. Returns false, doing nothing, when the call is not interrupted.
   */
  runAgain(toolCallId: string): boolean {
    const engine = this.#currentEngine();
    return engine ? engine.runAgain(this.#threadKey(), toolCallId, this.#turnOptions) : false;
  }

  /**
   * Runs the last answer again: what followed the last user message (answer, tool calls) is replaced
   * by a new turn. Returns false, doing nothing, while a turn runs or when there is no user message.
   */
  regenerate(): boolean {
    const engine = this.#currentEngine();
    if (!engine) return false;
    const key = this.#threadKey();
    const { run, conversation } = engine.snapshot(key);
    if (isRunning(run) || !conversation.messages.some((m) => m.role === 'user')) return false;
    engine.regenerate(key, this.#turnOptions).catch((error) => console.error('[soliplex-chat] regenerate failed', error));
    return true;
  }

  /**
   * Edits the user message `messageId` and sends it again: what followed it is replaced by a new turn.
   * Returns false, doing nothing, while a turn runs, for empty text or an unknown message.
   */
  edit(messageId: string, text: string): boolean {
    const engine = this.#currentEngine();
    if (!engine || !text.trim()) return false;
    const key = this.#threadKey();
    const { run, conversation } = engine.snapshot(key);
    if (isRunning(run) || !conversation.messages.some((m) => m.id === messageId && m.role === 'user')) return false;
    engine.edit(key, messageId, text, this.#turnOptions).catch((error) => console.error('[soliplex-chat] edit failed', error));
    return true;
  }

  /**
   * Answers an open interrupt of the thread on screen (`payload` is the answer). When every interrupt
   * is answered or cancelled, the run resumes. Returns false when it cannot be answered (unknown,
   * settled, or expired).
   */
  answerInterrupt(interruptId: string, payload?: unknown): boolean {
    return this.#currentEngine()?.answerInterrupt(this.#threadKey(), interruptId, payload, this.#turnOptions) ?? false;
  }

  /** Cancels an open interrupt of the thread on screen; returns false when there is no such open one. */
  cancelInterrupt(interruptId: string): boolean {
    return this.#currentEngine()?.cancelInterrupt(this.#threadKey(), interruptId, this.#turnOptions) ?? false;
  }

  /**
   * Starts a new, empty thread and returns its id (`''` on Soliplex until the first send creates it).
   * A running turn is not stopped: it finishes in the background (its tools run, its events fire, it
   * is saved), as when another thread is picked; setting `thread` back to its id shows it again.
   */
  newThread(): string {
    const previous = this.#threadKey();
    this.#leaveCreatingTurn(previous);
    // A Soliplex thread is created by the next send; a generic endpoint takes any fresh id.
    this.thread = this.#soliplex.active ? '' : (this.#generatedThread = randomId());
    this.#announceThreadChange(previous);
    return this.thread;
  }

  /** Set when a new chat left a Soliplex turn still creating its thread: the chat does not follow it there. */
  #leftCreatingTurn = false;

  /** A new chat leaves a first send still creating its thread (its key has no thread yet, like the new chat's). */
  #leaveCreatingTurn(key: ThreadKey): void {
    const engine = this.#currentEngine();
    if (key.room && !key.thread && engine && isRunning(engine.snapshot(key).run)) this.#leftCreatingTurn = true;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('agent')) this.#askCapabilities();
    if (this.threads) void loadThreadList();
    if (this.#soliplex.active) {
      // An id this chat made up for a generic endpoint is no stored Soliplex thread.
      if (this.thread && this.thread === this.#generatedThread) this.thread = '';
    } else if (!this.thread) {
      this.thread = this.#generatedThread = randomId();
    }
    const engine = this.#currentEngine();
    if (engine) for (const ready of this.#engineWaiters.splice(0)) ready(engine);
    const key = this.#threadKey();
    const chat = this.chat;
    const rt = chatRuntimeIfLoaded();
    const toolRegistry = this.toolRegistry;
    const renderersChanged = changed.has('interruptRenderers') || changed.has('activityRenderers') || changed.has('toolRenderers');
    const capabilities = this.#capabilities();
    // The context serves the parts that load with the runtime (the message list, the status line).
    if (
      engine &&
      rt &&
      (!chat || chat.engine !== engine || chat.threadKey !== key || chat.toolRegistry !== toolRegistry || changed.has('strings') || changed.has('imageOrigins') || renderersChanged || chat.capabilities !== capabilities)
    ) {
      this.chat = {
        engine,
        threadKey: key,
        toolRegistry,
        strings: rt.mergeChatStrings(this.strings),
        ...(this.interruptRenderers ? { interruptRenderers: this.interruptRenderers } : {}),
        ...(this.activityRenderers ? { activityRenderers: this.activityRenderers } : {}),
        ...(this.toolRenderers ? { toolRenderers: this.toolRenderers } : {}),
        ...(capabilities ? { capabilities } : {}),
        ...(this.imageOrigins ? { imageOrigins: this.imageOrigins } : {}),
        turnOptions: this.#turnOptions,
      };
    }
    if (changed.has('hideCopy') || changed.has('hideRegenerate') || changed.has('hideEdit')) {
      this.#hiddenActions = { copy: this.hideCopy, regenerate: this.hideRegenerate, edit: this.hideEdit };
    }
  }

  override render() {
    const snapshot = this.#thread.snapshot;
    const conversation = snapshot?.conversation ?? emptyConversation;
    const run = snapshot?.run ?? idleState;
    const strings = this.chat?.strings ?? mergeFirstPaintStrings(this.strings);
    const empty = !conversation.messages.some((m) => m.role === 'user' || m.role === 'assistant');
    return html`
      ${this.threads ? this.#renderThreadPanel() : ''}
      <div
        part="root"
        class="root"
        @keydown=${this.#onKeydown}
        @soliplex-send-request=${this.#onSendRequest}
        @soliplex-stop-request=${this.#onInternal(() => this.cancel())}
        @soliplex-retry-request=${this.#onInternal(() => this.retry())}
        @soliplex-continue-request=${this.#onInternal(() => this.continue())}
        @soliplex-run-again-request=${this.#onRunAgainRequest}
        @soliplex-new-chat-request=${this.#onInternal(() => this.#newChat())}
        @soliplex-regenerate-request=${this.#onInternal(() => this.regenerate())}
        @soliplex-history-retry-request=${this.#onInternal(() => this.#reloadHistory())}
        @soliplex-edit-request=${this.#onEditRequest}
        @soliplex-interrupt-answer-request=${this.#onInterruptAnswer}
        @paste=${this.#onPaste}
        @dragover=${this.#onDragOver}
        @drop=${this.#onDrop}
      >
        <slot name="header"></slot>
        ${this.chatTitle || !this.hideNewChat
          ? html`<div part="header" class="header">
              ${this.chatTitle ? html`<h2 part="title" class="title">${this.chatTitle}</h2>` : nothing}
              ${this.hideNewChat
                ? nothing
                : html`<button part="new-chat-button" class="new-chat" type="button" ?disabled=${empty && run.status === 'idle'} @click=${this.#newChat}>
                    ${strings.newChat}
                  </button>`}
            </div>`
          : nothing}
        ${this.#renderState(conversation.state)}
        ${this.#renderStorageNotice()}
        ${empty && this.#local.reopening
          ? nothing
          : empty
          ? renderEmptyState(this.#soliplex.active ? this.#soliplex : undefined, strings, (text) => this.send(text))
          : html`<soliplex-message-list
              exportparts=${LIST_PARTS}
              .conversation=${conversation}
              ?busy=${isRunning(run)}
              .hiddenActions=${this.#hiddenActions}
              .noImages=${this.noImages}
            ></soliplex-message-list>`}
        <soliplex-run-status
          exportparts="status, retry-button, continue-button, new-chat-button, error-details"
          .run=${run}
          .conversation=${conversation}
          ?soliplex=${this.#soliplex.active}
        ></soliplex-run-status>
        ${this.#renderAttachments()}
        <soliplex-composer
          exportparts="composer, input, send-button, stop-button"
          .strings=${strings}
          .draftKey=${this.persist ? threadKeyId(this.#threadKey()) : ''}
          ?busy=${isRunning(run)}
        ></soliplex-composer>
        <slot name="footer"></slot>
        <div class="visually-hidden" role="log" aria-live="polite" aria-relevant="additions">
          ${chatRuntimeIfLoaded()?.renderAnnouncements(this.#announcements.lines)}
        </div>
      </div>
    `;
  }

  #hiddenActions: HiddenMessageActions = {};

  /** Said when this browser cannot keep the conversation, or another tab changed it. */
  #renderStorageNotice() {
    const strings = this.chat?.strings;
    const problem = this.#local.problem;
    const text = !strings ? undefined : problem ? strings.storageFailed(problem.kind) : this.#local.outOfDate ? strings.threadChangedElsewhere : undefined;
    return text ? html`<p part="storage-notice" class="storage-notice" role="status">${text}</p>` : nothing;
  }

  /** The page's `capabilities`, else what the current `agent` answered. */
  #capabilities(): AgentCapabilities | undefined {
    const asked = this.agentCapabilities;
    return this.capabilities ?? (asked && asked.agent === this.agent ? asked.capabilities : undefined);
  }

  #renderAttachments() {
    const capabilities = this.#capabilities();
    // Off unless the page turns them on, or the agent says it accepts some kind of file.
    if (!this.attachments && !Object.values(capabilities?.multimodal?.input ?? {}).some(Boolean)) return nothing;
    loadAttachments();
    return html`<soliplex-attachments
      exportparts="attachments, attach-button, attachment, attachment-error"
      .config=${this.attachments}
      .capabilities=${capabilities}
    ></soliplex-attachments>`;
  }

  #askCapabilities(): void {
    const agent = this.agent;
    if (!agent?.getCapabilities) return;
    agent.getCapabilities().then(
      (capabilities) => {
        if (this.agent === agent && capabilities) this.agentCapabilities = { agent, capabilities };
      },
      () => {}, // an agent that cannot say keeps the page's settings
    );
  }

  /** Files pasted or dropped anywhere in the chat join the attachments (when they are on). */
  #takeFiles(files: FileList | null | undefined, event: Event): void {
    const bar = this.attachmentBar;
    if (!bar || !files || files.length === 0) return;
    event.preventDefault();
    bar.add([...files]);
  }

  #onPaste = (event: ClipboardEvent) => this.#takeFiles(event.clipboardData?.files, event);
  #onDrop = (event: DragEvent) => this.#takeFiles(event.dataTransfer?.files, event);
  #onDragOver = (event: DragEvent) => {
    if (this.attachmentBar && event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };

  /** A send with attachments: the files become content parts first (uploaded, when the page says so). */
  async #sendWithAttachments(text: string, bar: SoliplexAttachments): Promise<void> {
    const engine = this.#currentEngine();
    if (!engine) return;
    const key = this.#threadKey();
    let parts;
    try {
      parts = await bar.takeParts();
    } catch (error) {
      const strings = this.chat?.strings ?? (await whenChatRuntime()).mergeChatStrings(this.strings);
      bar.showError(strings.attachmentFailed((error as Error)?.message ?? String(error)));
      return;
    }
    engine.send(key, { text, parts }, this.#turnOptions).catch((error) => console.error('[soliplex-chat] send failed', error));
    this.messageList?.scrollToEnd?.();
  }

  /** The page's view of the agent state; a renderer that throws shows nothing (and is reported). */
  #renderState(state: unknown) {
    const renderer = this.stateRenderer;
    if (!renderer) return nothing;
    try {
      return html`<div part="state" class="state">${renderer(state)}</div>`;
    } catch (error) {
      console.error('[soliplex-chat] the state renderer threw', error);
      return nothing;
    }
  }

  #renderThreadPanel() {
    return renderThreadPanel({
      engine: this.#currentEngine(),
      servers: this.#panelServers(),
      selected: this.#threadKey(),
      persist: this.persist,
      open: this.threadsOpen,
      label: THREADS_LABEL,
      onSelect: (event) => this.#onThreadSelect(event),
      onToggle: (open) => (this.threadsOpen = open),
    });
  }

  #servers?: { id: string; servers: readonly ThreadListServer[] };
  /** What the built-in list shows: this chat's backend (the same array while it stays the same). */
  #panelServers(): readonly ThreadListServer[] {
    const soliplex = this.#soliplex.active;
    const id = JSON.stringify(soliplex ? [this.serverUrl, this.room] : [this.agentUrl]);
    if (this.#servers?.id !== id) {
      const getToken = (options: { refresh: boolean }) => (this.getToken ? this.getToken(options) : this.token);
      const servers = soliplex ? [{ serverUrl: this.serverUrl, room: this.room, getToken }] : [{ agentUrl: this.agentUrl }];
      this.#servers = { id, servers };
    }
    return this.#servers.servers;
  }

  /** The user picked a thread (or a new chat) in the built-in list: show it; turns elsewhere go on. */
  #onThreadSelect(event: SoliplexThreadSelectEvent): void {
    event.stopPropagation();
    this.threadsOpen = false;
    const previous = this.#threadKey();
    const key = event.threadKey;
    if (event.newChat) this.#leaveCreatingTurn(previous);
    if (key.room) {
      this.serverUrl = key.server;
      this.room = key.room;
    } else {
      this.serverUrl = this.room = '';
      this.agentUrl = key.server;
    }
    this.thread = key.thread;
    this.#announceThreadChange(previous);
  }

  #announceThreadChange(previous: ThreadKey): void {
    const key = this.#threadKey();
    if (threadKeyId(key) !== threadKeyId(previous)) this.#fire((rt) => new rt.SoliplexThreadChangeEvent(key, previous));
  }

  /** Events that wait for the event classes to load, in order. */
  #queued?: Promise<void>;

  /** Dispatches the page's events: at once, or in order once the event classes have loaded (see chat-parts.ts). */
  #fire(make: (rt: ChatRuntime) => Event | readonly Event[]): void {
    const dispatch = (rt: ChatRuntime) => [make(rt)].flat().forEach((event) => this.dispatchEvent(event));
    const rt = chatRuntimeIfLoaded();
    if (rt && !this.#queued) return dispatch(rt);
    const queued = (this.#queued ?? Promise.resolve())
      .then(() => whenChatRuntime())
      .then(dispatch, (error) => console.error('[soliplex-chat] its parts could not be loaded', error));
    this.#queued = queued;
    void queued.finally(() => {
      if (this.#queued === queued) this.#queued = undefined;
    });
  }

  #currentEngine(): RunOrchestrator | undefined {
    return this.#engines.current();
  }

  /** Escape stops a running turn (from anywhere inside the chat); focus goes back to the composer. */
  #onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    const engine = this.#currentEngine();
    if (!engine || !isRunning(engine.snapshot(this.#threadKey()).run)) return;
    event.preventDefault();
    this.cancel();
  };

  #newChat = () => {
    this.newThread(); // announces the change
    void this.updateComplete.then(() => this.composer?.focus());
  };

  #onRunAgainRequest = (event: Event & { toolCallId?: string }) => {
    event.stopPropagation();
    this.runAgain(event.toolCallId ?? '');
  };

  #onEditRequest = (event: Event & { messageId?: string; text?: string }) => {
    event.stopPropagation();
    this.edit(event.messageId ?? '', event.text ?? '');
  };

  /** The person-readable text of a failure, as the status line shows it. */
  #failureText(rt: ChatRuntime, failure: RunFailure, stage?: 'history' | 'run'): string {
    return rt.failureText(failure, this.chat?.strings ?? rt.mergeChatStrings(this.strings), this.#soliplex.active, stage);
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
  #askPage(call: ToolCall, key: ThreadKey): boolean | void | Promise<boolean | void> {
    const rt = chatRuntimeIfLoaded();
    if (!rt) return whenChatRuntime().then(() => this.#askPage(call, key));
    if (!this.isConnected) return false;
    const event = new rt.SoliplexToolCallEvent(key, call);
    this.dispatchEvent(event);
    return event.defaultPrevented ? false : undefined;
  }

  #onEngineEvent(event: EngineEvent): void {
    // The first send on Soliplex created the thread: show it, unless the page moved on meanwhile.
    if (event.type === 'thread-created' && event.initiator === this && threadKeyId(event.from) === threadKeyId(this.#threadKey())) {
      if (this.#leftCreatingTurn) this.#leftCreatingTurn = false; // the user started a new chat meanwhile
      else {
        const previous = this.#threadKey();
        this.thread = event.key.thread;
        this.#announceThreadChange(previous);
      }
    }
    // Raw events reach a chat whose engine another view observes: only the chat that asked fires them.
    if (event.type === 'agui-event' && !this.aguiEvents) return;
    this.#fire((rt) => rt.domEventsFor(event, (failure) => this.#failureText(rt, failure)));
  }

  /** The subcomponents' requests stop here: they are not part of the page-facing API. */
  /** Loads the thread's history again (the Retry of a part that could not be loaded). */
  #reloadHistory(): void {
    const engine = this.#currentEngine();
    if (!engine || !this.thread) return;
    engine.reloadThread(this.#threadKey(), undefined, this.#turnOptions).catch(() => {
      // The thread's failed history state says it, with Retry.
    });
  }

  #onInternal(handle: () => void) {
    return (event: Event) => {
      event.stopPropagation();
      handle();
    };
  }

  #onInterruptAnswer = (event: SoliplexInterruptAnswerRequestEvent) => {
    event.stopPropagation();
    event.accepted =
      event.status === 'resolved' ? this.answerInterrupt(event.interruptId, event.payload) : this.cancelInterrupt(event.interruptId);
  };

  #onSendRequest = (event: Event & { text?: string }) => {
    event.stopPropagation();
    const bar = this.attachmentBar;
    if (bar?.count) {
      const text = event.text ?? '';
      const engine = this.#currentEngine();
      if (!text.trim() || !engine || isRunning(engine.snapshot(this.#threadKey()).run)) event.preventDefault();
      else void this.#sendWithAttachments(text, bar);
      return;
    }
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

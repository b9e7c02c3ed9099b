import { html, nothing, type PropertyValues } from 'lit';
import { query } from 'lit/decorators.js';
// The core's modules one by one, not its index: the CDN build puts what this imports in the first paint.
import { emptyConversation } from '../../core/conversation/empty-conversation.js';
import { idleState, isRunning, threadKeyId } from '../../core/tool-loop/run-state.js';
import type { SoliplexAttachments } from '../soliplex-attachments/soliplex-attachments.js';
import { ToolRegistrationController } from '../../controllers/tool-registration-controller.js';
import { AgUiEventsController } from '../../controllers/agui-events-controller.js';
import { adoptPreUpgradeProperties } from '../shared/upgrade-properties.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import { mergeFirstPaintStrings } from '../shared/first-paint-strings.js';
import type { SoliplexComposer } from '../soliplex-composer/soliplex-composer.js';
import type { HiddenMessageActions, SoliplexMessageList } from '../soliplex-message-list/soliplex-message-list.js';
import { renderEmptyState } from './empty-state.js';
import { renderHeader, renderState } from './chat-view.js';
import { chatRuntimeIfLoaded, loadPartsOnConnect, whenChatRuntime } from './chat-parts.js';
import type { ChatRuntime } from './chat-runtime.js';
import type { ChatView } from './chat-runtime.js';
import { RuntimeParts } from './runtime-parts.js';
import { chatStyles } from './soliplex-chat.styles.js';
import { ChatApi } from './chat-api.js';
import { COMPOSER_EXPORTPARTS, MESSAGE_LIST_EXPORTPARTS, RUN_STATUS_EXPORTPARTS } from './exportparts.js';
import { warnOnDeprecatedListeners } from '../shared/deprecated-events.js';
import { LazyThreadPanel } from './thread-panel.js';
import type { GetToken } from './thread-panel-view.js';
import { ChatSession } from './chat-session.js';
import { PageEvents } from './page-events.js';
import { ChatAttachments } from './chat-attachments.js';
import type { LazyExport } from './chat-export.js';
import type { ExportFormat } from './export-view.js';
// <soliplex-message-list> (Markdown, tool and approval cards) and <soliplex-run-status> (an idle chat
// shows no status) are not needed for the first paint of an empty chat: loadChatParts() imports them
// on connect, with the engine (see chat-parts.ts). Lit keeps the properties set on them before they
// upgrade.
import '../soliplex-composer/soliplex-composer.js';


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
 * @fires {SoliplexRunStartedEvent} soliplex-run-started - A user turn started (send or retry), with the user's `message`.
 * @fires {SoliplexRunFinishedEvent} soliplex-run-finished - A user turn ended, once per turn, with `outcome`, `error` and `stats` (duration, runs, tool counts, token usage).
 * @fires {SoliplexToolCallEvent} soliplex-tool-call - A client tool is about to run; `preventDefault()` vetoes it.
 * @fires {SoliplexToolResultEvent} soliplex-tool-result - A client tool call completed, failed, was denied, or was stopped (status `cancelled`: Stop, a newer message, the chat closed); also when a call the page's reload interrupted is resolved (Run again, Continue, a new message).
 * @fires {SoliplexThreadChangeEvent} soliplex-thread-change - The chat now shows another thread by its own doing (its thread list, a new chat, the thread its first Soliplex send created); fields `threadKey` and `detail`.
 * @fires {SoliplexErrorEvent} soliplex-error - A turn failed, a thread could not be created or loaded, a tool sent by event could not be registered, or this browser cannot keep conversations (said once); `message` in words a person understands, `technical` the technical text.
 * @fires {SoliplexInterruptEvent} soliplex-interrupt - A run ended waiting for the user's answers (`threadKey`, `interrupts`).
 * @fires {SoliplexCustomEvent} soliplex-custom-event - The agent sent a `CUSTOM` event (`name`, `value`).
 * @fires {SoliplexStateChangeEvent} soliplex-state-change - The agent changed a thread's state (`STATE_SNAPSHOT`, `STATE_DELTA`): `threadKey`, `state` (the whole new state; `agentState` reads it for the thread on screen). Once per change; not when the page sets `agentState`.
 * @fires {SoliplexAgUiEvent} soliplex-agui-event - A raw AG-UI event of a followed run; only with `agui-events`.
 * @fires {SoliplexToolPlannedEvent} soliplex-tool-planned - A run left a client call to run (before veto and approval).
 * @fires {SoliplexToolExecutingEvent} soliplex-tool-executing - A client tool started executing.
 * @fires {SoliplexMessageEvent} soliplex-message - A whole assistant message with its tool calls and results.
 * @fires {SoliplexSignInChangeEvent} soliplex-sign-in-change - The chat's own Soliplex sign-in changed (`signedIn`, `serverUrl`): back from the provider signed in, signed out, or the session ended.
 * @fires {SoliplexFeedbackEvent} soliplex-feedback - The user rated an answer (Good response / Bad response, or sent a reason): `threadKey`, `messageId`, `runId`, `rating` (`up` or `down`), `reason`; stored on the run on Soliplex, only reported elsewhere.
 * @fires {SoliplexExchangeRequestEvent} soliplex-exchange-request - Deprecated: use `soliplex-run-started`, which carries the `message`. Goes in the next minor version.
 * @fires {SoliplexExchangeResponseEvent} soliplex-exchange-response - Deprecated: use `soliplex-run-finished`, which carries the `stats`. Goes in the next minor version.
 *
 * @slot header - Above the conversation.
 * @slot empty - Replaces the empty state (welcome message and suggestions).
 * @slot suggestions - Suggestions shown under the welcome message in the default empty state.
 * @slot footer - Below the composer.
 *
 * @csspart root - The chat's frame.
 * @csspart header - The header bar (title, Documents, Sign out, Export, New chat), when any is shown.
 * @csspart title - The title (`chat-title`).
 * @csspart new-chat-button - "New chat": in the header bar, in the thread list, and after a failure that a retry cannot fix (a thread gone from the server).
 * @csspart sign-in - A Soliplex server that needs sign-in, when the page gave no token: its words and Sign in.
 * @csspart sign-in-button - "Sign in" (one per identity provider of the server; with several, it names the provider).
 * @csspart sign-out-button - "Sign out", in the header bar, while the chat's own sign-in is signed in.
 * @csspart documents-button - "Documents", in the header bar of a Soliplex room with documents: opens the picker.
 * @csspart documents - The documents picker: a checkbox per document of the room the agent may search.
 * @csspart export-button - "Export", in the header bar once there is a conversation (not with `no-export`): opens its choices.
 * @csspart export-menu - The choices of Export: Markdown, JSON (each downloads the transcript).
 * @csspart thread-list - The built-in `<soliplex-thread-list>` (with `thread-list`).
 * @csspart threads-toggle - Opens the thread list drawer when the chat is narrow.
 * @csspart empty-state - The empty state.
 * @csspart storage-notice - Says that conversations cannot be kept in this browser, or that another tab changed this one.
 * @csspart welcome - The welcome message.
 * @csspart suggestions - The suggestion chips (`suggestions`, or the Soliplex room's): in the empty state, and after an answer.
 * @csspart suggestion - A suggestion: sends its text.
 * @csspart state - The agent state, as the `stateRenderer` shows it.
 * @csspart thread - A thread list entry (`data-state`: idle, running, waiting-for-approval, failed; `data-unread`).
 * @csspart thread-button - The button that shows a thread.
 * @csspart badge - A thread's run badge.
 * @csspart unread-badge - A thread's unread mark.
 * @csspart messages - The scrolling conversation.
 * @csspart message - Every message.
 * @csspart user-message - A user message.
 * @csspart answer - One answer: a user turn's output (the text of every hop, reasoning, tool calls, activities) in one bubble, with one set of actions under it.
 * @csspart answer-placeholder - Stands where the answer will appear, from Send until its first output ("Thinking…" to screen readers; the status line announces it).
 * @csspart assistant-message - An assistant message: one hop's text and tool calls, inside its answer (a turn with tool hops has several).
 * @csspart reasoning - Collapsible reasoning.
 * @csspart notice - A system or developer message the agent streamed into the conversation.
 * @csspart history-gap - Where stored runs could not be loaded: "Part of this conversation couldn't be loaded."
 * @csspart history-gap-retry - Its "Retry": loads the thread's history again.
 * @csspart truncated-notice - Says where a message, tool arguments or a tool result longer than `MAX_TEXT_CHARS` (100,000 characters) was cut.
 * @csspart subagent - A subagent's messages, grouped and collapsible.
 * @csspart subagent-summary - A subagent's name and status.
 * @csspart message-attachment - An attachment shown on a user message.
 * @csspart message-actions - The actions under a message or an answer: shown on hover and focus, always on the last answer and on touch screens.
 * @csspart copy-button - "Copy" on a user message, and on an answer (the text of all its hops).
 * @csspart read-aloud-button - "Read aloud" on an answer ("Stop reading" while it reads), where the browser can speak.
 * @csspart regenerate-button - "Regenerate" on the last answer.
 * @csspart edit-button - "Edit" on a user message (an earlier one too: its turn runs again from there, the earlier version kept).
 * @csspart versions - On a user message whose turn was regenerated or edited: "‹ 2 / 3 ›", the buttons "Previous version" and "Next version" around which version is shown.
 * @csspart jump-to-latest - "Jump to latest", while the reader is scrolled up from the end.
 * @csspart tool-card - A tool call card.
 * @csspart tool-name - A tool card's tool name.
 * @csspart tool-arguments - A tool card's arguments on one line, after the name.
 * @csspart tool-view - What the page's renderer for the tool (`toolRenderers`) shows in its card.
 * @csspart tool-status - A tool card's status.
 * @csspart tool-details - A tool card's collapsible arguments and result.
 * @csspart tool-result - Output of a tool's own renderer.
 * @csspart tool-content - A structured tool result: text, pretty JSON, image previews, download links.
 * @csspart tool-changes - What a tool call changed in the agent's tools, as one muted line ("Weather ready"; the full list on hover and in the inspector).
 * @csspart tool-cached - Marks a tool result that came from the tool's cache.
 * @csspart run-again-button - Run again, on a tool call the page's reload interrupted (status `interrupted`).
 * @csspart approval-card - A card asking to approve a call (focusable, so focus can move to it when it appears).
 * @csspart approval-arguments - The arguments on an approval card.
 * @csspart approve-button - Approve.
 * @csspart always-allow-button - Approve, and allow the tool without asking again in this thread.
 * @csspart deny-button - Deny.
 * @csspart interrupt-card - A question of the agent (an AG-UI interrupt).
 * @csspart interrupt-message - The interrupt's message.
 * @csspart interrupt-form - The form generated from the interrupt's response schema.
 * @csspart interrupt-submit - Send the answer (Approve, for a tool call).
 * @csspart interrupt-cancel - Cancel the interrupt (Deny, for a tool call).
 * @csspart interrupt-status - How a settled or expired interrupt stands.
 * @csspart interrupt-custom - An interrupt renderer's output.
 * @csspart activity - An activity of the agent.
 * @csspart activity-custom - An activity renderer's output.
 * @csspart sources - An answer's numbered sources (RAG citations on Soliplex), under the answer.
 * @csspart source - One source: its number, document title, headings and pages; opening it shows the cited chunk.
 * @csspart source-chunk - An open source's cited text and page previews.
 * @csspart source-preview - A page preview image of an open source, the cited passage highlighted.
 * @csspart usage - The tokens the answer used, and the thread (on the last answer) (`show-usage`), with their cost by `usagePrices`.
 * @csspart feedback - "Good response" and "Bad response" under an answer (not with `no-feedback`).
 * @csspart feedback-button - A feedback button (`aria-pressed` when chosen).
 * @csspart feedback-reason - The optional reason field after a rating, with its Send button.
 * @csspart status - The run status line; its `data-state` is the run status.
 * @csspart retry-button - Retry, after a failure (Retry now while a busy server is waited for).
 * @csspart continue-button - Continue, on a turn the page's reload interrupted (in the status line).
 * @csspart error-details - The technical detail of a failure (collapsible).
 * @csspart composer - The message form.
 * @csspart input - The message textarea.
 * @csspart send-button - Send.
 * @csspart stop-button - Stop, while a turn runs.
 * @csspart dictate-button - "Dictate" (pressed while listening), where the browser or the page can recognise speech.
 * @csspart dictation-notice - Why dictation stopped (a refused microphone, a failure).
 * @csspart attachments - The attachment bar (when attachments are on).
 * @csspart attach-button - The Attach button.
 * @csspart attachment - One attached file (preview and name).
 * @csspart attachment-error - Why a file was refused or could not be sent.
 */
export class SoliplexChat extends ChatApi {
  static override styles = chatStyles;


  // The page's token first; else the chat's own sign-in (a Soliplex server that lists identity providers).
  readonly #token: GetToken = (options) => (this.getToken ? this.getToken(options) : (this.token ?? this.#session.extras?.token(options)));
  // Made in the constructor, after the controllers above it (controllers run in the order they were added).
  readonly #events: PageEvents;
  readonly #session = new ChatSession(this, {
    ownEngine: { headers: () => this.headers ?? {}, token: this.#token, agent: () => this.agent, persist: () => !this.noPersist, capabilities: () => this.#attachments.capabilities, maxProtocolVersion: () => this.maxProtocolVersion },
    beforeToolCall: (call, key) => this.#events.askPage(call, key),
    onThreadChange: (key, previous) => this.#events.threadChanged(key, previous),
    onStorageProblem: (problem) => this.#events.error(new Error(problem.technical), (rt) => this.#parts.strings(rt).storageFailed(problem.kind)),
    // A room that could not be fetched keeps its own words (the chat still works); a history gets the person's.
    onRoomError: (failure, stage) => this.#events.error(failure, stage ? (rt) => this.#events.failureText(rt, failure, stage) : undefined),
    extras: {
      page: () => ({ token: !!this.getToken || this.token !== undefined, storage: this.signInStorage === 'memory' ? 'memory' : 'session', noSignIn: this.noSignIn, noDocuments: this.noDocuments }),
      onError: (error) => this.#events.error(error),
      dispatch: (event) => this.dispatchEvent(event),
    },
  });

  /** The header's Export and `exportTranscript()` (made with the runtime: the button shows only with a conversation). */
  #export?: LazyExport;
  #exporter = (rt: ChatRuntime) => (this.#export ??= new rt.LazyExport(this, this.#exportContext));
  /** What Export and `exportTranscript()` export: the thread on screen, as the chat shows it. */
  #exportContext = () => ({
    engine: this.#session.current(),
    threadKey: this.#session.threadKey,
    conversation: this.#session.snapshot?.conversation ?? emptyConversation,
    chatTitle: this.chatTitle,
    toolRegistry: this.toolRegistry,
    prices: this.usagePrices,
    lang: this.#parts.lang,
    strings: this.#parts.context?.strings,
    token: this.#token,
  });

  @query('soliplex-composer') private composer?: SoliplexComposer;
  @query('soliplex-message-list') private messageList?: SoliplexMessageList;
  @query('soliplex-attachments') private attachmentBar?: SoliplexAttachments;

  /** The thread on screen, as the parts the runtime makes read it. */
  readonly #view: ChatView = { snapshot: () => this.#session.snapshot, threadKey: () => this.#session.threadKey };
  readonly #attachments = new ChatAttachments(this, { bar: () => this.attachmentBar, strings: async (): Promise<ChatStrings> => this.#parts.strings(await whenChatRuntime()) });
  /** Focus, translation, live region, suggestions, answer extras and the parts' context: made with the runtime. */
  readonly #parts = new RuntimeParts(this, {
    view: this.#view,
    capabilities: () => this.#attachments.capabilities,
    focusComposer: () => this.composer?.focus(),
    token: this.#token,
  });
  /** The thread list beside the messages (`thread-list`). */
  readonly #panel = new LazyThreadPanel(this, {
    token: this.#token,
    session: this.#session,
    persist: () => !this.noPersist,
    strings: () => this.#parts.localized()?.threadList,
    lang: () => this.#parts.lang,
    toolRegistry: () => this.toolRegistry,
  });
  #hiddenActions: HiddenMessageActions = {};

  protected override get session(): ChatSession {
    return this.#session;
  }

  constructor() {
    super();
    // The engine and the message list load on connect; the chat renders again when they arrive.
    loadPartsOnConnect(this, () => this.#session.backend.source === 'agent-url' && !!this.agentUrl);
    this.#events = new PageEvents(this, {
      engine: () => this.#session.current(),
      threadKey: () => this.#session.threadKey,
      strings: (rt) => this.#parts.strings(rt),
      soliplex: () => this.#session.backend.soliplex,
      aguiEvents: () => this.aguiEvents,
      onEngineEvent: (event) => this.#session.follow(event),
    });
    adoptPreUpgradeProperties<SoliplexChat>(this, ['toolRegistry', 'engine', 'agentState']);
    new ToolRegistrationController(this, {
      registry: () => this.toolRegistry,
      setRegistry: (registry) => (this.toolRegistry = registry),
      onError: (error) => this.#events.error(error),
    });
    new AgUiEventsController(this, { engine: () => this.#session.current(), enabled: () => this.aguiEvents });
  }

  /**
   * The transcript of the thread on screen: `'markdown'` to read (each turn's words, every tool call
   * by its title with its arguments and result, questions answered, with times), or `'json'` with
   * everything (`format` and `version`; messages with their times, calls with arguments, results,
   * status and approvals, interrupts and their answers, each run's usage, the total and its cost with
   * `usagePrices`). The header's "Export" downloads either (`no-export` hides it).
   */
  exportTranscript(format: ExportFormat = 'markdown'): Promise<string> {
    return whenChatRuntime().then((rt) => this.#exporter(rt).transcript(format));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('agent')) this.#attachments.askAgent();
    this.#session.willUpdate();
    this.#parts.update(this.#session.handle);
    if (changed.has('noCopy') || changed.has('noRegenerate') || changed.has('noEdit')) {
      this.#hiddenActions = { copy: this.noCopy, regenerate: this.noRegenerate, edit: this.noEdit };
    }
  }

  /** The header's buttons (the room's, then Export), once the runtime is there. */
  #headerButtons(rt: ChatRuntime, room: unknown, exportLabel: string | undefined) {
    return rt.headerButtons(room, this.#exporter(rt).render(exportLabel));
  }

  override render() {
    const snapshot = this.#session.snapshot;
    const conversation = snapshot?.conversation ?? emptyConversation;
    const run = snapshot?.run ?? idleState;
    const context = this.#parts.context;
    const strings = context?.strings ?? mergeFirstPaintStrings(this.strings);
    const empty = !conversation.messages.some((m) => m.role === 'user' || m.role === 'assistant');
    const soliplex = this.#session.backend.soliplex;
    // The frame, not the host, lays out the list beside the messages: a page's `soliplex-chat { display: … }` cannot undo it.
    // Right to left for Arabic and Hebrew, unless the page set the chat's own `dir` (an inherited `dir="rtl"` applies as is).
    // ('' leaves the direction inherited.)
    const dir = this.hasAttribute('dir') ? '' : this.#parts.dir;
    const rt = chatRuntimeIfLoaded(); // the header's buttons and the storage notice come with it
    return html`<div class="frame ${this.threadList ? 'with-list' : ''}" .dir=${dir}>
      ${this.threadList ? this.#panel.render() : ''}
      <div
        part="root"
        class="root"
        @keydown=${this.#onKeydown}
        @soliplex-send-request=${this.#onSendRequest}
        @soliplex-stop-request=${this.#onInternal(() => this.stop())}
        @soliplex-new-chat-request=${this.#onInternal(() => this.#newChat())}
        @paste=${this.#attachments.onPaste}
        @dragover=${this.#attachments.onDragOver}
        @drop=${this.#attachments.onDrop}
      >
        <slot name="header"></slot>
        ${renderHeader(
          { text: this.chatTitle, level: this.headingLevel },
          this.noNewChat ? undefined : { label: strings.newChat, disabled: empty && run.status === 'idle', onClick: this.#newChat },
          this.threadList ? this.#panel.renderToggle(strings.threadsLabel) : nothing,
          // The context comes with the runtime, and the room's and Export's buttons with it.
          context ? this.#headerButtons(rt!, this.#session.extras?.renderHeaderButtons(context.strings), this.noExport || empty ? undefined : context.strings.exportButton) : nothing,
        )}
        ${context && this.#session.extras?.renderPanels(context.strings)}
        ${renderState(this.stateRenderer, this.agentState)}
        ${context ? rt!.renderStorageNotice(context.strings, this.#session.local.problem, this.#session.local.outOfDate) : nothing}
        ${empty && this.#session.local.reopening
          ? nothing
          : empty
          ? // While Sign in is offered, the room's 401 is no news: the offer says it.
            renderEmptyState(soliplex && !this.#session.extras?.signIn?.offer.length ? this.#session.soliplex : undefined, strings, this.#parts.renderSuggestions(strings.suggestionsLabel, this.#sendSuggestion, this.#session.soliplex?.room?.suggestions ?? []))
          : html`<soliplex-message-list
              exportparts=${MESSAGE_LIST_EXPORTPARTS}
              .conversation=${conversation}
              ?busy=${isRunning(run)}
              .hiddenActions=${this.#hiddenActions}
              .noImages=${this.noImages}
            ></soliplex-message-list>`}
        ${empty ? nothing : this.#parts.renderSuggestions(strings.suggestionsLabel, this.#sendSuggestion)}
        <soliplex-run-status
          exportparts=${RUN_STATUS_EXPORTPARTS}
          .run=${run}
          .conversation=${conversation}
          ?soliplex=${soliplex}
        ></soliplex-run-status>
        ${this.#attachments.render()}
        <soliplex-composer
          exportparts=${COMPOSER_EXPORTPARTS}
          .strings=${strings}
          .draftKey=${!this.noPersist ? threadKeyId(this.#session.threadKey) : ''}
          .speechToText=${this.speechToText}
          .speechLang=${this.lang || document.documentElement.lang}
          ?busy=${isRunning(run)}
        ></soliplex-composer>
        <slot name="footer"></slot>
        <div class="visually-hidden" role="log" aria-live="polite" aria-relevant="additions">
          ${this.#parts.renderAnnouncements()}
        </div>
      </div>
    </div>`;
  }

  /** Escape stops a running turn (from anywhere inside the chat); focus goes back to the composer. */
  #onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || !this.#session.handle?.canStop()) return;
    event.preventDefault();
    this.stop();
  };

  #sendSuggestion = (text: string) => {
    if (this.send(text)) this.messageList?.scrollToEnd?.();
  };

  #newChat = () => {
    this.newChat(); // announces the change
    void this.updateComplete.then(() => this.composer?.focus());
  };

  /** The subcomponents' requests stop here: they are not part of the page-facing API. */
  #onInternal(handle: () => void) {
    return (event: Event) => {
      event.stopPropagation();
      handle();
    };
  }

  /** The composer's Send: with attached files, they go first (`ChatAttachments`); refused, the composer keeps the text. */
  #onSendRequest = (event: Event & { text?: string }) => {
    event.stopPropagation();
    const text = event.text ?? '';
    const scroll = () => this.messageList?.scrollToEnd?.(); // ?.(): the list may not have upgraded yet
    const files = this.#attachments.pending;
    const accepted = files ? this.#attachments.send(text, this.#session.handle, scroll) : this.send(text);
    if (!accepted) event.preventDefault();
    else if (!files) scroll(); // with files, once they have gone
  };
}

warnOnDeprecatedListeners(SoliplexChat); // listening for soliplex-exchange-* warns once
if (!customElements.get('soliplex-chat')) customElements.define('soliplex-chat', SoliplexChat);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-chat': SoliplexChat;
  }
}

import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { AbstractAgent } from '@ag-ui/client';
import type { AgentCapabilities } from '@ag-ui/core';
import type { SoliplexChatStringsOverrides } from '../shared/chat-strings.js';
import type { ActivityRenderers, InterruptRenderers, StateRenderer, ToolCallRenderers } from '../shared/renderers.js';
import type { AttachmentOptions } from '../soliplex-attachments/attachment-parts.js';
import { headersConverter } from './headers-converter.js';
import type { ChatSuggestions } from './suggestion-chips.js';
import type { SpeechToText } from '../soliplex-composer/speech-to-text.js';
import type { UsagePrices } from '../../core/conversation/usage-cost.js';

/**
 * What a page sets on `<soliplex-chat>`: its attributes and properties, and its CSS custom
 * properties. The chat (soliplex-chat.ts) reads them; it owns no setting of its own.
 *
 * @attr agent-url - A generic AG-UI endpoint (used when no `engine` or `agent` is given).
 * @attr server-url - A Soliplex server; with `room`, the chat talks the Soliplex rooms/threads/runs API.
 * @attr room - The Soliplex room; its welcome message and suggestions fill the empty state.
 * @attr thread - The thread id (reflected). Generic endpoints: a fresh one when absent; a thread kept in this
 *   browser is reopened (after a reload too). Soliplex: a stored thread whose history is reloaded; when
 *   absent, the first send creates a thread.
 * @attr thread-list - Shows the built-in thread list beside the messages (a drawer when the chat is narrow).
 * @attr no-persist - Keeps conversations out of IndexedDB: generic endpoints' threads (kept by default, turns in flight included, so a reload reopens the `thread`) and Soliplex runs cached for reloads.
 * @attr headers - Request headers as a JSON object (the `headers` property takes an object).
 * @attr max-protocol-version - The AG-UI version the `agent-url` endpoint speaks, when it is known to be older than 1.0 and does not say so (e.g. `0.0.57`): what is sent and read is downgraded for it.
 * @attr theme - `light`, `dark` or `auto` (follows `prefers-color-scheme`).
 * @attr chat-title - A title shown in the chat's header bar (none when absent).
 * @attr heading-level - The title's heading level, 1 to 6 (default 2), to fit the page's outline.
 * @attr no-new-chat - Hides the header's "New chat" button.
 * @attr no-copy - Hides the "Copy" action on messages.
 * @attr no-regenerate - Hides the "Regenerate" action on the last answer.
 * @attr no-edit - Hides the "Edit" action on user messages.
 * @attr agui-events - Also fire `soliplex-agui-event` for every raw AG-UI event (off by default).
 * @attr sign-in-storage - Where the chat's own Soliplex sign-in keeps its tokens: `session` (default: `sessionStorage`, a reload stays signed in, closing the tab signs out) or `memory` (a reload signs in again). Never `localStorage` or IndexedDB.
 * @attr no-sign-in - Hides the chat's own Soliplex sign-in (Sign in, Sign out): the page signs in and gives `token` or `getToken`.
 * @attr no-documents - Hides the Soliplex room's Documents picker (the agent then searches every document).
 * @attr no-feedback - Hides "Good response" / "Bad response" under answers.
 * @attr show-usage - Shows the tokens each answer used, and the thread's, under the answers (off by default).
 * @attr no-export - Hides the header's "Export" button (`exportTranscript()` still works).
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
 * @cssprop [--soliplex-chat-success=#187733] - Completed calls (dark: #3fb950).
 * @cssprop [--soliplex-chat-warning=#8a5c00] - Calls awaiting approval (dark: #d29922).
 * @cssprop [--soliplex-chat-danger=#c4202b] - Failures and Stop (dark: #ff7b72).
 * @cssprop [--soliplex-chat-denied=#6639ba] - Denied calls (dark: #ab7df8).
 * @cssprop [--soliplex-chat-font-family=system-ui, sans-serif] - Text font.
 * @cssprop [--soliplex-chat-mono-font-family=ui-monospace, monospace] - Code font.
 * @cssprop [--soliplex-chat-font-size=15px] - Base font size.
 * @cssprop [--soliplex-chat-radius=8px] - Corner radius.
 * @cssprop [--soliplex-chat-spacing=8px] - Base spacing unit.
 * @cssprop [--soliplex-chat-density=1] - Multiplies the spacing (0.75 compact, 1.25 roomy).
 */
export class ChatSettings extends LitElement {
  /** The AG-UI endpoint; used when no `engine` is given, and as the thread key's server. */
  @property({ attribute: 'agent-url' }) agentUrl = '';

  /** A Soliplex server's base URL; with `room`, the chat uses the Soliplex API instead of `agent-url`. */
  @property({ attribute: 'server-url' }) serverUrl = '';

  /** The Soliplex room to talk to. */
  @property() room = '';

  /** The thread shown, reflected to the attribute. Set by the chat when the page sets none (see the `thread` attribute). */
  @property({ reflect: true }) thread = '';

  /** Shows the built-in thread list (`<soliplex-thread-list>` on this chat's engine) beside the messages. */
  @property({ type: Boolean, reflect: true, attribute: 'thread-list' }) threadList = false;

  /**
   * Keeps conversations out of IndexedDB. Without it, they are kept: generic endpoints' threads, saved
   * as they change (a turn in flight too) and reopened by `thread` after a reload, and Soliplex runs (a
   * reload's cache). Two tabs on one thread never overwrite each other's turns.
   */
  @property({ type: Boolean, attribute: 'no-persist' }) noPersist = false;

  /** A bearer token for the Soliplex server (prefer `getToken` for tokens that expire). */
  @property({ attribute: false }) token?: string;

  /**
   * Returns a bearer token for the Soliplex server: asked before every request (answer from memory),
   * and again with `{refresh: true}` once after a 401. When it cannot give a valid token, the chat
   * shows that sign-in is needed. With it (or `token`), the chat never signs in by itself.
   */
  @property({ attribute: false }) getToken?: (options: { refresh: boolean }) => string | undefined | Promise<string | undefined>;

  /**
   * Where the chat's own sign-in keeps its tokens (see "Soliplex sign-in" in the README): `session`
   * (the default) in `sessionStorage`, so a reload stays signed in and closing the tab signs out;
   * `memory` in the page only. The chat signs in by itself only when the page gives neither `token`
   * nor `getToken` and the server lists identity providers (`GET /api/login`).
   */
  @property({ attribute: 'sign-in-storage' }) signInStorage: 'session' | 'memory' = 'session';

  /** Hides the chat's own Soliplex sign-in ("Sign in", "Sign out"). */
  @property({ type: Boolean, attribute: 'no-sign-in' }) noSignIn = false;

  /**
   * Hides the Documents picker a Soliplex room with documents shows (`GET …/rooms/{room}/documents`);
   * no document filter is sent then.
   */
  @property({ type: Boolean, attribute: 'no-documents' }) noDocuments = false;

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

  /**
   * The AG-UI version the `agent-url` endpoint speaks, when it is known to be older than 1.0 and
   * does not declare it (as `@ag-ui/client`'s `maxProtocolVersion`): the chat's own engine then
   * downgrades what it sends and reads — up to `0.0.39` content as text, up to `0.0.57` no subagents,
   * below `1.0` no `protocolVersion`. Unset, the version the endpoint declares on its `RUN_STARTED`
   * is used (from the next run on), and an endpoint that declares none is taken as current. Read on
   * every run; not used with an `engine`, an `agent` (set its own) or a Soliplex room.
   */
  @property({ attribute: 'max-protocol-version' }) maxProtocolVersion?: string;

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

  /**
   * What the chat suggests the user say, as clickable chips (each sends its text): starter prompts (an
   * array, shown while the chat is empty), or a function of the conversation, possibly async, asked for
   * an empty chat and after each answer (its answer shows under the answer until the next send). On every
   * backend; a Soliplex room's own suggestions show when this is unset.
   */
  @property({ attribute: false }) suggestions?: ChatSuggestions;

  /**
   * Speech to text for the composer's "Dictate" button: `{ listen({ lang, signal, onText }) }` (see
   * `SpeechToText`). Without it, the browser's own speech recognition is used where it has one; with
   * neither, there is no Dictate button.
   */
  @property({ attribute: false }) speechToText?: SpeechToText;

  /** A title shown in the header bar; no title when empty. */
  @property({ attribute: 'chat-title' }) chatTitle = '';

  /**
   * The level of the title's heading, 1 to 6 (default 2), to fit the page's outline. The chat's title is
   * its only heading: cards and activities are named groups, not sections.
   */
  @property({ type: Number, attribute: 'heading-level' }) headingLevel = 2;

  /** Hides the header's "New chat" button. */
  @property({ type: Boolean, attribute: 'no-new-chat' }) noNewChat = false;

  /** Hides "Copy" on messages. */
  @property({ type: Boolean, attribute: 'no-copy' }) noCopy = false;

  /** Hides "Regenerate" on the last answer. */
  @property({ type: Boolean, attribute: 'no-regenerate' }) noRegenerate = false;

  /** Hides "Edit" on user messages. */
  @property({ type: Boolean, attribute: 'no-edit' }) noEdit = false;

  /**
   * Hides "Good response" / "Bad response" under each answer. The ratings are stored on the run on
   * Soliplex (`POST …/{run}/feedback`, shown again after a reload) and reported to the page by
   * `soliplex-feedback` on every backend.
   */
  @property({ type: Boolean, attribute: 'no-feedback' }) noFeedback = false;

  /**
   * Shows a small line of token usage under each answer (its turn's runs summed) and the thread's
   * total under the last one: from the runs' usage routes on Soliplex (`GET …/{run}/usage`), from
   * `RUN_FINISHED.usage` on generic endpoints. Off by default: people reading answers rarely want
   * token counts; a page for those who do (developers, operators) turns it on.
   */
  @property({ type: Boolean, attribute: 'show-usage' }) showUsage = false;

  /**
   * A price table that turns the usage line's tokens into cost (with `show-usage`), and the exported
   * transcript's: `{ currency, default?, models? }`, each price `{ input, output, cachedInput? }` per
   * million tokens, chosen by the `model` a run's usage names, else `default`. The cost is formatted
   * with `Intl.NumberFormat` in the chat's language. A usage without a price shows no cost.
   */
  @property({ attribute: false }) usagePrices?: UsagePrices;

  /** Hides the header's "Export" button (Markdown or JSON download); `exportTranscript()` still works. */
  @property({ type: Boolean, attribute: 'no-export' }) noExport = false;

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
   * A tool's structured result goes to the agent as content parts when `multimodal.input` names each
   * medium it carries, else as text (the registry's `resultContent` decides over it).
   */
  @property({ attribute: false }) capabilities?: AgentCapabilities;
}

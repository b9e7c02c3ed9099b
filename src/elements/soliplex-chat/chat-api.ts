import type { RunOrchestrator } from '../../core/index.js';
import type { ToolRegistry } from '../../core/tools/tool-registry.js';
import type { ChatSession } from './chat-session.js';
import { ChatSettings } from './chat-settings.js';
import { DeprecatedChatNames } from './deprecated-names.js';
import { loadChatParts } from './chat-parts.js';

/**
 * `<soliplex-chat>`'s API beyond its settings: the engine and tools it runs with, and the commands on
 * the thread on screen. Each goes to the chat's session (chat-session.ts), whose thread handle holds
 * the "may I now?" rules; the element (soliplex-chat.ts) makes the session and renders.
 */
export abstract class ChatApi extends DeprecatedChatNames(ChatSettings) {
  /** The chat's session: its engine, the thread on screen and that thread's commands. */
  protected abstract get session(): ChatSession;

  /**
   * The page's tools (an immutable `ToolRegistry`; assign a new one to change them). A change applies
   * from the next run, tool continuations included. With a shared `engine`, this is the engine's
   * registry: chats sharing an engine share its tools (a tool one registers is there for all), and a
   * registry the chat had before it got the engine is merged in (tools the engine lacks are added).
   */
  get toolRegistry(): ToolRegistry {
    return this.session.toolRegistry;
  }
  set toolRegistry(registry: ToolRegistry) {
    const old = this.toolRegistry;
    this.session.toolRegistry = registry;
    this.requestUpdate('toolRegistry', old);
  }

  /**
   * A `RunOrchestrator` shared with other widgets on the page (they then share its runs and its
   * tools). When unset, the chat makes its own from `agent-url` and `headers` (and disposes it when
   * the chat leaves the page).
   */
  get engine(): RunOrchestrator | undefined {
    return this.session.engine;
  }
  set engine(engine: RunOrchestrator | undefined) {
    const old = this.engine;
    this.session.sharedEngine = engine;
    this.requestUpdate('engine', old);
  }

  /**
   * The chat's engine, once it has one: at once with a shared `engine`, else when its own is made (the
   * chat is on the page and, on the CDN build, the engine's code has arrived). Await it before using
   * the engine from page code (`(await chat.engineReady).use(…)`): `engine` may still be undefined
   * right after the element is created.
   */
  get engineReady(): Promise<RunOrchestrator> {
    return this.session.engineReady;
  }

  /**
   * The agent state of the thread on screen (AG-UI shared state): what the agent last sent
   * (`STATE_SNAPSHOT`, `STATE_DELTA`; kept with the thread across reloads) or the page last set; `{}`
   * for a thread without state. Setting it makes it the thread's state: the thread's next run sends
   * it as `RunAgentInput.state` (on a Soliplex room, with the Documents picker's `rag.document_filter`
   * merged in), a `stateRenderer` shows it at once, and no `soliplex-state-change` fires (that event
   * reports the agent's changes). Set a new object to change it: the chat does not watch for mutations.
   */
  get agentState(): unknown {
    return this.session.agentState;
  }
  set agentState(state: unknown) {
    const old = this.agentState;
    this.session.agentState = state;
    this.requestUpdate('agentState', old);
  }

  /**
   * Sends a message; returns false (and sends nothing) when the text is empty or a turn is running.
   * On Soliplex without a `thread`, the send creates the thread (shown as running, Stop cancels it),
   * then sets `thread` to it. From the CDN, a send made before the engine's chunk has arrived is sent
   * when it arrives.
   */
  send(text: string): boolean {
    // Not `handle` alone: with the engine's code there but the chat not yet rendered since, it would make
    // the engine here, before the chat's update subscribed to it (the turn's events would go unheard).
    const thread = this.session.engine && this.session.handle;
    if (thread || !text.trim()) return !!thread?.send(text);
    // From the CDN the engine's chunk may still be on its way: send once it is there, and once the chat
    // has rendered with it (its update subscribes to the engine: sent earlier, the turn's events go unheard).
    if (this.isConnected) {
      void loadChatParts().then(async () => {
        this.requestUpdate();
        await this.updateComplete;
        this.session.handle?.send(text);
      });
    }
    return this.isConnected;
  }

  /** Stops the running turn: its stream ends, its tools are aborted, the conversation is kept. */
  stop(): void {
    this.session.handle?.stop();
  }

  /**
   * Runs the last turn again after it failed or was cancelled (a failed history load is loaded
   * again), or, while a busy server is waited for, tries again now; returns false, doing nothing, otherwise.
   */
  retry(): boolean {
    return !!this.session.handle?.retry();
  }

  /**
   * Goes on with a turn the page's reload interrupted (the status line's **Continue**): what streamed
   * stays until the new run answers; tool results already obtained are sent again, never executed
   * again; a call that was executing at the reload is answered as not completed. Returns false, doing
   * nothing, when there is no such turn.
   */
  continue(): boolean {
    return !!this.session.handle?.continue();
  }

  /**
   * Runs a tool call the page's reload interrupted once more (its card's **Run again**), then goes on
   * with the turn. Returns false, doing nothing, when the call is not interrupted.
   */
  runAgain(toolCallId: string): boolean {
    return !!this.session.handle?.runAgain(toolCallId);
  }

  /**
   * Runs the last answer again from the last user message; the answer it replaces is kept as an
   * earlier version ("‹ 1 / 2 ›" on the message, `switchVersion`). Returns false, doing nothing, while
   * a turn runs or when there is no user message.
   */
  regenerate(): boolean {
    return !!this.session.handle?.regenerate();
  }

  /**
   * Edits the user message `messageId` (any one, not only the last) and sends it again: the turn runs
   * from the new text, and the earlier text with all that followed it is kept as an earlier version.
   * Returns false, doing nothing, while a turn runs, for empty text or an unknown message.
   */
  edit(messageId: string, text: string): boolean {
    return !!this.session.handle?.edit(messageId, text);
  }

  /**
   * Shows version `index` (0-based) of the user turn `messageId` — what its "Previous version" and
   * "Next version" buttons do — with the branch that followed it; the next run sends what is shown.
   * Returns false, doing nothing, while a turn runs or when the turn has no such version.
   */
  switchVersion(messageId: string, index: number): boolean {
    return !!this.session.handle?.switchVersion(messageId, index);
  }

  /**
   * Answers an open interrupt of the thread on screen (`payload` is the answer). When every interrupt
   * is answered or cancelled, the run resumes. Returns false when it cannot be answered (unknown,
   * settled, or expired).
   */
  answerInterrupt(interruptId: string, payload?: unknown): boolean {
    return !!this.session.handle?.answerInterrupt(interruptId, payload);
  }

  /** Cancels an open interrupt of the thread on screen; returns false when there is no such open one. */
  cancelInterrupt(interruptId: string): boolean {
    return !!this.session.handle?.cancelInterrupt(interruptId);
  }

  /**
   * Starts a new, empty thread and returns its id (`''` on Soliplex until the first send creates it).
   * A running turn is not stopped: it finishes in the background (its tools run, its events fire, it
   * is saved), as when another thread is picked; setting `thread` back to its id shows it again.
   */
  newChat(): string {
    return this.session.newChat();
  }
}

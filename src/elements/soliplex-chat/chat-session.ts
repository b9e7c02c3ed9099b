import type { ReactiveControllerHost } from 'lit';
// The core's modules one by one, not its index: the CDN build puts what this imports in the first paint.
import { ToolRegistry } from '../../core/tools/tool-registry.js';
import { isRunning, threadKeyId } from '../../core/tool-loop/run-state.js';
import { randomId } from '../../core/random-id.js';
import type { EngineEvent, LocalThreadProblem, RunFailure, RunOrchestrator, ThreadHandle, ThreadKey, ThreadSnapshot, ToolCall, TurnOptions } from '../../core/index.js';
import { EngineController } from '../../controllers/engine-controller.js';
import type { ThreadController } from '../../controllers/thread-controller.js';
import type { SoliplexRoomController } from '../../controllers/soliplex-room-controller.js';
import { LocalThreadsController } from './local-threads.js';
import type { OwnEngineOptions } from './own-engine.js';
import { chatRuntimeIfLoaded, createOwnEngineIfLoaded } from './chat-parts.js';
import type { RoomExtras, RoomExtrasConfig } from './room-extras.js';
import { chooseBackend, threadKeyOf, type BackendInputs, type ChatBackend } from './chat-backend.js';

/** The chat's properties the session reads, and `thread`, which it also sets. */
export interface SessionHost extends ReactiveControllerHost, Pick<BackendInputs, 'agent'> {
  readonly isConnected: boolean;
  serverUrl: string;
  room: string;
  agentUrl: string;
  thread: string;
}

export interface ChatSessionConfig {
  /** How the chat's own engine reaches the backend (read on every run), besides its tools. */
  readonly ownEngine: Omit<OwnEngineOptions, 'toolRegistry'>;
  /** Asked before a call of this chat's turns runs: false vetoes it. */
  readonly beforeToolCall: (call: ToolCall, key: ThreadKey) => boolean | void | Promise<boolean | void>;
  /** The chat now shows another thread by its own doing (not the page's). */
  readonly onThreadChange: (key: ThreadKey, previous: ThreadKey) => void;
  /** This browser cannot keep conversations (said once). */
  readonly onStorageProblem: (problem: LocalThreadProblem) => void;
  /** The Soliplex room (no `stage`) or a thread's history (`stage: 'history'`) could not be loaded. */
  readonly onRoomError: (failure: RunFailure, stage?: 'history') => void;
  /** What the page set for sign-in and documents (`RoomExtras`). */
  readonly extras: Pick<RoomExtrasConfig, 'page' | 'onError' | 'dispatch'>;
}

/**
 * A chat's session: which engine runs its turns (the page's or its own, on the backend `chooseBackend`
 * picks), the thread on screen (the page's, or one it makes up; a new chat; the thread a first
 * Soliplex send created) and the options of the turns it starts. The element reads and sets
 * properties; this decides what they mean.
 */
export class ChatSession {
  readonly #host: SessionHost;
  readonly #config: ChatSessionConfig;
  readonly #engines: EngineController;
  #toolRegistry = new ToolRegistry();
  #toolRegistryIsDefault = true;
  #key?: ThreadKey;
  #handle?: ThreadHandle;
  #backend?: { inputs: readonly unknown[]; id: string; backend: ChatBackend };
  /** The thread id this chat made up (not the page's), so it is never taken for a stored thread. */
  #generatedThread?: string;
  /** Set when a new chat left a Soliplex turn still creating its thread: the chat does not follow it there. */
  #leftCreatingTurn = false;
  readonly #engineWaiters: ((engine: RunOrchestrator) => void)[] = [];
  /** The agent state the page set while the engine's code was still loading: the thread on screen's once it is there. */
  #pendingState?: { readonly state: unknown };

  /** Every turn this chat starts carries these: it follows them to their end, and asks the page before their calls run. */
  readonly turnOptions: TurnOptions;
  /** The chat's own engine keeps its generic threads in this browser (unless `no-persist`), and reopens the one on screen. */
  readonly local: LocalThreadsController;
  /**
   * Renders the chat again when the thread on screen changes: made with the chat's runtime (chat-parts),
   * as there is no thread to follow before an engine (a page's `engine` is followed once it is there).
   */
  #shown?: ThreadController;
  /**
   * The Soliplex room (welcome, suggestions), and the history of a stored thread the page names: made
   * when the backend first is a Soliplex room (its code is not part of a generic chat's first paint).
   */
  soliplex?: SoliplexRoomController;
  /** Sign-in, sign-out and the documents picker of a Soliplex room, made with `soliplex`. */
  extras?: RoomExtras;
  #soliplexLoading = false;

  constructor(host: SessionHost, config: ChatSessionConfig) {
    this.#host = host;
    this.#config = config;
    this.turnOptions = {
      initiator: host,
      beforeToolCall: (call, key) => config.beforeToolCall(call, key),
      state: (key) => this.extras?.stateFor(key),
    };
    this.#engines = new EngineController(host, () =>
      createOwnEngineIfLoaded({ ...config.ownEngine, toolRegistry: this.#toolRegistry }),
    );
    const persist = config.ownEngine.persist ?? (() => true);
    this.local = new LocalThreadsController(host, {
      engine: () => (this.sharedEngine ? undefined : this.current()),
      threadKey: () => this.threadKey,
      enabled: () => persist() && !this.sharedEngine,
      pageThread: () => this.pageThread,
      onProblem: config.onStorageProblem,
    });
  }

  /** Loads and adds the Soliplex room's controller, once; the host renders again when it is there. */
  #loadSoliplex(): void {
    if (this.#soliplexLoading) return;
    this.#soliplexLoading = true;
    const host = this.#host;
    Promise.all([import('../../controllers/soliplex-room-controller.js'), import('./room-extras.js')]).then(
      ([{ SoliplexRoomController }, { RoomExtras }]) => {
        const serverUrl = () => (this.backend.soliplex ? this.backend.server : '');
        // Before the room: a session kept from before a reload (or just back from sign-in) signs its first requests.
        this.extras = new RoomExtras(host, {
          ...this.#config.extras,
          engine: () => this.current(),
          serverUrl,
          room: () => this.backend.room,
          thread: () => host.thread,
          token: this.#config.ownEngine.token,
          initiator: host,
        });
        this.soliplex = new SoliplexRoomController(host, {
          engine: () => this.current(),
          serverUrl,
          room: () => this.backend.room,
          thread: () => host.thread,
          token: this.#config.ownEngine.token,
          turnOptions: () => this.turnOptions,
          onError: this.#config.onRoomError,
        });
        host.requestUpdate();
      },
      (error: unknown) => {
        this.#soliplexLoading = false; // a network blip: the next update tries again
        console.error('[soliplex-chat] the Soliplex room could not be loaded', error);
      },
    );
  }

  /** The backend as the chat's properties now say (the same object while they say the same). */
  get backend(): ChatBackend {
    const h = this.#host;
    const inputs = [this.#engines.shared, h.agent, h.serverUrl, h.room, h.agentUrl] as const;
    // Read for every engine event and snapshot (the thread key): decided again only when an input changed.
    const last = this.#backend;
    if (last && inputs.every((input, i) => input === last.inputs[i])) return last.backend;
    const next = chooseBackend({ engine: inputs[0], agent: inputs[1], serverUrl: inputs[2], room: inputs[3], agentUrl: inputs[4] });
    const id = JSON.stringify(next);
    this.#backend = { inputs, id, backend: last?.id === id ? last.backend : next };
    return this.#backend.backend;
  }

  /** The thread key on screen, the same object while the backend and thread stay the same. */
  get threadKey(): ThreadKey {
    const next = threadKeyOf(this.backend, this.#host.thread);
    if (!this.#key || threadKeyId(this.#key) !== threadKeyId(next)) this.#key = next;
    return this.#key;
  }

  /**
   * The commands of the thread on screen, carrying this chat's turn options (the same handle while
   * the engine and thread stay the same); undefined while the engine's code loads from the CDN.
   */
  get handle(): ThreadHandle | undefined {
    const engine = this.current();
    const key = this.threadKey;
    if (engine && (this.#handle?.engine !== engine || this.#handle.key !== key)) this.#handle = engine.thread(key, this.turnOptions);
    return engine && this.#handle;
  }

  /** The thread on screen as the engine has it, or undefined without an engine. */
  get snapshot(): ThreadSnapshot | undefined {
    return this.current()?.registry.get(this.threadKey);
  }

  /** The agent state of the thread on screen: the engine's, or what the page set before the engine was there. */
  get agentState(): unknown {
    return this.#pendingState ? this.#pendingState.state : (this.handle?.snapshot().conversation.state ?? {});
  }

  /** Makes `state` the agent state of the thread on screen (its next run sends it). */
  set agentState(state: unknown) {
    const handle = this.handle;
    if (handle) handle.setState(state);
    else this.#pendingState = { state };
  }

  /** The thread was set by the page (attribute, property, a URL), not made up here. */
  get pageThread(): boolean {
    const thread = this.#host.thread;
    return !!thread && thread !== this.#generatedThread;
  }

  /** The engine in use, without making one. */
  get engine(): RunOrchestrator | undefined {
    return this.#engines.engine;
  }

  /** The page's shared engine, if any. */
  get sharedEngine(): RunOrchestrator | undefined {
    return this.#engines.shared;
  }

  /** The engine to use now, making the chat's own if it needs one (undefined while its code loads from the CDN). */
  current(): RunOrchestrator | undefined {
    return this.#engines.current();
  }

  /** The chat's engine once it has one. */
  get engineReady(): Promise<RunOrchestrator> {
    const engine = this.#engines.engine;
    return engine ? Promise.resolve(engine) : new Promise((resolve) => this.#engineWaiters.push(resolve));
  }

  /** The page's tools: the shared engine's registry, else the chat's own. */
  get toolRegistry(): ToolRegistry {
    return this.#engines.shared?.toolRegistry ?? this.#toolRegistry;
  }
  set toolRegistry(registry: ToolRegistry) {
    const next = registry ?? new ToolRegistry();
    this.#toolRegistryIsDefault = false;
    const shared = this.#engines.shared;
    if (shared) shared.toolRegistry = next;
    else {
      this.#toolRegistry = next;
      const own = this.#engines.engine;
      if (own) own.toolRegistry = next;
    }
  }

  /** Uses the page's engine (or, unset, the chat's own); the page's tools set before are merged into it. */
  set sharedEngine(engine: RunOrchestrator | undefined) {
    this.#engines.shared = engine;
    if (!engine || this.#toolRegistryIsDefault) return;
    // Groups the engine lacks come with their tools; then ungrouped tools it lacks.
    const own = this.#toolRegistry;
    const withGroups = own.groups
      .filter((group) => !engine.toolRegistry.group(group.name) && !group.tools.some((t) => engine.toolRegistry.has(t.name)))
      .reduce((registry, group) => registry.registerGroup(group), engine.toolRegistry);
    engine.toolRegistry = own.tools
      .filter((tool) => !withGroups.has(tool.name) && !own.groupOf(tool.name))
      .reduce((registry, tool) => registry.register(tool), withGroups);
  }

  /** Before each render: a generic endpoint always has a thread id; a Soliplex one only a stored thread's. */
  willUpdate(): void {
    const host = this.#host;
    if (this.backend.soliplex) {
      this.#loadSoliplex();
      // An id this chat made up for a generic endpoint is no stored Soliplex thread.
      if (host.thread && host.thread === this.#generatedThread) host.thread = '';
    } else if (!host.thread) {
      host.thread = this.#generatedThread = randomId();
    }
    const rt = chatRuntimeIfLoaded();
    if (rt && !this.#shown) this.#shown = new rt.ThreadController(host, { engine: () => this.current(), threadKey: () => this.threadKey });
    const engine = this.current();
    if (engine) for (const ready of this.#engineWaiters.splice(0)) ready(engine);
    if (engine && this.#pendingState) {
      engine.setState(this.threadKey, this.#pendingState.state);
      this.#pendingState = undefined;
    }
  }

  /**
   * Starts a new, empty thread and returns its id (`''` on Soliplex until the first send creates it).
   * A running turn goes on in the background.
   */
  newChat(): string {
    const previous = this.threadKey;
    this.#leaveCreatingTurn(previous);
    // A Soliplex thread is created by the next send; a generic endpoint takes any fresh id.
    this.#host.thread = this.backend.soliplex ? '' : (this.#generatedThread = randomId());
    this.#announce(previous);
    return this.#host.thread;
  }

  /** Shows `key` (picked in the thread list, or its new chat): the chat's backend becomes the key's. */
  select(key: ThreadKey, newChat: boolean): void {
    const host = this.#host;
    const previous = this.threadKey;
    if (newChat) this.#leaveCreatingTurn(previous);
    if (key.room) {
      host.serverUrl = key.server;
      host.room = key.room;
    } else {
      host.serverUrl = host.room = '';
      host.agentUrl = key.server;
    }
    host.thread = key.thread;
    this.#announce(previous);
  }

  /** The first send on Soliplex created the thread: show it, unless the page moved on meanwhile. */
  follow(event: EngineEvent): void {
    if (event.type !== 'thread-created' || event.initiator !== this.#host || threadKeyId(event.from) !== threadKeyId(this.threadKey)) return;
    if (this.#leftCreatingTurn) {
      this.#leftCreatingTurn = false; // the user started a new chat meanwhile
      return;
    }
    const previous = this.threadKey;
    this.#host.thread = event.key.thread;
    this.#announce(previous);
  }

  /** A new chat leaves a first send still creating its thread (its key has no thread yet, like the new chat's). */
  #leaveCreatingTurn(key: ThreadKey): void {
    const engine = this.current();
    if (key.room && !key.thread && engine && isRunning(engine.snapshot(key).run)) this.#leftCreatingTurn = true;
  }

  #announce(previous: ThreadKey): void {
    const key = this.threadKey;
    if (threadKeyId(key) !== threadKeyId(previous)) this.#config.onThreadChange(key, previous);
  }
}

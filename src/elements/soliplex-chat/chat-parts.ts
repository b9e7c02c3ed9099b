import type { ReactiveControllerHost } from 'lit';
import type { LocalThreadSync, RunOrchestrator } from '../../core/index.js';
import { preloadAgUiHttpTransport } from '../../core/transport/lazy-agui-http-transport.js';
import type { OwnEngineOptions } from './own-engine.js';
import type { ChatRuntime } from './chat-runtime.js';

/**
 * What an empty chat does not need for its first paint, loaded on demand: the engine a chat makes for
 * itself (the orchestrator, reducer, tool loop and transports: `own-engine.ts`), the message list
 * with its Markdown, tool and approval cards, and the element's own code for events, strings and
 * announcements (`chat-runtime.ts`). The CDN build's entry chunk then holds only the element,
 * its composer and status line, and Lit. `<soliplex-chat>` calls `loadChatParts()` when it connects;
 * until the parts arrive it renders its empty state and has no engine of its own (a page's `engine`
 * works at once). The npm entry (`src/index.ts`) imports both statically, so there they are ready
 * before the first render and nothing waits.
 */

type CreateOwnEngine = (options: OwnEngineOptions) => RunOrchestrator;
type KeepThreadsLocally = (engine: RunOrchestrator, wanted: () => boolean) => Promise<LocalThreadSync | undefined>;

let createOwn: CreateOwnEngine | undefined;
let keepLocally: KeepThreadsLocally | undefined;
let runtime: ChatRuntime | undefined;
let loading: Promise<void> | undefined;

/** Called by `own-engine.ts` when it is evaluated: the engine's factory, and what keeps its threads in this browser. */
export function provideOwnEngine(factory: CreateOwnEngine, keep: KeepThreadsLocally): void {
  createOwn = factory;
  keepLocally = keep;
}

/** Keeps the generic threads of a chat's own engine in IndexedDB (the page's default store); undefined while the engine's code loads. */
export function keepThreadsLocallyIfLoaded(engine: RunOrchestrator, wanted: () => boolean): Promise<LocalThreadSync | undefined> | undefined {
  return keepLocally?.(engine, wanted);
}

/** Called by `chat-runtime.ts` when it is evaluated. */
export function provideChatRuntime(loaded: ChatRuntime): void {
  runtime = loaded;
}

/** The element's later code, or undefined while it is still loading. */
export function chatRuntimeIfLoaded(): ChatRuntime | undefined {
  return runtime;
}

/** The element's later code, once loaded (at once where it is). */
export async function whenChatRuntime(): Promise<ChatRuntime> {
  return runtime ?? loadChatParts().then(() => runtime!);
}

/** The chat's own engine, or undefined while its code is still loading (`loadChatParts()` resolves when it is there). */
export function createOwnEngineIfLoaded(options: OwnEngineOptions): RunOrchestrator | undefined {
  return createOwn?.(options);
}

/**
 * Starts loading the engine and the message list (once per page) and resolves when both are there.
 * `genericEndpoint`: also preload the generic AG-UI transport, so the first send does not wait for it.
 */
export function loadChatParts(genericEndpoint = false): Promise<void> {
  if (genericEndpoint) void preloadAgUiHttpTransport();
  loading ??= Promise.all([
    import('./own-engine.js'),
    import('./chat-runtime.js'),
    import('../soliplex-message-list/soliplex-message-list.js'),
    import('../soliplex-run-status/soliplex-run-status.js'),
  ]).then(
    () => undefined,
    (error: unknown) => {
      loading = undefined; // a network blip: the next connect tries again
      throw error;
    },
  );
  return loading;
}

/**
 * Loads the chat's parts each time `host` connects (at once where already imported) and renders it
 * again when they arrive, so its own engine gets made and the conversation shown. `genericEndpoint`
 * is read on connect (see `loadChatParts`).
 */
export function loadPartsOnConnect(host: ReactiveControllerHost, genericEndpoint: () => boolean): void {
  host.addController({
    hostConnected: () =>
      void loadChatParts(genericEndpoint()).then(
        () => host.requestUpdate(),
        (error) => console.error('[soliplex-chat] its parts could not be loaded', error),
      ),
  });
}

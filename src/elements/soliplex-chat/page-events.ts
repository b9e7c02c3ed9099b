import type { ReactiveControllerHost } from 'lit';
import type { EngineEvent, RunFailure, RunOrchestrator, ThreadKey, ToolCall } from '../../core/index.js';
import { TurnEventsController } from '../../controllers/turn-events-controller.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import { chatRuntimeIfLoaded, whenChatRuntime } from './chat-parts.js';
import type { ChatRuntime } from './chat-runtime.js';

type PageEventsHost = ReactiveControllerHost & EventTarget & { readonly isConnected: boolean };

export interface PageEventsConfig {
  readonly engine: () => RunOrchestrator | undefined;
  readonly threadKey: () => ThreadKey;
  /** The chat's strings (translations merged in), once the runtime is there. */
  readonly strings: (rt: ChatRuntime) => ChatStrings;
  /** The chat is on a Soliplex room (a missing thread reads differently). */
  readonly soliplex: () => boolean;
  /** `agui-events`: relay raw AG-UI events too. */
  readonly aguiEvents: () => boolean;
  /** Sees every followed engine event before the page hears of it. */
  readonly onEngineEvent: (event: EngineEvent) => void;
}

/**
 * The page's side of a chat: relays the engine events of the turns the chat follows as `soliplex-*`
 * DOM events (in order, once their classes have loaded: see chat-parts.ts), reports errors, and asks
 * the page before a call runs (`soliplex-tool-call`, which the page may veto).
 */
export class PageEvents {
  readonly #host: PageEventsHost;
  readonly #config: PageEventsConfig;
  /** Events that wait for the event classes to load, in order. */
  #queued?: Promise<void>;

  constructor(host: PageEventsHost, config: PageEventsConfig) {
    this.#host = host;
    this.#config = config;
    new TurnEventsController(host, {
      engine: config.engine,
      threadKey: config.threadKey,
      initiator: host,
      onEvent: (event) => this.#relay(event),
    });
  }

  /**
   * Dispatches the page's events: at once, or in order once their classes have loaded (the runtime's;
   * for a `make` that gives undefined, the rarer events' too: `ChatRuntime.rareEvents`).
   */
  fire(make: (rt: ChatRuntime) => Event | readonly Event[] | undefined): void {
    const dispatch = (events: Event | readonly Event[]) => [events].flat().forEach((event) => this.#host.dispatchEvent(event));
    const rt = chatRuntimeIfLoaded();
    const events = rt && !this.#queued ? make(rt) : undefined;
    if (events) return dispatch(events);
    const queued = this.#ready()
      .then(async (rt) => dispatch(make(rt) ?? (await rt.rareEvents.load(), make(rt)!)))
      .catch((error: unknown) => console.error('[soliplex-chat] its parts could not be loaded', error));
    this.#queued = queued;
    void queued.finally(() => {
      if (this.#queued === queued) this.#queued = undefined;
    });
  }

  /** The runtime, once the events queued before have been dispatched. */
  #ready(): Promise<ChatRuntime> {
    return (this.#queued ?? Promise.resolve()).then(() => whenChatRuntime());
  }

  /** `soliplex-error`: `message` in a person's words (else the technical text), `technical` the failure or error. */
  error(technical: RunFailure | Error, message?: (rt: ChatRuntime) => string): void {
    // Its class is a rare one: `fire` loads it first when it has not loaded.
    this.fire((rt) => {
      const rare = rt.rareEvents.loaded;
      return rare && new rare.SoliplexErrorEvent(message ? message(rt) : technical.message, technical);
    });
  }

  /** The person-readable text of a failure, as the status line shows it. */
  failureText(rt: ChatRuntime, failure: RunFailure, stage?: 'history' | 'run'): string {
    return rt.failureText(failure, this.#config.strings(rt), this.#config.soliplex(), stage);
  }

  /**
   * Asks the page before a call of this chat's turns runs; `preventDefault()` on the event vetoes it.
   * A chat that left the page can no longer ask, so it vetoes rather than run a call unasked.
   */
  askPage(call: ToolCall, key: ThreadKey): boolean | void | Promise<boolean | void> {
    // After the events fired before it (`soliplex-tool-planned`), once its class has loaded.
    const rare = !this.#queued && chatRuntimeIfLoaded()?.rareEvents.loaded;
    if (!rare) return this.#ready().then((rt) => rt.rareEvents.load()).then(() => this.askPage(call, key));
    if (!this.#host.isConnected) return false;
    const event = new rare.SoliplexToolCallEvent(key, call);
    this.#host.dispatchEvent(event);
    return event.defaultPrevented ? false : undefined;
  }

  /** The thread changed by the chat's own doing. */
  threadChanged(key: ThreadKey, previous: ThreadKey): void {
    this.fire((rt) => new rt.SoliplexThreadChangeEvent(key, previous));
  }

  #relay(event: EngineEvent): void {
    this.#config.onEngineEvent(event);
    // Raw events reach a chat whose engine another view observes: only the chat that asked fires them.
    if (event.type === 'agui-event' && !this.#config.aguiEvents()) return;
    this.fire((rt) => rt.domEventsFor(event, (failure) => this.failureText(rt, failure)));
  }
}

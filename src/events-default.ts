/**
 * The events every chat fires (see events.ts, which exports them all): a turn's start and end, its
 * messages, the thread on screen and the deprecated exchange events. The rarer ones (errors, answer
 * feedback, the sign-in's changes, tools, interrupts, state, raw AG-UI events…) are events-rare.ts,
 * which a CDN chat loads with the first event that needs one (page-events.ts holds later events in order).
 */
import type { AssistantMessage, EngineEvent, RunFailure, ThreadKey, ToolCall, TurnOutcome, TurnStats, UserMessage } from './core/index.js';
import { warnDeprecatedEvent } from './elements/shared/deprecated-events.js';

export const outgoing = { bubbles: true, composed: true } as const;

/** What the chat needs of events-rare.ts. */
export interface RareEvents {
  readonly rareDomEventsFor: (event: EngineEvent) => Event[];
  readonly SoliplexToolCallEvent: new (threadKey: ThreadKey, call: ToolCall) => Event;
  readonly SoliplexErrorEvent: new (message: string, cause: RunFailure | Error) => Event;
  readonly SoliplexFeedbackEvent: new (fields: SoliplexFeedbackDetail) => Event;
}
let rare: RareEvents | undefined;
/** Called by events-rare.ts when it is evaluated: at once where it is imported statically (the npm entry). */
export function provideRareEvents(loaded: RareEvents): void {
  rare = loaded;
}
/** events-rare.ts's classes, or undefined while that module has not loaded. */
export const rareEventsIfLoaded = (): RareEvents | undefined => rare;

/** How a user turn ended: the engine's word (`TurnOutcome`), passed through. */
export type SoliplexRunOutcome = TurnOutcome;

/** What `soliplex-run-started` carries in `detail`. */
export interface SoliplexRunStartedDetail {
  readonly threadKey: ThreadKey;
  readonly retry: boolean;
  readonly message?: UserMessage;
}

/** A user turn started (a send or a retry), with the user's message. Tool continuations do not start a new turn. */
export class SoliplexRunStartedEvent extends CustomEvent<SoliplexRunStartedDetail> {
  static readonly eventName = 'soliplex-run-started';
  constructor(
    readonly threadKey: ThreadKey,
    /** True when the turn is a retry of a failed or cancelled one. */
    readonly retry: boolean,
    /** The user's message that starts the turn (for a retry, the last one). */
    readonly message?: UserMessage,
  ) {
    super(SoliplexRunStartedEvent.eventName, { ...outgoing, detail: { threadKey, retry, ...(message ? { message } : {}) } });
  }
}

/** What `soliplex-run-finished` carries in `detail`. */
export interface SoliplexRunFinishedDetail {
  readonly threadKey: ThreadKey;
  readonly outcome: SoliplexRunOutcome;
  readonly error?: RunFailure;
  readonly stats?: TurnStats;
}

/** A user turn ended, tool hops included: fired exactly once per turn, with what it took. */
export class SoliplexRunFinishedEvent extends CustomEvent<SoliplexRunFinishedDetail> {
  static readonly eventName = 'soliplex-run-finished';
  constructor(
    readonly threadKey: ThreadKey,
    readonly outcome: SoliplexRunOutcome,
    /** Why the turn failed, when `outcome` is `'failed'`. */
    readonly error?: RunFailure,
    /** Duration, runs, tool calls (and failed ones) and token usage when the server reported it. */
    readonly stats?: TurnStats,
  ) {
    super(SoliplexRunFinishedEvent.eventName, {
      ...outgoing,
      detail: { threadKey, outcome, ...(error ? { error } : {}), ...(stats ? { stats } : {}) },
    });
  }
}

/**
 * Base of the layered events: its fields are given as one object (a compact class per event, as these
 * ship with the chat's first paint). `eventName` is the subclass's.
 */
export abstract class SoliplexLayeredEvent<Fields extends object> extends CustomEvent<Fields> {
  constructor(fields: Fields) {
    super((new.target as unknown as { eventName: string }).eventName, { ...outgoing, detail: fields });
    Object.assign(this, fields);
  }
}

/** A whole assistant message, with its tool calls settled (their results included). */
export class SoliplexMessageEvent extends SoliplexLayeredEvent<{ threadKey: ThreadKey; message: AssistantMessage; calls: readonly ToolCall[] }> {
  static readonly eventName = 'soliplex-message';
  declare readonly threadKey: ThreadKey;
  declare readonly message: AssistantMessage;
  declare readonly calls: readonly ToolCall[];
}

/**
 * Base of the deprecated events: they fire as before, and the first time the page reads one's data
 * (a listener on the chat, the document or the window) a console warning names the event that
 * replaces it. A listener added on the chat itself warns as it is added (deprecated-events.ts).
 */
abstract class SoliplexDeprecatedEvent<Fields extends object> extends CustomEvent<Fields> {
  constructor(fields: Fields) {
    const type = (new.target as unknown as { eventName: string }).eventName;
    super(type, { ...outgoing, detail: fields });
    const read = <T>(value: T): T => {
      warnDeprecatedEvent(type);
      return value;
    };
    Object.defineProperty(this, 'detail', { get: () => read(fields), enumerable: true });
    for (const [name, value] of Object.entries(fields)) Object.defineProperty(this, name, { get: () => read(value), enumerable: true });
  }
}

/**
 * The user sent a message (or retried): an exchange with the agent starts.
 * @deprecated Listen for `soliplex-run-started` ({@link SoliplexRunStartedEvent}), which carries the
 *   same `message` and `retry`. This event goes in the next minor version.
 */
export class SoliplexExchangeRequestEvent extends SoliplexDeprecatedEvent<{ threadKey: ThreadKey; message?: UserMessage; retry: boolean }> {
  static readonly eventName = 'soliplex-exchange-request';
  declare readonly threadKey: ThreadKey;
  /** The user's message (for a retry, the last one). */
  declare readonly message?: UserMessage;
  declare readonly retry: boolean;
}

/**
 * The exchange ended (the whole turn, tool hops included), with what it took.
 * @deprecated Listen for `soliplex-run-finished` ({@link SoliplexRunFinishedEvent}), which carries the
 *   same `outcome` and `stats`. This event goes in the next minor version.
 */
export class SoliplexExchangeResponseEvent extends SoliplexDeprecatedEvent<{ threadKey: ThreadKey; outcome: SoliplexRunOutcome; stats?: TurnStats }> {
  static readonly eventName = 'soliplex-exchange-response';
  declare readonly threadKey: ThreadKey;
  declare readonly outcome: SoliplexRunOutcome;
  /** Duration, runs, tool calls (and failed ones) and token usage when the server reported it. */
  declare readonly stats?: TurnStats;
}

/** What `soliplex-thread-change` carries in `detail`. */
export interface SoliplexThreadChangeDetail {
  readonly threadKey: ThreadKey;
  /** The thread shown before. */
  readonly previous?: ThreadKey;
}

/**
 * The chat now shows another thread, by its own doing: one picked in its thread list, a new chat, or
 * the thread its first send created on Soliplex (not when the page sets `thread`). Put
 * `threadKey.thread` in the page's URL to come back to it after a reload.
 */
export class SoliplexThreadChangeEvent extends CustomEvent<SoliplexThreadChangeDetail> {
  static readonly eventName = 'soliplex-thread-change';
  constructor(
    readonly threadKey: ThreadKey,
    previous?: ThreadKey,
  ) {
    super(SoliplexThreadChangeEvent.eventName, { ...outgoing, detail: { threadKey, ...(previous ? { previous } : {}) } });
  }
}

/** What `soliplex-feedback` carries (as fields and in `detail`). */
export interface SoliplexFeedbackDetail {
  readonly threadKey: ThreadKey;
  /** The answer rated (the last assistant message of its turn). */
  readonly messageId: string;
  /** The run that gave the answer (the server's id; on Soliplex, the run the feedback is stored on). */
  readonly runId: string;
  readonly rating: 'up' | 'down';
  /** What the user wrote about it, when they wrote something. */
  readonly reason?: string;
}

/**
 * The page-facing events for one engine event of the kinds every chat sees; undefined for the kinds
 * whose classes are in events-rare.ts (`rareDomEventsFor`), and for a failed turn's end while those
 * have not loaded (its `soliplex-error`); none for the rest.
 */
export function commonDomEventsFor(event: EngineEvent, describe: (failure: RunFailure) => string): Event[] | undefined {
  switch (event.type) {
    case 'turn-started':
      return [
        new SoliplexRunStartedEvent(event.key, event.retry, event.userMessage),
        new SoliplexExchangeRequestEvent({ threadKey: event.key, message: event.userMessage, retry: event.retry }),
      ];
    case 'message':
      return [new SoliplexMessageEvent({ threadKey: event.key, message: event.message, calls: event.calls })];
    case 'turn-finished': {
      // A failed turn's `soliplex-error` comes first: its class is a rare one (undefined until loaded).
      if (event.error && !rare) return undefined;
      const outcome = event.outcome;
      const finished = new SoliplexRunFinishedEvent(event.key, outcome, event.error, event.stats);
      const response = new SoliplexExchangeResponseEvent({ threadKey: event.key, outcome, stats: event.stats });
      return event.error ? [new rare!.SoliplexErrorEvent(describe(event.error), event.error), finished, response] : [finished, response];
    }
    case 'agui-event':
    case 'tool-planned':
    case 'tool-call':
    case 'tool-result':
    case 'interrupt':
    case 'custom':
    case 'state-changed':
      return undefined;
    default:
      return [];
  }
}

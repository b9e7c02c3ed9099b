/**
 * The DOM events of `<soliplex-chat>`: one class per event. Outgoing events bubble and are composed,
 * so a page hears them from outside any shadow root the chat sits in. Each carries its data twice:
 * as typed fields (`event.outcome`) and as `event.detail` (`{ outcome, … }`), for frameworks and
 * helpers that read `detail` (Vue's and Angular's `$event.detail`, React wrappers).
 */
import type { BaseEvent, Interrupt } from '@ag-ui/core';
import type { AssistantMessage, ClientTool, EngineEvent, RunFailure, ThreadKey, ToolCall, ToolGroup, TurnOutcome, TurnStats, UserMessage } from './core/index.js';
import { warnDeprecatedEvent } from './elements/shared/deprecated-events.js';

const outgoing = { bubbles: true, composed: true } as const;

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
 * A client tool is about to run (before any approval). Cancelable: `preventDefault()` vetoes the
 * call, and the model is told the page blocked it.
 */
export class SoliplexToolCallEvent extends CustomEvent<{ threadKey: ThreadKey; call: ToolCall }> {
  static readonly eventName = 'soliplex-tool-call';
  constructor(
    readonly threadKey: ThreadKey,
    /** The call, with its validated `args`. */
    readonly call: ToolCall,
  ) {
    super(SoliplexToolCallEvent.eventName, { ...outgoing, cancelable: true, detail: { threadKey, call } });
  }
}

/** A client tool call settled: completed, failed, denied, or stopped (`cancelled`) with its turn. */
export class SoliplexToolResultEvent extends CustomEvent<{ threadKey: ThreadKey; call: ToolCall }> {
  static readonly eventName = 'soliplex-tool-result';
  constructor(
    readonly threadKey: ThreadKey,
    readonly call: ToolCall,
  ) {
    super(SoliplexToolResultEvent.eventName, { ...outgoing, detail: { threadKey, call } });
  }
}

/**
 * Base of the layered events: its fields are given as one object (a compact class per event, as these
 * ship with the chat's first paint). `eventName` is the subclass's.
 */
abstract class SoliplexLayeredEvent<Fields extends object> extends CustomEvent<Fields> {
  constructor(fields: Fields) {
    super((new.target as unknown as { eventName: string }).eventName, { ...outgoing, detail: fields });
    Object.assign(this, fields);
  }
}

/** A raw AG-UI event of a run this chat follows, after it was applied (opt-in: the `agui-events` attribute). */
export class SoliplexAgUiEvent extends SoliplexLayeredEvent<{ threadKey: ThreadKey; runId: string; event: BaseEvent }> {
  static readonly eventName = 'soliplex-agui-event';
  declare readonly threadKey: ThreadKey;
  /** The client's id of the run the event belongs to. */
  declare readonly runId: string;
  /** The AG-UI event as it came off the wire (untrusted). */
  declare readonly event: BaseEvent;
}

/** A run ended leaving this client call for the page: it is planned to run (veto and approval come next). */
export class SoliplexToolPlannedEvent extends SoliplexLayeredEvent<{ threadKey: ThreadKey; call: ToolCall }> {
  static readonly eventName = 'soliplex-tool-planned';
  declare readonly threadKey: ThreadKey;
  declare readonly call: ToolCall;
}

/** A client tool started executing (after the page's veto and any approval). */
export class SoliplexToolExecutingEvent extends SoliplexLayeredEvent<{ threadKey: ThreadKey; call: ToolCall }> {
  static readonly eventName = 'soliplex-tool-executing';
  declare readonly threadKey: ThreadKey;
  declare readonly call: ToolCall;
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

/**
 * Something went wrong: a turn failed, a thread could not be created or loaded, a tool's arguments
 * could not be checked, or a tool sent by event could not be registered.
 */
export class SoliplexErrorEvent extends CustomEvent<{ message: string; technical: string; cause: RunFailure | Error }> {
  static readonly eventName = 'soliplex-error';
  /** The technical text (the failure's own message: the HTTP status, the browser's error…). */
  readonly technical: string;
  constructor(
    /** A message a person understands (as the status line shows it). */
    readonly message: string,
    /** The run failure or the thrown error. */
    readonly cause: RunFailure | Error,
  ) {
    super(SoliplexErrorEvent.eventName, { ...outgoing, detail: { message, technical: cause.message, cause } });
    this.technical = cause.message;
  }
}

/**
 * A run ended waiting for the user (AG-UI interrupts): the chat shows each interrupt; a page may
 * answer them itself with the chat's `answerInterrupt` / `cancelInterrupt`.
 */
export class SoliplexInterruptEvent extends CustomEvent<{ threadKey: ThreadKey; interrupts: readonly Interrupt[] }> {
  static readonly eventName = 'soliplex-interrupt';
  constructor(
    readonly threadKey: ThreadKey,
    /** The open interrupts, as the agent sent them. */
    readonly interrupts: readonly Interrupt[],
  ) {
    super(SoliplexInterruptEvent.eventName, { ...outgoing, detail: { threadKey, interrupts } });
  }
}

/** The agent sent an AG-UI `CUSTOM` event. */
export class SoliplexCustomEvent extends CustomEvent<{ threadKey: ThreadKey; name: string; value: unknown }> {
  static readonly eventName = 'soliplex-custom-event';
  constructor(
    readonly threadKey: ThreadKey,
    /** The custom event's name. */
    readonly name: string,
    /** Its value, as the agent sent it. */
    readonly value: unknown,
  ) {
    super(SoliplexCustomEvent.eventName, { ...outgoing, detail: { threadKey, name, value } });
  }
}

/**
 * The agent changed the state of a thread the chat follows (AG-UI `STATE_SNAPSHOT` or `STATE_DELTA`):
 * once per change, with the whole new state (`agentState` reads the same for the thread on screen).
 * Not fired when the page sets `agentState`.
 */
export class SoliplexStateChangeEvent extends CustomEvent<{ threadKey: ThreadKey; state: unknown }> {
  static readonly eventName = 'soliplex-state-change';
  constructor(
    readonly threadKey: ThreadKey,
    /** The thread's agent state after the change. */
    readonly state: unknown,
  ) {
    super(SoliplexStateChangeEvent.eventName, { ...outgoing, detail: { threadKey, state } });
  }
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

/** What `soliplex-thread-select` carries in `detail`. */
export interface SoliplexThreadSelectDetail {
  readonly threadKey: ThreadKey;
  /** True for a new chat (its key has a fresh id, or `thread: ''` on Soliplex until its first send). */
  readonly newChat: boolean;
}

/**
 * The user picked a thread in `<soliplex-thread-list>` (or asked for a new chat there): a page that
 * pairs the list with a chat shows that thread (set the chat's `server-url`/`room` or `agent-url`, and
 * `thread`). A chat's built-in list does this itself.
 */
export class SoliplexThreadSelectEvent extends CustomEvent<SoliplexThreadSelectDetail> {
  static readonly eventName = 'soliplex-thread-select';
  constructor(
    readonly threadKey: ThreadKey,
    readonly newChat = false,
  ) {
    super(SoliplexThreadSelectEvent.eventName, { ...outgoing, detail: { threadKey, newChat } });
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
 * The user rated an answer (Good response / Bad response), or sent a reason for their rating. On
 * Soliplex the chat also stores it on the run (`POST …/{run}/feedback`); elsewhere only this event
 * tells, for the page to keep where it likes.
 */
export class SoliplexFeedbackEvent extends SoliplexLayeredEvent<SoliplexFeedbackDetail> {
  static readonly eventName = 'soliplex-feedback';
  declare readonly threadKey: ThreadKey;
  declare readonly messageId: string;
  declare readonly runId: string;
  declare readonly rating: 'up' | 'down';
  declare readonly reason?: string;
}

/** Asks the nearest chat above the target to add a tool (a `CustomEvent` works the same way). */
export class SoliplexRegisterToolEvent extends CustomEvent<{ tool: ClientTool }> {
  static readonly eventName = 'soliplex-register-tool';
  constructor(tool: ClientTool) {
    super(SoliplexRegisterToolEvent.eventName, { ...outgoing, detail: { tool } });
  }
}

/** Asks the nearest chat above the target to add a tool group (a `CustomEvent` works the same way). */
export class SoliplexRegisterToolGroupEvent extends CustomEvent<{ group: ToolGroup }> {
  static readonly eventName = 'soliplex-register-tool-group';
  constructor(group: ToolGroup) {
    super(SoliplexRegisterToolGroupEvent.eventName, { ...outgoing, detail: { group } });
  }
}

/** Asks the nearest chat above the target to remove a tool (or a tool group) by name. */
export class SoliplexUnregisterToolEvent extends CustomEvent<{ name: string }> {
  static readonly eventName = 'soliplex-unregister-tool';
  constructor(name: string) {
    super(SoliplexUnregisterToolEvent.eventName, { ...outgoing, detail: { name } });
  }
}

/**
 * The chat's own Soliplex sign-in changed (not a `token` the page gave): it came back from the
 * identity provider signed in, the user signed out, or the session ended (the provider refused to
 * refresh it). A reload that finds the session kept is no change.
 */
export class SoliplexSignInChangeEvent extends CustomEvent<{ signedIn: boolean; serverUrl: string }> {
  static readonly eventName = 'soliplex-sign-in-change';
  constructor(
    readonly signedIn: boolean,
    /** The Soliplex server signed in to or out of. */
    readonly serverUrl: string,
  ) {
    super(SoliplexSignInChangeEvent.eventName, { ...outgoing, detail: { signedIn, serverUrl } });
  }
}

/** The public events by name. */
interface SoliplexEventMap {
  'soliplex-run-started': SoliplexRunStartedEvent;
  'soliplex-run-finished': SoliplexRunFinishedEvent;
  'soliplex-tool-call': SoliplexToolCallEvent;
  'soliplex-tool-result': SoliplexToolResultEvent;
  'soliplex-error': SoliplexErrorEvent;
  'soliplex-thread-change': SoliplexThreadChangeEvent;
  'soliplex-interrupt': SoliplexInterruptEvent;
  'soliplex-custom-event': SoliplexCustomEvent;
  'soliplex-state-change': SoliplexStateChangeEvent;
  'soliplex-thread-select': SoliplexThreadSelectEvent;
  'soliplex-agui-event': SoliplexAgUiEvent;
  'soliplex-tool-planned': SoliplexToolPlannedEvent;
  'soliplex-tool-executing': SoliplexToolExecutingEvent;
  'soliplex-message': SoliplexMessageEvent;
  'soliplex-sign-in-change': SoliplexSignInChangeEvent;
  'soliplex-feedback': SoliplexFeedbackEvent;
  /** @deprecated Use `soliplex-run-started`; goes in the next minor version. */
  'soliplex-exchange-request': SoliplexExchangeRequestEvent;
  /** @deprecated Use `soliplex-run-finished`; goes in the next minor version. */
  'soliplex-exchange-response': SoliplexExchangeResponseEvent;
}

declare global {
  // The public events, for listeners typed through the global map (Angular's `$event`, `window`).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends SoliplexEventMap {}
  interface HTMLElementEventMap extends SoliplexEventMap {
    'soliplex-register-tool': CustomEvent<{ tool: ClientTool }>;
    'soliplex-register-tool-group': CustomEvent<{ group: ToolGroup }>;
    'soliplex-unregister-tool': CustomEvent<{ name: string }>;
  }
}

/**
 * The page-facing events for one engine event (the engine's `tool-call` has none: the veto hook fires
 * it). `describe` turns a failure into the words a person reads (default: its own message).
 */
export function domEventsFor(event: EngineEvent, describe: (failure: RunFailure) => string = (f) => f.message): Event[] {
  switch (event.type) {
    case 'turn-started':
      return [
        new SoliplexRunStartedEvent(event.key, event.retry, event.userMessage),
        new SoliplexExchangeRequestEvent({ threadKey: event.key, message: event.userMessage, retry: event.retry }),
      ];
    case 'agui-event':
      return [new SoliplexAgUiEvent({ threadKey: event.key, runId: event.runId, event: event.event })];
    case 'tool-planned':
      return [new SoliplexToolPlannedEvent({ threadKey: event.key, call: event.call })];
    case 'tool-call':
      return [new SoliplexToolExecutingEvent({ threadKey: event.key, call: event.call })];
    case 'message':
      return [new SoliplexMessageEvent({ threadKey: event.key, message: event.message, calls: event.calls })];
    case 'tool-result': {
      const result = new SoliplexToolResultEvent(event.key, event.call);
      return event.uncheckable ? [new SoliplexErrorEvent(event.uncheckable.message, event.uncheckable), result] : [result];
    }
    case 'interrupt':
      return [new SoliplexInterruptEvent(event.key, event.interrupts)];
    case 'custom':
      return [new SoliplexCustomEvent(event.key, event.name, event.value)];
    case 'state-changed':
      return [new SoliplexStateChangeEvent(event.key, event.state)];
    case 'turn-finished': {
      const outcome = event.outcome;
      const finished = new SoliplexRunFinishedEvent(event.key, outcome, event.error, event.stats);
      const response = new SoliplexExchangeResponseEvent({ threadKey: event.key, outcome, stats: event.stats });
      return event.error ? [new SoliplexErrorEvent(describe(event.error), event.error), finished, response] : [finished, response];
    }
    default:
      return [];
  }
}

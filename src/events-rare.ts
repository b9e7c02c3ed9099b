/**
 * The events only some chats fire (see events.ts, which exports them all): errors, answer feedback,
 * the sign-in's changes, client tools' calls and results, interrupts, custom events, state changes,
 * raw AG-UI events, the thread list's picks and the tool registration requests. Not in a CDN chat's
 * default path: loaded with the first event that needs one of them.
 */
import type { BaseEvent, Interrupt } from '@ag-ui/core';
import type { ClientTool, EngineEvent, RunFailure, ThreadKey, ToolCall, ToolGroup } from './core/index.js';
import { SoliplexLayeredEvent, outgoing, provideRareEvents, type SoliplexFeedbackDetail } from './events-default.js';

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

/** The page-facing events for one engine event of the kinds `commonDomEventsFor` leaves here. */
export function rareDomEventsFor(event: EngineEvent): Event[] {
  switch (event.type) {
    case 'agui-event':
      return [new SoliplexAgUiEvent({ threadKey: event.key, runId: event.runId, event: event.event })];
    case 'tool-planned':
      return [new SoliplexToolPlannedEvent({ threadKey: event.key, call: event.call })];
    case 'tool-call':
      return [new SoliplexToolExecutingEvent({ threadKey: event.key, call: event.call })];
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
    default:
      return [];
  }
}

// Registers with the chat: at once where this module is imported statically (the npm entry).
provideRareEvents({ rareDomEventsFor, SoliplexToolCallEvent, SoliplexErrorEvent, SoliplexFeedbackEvent });

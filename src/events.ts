/**
 * The DOM events of `<soliplex-chat>`: one class per event. Outgoing events bubble and are composed,
 * so a page hears them from outside any shadow root the chat sits in.
 */
import type { ClientTool, EngineEvent, RunFailure, ThreadKey, ToolCall, ToolGroup } from './core/index.js';

const outgoing = { bubbles: true, composed: true } as const;

/** How a user turn ended, as the page sees it. */
export type SoliplexRunOutcome = 'success' | 'failed' | 'cancelled';

/** A user turn started (a send or a retry). Tool continuations do not start a new turn. */
export class SoliplexRunStartedEvent extends Event {
  static readonly eventName = 'soliplex-run-started';
  constructor(
    readonly threadKey: ThreadKey,
    /** True when the turn is a retry of a failed or cancelled one. */
    readonly retry: boolean,
  ) {
    super(SoliplexRunStartedEvent.eventName, outgoing);
  }
}

/** A user turn ended, tool hops included: fired exactly once per turn. */
export class SoliplexRunFinishedEvent extends Event {
  static readonly eventName = 'soliplex-run-finished';
  constructor(
    readonly threadKey: ThreadKey,
    readonly outcome: SoliplexRunOutcome,
    /** Why the turn failed, when `outcome` is `'failed'`. */
    readonly error?: RunFailure,
  ) {
    super(SoliplexRunFinishedEvent.eventName, outgoing);
  }
}

/**
 * A client tool is about to run (before any approval). Cancelable: `preventDefault()` vetoes the
 * call, and the model is told the page blocked it.
 */
export class SoliplexToolCallEvent extends Event {
  static readonly eventName = 'soliplex-tool-call';
  constructor(
    readonly threadKey: ThreadKey,
    /** The call, with its validated `args`. */
    readonly call: ToolCall,
  ) {
    super(SoliplexToolCallEvent.eventName, { ...outgoing, cancelable: true });
  }
}

/** A client tool call settled: completed, failed or denied. */
export class SoliplexToolResultEvent extends Event {
  static readonly eventName = 'soliplex-tool-result';
  constructor(
    readonly threadKey: ThreadKey,
    readonly call: ToolCall,
  ) {
    super(SoliplexToolResultEvent.eventName, outgoing);
  }
}

/** Something went wrong: a turn failed, or a tool sent by event could not be registered. */
export class SoliplexErrorEvent extends Event {
  static readonly eventName = 'soliplex-error';
  constructor(
    /** A message a person understands. */
    readonly message: string,
    /** The run failure or the thrown error. */
    readonly cause: RunFailure | Error,
  ) {
    super(SoliplexErrorEvent.eventName, outgoing);
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

declare global {
  interface HTMLElementEventMap {
    'soliplex-run-started': SoliplexRunStartedEvent;
    'soliplex-run-finished': SoliplexRunFinishedEvent;
    'soliplex-tool-call': SoliplexToolCallEvent;
    'soliplex-tool-result': SoliplexToolResultEvent;
    'soliplex-error': SoliplexErrorEvent;
    'soliplex-register-tool': CustomEvent<{ tool: ClientTool }>;
    'soliplex-register-tool-group': CustomEvent<{ group: ToolGroup }>;
    'soliplex-unregister-tool': CustomEvent<{ name: string }>;
  }
}

/** The page-facing events for one engine event (the engine's `tool-call` has none: the veto hook fires it). */
export function domEventsFor(event: EngineEvent): Event[] {
  switch (event.type) {
    case 'turn-started':
      return [new SoliplexRunStartedEvent(event.key, event.retry)];
    case 'tool-result':
      return [new SoliplexToolResultEvent(event.key, event.call)];
    case 'turn-finished': {
      const outcome = event.outcome === 'completed' ? 'success' : event.outcome;
      const finished = new SoliplexRunFinishedEvent(event.key, outcome, event.error);
      return event.error ? [new SoliplexErrorEvent(event.error.message, event.error), finished] : [finished];
    }
    default:
      return [];
  }
}

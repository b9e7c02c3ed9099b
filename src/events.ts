/**
 * The DOM events of `<soliplex-chat>`: one class per event. Outgoing events bubble and are composed,
 * so a page hears them from outside any shadow root the chat sits in. Each carries its data twice:
 * as typed fields (`event.outcome`) and as `event.detail` (`{ outcome, … }`), for frameworks and
 * helpers that read `detail` (Vue's and Angular's `$event.detail`, React wrappers).
 */
import type { ClientTool, EngineEvent, RunFailure, ToolGroup } from './core/index.js';
import {
  SoliplexExchangeRequestEvent,
  SoliplexExchangeResponseEvent,
  SoliplexMessageEvent,
  SoliplexRunFinishedEvent,
  SoliplexRunStartedEvent,
  SoliplexThreadChangeEvent,
  commonDomEventsFor,
} from './events-default.js';
import {
  SoliplexAgUiEvent,
  SoliplexCustomEvent,
  SoliplexErrorEvent,
  SoliplexFeedbackEvent,
  SoliplexInterruptEvent,
  SoliplexSignInChangeEvent,
  SoliplexStateChangeEvent,
  SoliplexThreadSelectEvent,
  SoliplexToolCallEvent,
  SoliplexToolExecutingEvent,
  SoliplexToolPlannedEvent,
  SoliplexToolResultEvent,
  rareDomEventsFor,
} from './events-rare.js';

// The classes live in two modules so that a CDN chat loads the rarer ones only when it fires one.
export {
  SoliplexExchangeRequestEvent,
  SoliplexExchangeResponseEvent,
  SoliplexMessageEvent,
  SoliplexRunFinishedEvent,
  SoliplexRunStartedEvent,
  SoliplexThreadChangeEvent,
  type SoliplexFeedbackDetail,
  type SoliplexRunFinishedDetail,
  type SoliplexRunOutcome,
  type SoliplexRunStartedDetail,
  type SoliplexThreadChangeDetail,
} from './events-default.js';
export {
  SoliplexAgUiEvent,
  SoliplexCustomEvent,
  SoliplexErrorEvent,
  SoliplexFeedbackEvent,
  SoliplexInterruptEvent,
  SoliplexRegisterToolEvent,
  SoliplexRegisterToolGroupEvent,
  SoliplexSignInChangeEvent,
  SoliplexStateChangeEvent,
  SoliplexThreadSelectEvent,
  SoliplexToolCallEvent,
  SoliplexToolExecutingEvent,
  SoliplexToolPlannedEvent,
  SoliplexToolResultEvent,
  SoliplexUnregisterToolEvent,
  type SoliplexThreadSelectDetail,
} from './events-rare.js';

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
  return commonDomEventsFor(event, describe) ?? rareDomEventsFor(event);
}

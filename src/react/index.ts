/**
 * `soliplex-chat/react`: `<SoliplexChat>`, a React component for `<soliplex-chat>` built with
 * `@lit/react`, for React 18 and 19. Props are the element's properties (`agentUrl`, `toolRegistry`,
 * `engine`, `strings` …), set as properties, never stringified into attributes; `on<Event>` props
 * listen to its DOM events. The ref is the element itself.
 *
 * ```tsx
 * import { SoliplexChat } from 'soliplex-chat/react';
 * <SoliplexChat agentUrl="/api/agent" toolRegistry={tools} onRunFinished={(e) => console.log(e.outcome)} />
 * ```
 *
 * React 19 can also use the tag directly (`<soliplex-chat agent-url=… onsoliplex-run-finished=…>`);
 * this package's types give that JSX its props too.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
// The package entry, not the element's module: it defines every element, and guards DOM-less imports.
import { SoliplexChat as SoliplexChatElement } from '../index.js';
import type {
  SoliplexAgUiEvent,
  SoliplexCustomEvent,
  SoliplexErrorEvent,
  SoliplexFeedbackEvent,
  SoliplexInterruptEvent,
  SoliplexMessageEvent,
  SoliplexRunFinishedEvent,
  SoliplexRunStartedEvent,
  SoliplexThreadChangeEvent,
  SoliplexToolCallEvent,
  SoliplexToolExecutingEvent,
  SoliplexToolPlannedEvent,
  SoliplexToolResultEvent,
  SoliplexSignInChangeEvent,
  SoliplexStateChangeEvent,
} from '../events.js';

/**
 * The React prop for each public event of `<soliplex-chat>` (`soliplex-run-finished` →
 * `onRunFinished`), typed with the event's class. The deprecated exchange events have none: their
 * data is on `onRunStarted` (`message`) and `onRunFinished` (`stats`).
 */
export const soliplexChatEvents = {
  onRunStarted: 'soliplex-run-started' as EventName<SoliplexRunStartedEvent>,
  onRunFinished: 'soliplex-run-finished' as EventName<SoliplexRunFinishedEvent>,
  onToolCall: 'soliplex-tool-call' as EventName<SoliplexToolCallEvent>,
  onToolResult: 'soliplex-tool-result' as EventName<SoliplexToolResultEvent>,
  onThreadChange: 'soliplex-thread-change' as EventName<SoliplexThreadChangeEvent>,
  onError: 'soliplex-error' as EventName<SoliplexErrorEvent>,
  onInterrupt: 'soliplex-interrupt' as EventName<SoliplexInterruptEvent>,
  onCustomEvent: 'soliplex-custom-event' as EventName<SoliplexCustomEvent>,
  onStateChange: 'soliplex-state-change' as EventName<SoliplexStateChangeEvent>,
  onAgUiEvent: 'soliplex-agui-event' as EventName<SoliplexAgUiEvent>,
  onToolPlanned: 'soliplex-tool-planned' as EventName<SoliplexToolPlannedEvent>,
  onToolExecuting: 'soliplex-tool-executing' as EventName<SoliplexToolExecutingEvent>,
  onMessage: 'soliplex-message' as EventName<SoliplexMessageEvent>,
  onSignInChange: 'soliplex-sign-in-change' as EventName<SoliplexSignInChangeEvent>,
  onFeedback: 'soliplex-feedback' as EventName<SoliplexFeedbackEvent>,
};

export const SoliplexChat = createComponent({
  react: React,
  tagName: 'soliplex-chat',
  elementClass: SoliplexChatElement,
  events: soliplexChatEvents,
  displayName: 'SoliplexChat',
});

/** The props `<SoliplexChat>` takes. */
export type SoliplexChatProps = React.ComponentProps<typeof SoliplexChat>;

// JSX typings for <soliplex-chat> in React 19. React 19 sets a prop as a property when the element
// has one (toolRegistry, engine, strings) and as an attribute otherwise (agent-url, thread, theme),
// and turns `on<event-name>` function props into addEventListener(<event-name>) with the name kept
// as written, so `onsoliplex-run-finished` hears 'soliplex-run-finished'.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type {
  RunOrchestrator,
  SoliplexChat,
  SoliplexChatStrings,
  SoliplexErrorEvent,
  SoliplexRunFinishedEvent,
  SoliplexRunStartedEvent,
  SoliplexToolCallEvent,
  SoliplexToolResultEvent,
  ToolRegistry,
} from 'soliplex-chat';

export interface SoliplexChatJsxProps extends DetailedHTMLProps<HTMLAttributes<SoliplexChat>, SoliplexChat> {
  'agent-url'?: string;
  thread?: string;
  /** Request headers as a JSON object string. */
  headers?: string;
  theme?: 'light' | 'dark' | 'auto';
  toolRegistry?: ToolRegistry;
  engine?: RunOrchestrator;
  strings?: Partial<SoliplexChatStrings>;
  'onsoliplex-run-started'?: (event: SoliplexRunStartedEvent) => void;
  'onsoliplex-run-finished'?: (event: SoliplexRunFinishedEvent) => void;
  'onsoliplex-tool-call'?: (event: SoliplexToolCallEvent) => void;
  'onsoliplex-tool-result'?: (event: SoliplexToolResultEvent) => void;
  'onsoliplex-error'?: (event: SoliplexErrorEvent) => void;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'soliplex-chat': SoliplexChatJsxProps;
    }
  }
}

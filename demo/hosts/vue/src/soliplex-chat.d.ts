// Template typings for <soliplex-chat> in Vue (vue-tsc). Vue binds `:agent-url` as an attribute
// (no such property) and `@soliplex-run-finished` as addEventListener('soliplex-run-finished'),
// which vue-tsc checks against the `onSoliplexRunFinished` prop declared here.
import type { DefineComponent } from 'vue';
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

export interface SoliplexChatVueProps {
  'agent-url'?: string;
  thread?: string;
  /** Request headers as a JSON object string. */
  headers?: string;
  theme?: 'light' | 'dark' | 'auto';
  toolRegistry?: ToolRegistry;
  engine?: RunOrchestrator;
  strings?: Partial<SoliplexChatStrings>;
  onSoliplexRunStarted?: (event: SoliplexRunStartedEvent) => void;
  onSoliplexRunFinished?: (event: SoliplexRunFinishedEvent) => void;
  onSoliplexToolCall?: (event: SoliplexToolCallEvent) => void;
  onSoliplexToolResult?: (event: SoliplexToolResultEvent) => void;
  onSoliplexError?: (event: SoliplexErrorEvent) => void;
}

declare module 'vue' {
  interface GlobalComponents {
    // The instance type is the element itself, so a template ref to it is a SoliplexChat.
    'soliplex-chat': DefineComponent<SoliplexChatVueProps> & (new () => SoliplexChat);
  }
}

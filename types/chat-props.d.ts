// What <soliplex-chat> accepts from a framework template: attributes by their HTML names, properties
// that only exist as properties, and one handler per event. Shared by the React and Vue typings.
import type {
  RunOrchestrator,
  SoliplexChatStrings,
  SoliplexErrorEvent,
  SoliplexRunFinishedEvent,
  SoliplexRunStartedEvent,
  SoliplexToolCallEvent,
  SoliplexToolResultEvent,
  ToolRegistry,
} from '../dist/npm/index.js';

export interface SoliplexChatAttributes {
  'agent-url'?: string;
  'server-url'?: string;
  room?: string;
  thread?: string;
  /** Request headers as a JSON object string (or the `headers` property, an object). */
  headers?: string | Record<string, string>;
  theme?: 'light' | 'dark' | 'auto';
}

export interface SoliplexChatProperties {
  toolRegistry?: ToolRegistry;
  engine?: RunOrchestrator;
  strings?: Partial<SoliplexChatStrings>;
  token?: string;
  getToken?: (options: { refresh: boolean }) => string | undefined | Promise<string | undefined>;
}

export interface SoliplexChatEventHandlers {
  runStarted: (event: SoliplexRunStartedEvent) => void;
  runFinished: (event: SoliplexRunFinishedEvent) => void;
  toolCall: (event: SoliplexToolCallEvent) => void;
  toolResult: (event: SoliplexToolResultEvent) => void;
  error: (event: SoliplexErrorEvent) => void;
}

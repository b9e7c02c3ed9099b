/**
 * The framework-free engine (`soliplex-chat/core`): conversation model, reducer, tool registry, run
 * orchestration and transports. No Lit, no rendering.
 */
export * from './conversation.js';
export { reduceConversation, reduceEvents, parseToolArguments, contentText, type ReducerWarn } from './conversation-reducer.js';
export { toAgUiMessages } from './message-mapper.js';
export { applyJsonPatch, type JsonPatchOperation } from './json-patch.js';
export { ToolRegistry, type ClientTool, type ToolExecutionContext, type JsonSchema, type RegisteredTool, type ArgumentCheck, type ArgumentIssue } from './tool-registry.js';
export {
  DEFAULT_TOOL_TIMEOUT_MS,
  executeTool,
  validateArguments,
  resultToContent,
  unknownToolError,
  type ToolOutcome,
} from './tool-executor.js';
export * from './run-state.js';
export { RunRegistry, type ThreadListener } from './run-registry.js';
export { RunOrchestrator, type RunOrchestratorOptions } from './run-orchestrator.js';
export type { EngineEvent, EngineListener, TurnOutcome, BeforeToolCall } from './engine-events.js';
export { describeFailure } from './run-failure.js';
export {
  TransportError,
  TransportErrorKind,
  type Transport,
  type RunRequest,
  type RunEventSink,
  type CreatedThread,
  type HistoryRun,
} from './transport.js';
export { replayHistory } from './conversation-history.js';
export { readSseFrames, type SseFrame } from './sse-reader.js';
export { SoliplexTransport, type SoliplexTransportOptions } from './soliplex/soliplex-transport.js';
export { SoliplexApi, type SoliplexConnection, type SoliplexRoom, type TokenSource } from './soliplex/soliplex-api.js';
export { createAgUiHttpTransport, preloadAgUiHttpTransport } from './lazy-agui-http-transport.js';
export type { AgUiHttpTransportOptions, HeadersSource } from './agui-http-transport.js';
export { randomId } from './random-id.js';

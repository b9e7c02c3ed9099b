/**
 * The framework-free engine (`soliplex-chat/core`): conversation model, reducer, tool registry, run
 * orchestration and transports. No Lit, no rendering.
 */
export * from './conversation/conversation.js';
export { reduceConversation, reduceEvents, parseToolArguments, contentText, attachmentParts, type ReducerWarn } from './conversation/conversation-reducer.js';
export { toAgUiMessages } from './conversation/message-mapper.js';
export {
  interruptsOf,
  openInterrupts,
  findInterrupt,
  isExpired as isInterruptExpired,
  expiryTime as interruptExpiryTime,
  resumeEntries,
} from './conversation/interrupts.js';
export { applyJsonPatch, type JsonPatchOperation } from './conversation/json-patch.js';
export { ToolRegistry, type ClientTool, type ToolExecutionContext, type JsonSchema, type RegisteredTool, type ArgumentCheck, type ArgumentIssue, type ZodLikeSchema } from './tools/tool-registry.js';
export {
  DEFAULT_TOOL_TIMEOUT_MS,
  executeTool,
  validateArguments,
  resultToContent,
  unknownToolError,
  type ToolOutcome,
} from './tools/tool-executor.js';
export * from './tool-loop/run-state.js';
export { RunRegistry, type ThreadListener } from './tool-loop/run-registry.js';
export { RunOrchestrator, type RunOrchestratorOptions, type TurnOptions, type UserInput } from './tool-loop/run-orchestrator.js';
export type { EngineEvent, EngineListener, TurnOutcome, TurnEndReason, BeforeToolCall } from './tool-loop/engine-events.js';
export { describeFailure } from './tool-loop/run-failure.js';
export {
  TransportError,
  TransportErrorKind,
  type Transport,
  type RunRequest,
  type RunEventSink,
  type CreatedThread,
  type HistoryRun,
  type HistoryProgress,
  type StoredThreadInfo,
} from './transport/transport.js';
export { replayHistory } from './conversation/conversation-history.js';
export { readSseFrames, type SseFrame } from './transport/sse-reader.js';
export { SoliplexTransport, type SoliplexTransportOptions } from './transport/soliplex/soliplex-transport.js';
export { SoliplexApi, type SoliplexConnection, type SoliplexRoom, type SoliplexThread, type TokenSource } from './transport/soliplex/soliplex-api.js';
export { createAgUiHttpTransport, preloadAgUiHttpTransport } from './transport/lazy-agui-http-transport.js';
export type { AgUiHttpTransportOptions, HeadersSource } from './transport/agui-http-transport.js';
export { createAgentTransport } from './transport/agent-transport.js';
export { randomId } from './random-id.js';
export { ThreadIndex, type ThreadEntry } from './threads/thread-index.js';
export { threadActivity, type ThreadActivity } from './threads/thread-activity.js';
export { LocalThreadStore, type LocalThreadStoreOptions, type StoredThread } from './threads/local-thread-store.js';

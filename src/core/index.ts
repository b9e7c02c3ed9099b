/**
 * The framework-free engine (`soliplex-chat/core`): conversation model, reducer, tool registry, run
 * orchestration and transports. No Lit, no rendering.
 */
export * from './conversation/conversation.js';
export { versionPosition, type BranchTail, type MessageVersions, type VersionPosition } from './conversation/message-versions.js';
export { branchFrom, selectVersion, validVersions } from './conversation/message-branches.js';
export { parseToolArguments, type ReducerWarn } from './conversation/conversation-reducer.js';
export { contentText, attachmentParts } from './conversation/tool-call-events.js';
// The reducer with every path (its rare ones are a module of their own: reducer-extras.ts).
export { reduceConversation, reduceEvents } from './conversation/reducer-extras.js';
export { toAgUiMessages } from './conversation/message-mapper-full.js';
export {
  interruptsOf,
  openInterrupts,
  findInterrupt,
  isExpired as isInterruptExpired,
  expiryTime as interruptExpiryTime,
} from './conversation/interrupts.js';
export { resumeEntries } from './conversation/interrupt-answers.js';
export { applyJsonPatch, type JsonPatchOperation } from './conversation/json-patch.js';
// With the engine's API (the npm build, the CDN's core.js), register() checks a tool's JSON Schema
// itself; the CDN element alone loads the check with its first such tool (tool-registry.ts).
import { provideSchemaCheck } from './tools/tool-registry.js';
import { checkJsonSchema } from './tools/json-schema-check.js';
provideSchemaCheck(checkJsonSchema);
export { ToolRegistry, type ClientTool, type ToolExecutionContext, type JsonSchema, type RegisteredTool, type ArgumentCheck, type ArgumentIssue, type ZodLikeSchema } from './tools/tool-registry.js';
export {
  DEFAULT_TOOL_TIMEOUT_MS,
  executeTool,
  validateArguments,
  resultToContent,
  unknownToolError,
  type ToolOutcome,
} from './tools/tool-executor.js';
export { MAX_TOOL_RESULT_CHARS } from './tools/tool-result-text.js';
export {
  resolveToolset,
  threadToolState,
  emptyToolState,
  type ToolGroup,
  type Skill,
  type ToolSettings,
  type ApprovalVerdict,
  type ContextItem,
  type ThreadToolState,
  type Toolset,
  type ToolsetEntry,
} from './tools/tool-groups.js';
export { applyAugmentation, toolsetChanges, type Augmentation, type ToolSetChanges } from './tools/tool-augmentation.js';
export {
  asStructuredResult,
  resultParts,
  toContentParts,
  describeParts,
  type ResultPart,
  type TextResultPart,
  type JsonResultPart,
  type BinaryResultPart,
  type StructuredToolResult,
} from './tools/tool-result-content.js';
export type { ToolMiddleware, ToolInvocation } from './tools/tool-middleware.js';
export { canonicalJson } from './tools/tool-cache.js';
export type { FailureStrategy } from './tools/tool-failure.js';
export * from './tool-loop/run-state.js';
export { RunRegistry, type ThreadListener } from './tool-loop/run-registry.js';
export { RunOrchestrator, type RunOrchestratorOptions, type TurnOptions, type UserInput } from './tool-loop/run-orchestrator.js';
export { ThreadHandle } from './tool-loop/thread-handle.js';
export type { BusyRetryOptions } from './tool-loop/busy-retry.js';
export { retryAfterMs } from './transport/retry-after.js';
export type { EngineEvent, EngineListener, TurnOutcome, TurnEndReason, BeforeToolCall } from './tool-loop/engine-events.js';
export type { TurnStats } from './tool-loop/turn-report.js';
export {
  SessionRecorder,
  redactCredentials,
  type SessionRecording,
  type RecordedRun,
  type RecordedEvent,
  type RecordedToolExecution,
} from './recording/session-recorder.js';
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
  type HistoryPreview,
  type StoredThreadInfo,
  runAgentInput,
  type AgUiRunInput,
} from './transport/transport.js';
export { replayHistory } from './conversation/conversation-history.js';
// Transcript export and token prices (issue 24).
export { transcriptJson, TRANSCRIPT_FORMAT, TRANSCRIPT_VERSION, type TranscriptJson, type TranscriptMessage, type TranscriptToolCall, type TranscriptUsage, type TranscriptSource } from './transcript/transcript-json.js';
export { transcriptMarkdown, type TranscriptLabels } from './transcript/transcript-markdown.js';
export { usageCost, formatCost, type UsagePrices, type TokenPrice, type PricedUsage } from './conversation/usage-cost.js';
export { forEachSseFrame, readSseFrames, CUT_FRAME_CHARS, MAX_FRAME_CHARS, type SseFrame, type SseFrameSink } from './transport/sse-reader.js';
export { MAX_TEXT_CHARS } from './conversation/text-limit.js';
export { SoliplexTransport, type SoliplexTransportOptions } from './transport/soliplex/soliplex-transport.js';
export { SoliplexHistoryCache, type SoliplexHistoryCacheOptions } from './transport/soliplex/soliplex-history-cache.js';
export type { HistoryRunStore } from './transport/soliplex/soliplex-history.js';
export { SoliplexApi, SoliplexClient, type SoliplexConnection, type SoliplexRoom, type SoliplexThread, type TokenSource } from './transport/soliplex/soliplex-api.js';
// Soliplex extras (issue 23): sign-in, documents and chunks, citations, usage, feedback, installation.
export * from './transport/soliplex/soliplex-sign-in.js';
export * from './transport/soliplex/soliplex-documents.js';
export * from './transport/soliplex/soliplex-citations.js';
export * from './transport/soliplex/soliplex-state-citations.js';
export * from './transport/soliplex/soliplex-run-extras.js';
export * from './transport/soliplex/soliplex-run-usage.js';
export * from './transport/soliplex/soliplex-send-feedback.js';
export * from './transport/soliplex/soliplex-installation.js';
export { createAgUiHttpTransport, preloadAgUiHttpTransport } from './transport/lazy-agui-http-transport.js';
export type { AgUiHttpTransportOptions, HeadersSource } from './transport/agui-http-transport.js';
export { createAgentTransport } from './transport/agent-transport.js';
export { proxyRun } from './transport/proxy-run.js';
export { randomId } from './random-id.js';
export { ThreadIndex, type ThreadEntry } from './threads/thread-index.js';
export { threadActivity, type ThreadActivity } from './threads/thread-activity.js';
export {
  LocalThreadStore,
  ThreadStorageError,
  defaultLocalThreadStore,
  type LocalThreadStoreOptions,
  type StoredThread,
  type ThreadSaveResult,
} from './threads/local-thread-store.js';
export { LocalThreadSync, type LocalThreadProblem, type DescribeThread } from './threads/local-thread-sync.js';
// `LocalThreadSync.adopt` of a copy read by other means than the store (a CDN chat loads this with its first read).
import './threads/local-thread-records.js';

import { createContext } from '@lit/context';
import type { AgentCapabilities } from '@ag-ui/core';
import type { RunOrchestrator, ThreadHandle, ThreadKey, ToolRegistry } from './core/index.js';
import type { ChatStrings } from './elements/shared/chat-strings.js';
import type { AnswerExtrasController } from './controllers/answer-extras-controller.js';
import type { ActivityRenderers, InterruptRenderers, ToolCallRenderers } from './elements/shared/renderers.js';
import type { UsagePrices } from './core/conversation/usage-cost.js';

/**
 * What `<soliplex-chat>` shares with the elements in its shadow root. Immutable: the chat provides a
 * new object whenever one of these changes, which is what makes context consumers update.
 */
export interface ChatContextValue {
  /**
   * The thread on screen's commands (send, retry, approve, answer…), with the chat's turn options: the
   * one way the chat's parts act on the engine, so the "may I now?" rules are the handle's alone.
   */
  readonly thread: ThreadHandle;
  /** The engine, to read from (commands go through `thread`). */
  readonly engine: RunOrchestrator;
  /** The thread on screen. */
  readonly threadKey: ThreadKey;
  /** The page's tools, for their result renderers. */
  readonly toolRegistry: ToolRegistry;
  readonly strings: ChatStrings;
  /** The page's interrupt renderers, by `reason`. */
  readonly interruptRenderers?: InterruptRenderers;
  /** The page's activity renderers, by `activityType`. */
  readonly activityRenderers?: ActivityRenderers;
  /** The page's generative UI for tool calls, by tool name. */
  readonly toolRenderers?: ToolCallRenderers;
  /** What the agent says it supports (the page's `capabilities`, else the agent's `getCapabilities()`). */
  readonly capabilities?: AgentCapabilities;
  /** Where images in agent output may load from by themselves (`image-origins`); none when absent. */
  readonly imageOrigins?: string;
  /** Each answer's feedback, usage and cited chunks (`soliplex-answer-extras` reads them). */
  readonly answers?: AnswerExtrasController;
  /** The page hid the feedback buttons (`no-feedback`). */
  readonly noFeedback?: boolean;
  /** The page shows token usage under answers (`show-usage`). */
  readonly showUsage?: boolean;
  /** The page's price table: the usage line shows cost too (`usagePrices`). */
  readonly usagePrices?: UsagePrices;
  /** The chat's language tag, for numbers and amounts formatted with `Intl` (`''`: the browser's). */
  readonly lang?: string;
}

export const chatContext = createContext<ChatContextValue | undefined>(Symbol('soliplex-chat'));

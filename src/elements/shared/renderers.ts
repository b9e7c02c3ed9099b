import type { Interrupt } from '@ag-ui/core';
import type { ActivityMessage, InterruptMessage, ToolCall } from '../../core/index.js';

/** What a page's interrupt renderer can do: answer (resolve with a payload) or cancel the interrupt. */
export interface InterruptControls {
  /** Resolves the interrupt with `payload`; false when it can no longer be answered. */
  answer(payload?: unknown): boolean;
  cancel(): boolean;
}

/**
 * Renders one interrupt instead of the default card (message, generated form or approve/deny).
 * Returns what Lit can render: a template, a DOM node, or text (shown as text, never as HTML).
 */
export type InterruptRenderer = (interrupt: Interrupt, controls: InterruptControls, message: InterruptMessage) => unknown;

/**
 * Renders one activity's content instead of the default: the chat's own renderer for the generative
 * UI standards (`a2ui-surface`, `mcp-apps`), its fields as a list for any other type.
 */
export type ActivityRenderer = (content: Readonly<Record<string, unknown>>, message: ActivityMessage) => unknown;

export type InterruptRenderers = Readonly<Record<string, InterruptRenderer>>;
/**
 * Activity renderers by `activityType`. `null` turns the chat's own renderer of that type off (the
 * activity shows as a list of its fields): `{'a2ui-surface': null, 'mcp-apps': null}`.
 */
export type ActivityRenderers = Readonly<Record<string, ActivityRenderer | null>>;

/**
 * Generative UI for a tool call, client or server run, by tool name: called as the arguments stream
 * (`args` parsed from the partial JSON so far), then with the complete arguments, then once the call
 * has its result (`call.resultValue`, `call.status`).
 */
export type ToolCallRenderer = (call: ToolCall, args: unknown) => unknown;
export type ToolCallRenderers = Readonly<Record<string, ToolCallRenderer>>;

/** Renders the agent state (`STATE_SNAPSHOT` / `STATE_DELTA`), called again whenever it changes. */
export type StateRenderer = (state: unknown) => unknown;

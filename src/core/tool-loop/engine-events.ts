import type { ToolCall } from '../conversation/conversation.js';
import type { RunFailure, ThreadKey } from './run-state.js';

/** How a user turn ended. */
export type TurnOutcome = 'completed' | 'failed' | 'cancelled';

/**
 * What the engine announces. A turn is one `turn-started`, then for each tool hop `tool-call` /
 * `tool-result` per call and one `run-continued`, then one `turn-finished`.
 */
export type EngineEvent =
  | { readonly type: 'turn-started'; readonly key: ThreadKey; readonly retry: boolean }
  | { readonly type: 'run-continued'; readonly key: ThreadKey; readonly hop: number }
  | { readonly type: 'tool-call'; readonly key: ThreadKey; readonly call: ToolCall }
  | { readonly type: 'tool-result'; readonly key: ThreadKey; readonly call: ToolCall }
  | {
      readonly type: 'turn-finished';
      readonly key: ThreadKey;
      readonly outcome: TurnOutcome;
      readonly error?: RunFailure;
    };

export type EngineListener = (event: EngineEvent) => void;

/**
 * Asked before a call runs (after its arguments are validated). Return `false` (or a promise of it) to
 * veto the call; the model is told it was blocked. Throwing counts as no veto.
 */
export type BeforeToolCall = (call: ToolCall, key: ThreadKey) => boolean | void | Promise<boolean | void>;

import type { BaseEvent, Interrupt } from '@ag-ui/core';
import type { AssistantMessage, ToolCall, UserMessage } from '../conversation/conversation.js';
import type { TurnStats } from './turn-report.js';
import type { RunRequest } from '../transport/transport.js';
import type { RunFailure, ThreadKey } from './run-state.js';

/**
 * How a user turn ended: the same three words the page hears on `soliplex-run-finished` (`success`
 * was `completed` before 0.2).
 */
export type TurnOutcome = 'success' | 'failed' | 'cancelled';

/**
 * Why a turn ended: its outcome, or for a cancelled turn who stopped it — the user (`cancel`), a newer
 * turn on the same thread (`superseded`), the engine's `dispose`, or the agent (`agent`: its run
 * finished with the `cancelled` outcome).
 */
export type TurnEndReason = 'success' | 'failed' | 'user' | 'superseded' | 'disposed' | 'agent';

/** Fields every event of a turn carries. */
interface TurnEventBase {
  /** The turn's id, unique per engine: it pairs `turn-started` with its `turn-finished`. */
  readonly turnId: string;
  /** The thread, as it is when the event fires (a turn that creates its thread changes it once). */
  readonly key: ThreadKey;
  /** `TurnOptions.initiator` of the `send` / `retry` that started the turn. */
  readonly initiator?: unknown;
}

/**
 * What the engine announces. A turn is one `turn-started`, then (for a first send that creates its
 * thread) one `thread-created`, then for each tool hop `tool-call` / `tool-result` per call and one
 * `run-continued`, then exactly one `turn-finished`, before any later `turn-started` on its thread.
 * `custom` and `raw` relay those AG-UI events as they stream, `state-changed` the agent's changes to
 * the thread's state; `interrupt` reports a run that ended
 * waiting for the user's answers.
 */
export type EngineEvent =
  | (TurnEventBase & {
      readonly type: 'turn-started';
      readonly retry: boolean;
      /** The user's message that starts the turn (the last one, for a retry). */
      readonly userMessage?: UserMessage;
    })
  /** A run is about to be sent (its input, without the abort signal); only while `observeAgUiEvents` is on. */
  | (TurnEventBase & { readonly type: 'run-request'; readonly runId: string; readonly request: Omit<RunRequest, 'signal'> })
  /** A raw AG-UI event of the turn's run, after it was reduced; only while `observeAgUiEvents` is on. */
  | (TurnEventBase & { readonly type: 'agui-event'; readonly event: BaseEvent; readonly runId: string })
  /** A call the run left for the page, chosen to run (before its veto, approval and execution). */
  | (TurnEventBase & { readonly type: 'tool-planned'; readonly call: ToolCall })
  /** An assistant message is complete with its calls settled (after its tools ran, if it had any). */
  | (TurnEventBase & { readonly type: 'message'; readonly message: AssistantMessage; readonly calls: readonly ToolCall[] })
  | (TurnEventBase & { readonly type: 'thread-created'; readonly from: ThreadKey })
  | (TurnEventBase & { readonly type: 'run-continued'; readonly hop: number })
  | (TurnEventBase & { readonly type: 'tool-call'; readonly call: ToolCall })
  | (TurnEventBase & {
      readonly type: 'tool-result';
      readonly call: ToolCall;
      /** Set when the call failed because its arguments could not be checked (a broken schema or validator). */
      readonly uncheckable?: Error;
    })
  /** A run ended waiting for the user: these interrupts (as the agent sent them) need an answer. */
  | (TurnEventBase & { readonly type: 'interrupt'; readonly interrupts: readonly Interrupt[] })
  /** The agent changed the thread's state (`STATE_SNAPSHOT` or `STATE_DELTA`): `state` is the whole new state. */
  | (TurnEventBase & { readonly type: 'state-changed'; readonly state: unknown })
  /** A `CUSTOM` event of the agent, as it came. */
  | (TurnEventBase & { readonly type: 'custom'; readonly name: string; readonly value: unknown })
  /** A `RAW` event (an underlying system's event the agent passed through), for inspectors. */
  | (TurnEventBase & { readonly type: 'raw'; readonly event: BaseEvent })
  | (TurnEventBase & {
      readonly type: 'turn-finished';
      readonly outcome: TurnOutcome;
      readonly reason: TurnEndReason;
      readonly error?: RunFailure;
      /** What the turn took (for user turns): duration, runs, tool calls, token usage. */
      readonly stats?: TurnStats;
    });

export type EngineListener = (event: EngineEvent) => void;

/**
 * Asked before a call runs (after its arguments are validated). Return `false` (or a promise of it) to
 * veto the call; the model is told it was blocked. Throwing counts as no veto.
 */
export type BeforeToolCall = (call: ToolCall, key: ThreadKey) => boolean | void | Promise<boolean | void>;

import { isOfCurrentRun, settledToolCallStatuses } from '../conversation/conversation.js';
import { RunPhase, RunStatus, type ThreadSnapshot } from '../tool-loop/run-state.js';

/**
 * What a thread's run is doing, for a badge in a thread list: the same facts as the chat's status
 * line, read from the thread's snapshot (the engine's run state owns them).
 */
export type ThreadActivity =
  | { readonly kind: 'idle' }
  /** The model's answer is streaming. */
  | { readonly kind: 'streaming' }
  /** A tool call's arguments are streaming. */
  | { readonly kind: 'calling'; readonly tool: string }
  /** The page's tools are running (the executing-tools state). */
  | { readonly kind: 'executing'; readonly tools: readonly string[] }
  | { readonly kind: 'waiting-for-approval'; readonly tools: readonly string[] }
  /** Queued behind other streams to the same host (`maxStreamsPerHost`). */
  | { readonly kind: 'waiting-for-connection' }
  /** The thread is being created, or its history loaded. */
  | { readonly kind: 'preparing' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'cancelled' }
  /** A turn in flight at a reload, restored and waiting to be continued. */
  | { readonly kind: 'interrupted' };

const idle: ThreadActivity = Object.freeze({ kind: 'idle' });

export function threadActivity({ run, conversation }: ThreadSnapshot): ThreadActivity {
  switch (run.status) {
    case RunStatus.Running: {
      if (run.phase === RunPhase.WaitingForConnection) return { kind: 'waiting-for-connection' };
      if (run.phase === RunPhase.Streaming) {
        const call = Object.values(conversation.toolCalls).find((c) => c.status === 'streaming' && isOfCurrentRun(conversation, c));
        return call ? { kind: 'calling', tool: call.name } : { kind: 'streaming' };
      }
      if (run.phase !== RunPhase.ExecutingTools) return { kind: 'preparing' };
      const calls = run.toolCallIds.map((id) => conversation.toolCalls[id]).filter((c) => c !== undefined);
      const waiting = calls.filter((c) => c.status === 'awaiting-approval').map((c) => c.name);
      if (waiting.length) return { kind: 'waiting-for-approval', tools: waiting };
      const open = calls.filter((c) => !settledToolCallStatuses.has(c.status));
      return { kind: 'executing', tools: (open.length ? open : calls).map((c) => c.name) };
    }
    case RunStatus.Failed:
      return { kind: 'failed', message: run.error.message };
    case RunStatus.Cancelled:
      return { kind: 'cancelled' };
    case RunStatus.Interrupted:
      return { kind: 'interrupted' };
    default:
      return idle;
  }
}

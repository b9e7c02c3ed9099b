import type { BaseEvent } from '@ag-ui/core';
import { reduceConversation } from '../conversation/conversation-reducer.js';
import { toAgUiMessages } from '../conversation/message-mapper.js';
import { hostOf, type ConnectionQueue } from './connection-queue.js';
import { describeFailure } from './run-failure.js';
import { RunPhase, RunStatus, type RunFailure } from './run-state.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { RunRequest, Transport } from '../transport/transport.js';
import type { Turn } from './turn.js';

export interface StreamRunOptions {
  readonly transport: Transport;
  /** The tools offered (a registry, or the thread's resolved toolset). */
  readonly tools: Pick<ToolRegistry, 'definitions'>;
  readonly runId: string;
  /** The previous run of the turn, for a tool continuation. */
  readonly parentRunId?: string;
  readonly context?: RunRequest['context'];
  readonly forwardedProps?: unknown;
  /** Limits streams per host; a run that must wait shows `waiting-for-connection` meanwhile. */
  readonly queue?: ConnectionQueue;
  /** The turn's hop (0 for the user's run), for the waiting state. */
  readonly hop?: number;
  /** Answers to the last run's interrupts (`RunAgentInput.resume`). */
  readonly resume?: RunRequest['resume'];
  /** Sees each event after it is reduced (the engine relays `CUSTOM` and `RAW` from here). */
  readonly observe?: (event: BaseEvent) => void;
  /** Sees the request before it is sent (the inspector's `run-request`). */
  readonly onRequest?: (request: RunRequest) => void;
  /** Sees each AG-UI event after it was reduced (the engine's layered events and turn report). */
  readonly onEvent?: (event: BaseEvent) => void;
}

/**
 * Streams one run of `turn` into its conversation (full transcript and the tools, every time), and
 * returns why it failed: a transport error, `RUN_ERROR`, or a stream that ended before `RUN_FINISHED`.
 * `runId` is the client's key for the run; the server's id (`RUN_STARTED`) is recorded beside it.
 */
export async function streamRun(turn: Turn, options: StreamRunOptions): Promise<RunFailure | undefined> {
  // A turn that lost its slot sends nothing.
  const claimed = turn.commit((snapshot) => ({
    ...snapshot,
    conversation: {
      ...snapshot.conversation,
      currentRunId: options.runId,
      currentRunKey: options.runId,
      runFinished: false,
      runError: undefined,
      pendingToolCallIds: undefined,
    },
  }));
  if (!claimed) return undefined;
  const slot = options.queue?.acquire(hostOf(turn.key.server), turn.signal);
  if (slot?.queued) {
    const streaming = turn.registry.get(turn.key).run;
    turn.commit((snapshot) => ({ ...snapshot, run: { status: RunStatus.Running, phase: RunPhase.WaitingForConnection, hop: options.hop ?? 0 } }));
    try {
      await slot.ready;
    } catch {
      return undefined; // the turn was stopped while it waited
    }
    if (!turn.commit((snapshot) => ({ ...snapshot, run: streaming }))) {
      slot.release();
      return undefined;
    }
  }
  try {
    return await stream(turn, options);
  } finally {
    slot?.release();
  }
}

async function stream(turn: Turn, options: StreamRunOptions): Promise<RunFailure | undefined> {
  const conversation = turn.conversation;
  const onEvent = (event: BaseEvent) => {
    turn.commit((snapshot) => ({ ...snapshot, conversation: reduceConversation(snapshot.conversation, event) }));
    options.observe?.(event);
    options.onEvent?.(event);
  };
  const request: RunRequest = {
    threadId: turn.key.thread,
    runId: options.runId,
    messages: toAgUiMessages(conversation),
    tools: options.tools.definitions,
    state: conversation.state,
    context: options.context,
    forwardedProps: options.forwardedProps,
    parentRunId: options.parentRunId,
    ...(options.resume?.length ? { resume: options.resume } : {}),
    signal: turn.controller.signal,
  };
  options.onRequest?.(request);
  try {
    await options.transport.run(request, onEvent);
  } catch (error) {
    return describeFailure(error);
  }
  const after = turn.conversation;
  if (after.runError) {
    return { kind: 'agent', message: `The agent reported an error: ${after.runError.message}`, code: after.runError.code };
  }
  if (!after.runFinished) {
    return { kind: 'stream-ended', message: 'The connection to the agent closed before the answer was complete.' };
  }
  return undefined;
}

import { EventType, type BaseEvent } from '@ag-ui/core';
import { reduceConversation } from '../conversation/conversation-reducer.js';
import { dropRunOutput, type Conversation } from '../conversation/conversation.js';
import { eventTime, stampCreated } from '../conversation/message-times.js';
import { agUiMessagesOf } from '../conversation/message-mapper.js';
import { hostOf, type ConnectionQueue } from './connection-queue.js';
import { describeFailure } from './run-failure.js';
import { RunPhase, RunStatus, type RunFailure } from './run-state.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { RunRequest, Transport } from '../transport/transport.js';
import { verifiedSink } from '../transport/agui-event-pipeline.js';
import { rarePathGate } from './rare-path-gate.js';
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
  /** State merged over the conversation's for this run (`TurnOptions.state`). */
  readonly stateOverlay?: Readonly<Record<string, unknown>>;
  /** Limits streams per host; a run that must wait shows `waiting-for-connection` meanwhile. */
  readonly queue?: ConnectionQueue;
  /** The turn's hop (0 for the user's run), for the waiting state. */
  readonly hop?: number;
  /** Answers to the last run's interrupts (`RunAgentInput.resume`). */
  readonly resume?: RunRequest['resume'];
  /** Sees each event after it is reduced, with the agent state before it (undefined for a streamed token, which changes none; the engine relays `CUSTOM`, `RAW` and state changes from here). */
  readonly observe?: (event: BaseEvent, stateBefore: unknown) => void;
  /** Sees the request before it is sent (the inspector's `run-request`). */
  readonly onRequest?: (request: RunRequest) => void;
  /** Sees each AG-UI event after it was reduced (the engine's layered events and turn report). */
  readonly onEvent?: (event: BaseEvent) => void;
}

/**
 * Events that only add to what is streaming (a token of text, of a call's arguments, of reasoning): stored
 * at once, told to the thread's listeners (the view, the local keeping, the thread index) in a microtask
 * with whatever is latest then (`RunRegistry.set`'s `soon`), so the hundreds of tokens one network chunk
 * brings reach them as one snapshot, still within the task that read them. Any other event tells them
 * at once, with the tokens before it.
 */
const STREAMED: ReadonlySet<string> = new Set([EventType.TEXT_MESSAGE_CONTENT, EventType.TOOL_CALL_ARGS, EventType.REASONING_MESSAGE_CONTENT]);

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
  // The model never sees the output this run replaces (a retry's failed run, a run a reload cut off).
  const conversation = turn.replaces !== undefined ? dropRunOutput(turn.conversation, turn.replaces) : turn.conversation;
  const onEvent = (event: BaseEvent) => {
    // A token changes no state and creates nothing to stamp: only what it adds is reduced.
    const streamed = STREAMED.has(event.type);
    const stateBefore = streamed ? undefined : turn.conversation.state;
    // What the event created is stamped with its time (the transcript's times: message-times.ts).
    const at = streamed ? undefined : eventTime(event, Date.now());
    turn.commit(
      (snapshot) => ({ ...snapshot, conversation: stampCreated(snapshot.conversation, reduceReplacing(turn, snapshot.conversation, event), at, (event as { toolCallId?: unknown }).toolCallId) }),
      streamed,
    );
    options.observe?.(event, stateBefore);
    options.onEvent?.(event);
  };
  // A promise only when a tool call, reasoning or the like needs the whole mapping loaded (message-mapper.ts).
  let messages = agUiMessagesOf(conversation);
  if (!Array.isArray(messages)) {
    try {
      messages = await messages;
    } catch (error) {
      return describeFailure(error); // its chunk did not load: the run fails, saying why
    }
  }
  const request: RunRequest = {
    threadId: turn.key.thread,
    runId: options.runId,
    messages,
    tools: options.tools.definitions,
    state: withStateOverlay(conversation.state, options.stateOverlay),
    context: options.context,
    forwardedProps: options.forwardedProps,
    parentRunId: options.parentRunId,
    ...(options.resume?.length ? { resume: options.resume } : {}),
    signal: turn.controller.signal,
  };
  options.onRequest?.(request);
  // The reducer's rare paths load with the first event that needs them; the events wait, in order (rare-path-gate.ts).
  const gate = rarePathGate(onEvent);
  try {
    // Every transport's events take the same path in: verified, chunks expanded (agui-event-pipeline.ts).
    const sink = verifiedSink(gate.sink);
    await options.transport.run(request, sink);
    await sink.settled();
  } catch (error) {
    await gate.settled().catch(() => undefined); // what came before the failure is reduced first
    return describeFailure(error);
  }
  try {
    await gate.settled();
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

/**
 * Reduces one event into the turn's conversation. While the turn replaces an earlier run's output,
 * that output stays on screen until the first event that changes the transcript (a message, a call,
 * an interrupt): then it goes, and the event lands on the conversation without it.
 */
function reduceReplacing(turn: Turn, conversation: Conversation, event: BaseEvent): Conversation {
  const replaced = turn.replaces;
  if (replaced === undefined) return reduceConversation(conversation, event);
  const without = dropRunOutput(conversation, replaced);
  const next = reduceConversation(without, event);
  if (next.messages === without.messages && next.toolCalls === without.toolCalls) return reduceConversation(conversation, event);
  turn.replaces = undefined;
  return next;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The agent state with `overlay` over it: each top-level object merged one level deep (see `TurnOptions.state`). */
export function withStateOverlay(state: unknown, overlay: Readonly<Record<string, unknown>> | undefined): unknown {
  if (!overlay) return state;
  const base = isRecord(state) ? state : {};
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) merged[key] = isRecord(value) && isRecord(base[key]) ? { ...base[key], ...value } : value;
  return merged;
}

import { PROTOCOL_VERSION, type Context, type Message, type ResumeEntry, type Tool } from '@ag-ui/core';
import type { RunRequest } from './transport.js';

/** The AG-UI `RunAgentInput` of one run, as every transport sends it (Soliplex reshapes it for Python). */
export interface AgUiRunInput {
  readonly threadId: string;
  readonly runId: string;
  readonly parentRunId?: string;
  readonly protocolVersion: string;
  readonly state: unknown;
  readonly messages: readonly Message[];
  readonly tools: readonly Tool[];
  readonly context: readonly Context[];
  readonly forwardedProps: unknown;
  readonly resume?: readonly ResumeEntry[];
}

/**
 * The one builder of a run's input, for every transport: the request's transcript, tools and state,
 * with the defaults AG-UI servers expect (`{}` state and props, `[]` context) and the protocol
 * version. Activity messages are left out: they are the client's record of what the agent showed
 * (AG-UI sends none back, nor does `@ag-ui/client`). `runId` replaces the request's when a backend
 * issues its own (Soliplex).
 */
export function runAgentInput(request: Omit<RunRequest, 'signal'>, runId = request.runId): AgUiRunInput {
  return {
    threadId: request.threadId,
    runId,
    ...(typeof request.parentRunId === 'string' && request.parentRunId ? { parentRunId: request.parentRunId } : {}),
    protocolVersion: PROTOCOL_VERSION,
    state: request.state ?? {},
    messages: request.messages.filter((m) => (m.role as string) !== 'activity'),
    tools: request.tools,
    context: request.context ?? [],
    forwardedProps: request.forwardedProps ?? {},
    ...(request.resume?.length ? { resume: request.resume } : {}),
  };
}

// Types only: nothing of @ag-ui/client is bundled with the widget. A page that runs an agent brings
// @ag-ui/client (or an integration package built on it) in its own bundle.
import type { AbstractAgent, RunAgentParameters } from '@ag-ui/client';
import type { BaseEvent, Message } from '@ag-ui/core';
import { stripStageFor } from './agui-strip-stage.js';
import { TransportError, agentHttpError, runAgentInput, type RunEventSink, type RunRequest, type Transport } from './transport.js';

/**
 * A transport that runs any AG-UI `AbstractAgent` from `@ag-ui/client`: an `HttpAgent`, or an
 * integration's agent (Mastra, LangGraph, A2A, …). The engine stays the owner of the transcript: before
 * each run the agent gets the thread id, the engine's messages (tool results included) and state, then
 * `agent.runAgent({runId, tools, context, forwardedProps}, subscriber)` streams the events to the engine.
 *
 * An agent runs one run at a time; a run that starts while the agent is busy (another thread of the
 * same engine) runs on `agent.clone()`. Failures are reported as `TransportError`s like the HTTP
 * transport's: HTTP statuses (401/403 as `unauthorized`), dropped connections as `network`, a stream the
 * client rejected as `protocol`. An exception the engine's own listener throws is rethrown as is.
 */
export function createAgentTransport(agent: AbstractAgent): Transport {
  return {
    async run(request, onEvent) {
      const runner: AbstractAgent = agent.isRunning ? (agent.clone() as AbstractAgent) : agent;
      return runAgent(runner, request, onEvent);
    },
  };
}

async function runAgent(agent: AbstractAgent, request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
  const { runId, signal } = request;
  if (signal.aborted) return { runId };
  // The same input as every transport's (runAgentInput), handed over the way an agent takes it.
  const input = runAgentInput(request);
  agent.threadId = input.threadId;
  agent.setMessages([...input.messages] as Message[]);
  agent.setState(input.state as Record<string, unknown>);
  const abort = () => agent.abortRun();
  signal.addEventListener('abort', abort, { once: true });
  let failure: { error: unknown } | undefined;
  // The engine's own listener threw. @ag-ui/client would log that and go on; end the run instead.
  let listenerError: { error: unknown } | undefined;
  const parameters: RunAgentParameters = {
    runId,
    tools: [...input.tools],
    context: [...input.context],
    forwardedProps: input.forwardedProps,
    ...(input.resume ? { resume: [...input.resume] } : {}),
  };
  try {
    await agent.runAgent(parameters, {
      onEvent: ({ event }) => {
        const deliver = () => {
          if (signal.aborted || listenerError) return;
          try {
            onEvent(event as BaseEvent);
          } catch (error) {
            listenerError = { error };
            agent.abortRun();
          }
        };
        // The strip stage loads with the first event that needs it; the client awaits its subscribers,
        // so the events after this one wait, in order.
        const stage = stripStageFor(event);
        return stage ? stage.then(deliver, deliver) : deliver();
      },
      // Keep the failure for a readable error. stopPropagation (honoured at runtime though the type
      // omits it) stops the client from logging it to the console and rejecting.
      onRunFailed: ({ error }) => {
        failure ??= { error };
        return { stopPropagation: true } as object;
      },
    });
  } catch (error) {
    failure ??= { error };
  } finally {
    signal.removeEventListener('abort', abort);
  }
  if (listenerError) throw listenerError.error;
  if (signal.aborted) return { runId };
  if (failure) throw toTransportError(failure.error);
  return { runId };
}

/** Classifies what `@ag-ui/client` rejects with. */
export function toTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const err = error as { status?: unknown; payload?: unknown; message?: unknown; name?: unknown } | undefined;
  const status = typeof err?.status === 'number' ? err.status : undefined;
  const text = typeof err?.message === 'string' ? err.message : String(error);
  if (status !== undefined) return agentHttpError(status, err?.payload, error);
  if (err?.name === 'TypeError' || /network|fetch|connection|socket|terminated/i.test(text)) {
    return new TransportError('network', `The connection to the agent failed: ${text}`, undefined, { cause: error });
  }
  return new TransportError('protocol', `The agent sent a stream this client cannot follow: ${text}`, undefined, { cause: error });
}

// First: it configures zod before `@ag-ui/client` (imported next) builds its event schemas.
import { jitlessZod } from '../tools/zod-config.js';
import { HttpAgent } from '@ag-ui/client';
import type { BaseEvent, Message } from '@ag-ui/core';
import { TransportError, type RunEventSink, type RunRequest, type Transport } from './transport.js';

/** Static headers, or a function that produces them for each run (e.g. a fresh token). */
export type HeadersSource = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

export interface AgUiHttpTransportOptions {
  /** The AG-UI endpoint that accepts `RunAgentInput` by POST and answers with SSE. */
  url: string;
  headers?: HeadersSource;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

/**
 * A transport for a generic AG-UI endpoint, built on `@ag-ui/client`'s `HttpAgent`. Each run gets a
 * fresh agent seeded with the full transcript, so nothing depends on the agent's own message copy
 * (which drops messages added during a run).
 */
export class AgUiHttpTransport implements Transport {
  readonly options: AgUiHttpTransportOptions;

  constructor(options: AgUiHttpTransportOptions) {
    this.options = options;
    jitlessZod(); // already done at import; called so bundlers keep that import (see zod-config.ts)
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    const { headers } = this.options;
    const fetchImpl = this.options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    let dropped: unknown;
    const agent = new HttpAgent({
      url: this.options.url,
      headers: typeof headers === 'function' ? await headers() : (headers ?? {}),
      threadId: request.threadId,
      initialMessages: request.messages as Message[],
      initialState: request.state,
      fetch: (input, init) => fetchImpl(input, init).then((response) => shieldBody(response, (error) => (dropped = error))),
    });
    const abortController = new AbortController();
    const abort = () => abortController.abort(request.signal.reason);
    if (request.signal.aborted) abort();
    else request.signal.addEventListener('abort', abort, { once: true });
    let failure: unknown;
    // The engine's own listener threw. @ag-ui/client would log that and go on; end the run instead.
    let listenerError: { error: unknown } | undefined;
    try {
      await agent.runAgent(
        {
          runId: request.runId,
          tools: [...request.tools],
          context: [...(request.context ?? [])],
          forwardedProps: request.forwardedProps ?? {},
          abortController,
        },
        {
          onEvent: ({ event }) => {
            if (request.signal.aborted || listenerError) return;
            try {
              onEvent(event as BaseEvent);
            } catch (error) {
              listenerError = { error };
              abortController.abort();
            }
          },
          // Keep the failure for a readable error. stopPropagation (honoured at runtime though the
          // type omits it) stops the client from logging it to the console and rejecting.
          onRunFailed: ({ error }) => {
            failure = error;
            return { stopPropagation: true } as object;
          },
        },
      );
    } catch (error) {
      failure ??= error;
    } finally {
      request.signal.removeEventListener('abort', abort);
    }
    // Rethrown as is: a bug in the listener is neither a network nor a protocol failure.
    if (listenerError) throw listenerError.error;
    if (request.signal.aborted) return { runId: request.runId };
    if (failure !== undefined) throw toTransportError(failure);
    if (dropped !== undefined) {
      throw new TransportError('network', 'The connection to the agent dropped mid-answer.', undefined, { cause: dropped });
    }
    return { runId: request.runId };
  }
}

/** Classifies what `@ag-ui/client` rejects with. */
export function toTransportError(error: unknown): TransportError {
  if (error instanceof TransportError) return error;
  const err = error as { status?: unknown; payload?: unknown; message?: unknown; name?: unknown } | undefined;
  const status = typeof err?.status === 'number' ? err.status : undefined;
  const text = typeof err?.message === 'string' ? err.message : String(error);
  if (status !== undefined) {
    const detail = payloadDetail(err?.payload);
    if (status === 401 || status === 403) {
      return new TransportError('unauthorized', `The agent server refused access (${status}). Sign in again.`, status, { cause: error });
    }
    return new TransportError('http', `The agent server answered ${status}${detail ? `: ${detail}` : '.'}`, status, { cause: error });
  }
  if (err?.name === 'TypeError' || /network|fetch|connection|socket|terminated/i.test(text)) {
    return new TransportError('network', `The connection to the agent failed: ${text}`, undefined, { cause: error });
  }
  return new TransportError('protocol', `The agent sent a stream this client cannot follow: ${text}`, undefined, { cause: error });
}

function payloadDetail(payload: unknown): string {
  if (payload === undefined || payload === null || payload === '') return '';
  if (typeof payload === 'string') return payload.slice(0, 300);
  const record = payload as Record<string, unknown>;
  for (const field of ['error', 'detail', 'message']) {
    if (typeof record[field] === 'string') return (record[field] as string).slice(0, 300);
  }
  return JSON.stringify(payload).slice(0, 300);
}

/**
 * Works around `@ag-ui/client` 1.0 rethrowing from `reader.cancel()` after a body read fails (an
 * unhandled rejection on every dropped stream): the body is re-streamed, and a read error is reported
 * to `onError` and ends the stream cleanly instead. The transport then reports the drop itself.
 */
function shieldBody(response: Response, onError: (error: unknown) => void): Response {
  if (!response.ok || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        onError(error);
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason).catch(() => {});
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

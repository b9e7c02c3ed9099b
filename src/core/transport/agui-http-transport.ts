import type { BaseEvent } from '@ag-ui/core';
import { forEachSseFrame } from './sse-reader.js';
import { parseFrameJson } from './event-frame.js';
import { stripStageFor } from './agui-strip-stage.js';
import { needsDowngrade } from './protocol-version.js';
import { retryAfterMs } from './retry-after.js';
import { TransportError, agentHttpError, readErrorBody, runAgentInput, type RunEventSink, type RunRequest, type Transport } from './transport.js';

/** Static headers, or a function that produces them for each run (e.g. a fresh token). */
export type HeadersSource = Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);

export interface AgUiHttpTransportOptions {
  /** The AG-UI endpoint that accepts `RunAgentInput` by POST and answers with SSE. */
  url: string;
  headers?: HeadersSource;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /**
   * The AG-UI version the endpoint speaks, when it is known to be older than the chat's and declares
   * none (as `@ag-ui/client`'s `maxProtocolVersion`): what is sent to it, and what is read from it, is
   * downgraded for it (agui-downgrade.ts). Unset, the version the endpoint declared on its last
   * `RUN_STARTED` is used; no declaration means a current peer. A function is read on every run
   * (the chat's `max-protocol-version`).
   */
  maxProtocolVersion?: string | (() => string | undefined);
}

/**
 * A transport for a generic AG-UI endpoint: POSTs the `RunAgentInput` (`runAgentInput`) and reads the
 * SSE answer with the project's own reader. Each frame is parsed and handed to the sink as is; the
 * engine checks and expands the events (agui-event-pipeline.ts), as for every transport. The server
 * keeps no history: every run carries the full transcript.
 */
export class AgUiHttpTransport implements Transport {
  readonly options: AgUiHttpTransportOptions;
  /** The version the endpoint declared on its last `RUN_STARTED` (spec 1.1, version negotiation). */
  #declared?: string;

  constructor(options: AgUiHttpTransportOptions) {
    this.options = options;
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    const { runId, signal } = request;
    const { headers } = this.options;
    const extraHeaders = typeof headers === 'function' ? await headers() : (headers ?? {});
    if (signal.aborted) return { runId };
    const { maxProtocolVersion: max } = this.options;
    const peer = (typeof max === 'function' ? max() : max) ?? this.#declared;
    // A peer known to be older gets what it understands (loaded only for one).
    const downgrade = needsDowngrade(peer) ? (await import('./agui-downgrade.js')).downgrader(peer) : undefined;
    if (signal.aborted) return { runId };
    const input = downgrade ? downgrade.input(runAgentInput(request)) : runAgentInput(request);
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(this.options.url, {
        method: 'POST',
        headers: { ...extraHeaders, 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(input),
        signal,
      });
    } catch (error) {
      if (signal.aborted) return { runId };
      throw new TransportError('network', `The connection to the agent failed: ${messageOf(error)}`, undefined, { cause: error });
    }
    if (!response.ok) throw agentHttpError(response.status, await readErrorBody(response), undefined, retryAfterMs(response.headers.get('Retry-After')));
    if (!response.body) throw new TransportError('protocol', 'The agent sent a stream this client cannot follow: the answer has no body.');

    // Set when the engine's own listener threw: rethrown as is, never taken for a dropped connection.
    let listenerError: { error: unknown } | undefined;
    try {
      await forEachSseFrame(response.body, (data, _id, cut) => {
        if (signal.aborted) return false;
        let json: unknown;
        try {
          json = parseFrameJson(data, cut);
        } catch (error) {
          if (error instanceof TransportError) throw error;
          throw new TransportError('protocol', `The agent sent a stream this client cannot follow: a frame is not JSON (${data.slice(0, 80)}).`, undefined, { cause: error });
        }
        const event = json as Record<string, unknown>;
        if (event?.['type'] === 'RUN_STARTED' && typeof event['protocolVersion'] === 'string') this.#declared = event['protocolVersion'];
        if (downgrade && typeof json === 'object' && json !== null) {
          json = downgrade.event(event);
          if (json === undefined) return true;
        }
        const deliver = () => {
          if (signal.aborted) return false;
          try {
            onEvent(json as BaseEvent);
          } catch (error) {
            listenerError = { error };
            throw error;
          }
          return true;
        };
        // The strip stage loads with the first event that needs it, before that event is handed on.
        const stage = stripStageFor(json);
        return stage ? stage.then(deliver) : deliver();
      });
    } catch (error) {
      if (listenerError) throw listenerError.error;
      if (signal.aborted) return { runId };
      if (error instanceof TransportError) throw error;
      throw new TransportError('network', 'The connection to the agent dropped mid-answer.', undefined, { cause: error });
    }
    return { runId };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import type { BaseEvent, RunAgentInput } from '@ag-ui/core';

/** One scripted answer: its events, or a function of the request that returns them. */
export type ScriptedResponse = readonly BaseEvent[] | ((input: RunAgentInput) => readonly BaseEvent[]);

/**
 * A scripted AG-UI endpoint as a `fetch`: the n-th POST is answered with the n-th event list as a
 * Server-Sent Events stream, and every request body (the `RunAgentInput` the widget sent: messages,
 * tools, state) is recorded. The widget's real HTTP transport, SSE reader and event checks run.
 *
 * ```ts
 * const agent = scriptedFetch([[runStarted(), ...toolCall('c1', 'get_time', {}), runFinished()],
 *                              (input) => [runStarted(), ...text('m1', `It is ${input.messages.at(-1)?.content}`), runFinished()]]);
 * chat.engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: 'https://agent.test', fetch: agent.fetch }) });
 * // … then assert on agent.requests[1].messages (the tool result the page sent back)
 * ```
 */
export function scriptedFetch(responses: readonly ScriptedResponse[]): { fetch: typeof fetch; requests: RunAgentInput[] } {
  const requests: RunAgentInput[] = [];
  const scriptedFetch = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as RunAgentInput;
    requests.push(body);
    const script = responses[requests.length - 1];
    if (!script) return new Response(`no scripted response for request ${requests.length}`, { status: 500 });
    const events = (typeof script === 'function' ? script(body) : script).map((event) => ({
      // The run's ids from the request, unless the script gave its own.
      ...(event.type === 'RUN_STARTED' || event.type === 'RUN_FINISHED' ? { threadId: body.threadId, runId: body.runId } : {}),
      ...event,
    }));
    const encoder = new TextEncoder();
    const signal = init?.signal;
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const event of events) {
          // One macrotask apart, as a network stream arrives.
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (signal?.aborted) break;
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
        }
        controller.close();
      },
    });
    return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  return { fetch: scriptedFetch as typeof fetch, requests };
}

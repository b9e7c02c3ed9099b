import { EventType } from '@ag-ui/core';
import type { Transport } from './transport.js';

/**
 * One run on `transport` outside any turn (nothing reaches a transcript or a run state): no messages,
 * no tools, `forwardedProps` as given. For requests a middleware answers by itself: the MCP Apps
 * middleware answers `forwardedProps.__proxiedMCPRequest` (an MCP App's `resources/read` or
 * `tools/call`) with `RUN_FINISHED.result`. Resolves with that `result`; rejects on `RUN_ERROR`, on a
 * stream that ends without `RUN_FINISHED`, or when the transport fails.
 */
export async function proxyRun(
  transport: Transport,
  threadId: string,
  forwardedProps: Readonly<Record<string, unknown>>,
  signal: AbortSignal = new AbortController().signal,
): Promise<unknown> {
  const runId = crypto.randomUUID();
  let finished: { result?: unknown } | undefined;
  let failed: string | undefined;
  await transport.run({ threadId: threadId || runId, runId, messages: [], tools: [], state: {}, forwardedProps, signal }, (event) => {
    if (event.type === EventType.RUN_FINISHED) finished ??= event as { result?: unknown };
    else if (event.type === EventType.RUN_ERROR) failed ??= String((event as { message?: unknown }).message ?? 'The run failed');
  });
  if (failed !== undefined) throw new Error(failed);
  if (!finished) throw new Error('The run ended before it finished');
  return finished.result;
}

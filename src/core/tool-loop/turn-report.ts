import type { BaseEvent, TokenUsage } from '@ag-ui/core';

/** What one user turn took, for `turn-finished` (and the element's `soliplex-exchange-response`). */
export interface TurnStats {
  /** From the turn's start to its end, in milliseconds. */
  readonly durationMs: number;
  /** Runs streamed (1 + tool continuations). */
  readonly runs: number;
  /** Client tool calls executed (or decided: denied, vetoed) in the turn. */
  readonly toolCalls: number;
  /** Of those, the ones that failed. */
  readonly failedToolCalls: number;
  /** Token usage the server reported on `RUN_FINISHED` / `RUN_ERROR`, one entry per provider and model per run. */
  readonly usage?: readonly TokenUsage[];
}

/** Counts a turn's runs, tool calls and token usage as it goes. */
export class TurnReport {
  readonly #started = Date.now();
  runs = 0;
  toolCalls = 0;
  failedToolCalls = 0;
  readonly #usage: TokenUsage[] = [];

  /** Watches the run's events for token usage (untrusted: only well-formed entries are kept). */
  record(event: BaseEvent): void {
    if (event.type !== 'RUN_FINISHED' && event.type !== 'RUN_ERROR') return;
    const usage: unknown = (event as { usage?: unknown }).usage;
    if (!Array.isArray(usage)) return;
    for (const entry of usage) if (entry && typeof entry === 'object' && !Array.isArray(entry)) this.#usage.push(entry as TokenUsage);
  }

  stats(): TurnStats {
    return {
      durationMs: Date.now() - this.#started,
      runs: this.runs,
      toolCalls: this.toolCalls,
      failedToolCalls: this.failedToolCalls,
      ...(this.#usage.length ? { usage: [...this.#usage] } : {}),
    };
  }
}

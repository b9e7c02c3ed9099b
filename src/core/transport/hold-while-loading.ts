import type { BaseEvent } from '@ag-ui/core';
import type { RunEventSink } from './transport.js';

/** A sink that keeps a stream's order while code an event needs is still loading. */
export interface HoldingSink {
  readonly sink: RunEventSink;
  /** Resolves once every event handed to `sink` has been delivered; rejects with what a held delivery (or the load) threw. */
  settled(): Promise<void>;
}

/**
 * Events go to `deliver` as they come, until one for which `loadFor` returns a load: from that event
 * on, they wait, in order, until the load resolves, then go as they came (events handed over while
 * they are delivered come after them). Used where a synchronous consumer's rare code is its own chunk
 * (the AG-UI strip stage, the reducer's rare paths). What a held delivery throws is thrown by the next
 * event handed over, and by `settled()`.
 */
export function holdWhileLoading(deliver: RunEventSink, loadFor: (event: BaseEvent) => Promise<unknown> | undefined): HoldingSink {
  let held: BaseEvent[] | undefined;
  let failure: { error: unknown } | undefined;
  let settling: Promise<void> = Promise.resolve();
  const sink: RunEventSink = (event) => {
    if (failure) throw failure.error;
    if (held) {
      held.push(event);
      return;
    }
    const load = loadFor(event);
    if (!load) return deliver(event);
    const waiting = (held = [event]);
    settling = load
      .then(() => {
        for (let i = 0; i < waiting.length; i++) deliver(waiting[i]!);
      })
      .catch((error: unknown) => {
        failure = { error };
      })
      .finally(() => {
        held = undefined;
      });
  };
  return {
    sink,
    settled: async () => {
      await settling;
      if (failure) throw failure.error;
    },
  };
}

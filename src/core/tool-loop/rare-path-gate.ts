import type { BaseEvent } from '@ag-ui/core';
import { loadReducerExtras, needsReducerExtras } from '../conversation/conversation-reducer.js';
import type { RunEventSink } from '../transport/transport.js';

/** A run's events on their way to the reducer, held while its rare paths load. */
export interface RarePathGate {
  /** Where the transport's (verified) events go. */
  readonly sink: RunEventSink;
  /** Resolves once every event handed to `sink` has been delivered; rejects when the rare paths could not be loaded. */
  drained(): Promise<void>;
}

/**
 * The reducer is synchronous, and its rare paths (interrupts, activities, subagents, event metadata:
 * reducer-extras.ts) load with the first event that needs them. From that event on, this run's
 * events wait here, in order, until they are loaded, then go to `deliver` as they came; before it,
 * and once they are loaded (for the rest of the page's life), each goes through at once.
 */
export function rarePathGate(deliver: RunEventSink): RarePathGate {
  let held: BaseEvent[] | undefined;
  let loading: Promise<void> | undefined;
  const sink: RunEventSink = (event) => {
    if (held) held.push(event);
    else if (!needsReducerExtras(event)) deliver(event);
    else {
      held = [event];
      loading = loadReducerExtras().then(() => {
        // Events that arrive while these are delivered are delivered after them (held stays set until the end).
        for (let i = 0; i < held!.length; i++) deliver(held![i]!);
        held = undefined;
      });
    }
  };
  return { sink, drained: () => loading ?? Promise.resolve() };
}

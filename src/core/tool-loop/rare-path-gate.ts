import { loadReducerExtras, needsReducerExtras } from '../conversation/conversation-reducer.js';
import { holdWhileLoading, type HoldingSink } from '../transport/hold-while-loading.js';
import type { RunEventSink } from '../transport/transport.js';

/**
 * The reducer is synchronous, and its rare paths (interrupts, activities, subagents, event metadata,
 * messages snapshots, state deltas: reducer-extras.ts) load with the first event that needs them. From that event on, this run's
 * events wait here, in order, until they are loaded, then go to `deliver` as they came; before it,
 * and once they are loaded (for the rest of the page's life), each goes through at once.
 */
export function rarePathGate(deliver: RunEventSink): HoldingSink {
  return holdWhileLoading(deliver, (event) => (needsReducerExtras(event) ? loadReducerExtras() : undefined));
}

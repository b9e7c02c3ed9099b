import type { BaseEvent } from '@ag-ui/core';
import { AgUiEventVerifier } from './agui-event-verifier.js';
import { stripStageFor } from './agui-strip-stage.js';
import { holdWhileLoading } from './hold-while-loading.js';
import type { RunEventSink } from './transport.js';

/**
 * The one path AG-UI events take into the engine, whatever brought them (the generic endpoint, an
 * `agent`, Soliplex, a re-attached or resumed run, a stored history): each is checked by an
 * `AgUiEventVerifier` (fields, ordering), `*_CHUNK` events are expanded, retired `THINKING_*` events
 * translated and unknown types dropped. Transports hand over what they received as is.
 */

/** A verified sink; `settled()` resolves once every event handed to it has been delivered. */
export interface VerifiedSink extends RunEventSink {
  /** Rejects with what the delivery of an event held back for the strip stage threw. */
  settled(): Promise<void>;
}

/**
 * `sink`, behind a verifier for one run's stream (resumes included: one verifier for the whole run).
 * A violation throws a `TransportError` (`protocol`) out of the returned sink; the transport ends the
 * run with it, as with any error of the sink.
 *
 * The built-in transports load the strip stage before they hand on an event that needs it
 * (`stripStageFor`). A transport that does not (a page's own) gets it all the same: such an event
 * and those after it wait, in order, for the stage; what their delivery throws is thrown by the next
 * event handed over, and by `settled()`.
 */
export function verifiedSink(sink: RunEventSink): VerifiedSink {
  const verifier = new AgUiEventVerifier();
  const deliver = (event: BaseEvent) => {
    for (const accepted of verifier.accept(event)) sink(accepted);
  };
  const { sink: verified, settled } = holdWhileLoading(deliver, stripStageFor);
  return Object.assign(verified, { settled });
}

/**
 * A stored run's events as the live path delivers them. A stored run that breaks the protocol keeps
 * what came before the break (what a live run shows when it fails there); the rest is dropped, with a
 * warning, instead of failing the whole history. The strip stage must be loaded first
 * when an event needs it (`loadStripStage`).
 */
export function verifiedEvents(events: readonly unknown[]): BaseEvent[] {
  const out: BaseEvent[] = [];
  const verifier = new AgUiEventVerifier();
  try {
    for (const event of events) for (const accepted of verifier.accept(event)) out.push(accepted);
  } catch (error) {
    console.warn(`[soliplex-chat] a stored run was cut where it breaks the protocol: ${(error as Error).message}`);
  }
  return out;
}

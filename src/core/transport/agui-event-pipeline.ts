import type { BaseEvent } from '@ag-ui/core';
import { AgUiEventVerifier } from './agui-event-verifier.js';
import type { RunEventSink } from './transport.js';

/**
 * The one path AG-UI events take into the engine, whatever brought them (the generic endpoint, an
 * `agent`, Soliplex, a re-attached or resumed run, a stored history): each is checked by an
 * `AgUiEventVerifier` (fields, ordering), `*_CHUNK` events are expanded, retired `THINKING_*` events
 * translated and unknown types dropped. Transports hand over what they received as is.
 */

/**
 * `sink`, behind a verifier for one run's stream (resumes included: one verifier for the whole run).
 * A violation throws a `TransportError` (`protocol`) out of the returned sink; the transport ends the
 * run with it, as with any error of the sink.
 */
export function verifiedSink(sink: RunEventSink): RunEventSink {
  const verifier = new AgUiEventVerifier();
  return (event) => {
    for (const accepted of verifier.accept(event)) sink(accepted);
  };
}

/**
 * A stored run's events as the live path delivers them. A stored run that breaks the protocol keeps
 * what came before the break (what a live run shows when it fails there); the rest is dropped, with a
 * warning, instead of failing the whole history.
 */
export function verifiedEvents(events: readonly unknown[]): BaseEvent[] {
  const out: BaseEvent[] = [];
  const sink = verifiedSink((event) => out.push(event));
  try {
    for (const event of events) sink(event as BaseEvent);
  } catch (error) {
    console.warn(`[soliplex-chat] a stored run was cut where it breaks the protocol: ${(error as Error).message}`);
  }
  return out;
}

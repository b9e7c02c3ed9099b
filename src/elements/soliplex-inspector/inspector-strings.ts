/** Every string the inspector shows, for translation (a partial object is merged over the defaults). */
export interface SoliplexInspectorStrings {
  /** Before it has an engine to record. */
  noEngine: string;
  download: string;
  /** A run's heading: its number, thread and event count. */
  run: (n: number, thread: string, events: number) => string;
  request: string;
  events: string;
  /** The heading over the conversation after the event picked (1-based). */
  stateAfter: (event: number) => string;
  toolExecutions: string;
  tool: string;
  input: string;
  status: string;
  output: string;
  time: string;
  /** Marks a result that came from the tool's cache. */
  cached: string;
  /** A duration or an offset in milliseconds. */
  milliseconds: (ms: number) => string;
}

export const defaultInspectorStrings: Readonly<SoliplexInspectorStrings> = Object.freeze({
  noEngine: 'No engine to inspect yet.',
  download: 'Download recording',
  run: (n: number, thread: string, events: number) => `Run ${n} · thread ${thread} · ${events} events`,
  request: 'Request',
  events: 'Events',
  stateAfter: (event: number) => `State after event ${event}`,
  toolExecutions: 'Tool executions',
  tool: 'Tool',
  input: 'Input',
  status: 'Status',
  output: 'Output',
  time: 'Time',
  cached: 'cached',
  milliseconds: (ms: number) => `${ms} ms`,
});

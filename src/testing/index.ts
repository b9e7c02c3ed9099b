/**
 * `soliplex-chat/testing`: a test kit for pages and apps that embed `<soliplex-chat>`. Compose AG-UI
 * event lists inline (`runStarted`, `text`, `toolCall`, `runFinished` …), answer the widget with them
 * through a scripted `Transport` (no network) or a scripted `fetch` (the real HTTP/SSE path), and
 * assert on the requests the widget sent (transcript, tool results, tools).
 *
 * `replayRecording` plays a session recorded by `<soliplex-inspector>` (or a `SessionRecorder`) back
 * against a real engine with the page's tools, so tools and renderers can be tested without a server.
 */
import type { BaseEvent } from '@ag-ui/core';
import { RunOrchestrator, type RunOrchestratorOptions } from '../core/tool-loop/run-orchestrator.js';
import { ToolRegistry } from '../core/tools/tool-registry.js';
import { TransportError, type RunEventSink, type RunRequest, type Transport } from '../core/transport/transport.js';
import type { SessionRecording } from '../core/recording/session-recorder.js';
export * from './agui-events.js';
export { ScriptedTransport, deferred, until, type ScriptedRun, type Step } from './scripted-transport.js';
export { scriptedFetch, type ScriptedResponse } from './scripted-fetch.js';

export { SessionRecorder, redactCredentials, type SessionRecording, type RecordedRun, type RecordedEvent, type RecordedToolExecution } from '../core/recording/session-recorder.js';

/**
 * A transport that answers the n-th run with the n-th recorded run's events (one macrotask apart, as
 * a stream arrives), and keeps the requests the engine sent, to compare with the recorded ones.
 */
export class ReplayTransport implements Transport {
  readonly requests: RunRequest[] = [];
  readonly #runs: readonly (readonly BaseEvent[])[];

  constructor(recording: SessionRecording) {
    if (recording?.format !== 'soliplex-chat-recording') throw new TypeError('Not a soliplex-chat recording');
    this.#runs = recording.runs.map((run) => run.events.map((e) => e.event));
  }

  async run(request: RunRequest, onEvent: RunEventSink): Promise<{ runId: string }> {
    this.requests.push(request);
    const events = this.#runs[this.requests.length - 1];
    if (!events) throw new TransportError('http', `The recording has no run ${this.requests.length}`, 500);
    for (const event of events) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (request.signal.aborted) break;
      onEvent(event);
    }
    return { runId: request.runId };
  }
}

/**
 * An engine that replays `recording`: each run the engine starts gets the next recorded run's events,
 * and the page's tools (`toolRegistry`) really run between them. Send the recorded user messages
 * (`recording.runs[i].request.messages`) to drive it.
 */
export function replayRecording(
  recording: SessionRecording,
  options: Omit<RunOrchestratorOptions, 'transport'> = {},
): { engine: RunOrchestrator; transport: ReplayTransport } {
  const transport = new ReplayTransport(recording);
  const engine = new RunOrchestrator({ toolRegistry: new ToolRegistry(), ...options, transport });
  return { engine, transport };
}

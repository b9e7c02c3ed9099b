// Modules one by one, not through the core's index: tests of what the engine loads lazily use these too.
import { RunOrchestrator } from '../../src/core/tool-loop/run-orchestrator.js';
import { ToolRegistry, type ClientTool } from '../../src/core/tools/tool-registry.js';
import { createAgUiHttpTransport } from '../../src/core/transport/lazy-agui-http-transport.js';
import type { EngineEvent } from '../../src/core/tool-loop/engine-events.js';

/** Counts every execution of a tool across engines (a reload must never run one twice by itself). */
export class ToolLog {
  readonly runs: string[] = [];
  /** A tool that answers `<name> result` at once, or hangs; every execution is logged by call id. */
  readonly tool = (name: string, behaviour: 'answer' | 'hang', extra: Partial<ClientTool> = {}): ClientTool => ({
    name,
    description: `test tool ${name}`,
    ...extra,
    execute: (_args, { toolCall }) => {
      this.runs.push(toolCall.id);
      return behaviour === 'hang' ? new Promise(() => {}) : `${name} result`;
    },
  });
}

/** An engine on the demo server's `agentUrl` with `tools`, and the engine events it emits, in order. */
export function engineFor(agentUrl: string, tools: ClientTool[] = []) {
  const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }), toolRegistry: new ToolRegistry(tools) });
  const events: EngineEvent[] = [];
  engine.on((event) => events.push(event));
  return { engine, events };
}

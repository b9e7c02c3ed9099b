import { RunOrchestrator, ToolRegistry, type Transport } from '../../src/core/index.js';

/** An AG-UI event as the page hears it (`soliplex-agui-event`'s `event`), fields open. */
export type Delivered = Record<string, unknown> & { type: string };

/** An engine on `transport` with no tools, and the AG-UI events it hands on, in order. */
export function engineOn(transport: Transport) {
  const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([]) });
  engine.observeAgUiEvents();
  const events: Delivered[] = [];
  engine.on((e) => void (e.type === 'agui-event' && events.push(e.event as unknown as Delivered)));
  return { engine, events };
}

/** Runs `run` while collecting what the chat warns (`[soliplex-chat] …` lines only); console.warn is restored after. */
export async function chatWarnings<T>(run: () => Promise<T>): Promise<{ value: T; warnings: string[] }> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
  try {
    return { value: await run(), warnings: warnings.filter((w) => w.includes('soliplex-chat')) };
  } finally {
    console.warn = warn;
  }
}

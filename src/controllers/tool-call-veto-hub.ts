import type { BeforeToolCall, RunOrchestrator } from '../core/index.js';

interface Hub {
  readonly listeners: Set<BeforeToolCall>;
  /** The hook the page had set before the first widget joined; asked after the widgets. */
  previous?: BeforeToolCall;
  readonly hook: BeforeToolCall;
}

const hubs = new WeakMap<RunOrchestrator, Hub>();

/**
 * An engine has one `beforeToolCall` slot but may be shared by several widgets. The hub takes the
 * slot while at least one widget listens, asks every widget in turn (any `false` vetoes), then the
 * hook the page had installed, and gives the slot back when the last widget leaves.
 */
export function addToolCallVeto(engine: RunOrchestrator, listener: BeforeToolCall): () => void {
  let hub = hubs.get(engine);
  if (!hub) {
    const listeners = new Set<BeforeToolCall>();
    const created: Hub = {
      listeners,
      hook: async (call, key) => {
        for (const each of [...listeners]) if ((await each(call, key)) === false) return false;
        return created.previous?.(call, key);
      },
    };
    hubs.set(engine, (hub = created));
  }
  if (engine.beforeToolCall !== hub.hook) {
    hub.previous = engine.beforeToolCall;
    engine.beforeToolCall = hub.hook;
  }
  hub.listeners.add(listener);
  const joined = hub;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size === 0 && engine.beforeToolCall === joined.hook) {
      engine.beforeToolCall = joined.previous;
    }
  };
}

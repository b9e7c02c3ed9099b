import type { ThreadKey } from '../../core/index.js';

/** What the page gave the chat to talk to (its properties, as they stand). */
export interface BackendInputs {
  /** The page's shared engine. */
  readonly engine?: unknown;
  /** The page's AG-UI agent. */
  readonly agent?: unknown;
  readonly serverUrl: string;
  readonly room: string;
  readonly agentUrl: string;
}

/** Who runs the chat's turns, and how its thread keys read. */
export interface ChatBackend {
  /** The first of: the page's `engine`, the page's `agent`, a Soliplex `server-url` + `room`, an `agent-url`. */
  readonly source: 'engine' | 'agent' | 'soliplex' | 'agent-url';
  /**
   * Threads are a Soliplex room's (its welcome, its stored threads, the first send creates the thread):
   * a `server-url` + `room` that no `agent` overrides (a shared engine speaks to the room too).
   */
  readonly soliplex: boolean;
  /** The thread key's server: the Soliplex server, else the `agent-url`. */
  readonly server: string;
  /** The thread key's room (empty off Soliplex). */
  readonly room: string;
}

/** The one place the precedence is written: shared `engine` > `agent` > `server-url` + `room` > `agent-url`. */
export function chooseBackend({ engine, agent, serverUrl, room, agentUrl }: BackendInputs): ChatBackend {
  const hasRoom = !!serverUrl && !!room;
  const source = engine ? 'engine' : agent ? 'agent' : hasRoom ? 'soliplex' : 'agent-url';
  // An `agent` replaces the room, unless a shared engine overrides the agent.
  const soliplex = hasRoom && source !== 'agent';
  return soliplex ? { source, soliplex, server: serverUrl, room } : { source, soliplex, server: agentUrl ?? '', room: '' };
}

/** The key of `thread` on this backend. */
export function threadKeyOf(backend: ChatBackend, thread: string): ThreadKey {
  return { server: backend.server, room: backend.room, thread };
}

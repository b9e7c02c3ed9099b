/**
 * The engine's requests about stored threads outside any turn (`RunOrchestrator.createThread`,
 * `listThreads`, `deleteThread`, `renameThread`): its own module, loaded with the first of them, since
 * a chat that only talks in its thread never makes one (a send on a new Soliplex thread creates it
 * within the turn, `#createThread`, which stays with the loop).
 */
import type { StoredThreadInfo } from '../transport/transport.js';
import type { RunOrchestrator } from './run-orchestrator.js';
import type { ThreadKey } from './run-state.js';

/** What these requests need of the engine's own state (`RunOrchestrator` gives it). */
export interface ThreadAdminHost {
  readonly engine: RunOrchestrator;
  /** A fresh id, for a thread the backend does not create. */
  createId(): string;
  /** Forgets a deleted thread: no run of it is unfinished any more; its snapshot goes unless a turn runs on it. */
  forget(key: ThreadKey): void;
}

export async function createThread(host: ThreadAdminHost, server: string, room: string, signal: AbortSignal): Promise<ThreadKey> {
  const { engine } = host;
  const transport = engine.transportFor({ server, room, thread: '' });
  const created = transport.createThread ? await transport.createThread(signal) : { threadId: host.createId() };
  const key: ThreadKey = { server, room, thread: created.threadId };
  if (created.state !== undefined && !engine.disposed) {
    engine.registry.update(key, (snapshot) => ({ ...snapshot, conversation: { ...snapshot.conversation, state: created.state } }));
  }
  return key;
}

export async function listThreads(host: ThreadAdminHost, server: string, room: string, signal: AbortSignal): Promise<readonly StoredThreadInfo[]> {
  const transport = host.engine.transportFor({ server, room, thread: '' });
  return transport.listThreads ? transport.listThreads(signal) : [];
}

/** After the engine cancelled the thread's turn. */
export async function deleteThread(host: ThreadAdminHost, key: ThreadKey, signal: AbortSignal): Promise<void> {
  const transport = host.engine.transportFor(key);
  if (key.thread && transport.deleteThread) await transport.deleteThread(key.thread, signal);
  host.forget(key);
}

export async function renameThread(host: ThreadAdminHost, key: ThreadKey, name: string, signal: AbortSignal): Promise<void> {
  const transport = host.engine.transportFor(key);
  if (key.thread && transport.renameThread) await transport.renameThread(key.thread, name, signal);
}

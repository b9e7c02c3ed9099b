/**
 * The thread list's calls on a room (list, rename, delete), for `SoliplexTransport`: loaded with the
 * list (or a page's first such call), never by a chat that only talks in the room.
 */
import type { StoredThreadInfo } from '../transport.js';
import { SoliplexApi } from './soliplex-api.js';
import type { SoliplexConnection } from './soliplex-client.js';
import { parseSoliplexTime } from './soliplex-time.js';

/** The whole rooms API on the transport's connection (its requests only hold the connection). */
export const roomApi = (connection: SoliplexConnection): SoliplexApi => new SoliplexApi(connection);

/** The room's threads as a thread list shows them (`GET …/agui`). */
export async function listRoomThreads(options: SoliplexConnection & { readonly room: string }, signal: AbortSignal): Promise<readonly StoredThreadInfo[]> {
  const threads = await roomApi(options).listThreads(options.room, signal);
  return threads
    .filter((thread) => typeof thread?.thread_id === 'string')
    .map((thread) => {
      // "New Thread" is Soliplex's placeholder, not a title: the list shows the first message until the server titles it.
      const name = typeof thread.metadata?.name === 'string' && thread.metadata.name && thread.metadata.name !== 'New Thread' ? thread.metadata.name : undefined;
      const time = parseSoliplexTime(thread.last_activity ?? thread.created);
      return { threadId: thread.thread_id, ...(name ? { name } : {}), ...(Number.isNaN(time) ? {} : { lastActivity: time }) };
    });
}

/**
 * The whole Soliplex rooms API: `SoliplexClient` (what every chat uses) and the calls only the thread
 * list (list, rename, delete), the rooms list and uploads make. Apart so a chat that only talks in a
 * room never loads them.
 */
import { SoliplexClient, type SoliplexRoom, type SoliplexThread } from './soliplex-client.js';

export { SoliplexClient } from './soliplex-client.js';
export type { SoliplexConnection, SoliplexRoom, SoliplexRun, SoliplexThread, TokenSource } from './soliplex-client.js';

/** Calls a Soliplex server with the bearer token (see `SoliplexClient`), the thread list's and uploads' calls included. */
export class SoliplexApi extends SoliplexClient {
  /** The rooms the user may use, keyed by id (`GET /api/v1/rooms`). */
  listRooms(signal?: AbortSignal): Promise<Readonly<Record<string, SoliplexRoom>>> {
    return this.json('GET', '/api/v1/rooms', undefined, signal);
  }

  /** The user's threads in a room, without their runs (`GET …/agui`). */
  async listThreads(room: string, signal?: AbortSignal): Promise<readonly SoliplexThread[]> {
    const answer = await this.json<{ threads?: readonly SoliplexThread[] }>('GET', `${this.roomPath(room)}/agui`, undefined, signal);
    return Array.isArray(answer?.threads) ? answer.threads : [];
  }

  async deleteThread(room: string, thread: string, signal?: AbortSignal): Promise<void> {
    await this.request('DELETE', `${this.roomPath(room)}/agui/${encodeURIComponent(thread)}`, { signal });
  }

  /**
   * Replaces the thread's metadata (`POST …/agui/{thread}/meta`, answered 205). Soliplex keeps only
   * what is sent: a field left out is erased (see `SoliplexTransport.renameThread`).
   */
  async updateThreadMetadata(room: string, thread: string, metadata: { readonly name?: string; readonly description?: string }, signal?: AbortSignal): Promise<void> {
    await this.request('POST', `${this.roomPath(room)}/agui/${encodeURIComponent(thread)}/meta`, { body: metadata, signal });
  }

  /**
   * Sets the thread's name and keeps its description: `…/meta` replaces the metadata wholesale, so
   * the thread is read first (`GET …/agui/{thread}`) and its description sent back with the name.
   */
  async renameThread(room: string, thread: string, name: string, signal?: AbortSignal): Promise<void> {
    const current = await this.getThread(room, thread, signal);
    const description = current?.metadata?.description;
    await this.updateThreadMetadata(room, thread, { name, ...(typeof description === 'string' ? { description } : {}) }, signal);
  }

  /** Uploads a file to the thread's uploads (`POST /api/v1/uploads/{room}/thread/{thread}`, multipart `upload_file`). */
  async uploadThreadFile(room: string, thread: string, file: Blob, filename: string, signal?: AbortSignal): Promise<void> {
    const form = new FormData();
    form.append('upload_file', file, filename);
    await this.request('POST', `/api/v1/uploads/${encodeURIComponent(room)}/thread/${encodeURIComponent(thread)}`, { body: form, signal });
  }
}

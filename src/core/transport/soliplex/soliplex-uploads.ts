/**
 * Sending a message's attachments to a Soliplex room: apart from the transport, since only a message
 * with attachments needs it.
 */
import type { ContentPart } from '@ag-ui/core';
import { TransportError, type RunRequest } from '../transport.js';
import { attachmentKey, partFilename, uploadablePart } from './soliplex-run-input.js';
import type { SoliplexTransport } from './soliplex-transport.js';
import { SoliplexApi } from './soliplex-api.js';

/**
 * Refuses attachments where the room has none; otherwise uploads each non-image file the page gave
 * inline to the thread (`POST /api/v1/uploads/{room}/thread/{thread}`, multipart `upload_file`, as
 * Soliplex's own client does) once per transport (`uploaded`: by thread and `attachmentKey`, the file's
 * name on the server), and returns where each went. Images go inline.
 */
/** Whether each transport's room takes attachments, once asked. */
const accepting = new WeakMap<SoliplexTransport, Promise<boolean>>();

/** `SoliplexTransport.roomAcceptsAttachments`: asked once per transport (again after a failure). */
export function roomAcceptsAttachments(transport: SoliplexTransport, signal?: AbortSignal): Promise<boolean> {
  let asked = accepting.get(transport);
  if (!asked) {
    asked = transport.api.getRoom(transport.options.room, signal).then(
      (room) => room?.enable_attachments === true || Object.prototype.hasOwnProperty.call(room?.skills ?? {}, 'bubble-sandbox'),
      (error: unknown) => {
        accepting.delete(transport); // asked again next time
        throw error;
      },
    );
    accepting.set(transport, asked);
  }
  return asked;
}

export async function uploadAttachments(transport: SoliplexTransport, request: RunRequest, uploaded: Map<string, string>): Promise<Map<string, string>> {
  const { room } = transport.options;
  if (!(await roomAcceptsAttachments(transport, request.signal))) {
    throw new TransportError(
      'http',
      `This Soliplex room (${room}) does not accept attachments. Send the message without them, or use a room that has attachments enabled.`,
    );
  }
  const api = new SoliplexApi(transport.options);
  const uploads = new Map<string, string>();
  for (const message of request.messages) {
    if (message.role !== 'user' || !Array.isArray(message.content)) continue;
    for (const [index, part] of (message.content as ContentPart[]).entries()) {
      if (!uploadablePart(part)) continue;
      const key = `${request.threadId}/${attachmentKey(message.id, index)}`;
      let name = uploaded.get(key);
      if (!name) {
        name = partFilename(part) ?? `attachment-${index + 1}`;
        await api.uploadThreadFile(room, request.threadId, base64Blob(part.source.value, part.source.mimeType), name, request.signal);
        uploaded.set(key, name);
      }
      uploads.set(attachmentKey(message.id, index), name);
    }
  }
  return uploads;
}

function base64Blob(data: string, mimeType: string): Blob {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mimeType });
}

import type { AgentCapabilities, ContentPart } from '@ag-ui/core';

/** What the composer accepts as attachments (`<soliplex-chat>.attachments`). */
export interface AttachmentOptions {
  /** Accepted MIME types (`image/*`, `application/pdf`, …); every type when absent. */
  readonly accept?: readonly string[];
  /** Largest file, in bytes (default 5 MB). */
  readonly maxBytes?: number;
  /** Most files on one message (default 4). */
  readonly maxFiles?: number;
  /**
   * Uploads a file and returns its URL, sent as a URL source. Without it, files are sent inline as
   * base64 data.
   */
  readonly upload?: (file: File) => Promise<string>;
}

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 4;

/**
 * The attachment options in force: the page's (`true` means the defaults), else what the agent's
 * capabilities say it accepts (`multimodal.input`), else none (attachments off).
 */
export function attachmentOptions(
  page: boolean | AttachmentOptions | undefined,
  capabilities: AgentCapabilities | undefined,
): AttachmentOptions | undefined {
  if (page === true) return {};
  if (page) return page;
  const input = capabilities?.multimodal?.input;
  if (!input) return undefined;
  if (input.file) return {};
  const accept = [
    ...(input.image ? ['image/*'] : []),
    ...(input.audio ? ['audio/*'] : []),
    ...(input.video ? ['video/*'] : []),
    ...(input.pdf ? ['application/pdf'] : []),
  ];
  return accept.length ? { accept } : undefined;
}

/** Whether `mime` matches one of the patterns (`type/*` or exact). */
export function accepts(options: AttachmentOptions, mime: string): boolean {
  if (!options.accept?.length) return true;
  return options.accept.some((pattern) => (pattern.endsWith('/*') ? mime.startsWith(pattern.slice(0, -1)) : mime === pattern));
}

/** Why a file cannot be attached, or undefined when it can. */
export function rejection(options: AttachmentOptions, file: File, alreadyAttached: number): 'type' | 'size' | 'count' | undefined {
  if (alreadyAttached >= (options.maxFiles ?? DEFAULT_MAX_FILES)) return 'count';
  if (!accepts(options, file.type || 'application/octet-stream')) return 'type';
  if (file.size > (options.maxBytes ?? DEFAULT_MAX_BYTES)) return 'size';
  return undefined;
}

/** The AG-UI part a file's MIME type calls for. */
export function partType(mime: string): 'image' | 'audio' | 'video' | 'document' {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'document';
}

/** A file as an AG-UI content part: uploaded (a URL source) when the page gives `upload`, else inline base64. */
export async function fileToPart(file: File, options: AttachmentOptions): Promise<ContentPart> {
  const mimeType = file.type || 'application/octet-stream';
  const metadata = { filename: file.name, size: file.size };
  const source = options.upload
    ? { type: 'url' as const, value: await options.upload(file), mimeType }
    : { type: 'data' as const, value: await base64(file), mimeType };
  return { type: partType(mimeType), source, metadata };
}

async function base64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode with a whole file's bytes as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

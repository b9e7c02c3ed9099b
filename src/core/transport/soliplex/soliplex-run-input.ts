/**
 * The `RunAgentInput` a Soliplex server accepts. Soliplex validates the body with the AG-UI Python
 * SDK's pydantic models (`ag_ui.core.types.RunAgentInput`, `ag-ui-protocol >= 0.1.10`) and answers
 * 500 (without CORS headers: a network error in a browser) on anything they refuse. Facts from those
 * models that shape this mapping:
 *
 * - `ToolMessage.content` is a `str` (the JS SDK allows content parts): structured results go as text.
 * - `UserMessage.content` is a `str` or a list of input parts; the image part (a `data` source with
 *   `mimeType`, or a `url` source) is what Soliplex's own client sends. Other files go to the thread's
 *   uploads (see `SoliplexTransport`) and are named in the text; a `file` source has no Python model.
 * - `Tool.description` is a required `str`, and so is `Context.value`; `Tool.parameters` is required
 *   before 0.1.14, so it is always sent.
 * - Roles are a closed set (`developer`, `system`, `assistant`, `user`, `tool`, `activity`, and
 *   `reasoning` from 0.1.11): anything else fails the discriminator. A reasoning message only exists
 *   here when the server sent an encrypted value, which pydantic-ai does from `ag-ui-protocol` 0.1.13.
 * - Unknown fields are allowed (`extra="allow"`) but carry nothing for the server: client-only
 *   attribution (`subagentRunId`) is left out; `protocolVersion` and `encryptedValue` are kept.
 * - `threadId` and `runId` must be the URL's (Soliplex answers 400 otherwise).
 *
 * A run of text messages only takes the short path of `soliplex-plain-input.ts` (same body); this
 * module loads with the first run that has tools, context, attachments, tool calls or a resume.
 */
import type { ContentPart, Context, Message, ResumeEntry, Tool } from '@ag-ui/core';
import { runAgentInput, type RunRequest } from '../transport.js';

/** What the run input is built from: a run request without its signal. */
export type SoliplexRunSource = Omit<RunRequest, 'signal' | 'runId'>;

/** Where a user attachment was uploaded, by `attachmentKey(messageId, partIndex)`: the file's name there. */
export type UploadedAttachments = ReadonlyMap<string, string>;

/** The key of a user message's part in `UploadedAttachments`. */
export function attachmentKey(messageId: string, partIndex: number): string {
  return `${messageId}#${partIndex}`;
}

/**
 * The body of `POST …/agui/{thread}/{runId}`: every transport's input (`runAgentInput`), reshaped for
 * the AG-UI Python models.
 */
export function soliplexRunInput(request: SoliplexRunSource, runId: string, uploads: UploadedAttachments = new Map()): Record<string, unknown> {
  const input = runAgentInput({ ...request, runId });
  return {
    ...input,
    messages: input.messages.flatMap((message) => soliplexMessage(message, uploads)),
    tools: input.tools.map(soliplexTool),
    context: input.context.map(soliplexContext),
    ...(input.resume ? { resume: input.resume.map(soliplexResumeEntry) } : {}),
  };
}

/**
 * The smallest body the Python models accept for a run (no messages, tools or context), for a POST
 * whose body the server does not use: a `Last-Event-ID` resume.
 */
export function emptySoliplexRunInput(threadId: string, runId: string): Record<string, unknown> {
  return { threadId, runId, state: {}, messages: [], tools: [], context: [], forwardedProps: {} };
}

export { hasAttachments } from './soliplex-plain-input.js';

/**
 * A user attachment that goes to the thread's uploads rather than inline: every file that is not an
 * image, and whose bytes the page gave inline (a URL is named in the text instead).
 */
export function uploadablePart(part: ContentPart): part is ContentPart & { type: 'audio' | 'video' | 'document'; source: { type: 'data'; value: string; mimeType: string } } {
  return part.type !== 'text' && part.type !== 'image' && part.source.type === 'data';
}

/** A part's file name (its `metadata.filename`), when the page gave one. */
export function partFilename(part: ContentPart): string | undefined {
  const name = (part as { metadata?: { filename?: unknown } }).metadata?.filename;
  return typeof name === 'string' && name ? name : undefined;
}

function soliplexMessage(message: Message, uploads: UploadedAttachments): Record<string, unknown>[] {
  const encrypted = typeof (message as { encryptedValue?: unknown }).encryptedValue === 'string' ? { encryptedValue: (message as { encryptedValue: string }).encryptedValue } : {};
  switch (message.role) {
    case 'user':
      return [{ id: message.id, role: 'user', content: userContent(message.id, message.content, uploads), ...encrypted }];
    case 'system':
    case 'developer':
      return [{ id: message.id, role: message.role, content: textOf(message.content) }];
    case 'reasoning':
      return [{ id: message.id, role: 'reasoning', content: textOf(message.content), ...encrypted }];
    case 'assistant': {
      const content = typeof message.content === 'string' && message.content ? { content: message.content } : {};
      const calls = (message.toolCalls ?? []).map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.function.name, arguments: typeof call.function.arguments === 'string' && call.function.arguments.trim() ? call.function.arguments : '{}' },
        ...(typeof call.encryptedValue === 'string' ? { encryptedValue: call.encryptedValue } : {}),
      }));
      return [{ id: message.id, role: 'assistant', ...content, ...(calls.length ? { toolCalls: calls } : {}), ...encrypted }];
    }
    case 'tool': {
      const error = (message as { error?: unknown }).error;
      return [
        {
          id: message.id,
          role: 'tool',
          toolCallId: message.toolCallId,
          content: soliplexToolContent(message.content as string | readonly ContentPart[]),
          ...(typeof error === 'string' ? { error } : {}),
        },
      ];
    }
    default:
      // A role the Python models do not know fails their discriminator (activity ones never get here).
      return [];
  }
}

/**
 * A tool message's content as the string the Python `ToolMessage` requires: text as is (JSON results
 * already arrive as JSON text), a file by its kind, name and URL, inline bytes by a short description
 * (never the base64 itself), one part a line.
 */
export function soliplexToolContent(content: string | readonly ContentPart[] | null | undefined): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' ? part.text : describeFile(part))).join('\n');
}

/** A user message's content: a string, or text and image parts (an empty list would drop the turn). */
function userContent(messageId: string, content: string | readonly ContentPart[], uploads: UploadedAttachments): string | Record<string, unknown>[] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: Record<string, unknown>[] = [];
  content.forEach((part, index) => {
    if (part.type === 'text') {
      if (part.text) parts.push({ type: 'text', text: part.text });
    } else if (part.type === 'image' && (part.source.type === 'url' || part.source.type === 'data')) {
      const { source } = part;
      parts.push({
        type: 'image',
        source: source.type === 'data' ? { type: 'data', value: source.value, mimeType: source.mimeType } : { type: 'url', value: source.value, ...(source.mimeType ? { mimeType: source.mimeType } : {}) },
        ...(part.metadata && typeof part.metadata === 'object' ? { metadata: part.metadata } : {}),
      });
    } else {
      const uploaded = uploads.get(attachmentKey(messageId, index));
      parts.push({ type: 'text', text: uploaded ? `[${kindOf(part)} "${uploaded}" (${mimeOf(part)}), uploaded to this thread]` : describeFile(part) });
    }
  });
  if (parts.some((part) => part.type === 'image')) return parts;
  return parts.map((part) => part['text'] as string).join('\n');
}

function describeFile(part: Exclude<ContentPart, { type: 'text' }>): string {
  const name = partFilename(part);
  const label = `${kindOf(part)}${name ? ` "${name}"` : ''} (${mimeOf(part)})`;
  const { source } = part;
  if (source.type === 'url') return `[${label} at ${source.value}]`;
  if (source.type === 'file') return `[${label}, file ${source.value}]`;
  return `[${label}, ${Math.max(1, Math.round((source.value.length * 3) / 4 / 1024))} KB, shown to the user]`;
}

function kindOf(part: Exclude<ContentPart, { type: 'text' }>): string {
  return part.type === 'document' ? 'file' : part.type;
}

function mimeOf(part: Exclude<ContentPart, { type: 'text' }>): string {
  return part.source.mimeType || 'unknown type';
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? soliplexToolContent(content as ContentPart[]) : '';
}

function soliplexTool(tool: Tool): Record<string, unknown> {
  return {
    name: tool.name,
    description: typeof tool.description === 'string' ? tool.description : '',
    parameters: tool.parameters ?? { type: 'object', properties: {} },
  };
}

function soliplexContext(item: Context): Record<string, unknown> {
  return {
    description: typeof item.description === 'string' ? item.description : String(item.description ?? ''),
    value: typeof item.value === 'string' ? item.value : (JSON.stringify(item.value) ?? ''),
  };
}

function soliplexResumeEntry(entry: ResumeEntry): Record<string, unknown> {
  const metadata = (entry as { metadata?: unknown }).metadata;
  return {
    interruptId: entry.interruptId,
    status: entry.status,
    ...(entry.payload !== undefined ? { payload: entry.payload } : {}),
    ...(metadata && typeof metadata === 'object' ? { metadata } : {}),
  };
}

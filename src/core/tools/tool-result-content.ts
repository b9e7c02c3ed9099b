/**
 * Structured tool results: `{ content: Part | Part[], augmentation? }`. The model gets AG-UI content
 * parts (or a text description where a server rejects parts); the page keeps the raw value for the
 * card. Any other return value keeps its old meaning (a string as is, anything else as JSON).
 */
import type { AgentCapabilities, ContentPart } from '@ag-ui/core';
import { safeJsonLater, safeJsonNow } from './tool-result-text.js';
import type { Augmentation } from './tool-augmentation.js';

export interface TextResultPart {
  readonly type: 'text';
  readonly text: string;
}
export interface JsonResultPart {
  readonly type: 'json';
  readonly value: unknown;
}
/** A file: base64 `data` or a `url`. */
export interface BinaryResultPart {
  readonly type: 'binary';
  readonly mimeType: string;
  readonly data?: string;
  readonly url?: string;
  readonly filename?: string;
}
export type ResultPart = TextResultPart | JsonResultPart | BinaryResultPart;

/** What a tool may return to say more than a value: content parts, and changes to the thread's tools. */
export interface StructuredToolResult {
  readonly content: ResultPart | readonly ResultPart[];
  readonly augmentation?: Augmentation;
}

function isPart(value: unknown): value is ResultPart {
  if (typeof value !== 'object' || value === null) return false;
  const part = value as Record<string, unknown>;
  switch (part['type']) {
    case 'text':
      return typeof part['text'] === 'string';
    case 'json':
      return 'value' in part;
    case 'binary':
      return typeof part['mimeType'] === 'string' && (typeof part['data'] === 'string' || typeof part['url'] === 'string');
    default:
      return false;
  }
}

/** The value as a structured result, when it is one (its `content` is a part or a list of parts). */
export function asStructuredResult(value: unknown): StructuredToolResult | undefined {
  if (typeof value !== 'object' || value === null || !('content' in value)) return undefined;
  const { content } = value as { content: unknown };
  const parts = Array.isArray(content) ? content : [content];
  return parts.length > 0 && parts.every(isPart) ? (value as StructuredToolResult) : undefined;
}

export function resultParts(result: StructuredToolResult): readonly ResultPart[] {
  return Array.isArray(result.content) ? (result.content as readonly ResultPart[]) : [result.content as ResultPart];
}

/** The parts as AG-UI 1.0 content parts (JSON as text; files as image/audio/video/document parts). */
export function toContentParts(parts: readonly ResultPart[]): ContentPart[] {
  return parts.map((part): ContentPart => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'json') return { type: 'text', text: jsonText(part.value) };
    const source = part.data !== undefined
      ? { type: 'data' as const, value: part.data, mimeType: part.mimeType }
      : { type: 'url' as const, value: part.url!, mimeType: part.mimeType };
    const kind = part.mimeType.split('/')[0];
    const type = kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
    return { type, source, ...(part.filename ? { metadata: { filename: part.filename } } : {}) };
  });
}

/**
 * Whether an agent that declares `capabilities` takes `parts` as parts: they carry media (text alone
 * is as well sent as text, which every agent takes) and it declares (`multimodal.input`) each medium
 * they carry: `image`, `audio`, `video`, a PDF document as `pdf` (or `file`), any other as `file`. An
 * agent that declares nothing is not assumed to (spec 1.1, capabilities: absent is undeclared).
 */
export function acceptsParts(parts: readonly ContentPart[], capabilities: AgentCapabilities | undefined): boolean {
  const input = capabilities?.multimodal?.input;
  if (!input) return false;
  const media = parts.filter((part) => part.type !== 'text');
  return (
    media.length > 0 &&
    media.every((part) => {
      if (part.type !== 'document') return input[part.type as 'image' | 'audio' | 'video'] === true;
      return input.file === true || (input.pdf === true && part.source.mimeType === 'application/pdf');
    })
  );
}

/** The parts as one text: what a server that rejects parts gets, and the call's `result`. */
export function describeParts(parts: readonly ResultPart[]): string {
  return parts
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'json') return jsonText(part.value);
      const name = part.filename ? ` "${part.filename}"` : '';
      const size = part.data !== undefined ? `, ${Math.round((part.data.length * 3) / 4 / 1024)} KB` : '';
      return `[${part.mimeType} file${name}${part.url !== undefined && part.data === undefined ? ` at ${part.url}` : ''}${size}, shown to the user]`;
    })
    .join('\n');
}

function jsonText(value: unknown): string {
  return safeJsonNow(value);
}

/**
 * Loads the safe JSON writer when a structured result has a JSON part that needs it (a cycle, a Map…),
 * so that `describeParts` and `toContentParts` describe it in full; undefined when nothing needs it.
 */
export function jsonPartsReady(value: unknown): Promise<unknown> | undefined {
  const structured = asStructuredResult(value);
  if (!structured) return undefined;
  const loading = resultParts(structured).flatMap((part) => (part.type === 'json' ? [safeJsonLater(part.value)] : [])).filter((text) => typeof text !== 'string');
  return loading.length > 0 ? Promise.all(loading) : undefined;
}

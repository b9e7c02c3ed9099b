import { html, nothing, type TemplateResult } from 'lit';
import { asStructuredResult, resultParts } from '../../core/tools/tool-result-content.js';
import type { BinaryResultPart, ToolCall } from '../../core/index.js';
import type { ChatStrings } from '../shared/chat-strings.js';
import type { toolCardStrings } from './tool-card-strings.js';
import { prettyJson } from '../shared/format.js';
import { safeHref } from '../soliplex-message-list/markdown-inline.js';
import { imageMayLoad } from '../shared/image-origins.js';

/**
 * The visible extras of a tool card (a separate helper so the card stays small): a structured result's
 * parts (text, pretty JSON, an image preview, a download link), what the call changed in the agent's
 * tools, and a cached mark. Nothing here is HTML from the tool: every value is bound as text or as an
 * attribute, and file URLs pass the same scheme check as Markdown links.
 */
export function renderToolResultView(
  call: ToolCall,
  strings: ChatStrings & typeof toolCardStrings,
  hasRenderer: boolean,
  /** `image-origins`: where a server tool's image results may load from (the page's own tools' load). */
  imageOrigins?: string,
): TemplateResult | typeof nothing {
  const structured = call.status === 'completed' && !hasRenderer ? asStructuredResult(call.resultValue) : undefined;
  const changes = call.changes ? strings.toolChanges(call.changes) : '';
  if (!structured && !changes && !call.cached) return nothing;
  return html`
    ${structured ? html`<div part="tool-content" class="content">${resultParts(structured).map((part) => renderPart(part, strings, call.serverRun ? imageOrigins ?? '' : undefined))}</div>` : nothing}
    ${changes ? html`<p part="tool-changes" class="changes">${changes}</p>` : nothing}
    ${call.cached ? html`<p part="tool-cached" class="cached">${strings.cachedResult}</p>` : nothing}
  `;
}

function renderPart(part: ReturnType<typeof resultParts>[number], strings: ChatStrings & typeof toolCardStrings, imageOrigins: string | undefined): TemplateResult {
  if (part.type === 'text') return html`<p class="text">${part.text}</p>`;
  if (part.type === 'json') return html`<pre class="json">${prettyJson(part.value)}</pre>`;
  return renderFile(part, strings, imageOrigins);
}

/** `imageOrigins` undefined: a file of the page's own tool, which may load from anywhere. */
function renderFile(part: BinaryResultPart, strings: ChatStrings & typeof toolCardStrings, imageOrigins: string | undefined): TemplateResult {
  const href = fileUrl(part);
  const name = part.filename ?? part.mimeType;
  if (!href) return html`<p class="text">${name}</p>`;
  // Inline bytes fetch nothing; a URL from the agent loads only from an allowed origin (else the link stays).
  const image = /^image\/(png|jpeg|gif|webp|avif|bmp)$/i.test(part.mimeType) && (part.data !== undefined || imageOrigins === undefined || imageMayLoad(href, imageOrigins));
  return html`
    ${image ? html`<img class="preview" src=${href} alt=${name} />` : nothing}
    <a class="download" href=${href} download=${part.filename ?? ''} target="_blank" rel="noopener noreferrer">${strings.download(name)}</a>
  `;
}

/** A data: URL for inline bytes (base64 checked), else the part's URL if its scheme is a safe one. */
function fileUrl(part: BinaryResultPart): string | undefined {
  if (part.data !== undefined) {
    if (!/^[A-Za-z0-9+/=\s]*$/.test(part.data) || !/^[\w.+-]+\/[\w.+-]+$/.test(part.mimeType)) return undefined;
    return `data:${part.mimeType};base64,${part.data.replace(/\s/g, '')}`;
  }
  return part.url !== undefined ? safeHref(part.url) : undefined;
}

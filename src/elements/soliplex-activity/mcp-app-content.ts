/**
 * An `mcp-apps` activity as `@ag-ui/mcp-apps-middleware` sends it (SEP-1865, MCP Apps): after a tool
 * with a UI resource ran, `{result, resourceUri, serverHash, serverId?, toolInput}`. The resource is
 * read through the agent (`forwardedProps.__proxiedMCPRequest`), and its HTML runs in a sandboxed frame.
 */
export const MCP_APPS_ACTIVITY_TYPE = 'mcp-apps';

/** The MCP Apps protocol version this host speaks (`@modelcontextprotocol/ext-apps` 2.0). */
export const MCP_APPS_PROTOCOL_VERSION = '2026-01-26';

export interface McpAppActivity {
  readonly resourceUri: string;
  readonly serverHash: string;
  readonly serverId?: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  readonly result: unknown;
}

/** The activity's fields, or undefined when it does not name a `ui://` resource and a server. */
export function mcpAppActivity(content: Readonly<Record<string, unknown>>): McpAppActivity | undefined {
  const { resourceUri, serverHash, serverId, toolInput, result } = content;
  if (typeof resourceUri !== 'string' || !resourceUri.startsWith('ui://') || typeof serverHash !== 'string') return undefined;
  return {
    resourceUri,
    serverHash,
    ...(typeof serverId === 'string' ? { serverId } : {}),
    toolInput: toolInput !== null && typeof toolInput === 'object' && !Array.isArray(toolInput) ? (toolInput as Record<string, unknown>) : {},
    result,
  };
}

/** The proxied MCP request the middleware answers itself (`forwardedProps.__proxiedMCPRequest`). */
export function proxiedRequest(app: McpAppActivity, method: string, params?: unknown): Record<string, unknown> {
  return { __proxiedMCPRequest: { serverHash: app.serverHash, ...(app.serverId ? { serverId: app.serverId } : {}), method, ...(params !== undefined ? { params } : {}) } };
}

/** A UI resource's `_meta.ui` (SEP-1865). */
export interface McpUiResourceMeta {
  readonly csp?: { readonly connectDomains?: unknown; readonly resourceDomains?: unknown; readonly frameDomains?: unknown; readonly baseUriDomains?: unknown };
  readonly permissions?: Readonly<Record<string, unknown>>;
  readonly prefersBorder?: boolean;
}

export interface McpUiResource {
  readonly html: string;
  readonly meta: McpUiResourceMeta;
}

/** The app's HTML from a `resources/read` result (the first `text/html` content, text or base64 blob). */
export function uiResource(result: unknown): McpUiResource | undefined {
  const contents = (result as { contents?: unknown } | null)?.contents;
  if (!Array.isArray(contents)) return undefined;
  for (const content of contents as Array<Record<string, unknown>>) {
    if (!content || typeof content.mimeType !== 'string' || !/^text\/html\b/i.test(content.mimeType)) continue;
    let html: string | undefined;
    if (typeof content.text === 'string') html = content.text;
    else if (typeof content.blob === 'string') {
      try {
        html = new TextDecoder().decode(Uint8Array.from(atob(content.blob), (c) => c.charCodeAt(0)));
      } catch {
        html = undefined;
      }
    }
    if (html === undefined) continue;
    const meta = (content._meta as { ui?: unknown } | undefined)?.ui;
    return { html, meta: meta && typeof meta === 'object' ? (meta as McpUiResourceMeta) : {} };
  }
  return undefined;
}

/**
 * A declared domain as a CSP source, or undefined: `https://host[:port]`, `https://*.host`, `wss://…`
 * only. Anything else (keywords, quotes, `;`, paths with spaces) could change the policy itself.
 */
function source(domain: unknown): string | undefined {
  if (typeof domain !== 'string') return undefined;
  return /^(https|wss):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(domain) ? domain : undefined;
}

function sources(list: unknown): string {
  const valid = Array.isArray(list) ? list.map(source).filter((s): s is string => !!s) : [];
  return valid.length ? valid.join(' ') : "'none'";
}

/**
 * The Content-Security-Policy of the app's frame from its resource's `csp` (SEP-1865): nothing loads
 * or connects unless the resource declares the domain; inline script and style (the app itself) run.
 * The frame is `sandbox="allow-scripts"` without `allow-same-origin`: an opaque origin, so `'self'`
 * would match nothing and is not used.
 */
export function frameCsp(csp: McpUiResourceMeta['csp'] = {}): string {
  const resources = sources(csp.resourceDomains);
  const extra = resources === "'none'" ? '' : ` ${resources}`;
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline'${extra}`,
    `style-src 'unsafe-inline'${extra}`,
    `img-src data: blob:${extra}`,
    `font-src data:${extra}`,
    `media-src data: blob:${extra}`,
    `connect-src ${sources(csp.connectDomains)}`,
    `frame-src ${sources(csp.frameDomains)}`,
    `base-uri ${sources(csp.baseUriDomains)}`,
    "form-action 'none'",
  ].join('; ');
}

/** The frame's `allow` (Permissions Policy) from the resource's declared `permissions`. */
export function framePermissions(permissions: McpUiResourceMeta['permissions'] = {}): string {
  const names: Record<string, string> = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' };
  return Object.keys(permissions)
    .map((key) => names[key])
    .filter((name): name is string => !!name)
    .join('; ');
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The frame's document: the app's HTML with the policy as its first element (after a doctype), so it
 * applies before any of the app's own markup runs. Goes only into the sandboxed frame's `srcdoc`.
 */
export function frameDocument(html: string, csp: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

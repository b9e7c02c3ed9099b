import { MCP_APPS_PROTOCOL_VERSION, type McpAppActivity, type McpUiResourceMeta } from './mcp-app-content.js';

/** What the host does for the app; each may fail (the app gets a JSON-RPC error). */
export interface McpAppHost {
  /** An MCP request the app makes of its server (`tools/call`, `resources/read`), through the agent. */
  request(method: string, params: unknown): Promise<unknown>;
  /** `ui/message`: the app asks the chat to send a user message; false when refused. */
  sendMessage(text: string): boolean;
  /** `ui/notifications/size-changed`. */
  resize(height: number): void;
  /** The host context's theme and style variables (SEP-1865), read when asked. */
  context(): Record<string, unknown>;
}

type JsonRpc = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };

const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;
/** Requests the app may make of its server through the agent (what the middleware's proxy allows). */
const PROXIED = new Set(['tools/call', 'resources/read', 'ping']);

/**
 * The host side of an MCP App (SEP-1865) for one frame: JSON-RPC 2.0 over `postMessage`, only with
 * that frame's window (its origin is opaque, `"null"`, so the source is what identifies it). The app
 * initializes (`ui/initialize`, answered with the host's capabilities and context), says it is ready
 * (`ui/notifications/initialized`), then gets the tool's input and result; its `tools/call` and
 * `resources/read` go to its server through the agent, its size changes resize the frame, `ui/message`
 * sends a message in the chat, `ui/open-link` opens an http(s) link in a new tab without an opener.
 */
export class McpAppBridge {
  #initialized = false;
  readonly #listener = (event: MessageEvent) => this.#receive(event);

  constructor(
    private readonly frame: () => HTMLIFrameElement | undefined,
    private readonly app: McpAppActivity,
    private readonly meta: McpUiResourceMeta,
    private readonly host: McpAppHost,
  ) {
    window.addEventListener('message', this.#listener);
  }

  dispose(): void {
    window.removeEventListener('message', this.#listener);
    if (this.#initialized) this.#post({ jsonrpc: '2.0', id: `teardown-${Date.now()}`, method: 'ui/resource-teardown', params: {} });
  }

  /** Tells an initialized app that the host context changed (the chat's theme). */
  contextChanged(): void {
    if (this.#initialized) this.#notify('ui/notifications/host-context-changed', this.host.context());
  }

  #post(message: unknown): void {
    // An opaque-origin frame: '*' is the only target origin that reaches it; the window is the check.
    this.frame()?.contentWindow?.postMessage(message, '*');
  }

  #notify(method: string, params: unknown): void {
    this.#post({ jsonrpc: '2.0', method, params });
  }

  #receive(event: MessageEvent): void {
    const frame = this.frame();
    if (!frame || event.source !== frame.contentWindow) return;
    const message = event.data as JsonRpc;
    if (!message || typeof message !== 'object' || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return;
    const { id, method, params } = message;
    const isRequest = typeof id === 'string' || typeof id === 'number';
    if (!isRequest) return void this.#notification(method, params);
    this.#request(method, params).then(
      (result) => this.#post({ jsonrpc: '2.0', id, result }),
      (error: unknown) => {
        const code = (error as { code?: unknown })?.code;
        this.#post({ jsonrpc: '2.0', id, error: { code: typeof code === 'number' ? code : INTERNAL_ERROR, message: String((error as Error)?.message ?? error) } });
      },
    );
  }

  #notification(method: string, params: unknown): void {
    if (method === 'ui/notifications/initialized') {
      this.#initialized = true;
      this.#notify('ui/notifications/tool-input', { arguments: this.app.toolInput });
      if (this.app.result && typeof this.app.result === 'object') this.#notify('ui/notifications/tool-result', this.app.result);
    } else if (method === 'ui/notifications/size-changed') {
      const height = (params as { height?: unknown } | undefined)?.height;
      if (typeof height === 'number' && Number.isFinite(height) && height >= 0) this.host.resize(height);
    }
  }

  async #request(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'ui/initialize':
        return {
          protocolVersion: MCP_APPS_PROTOCOL_VERSION,
          hostInfo: { name: 'soliplex-chat', version: '1' },
          hostCapabilities: {
            openLinks: {},
            serverTools: {},
            serverResources: {},
            message: { text: {} },
            sandbox: { ...(this.meta.csp ? { csp: this.meta.csp } : {}), ...(this.meta.permissions ? { permissions: this.meta.permissions } : {}) },
          },
          hostContext: this.host.context(),
        };
      case 'ui/open-link': {
        const url = (params as { url?: unknown } | undefined)?.url;
        if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return { isError: true };
        window.open(url, '_blank', 'noopener,noreferrer');
        return {};
      }
      case 'ui/message': {
        const content = (params as { content?: unknown } | undefined)?.content;
        const text = Array.isArray(content)
          ? content.filter((c: { type?: unknown; text?: unknown }) => c?.type === 'text' && typeof c.text === 'string').map((c: { text: string }) => c.text).join('\n')
          : '';
        return text.trim() && this.host.sendMessage(text) ? {} : { isError: true };
      }
      case 'ui/request-display-mode':
        return { mode: 'inline' };
      default:
        if (PROXIED.has(method)) return this.host.request(method, params);
        throw Object.assign(new Error(`Method not found: ${method}`), { code: METHOD_NOT_FOUND });
    }
  }
}

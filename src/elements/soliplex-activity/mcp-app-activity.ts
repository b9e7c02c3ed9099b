import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { createRef, ref } from 'lit/directives/ref.js';
import type { ActivityMessage } from '../../core/index.js';
import type { SoliplexChatStrings } from '../shared/chat-strings.js';
import { activityStatusStyles } from './activity-status.styles.js';
import { McpAppBridge } from './mcp-app-bridge.js';
import { frameCsp, frameDocument, framePermissions, mcpAppActivity, proxiedRequest, uiResource, type McpAppActivity, type McpUiResource } from './mcp-app-content.js';

/** The tallest the frame grows to at the app's asking (it scrolls inside beyond). */
const MAX_HEIGHT = 800;

/** The chat's palette as SEP-1865 style variables (`hostContext.styles.variables`), by chat variable. */
const STYLE_VARIABLES: Readonly<Record<string, string>> = {
  '--color-background-primary': '--_sc-background',
  '--color-background-secondary': '--_sc-surface',
  '--color-background-tertiary': '--_sc-code-background',
  '--color-text-primary': '--_sc-foreground',
  '--color-text-secondary': '--_sc-muted',
  '--color-text-danger': '--_sc-danger',
  '--color-text-success': '--_sc-success',
  '--color-text-warning': '--_sc-warning',
  '--color-border-primary': '--_sc-border',
  '--color-ring-primary': '--_sc-accent',
  '--color-background-info': '--_sc-accent',
  '--color-text-inverse': '--_sc-on-accent',
  '--font-mono': '--_sc-mono-font',
  '--border-radius-md': '--_sc-radius',
};

/**
 * An `mcp-apps` activity (`@ag-ui/mcp-apps-middleware`, SEP-1865): the tool's `ui://` resource read
 * through the agent, its HTML run in an iframe sandboxed to `allow-scripts` (no `allow-same-origin`:
 * an opaque origin that can reach nothing of the page: not its DOM, storage or cookies) under the CSP
 * its resource declares, and its JSON-RPC bridged (`McpAppBridge`). Its own chunk, loaded on first use.
 * @internal Rendered by `<soliplex-activity>`; not a public tag.
 */
export class SoliplexMcpAppActivity extends LitElement {
  static override styles = [
    activityStatusStyles,
    css`
      :host {
        display: block;
      }
      iframe {
        display: block;
        width: 100%;
        height: 160px;
        border: 0;
      }
      iframe.border {
        border: 1px solid var(--_sc-border);
        border-radius: var(--_sc-radius);
      }
    `,
  ];

  @property({ attribute: false }) message?: ActivityMessage;
  /** Its strings (the chat's, over the activities' English). */
  @property({ attribute: false }) strings?: Pick<SoliplexChatStrings, 'mcpAppTitle' | 'mcpAppLoading' | 'mcpAppFailed'>;
  /** Runs a request the agent's middleware answers itself (the thread's `proxy`). */
  @property({ attribute: false }) proxy?: (forwardedProps: Record<string, unknown>) => Promise<unknown>;
  /** Sends a user message in the chat (an app's `ui/message`); false when refused. */
  @property({ attribute: false }) sendMessage?: (text: string) => boolean;

  @state() private resource?: McpUiResource;
  @state() private failed = false;
  @state() private height?: number;

  readonly #frame = createRef<HTMLIFrameElement>();
  #app?: McpAppActivity;
  #loaded?: string;
  #bridge?: McpAppBridge;
  readonly #scheme = window.matchMedia('(prefers-color-scheme: dark)');
  readonly #schemeChanged = () => this.#bridge?.contextChanged();

  override connectedCallback(): void {
    super.connectedCallback();
    this.#scheme.addEventListener('change', this.#schemeChanged);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#scheme.removeEventListener('change', this.#schemeChanged);
    this.#bridge?.dispose();
    this.#bridge = undefined;
    this.#loaded = undefined;
  }

  protected override willUpdate(): void {
    const app = this.message ? mcpAppActivity(this.message.content) : undefined;
    const key = app ? `${app.serverHash}\n${app.serverId ?? ''}\n${app.resourceUri}` : undefined;
    this.#app = app;
    if (!app || key === this.#loaded || !this.proxy) {
      if (!app) this.failed = true;
      return;
    }
    this.#loaded = key;
    this.resource = undefined;
    this.failed = false;
    this.proxy(proxiedRequest(app, 'resources/read', { uri: app.resourceUri })).then(
      (result) => {
        if (this.#loaded !== key) return;
        const resource = uiResource(result);
        if (resource) this.resource = resource;
        else this.failed = true;
      },
      (error: unknown) => {
        if (this.#loaded !== key) return;
        console.warn('[soliplex-chat] an MCP App resource could not be read', error);
        this.failed = true;
      },
    );
  }

  protected override updated(): void {
    const app = this.#app;
    const resource = this.resource;
    if (!app || !resource || this.#bridge || !this.#frame.value) return;
    this.#bridge = new McpAppBridge(() => this.#frame.value, app, resource.meta, {
      request: (method, params) => this.#request(app, method, params),
      sendMessage: (text) => this.sendMessage?.(text) ?? false,
      resize: (height) => (this.height = Math.min(Math.ceil(height), MAX_HEIGHT)),
      context: () => this.#context(),
    });
  }

  async #request(app: McpAppActivity, method: string, params: unknown): Promise<unknown> {
    if (!this.proxy) throw new Error('No agent to ask');
    const result = await this.proxy(proxiedRequest(app, method, params));
    // The middleware answers a failed request as `{error}` in the run's result.
    const error = (result as { error?: unknown } | null)?.error;
    if (typeof error === 'string' && Object.keys(result as object).length === 1) throw new Error(error);
    return result;
  }

  #context(): Record<string, unknown> {
    const style = getComputedStyle(this);
    const variables: Record<string, string> = {};
    for (const [name, chat] of Object.entries(STYLE_VARIABLES)) {
      const value = style.getPropertyValue(chat).trim();
      if (value) variables[name] = value;
    }
    return {
      theme: style.colorScheme.includes('dark') ? 'dark' : 'light',
      styles: { variables },
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      containerDimensions: { width: Math.round(this.getBoundingClientRect().width), maxHeight: MAX_HEIGHT },
      locale: navigator.language,
      platform: 'web',
    };
  }

  override render() {
    const strings = this.strings;
    const app = this.#app;
    if (!strings) return nothing;
    if (this.failed || !app) return html`<p class="status failed" role="status">${strings.mcpAppFailed}</p>`;
    const resource = this.resource;
    if (!resource) return html`<p class="status" role="status">${strings.mcpAppLoading}</p>`;
    const name = app.resourceUri.replace(/^ui:\/\//, '');
    // srcdoc, never the chat's DOM: the app's HTML is untrusted and runs only in the sandboxed frame.
    return html`<iframe
      ${ref(this.#frame)}
      class=${resource.meta.prefersBorder === false ? '' : 'border'}
      title=${strings.mcpAppTitle(name)}
      sandbox="allow-scripts"
      allow=${framePermissions(resource.meta.permissions)}
      referrerpolicy="no-referrer"
      style=${this.height !== undefined ? `height:${this.height}px` : ''}
      .srcdoc=${frameDocument(resource.html, frameCsp(resource.meta.csp))}
    ></iframe>`;
  }
}

if (!customElements.get('soliplex-mcp-app-activity')) customElements.define('soliplex-mcp-app-activity', SoliplexMcpAppActivity);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-mcp-app-activity': SoliplexMcpAppActivity;
  }
}

import { LitElement, css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Catalog, MessageProcessor, injectBasicCatalogStyles, type A2uiClientAction, type A2uiMessage, type SurfaceModel } from '@a2ui/web_core/v0_9';
import { basicCatalog, type LitComponentApi } from '@a2ui/lit/v0_9';
import '@a2ui/lit/v0_9';
import type { ActivityMessage } from '../../core/index.js';
import type { SoliplexChatStrings } from '../shared/chat-strings.js';
import { activityStatusStyles } from './activity-status.styles.js';
import { imageMayLoad } from '../shared/image-origins.js';
import { a2uiOperations, a2uiStatus, withMediaRule } from './a2ui-content.js';
import { keepFieldsNamed } from './a2ui-labels.js';

/**
 * The basic catalog under the id `@ag-ui/a2ui-middleware` (and its A2UI prompt) gives surfaces it
 * creates; `@a2ui/lit` names the same catalog by its newer id. Both resolve to the same components.
 */
const MIDDLEWARE_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const catalogs = [
  basicCatalog,
  new Catalog<LitComponentApi>(MIDDLEWARE_BASIC_CATALOG_ID, [...basicCatalog.components.values()], [...basicCatalog.functions.values()]),
];

/**
 * The basic catalog's defaults are one document-wide sheet (`:root { color-scheme: light dark; … }`)
 * that its components add to the page when they connect, restyling a host page that sets no
 * `color-scheme` of its own. It is added here once and emptied: the library sees it in place and adds
 * nothing more, and this element supplies the same variables from the chat's theme instead.
 */
function neutralizeDocumentDefaults(): void {
  const before = new Set(document.adoptedStyleSheets);
  injectBasicCatalogStyles();
  for (const sheet of document.adoptedStyleSheets) if (!before.has(sheet)) sheet.replaceSync('');
}
neutralizeDocumentDefaults();

/** What a surface's user action is handed to: the chat sends it to the agent (`forward`). */
export type A2uiActionSender = (action: A2uiClientAction) => boolean;

/**
 * An `a2ui-surface` activity (AG-UI's `@ag-ui/a2ui-middleware`) drawn by the official Lit renderer
 * (`@a2ui/lit`, A2UI v0.9, basic catalog): the activity's `a2ui_operations` applied to a surface model
 * kept for the element's life, so a new snapshot updates the surfaces in place (what the person typed
 * stays unless the agent's data replaces it). Before paint the middleware sends a status (`building`,
 * `retrying`, `failed`), shown as text. Its own chunk: loaded with the first such activity.
 * @internal Rendered by `<soliplex-activity>`; not a public tag.
 */
export class SoliplexA2uiActivity extends LitElement {
  static override styles = [
    activityStatusStyles,
    css`
      :host {
        display: block;
        /* A2UI's theme variables from the chat's (they inherit into the renderer's shadow roots). */
        --a2ui-color-background: var(--_sc-background);
        --a2ui-color-on-background: var(--_sc-foreground);
        --a2ui-color-surface: var(--_sc-surface);
        --a2ui-color-on-surface: var(--_sc-foreground);
        --a2ui-color-primary: var(--_sc-accent);
        --a2ui-color-primary-light: color-mix(in oklab, var(--a2ui-color-primary) 85%, white);
        --a2ui-color-primary-dark: color-mix(in oklab, var(--a2ui-color-primary) 85%, black);
        --a2ui-color-primary-hover: light-dark(var(--a2ui-color-primary-dark), var(--a2ui-color-primary-light));
        --a2ui-color-on-primary: var(--_sc-on-accent);
        --a2ui-color-secondary: var(--_sc-code-background);
        --a2ui-color-secondary-light: color-mix(in oklab, var(--a2ui-color-secondary) 85%, white);
        --a2ui-color-secondary-dark: color-mix(in oklab, var(--a2ui-color-secondary) 95%, black);
        --a2ui-color-secondary-hover: light-dark(var(--a2ui-color-secondary-dark), var(--a2ui-color-secondary-light));
        --a2ui-color-on-secondary: var(--_sc-foreground);
        --a2ui-border-radius: var(--_sc-radius);
        --a2ui-color-border: var(--_sc-border);
        --a2ui-border-width: 1px;
        --a2ui-border: 1px solid var(--a2ui-color-border);
        --a2ui-font-family-title: inherit;
        --a2ui-font-family-monospace: var(--_sc-mono-font);
        --a2ui-color-input: var(--_sc-input-background);
        --a2ui-color-on-input: var(--_sc-foreground);
        --a2ui-text-caption-color: var(--_sc-muted);
        --a2ui-grid-base: calc(var(--_sc-gap) / 1.5);
        --a2ui-spacing-xs: calc(var(--a2ui-spacing-s) / 2);
        --a2ui-spacing-s: calc(var(--a2ui-spacing-m) / 2);
        --a2ui-spacing-m: var(--a2ui-grid-base);
        --a2ui-spacing-l: calc(var(--a2ui-spacing-m) * 2);
        --a2ui-spacing-xl: calc(var(--a2ui-spacing-l) * 2);
        --a2ui-font-size: 1em;
        --a2ui-font-scale: 1.2;
        --a2ui-font-size-xs: calc(var(--a2ui-font-size-s) / var(--a2ui-font-scale));
        --a2ui-font-size-s: calc(var(--a2ui-font-size-m) / var(--a2ui-font-scale));
        --a2ui-font-size-m: var(--a2ui-font-size);
        --a2ui-font-size-l: calc(var(--a2ui-font-size-m) * var(--a2ui-font-scale));
        --a2ui-font-size-xl: calc(var(--a2ui-font-size-l) * var(--a2ui-font-scale));
        --a2ui-font-size-2xl: calc(var(--a2ui-font-size-xl) * var(--a2ui-font-scale));
        --a2ui-line-height-headings: 1.2;
        --a2ui-line-height-body: 1.5;
        /* The Slider is 100% wide with a margin on every side: it ran past the card's edge. */
        --a2ui-slider-margin: var(--a2ui-spacing-s, 8px) 0;
        color: var(--_sc-foreground);
      }
    `,
  ];

  /** The activity (its content: `a2ui_operations`, or a pre-paint `status`). */
  @property({ attribute: false }) message?: ActivityMessage;
  /** Its strings (the chat's, over the activities' English). */
  @property({ attribute: false }) strings?: Pick<SoliplexChatStrings, 'a2uiBuilding' | 'a2uiFailed'>;
  /** Where media in agent output may load from by themselves (the chat's `image-origins`). */
  @property({ attribute: false }) imageOrigins?: string;
  /** Sends a user action to the agent; returns whether it was sent. */
  @property({ attribute: false }) sendAction?: A2uiActionSender;

  /** Surface ids in the order they were created. */
  @state() private surfaceIds: readonly string[] = [];
  @state() private broken = false;

  readonly #processor = new MessageProcessor<LitComponentApi>(catalogs, (action) => void this.sendAction?.(action));
  #applied?: Readonly<Record<string, unknown>>;

  constructor() {
    super();
    this.#processor.onSurfaceCreated((surface) => (this.surfaceIds = [...this.surfaceIds, surface.id]));
    this.#processor.onSurfaceDeleted((id) => (this.surfaceIds = this.surfaceIds.filter((s) => s !== id)));
  }

  protected override willUpdate(): void {
    const content = this.message?.content;
    if (!content || content === this.#applied) return;
    this.#applied = content;
    const operations = a2uiOperations(content)?.map((op) => withMediaRule(op, (url) => imageMayLoad(url, this.imageOrigins)));
    if (!operations) return;
    // A snapshot carries every operation again: a surface that exists is updated, not created twice.
    let broken = false;
    for (const operation of operations) {
      const created = (operation as { createSurface?: { surfaceId?: unknown } }).createSurface;
      if (created && typeof created.surfaceId === 'string' && this.#processor.model.getSurface(created.surfaceId)) continue;
      try {
        this.#processor.processMessages([operation as unknown as A2uiMessage]);
      } catch (error) {
        broken = true;
        console.warn('[soliplex-chat] an A2UI operation was refused', error);
      }
    }
    this.broken = broken;
  }

  /** The surfaces whose fields are kept named (see a2ui-labels.ts). */
  readonly #named = new WeakMap<Element, MutationObserver>();

  protected override updated(): void {
    for (const surface of this.renderRoot.querySelectorAll('a2ui-surface')) {
      if (surface.shadowRoot && !this.#named.has(surface)) this.#named.set(surface, keepFieldsNamed(surface.shadowRoot));
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const surface of this.renderRoot.querySelectorAll('a2ui-surface')) this.#named.get(surface)?.disconnect();
  }

  override render() {
    const content = this.message?.content;
    const strings = this.strings;
    if (!content || !strings) return nothing;
    const status = a2uiStatus(content);
    const surfaces = this.surfaceIds.map((id) => this.#processor.model.getSurface(id)).filter((s): s is SurfaceModel<LitComponentApi> => !!s);
    if (surfaces.length === 0) {
      if (status === 'failed' || this.broken) return html`<p class="status failed" role="status">${strings.a2uiFailed}</p>`;
      return html`<p class="status" role="status">${strings.a2uiBuilding}</p>`;
    }
    return html`${surfaces.map((surface) => html`<a2ui-surface data-surface-id=${surface.id} .surface=${surface}></a2ui-surface>`)}`;
  }
}

if (!customElements.get('soliplex-a2ui-activity')) customElements.define('soliplex-a2ui-activity', SoliplexA2uiActivity);

declare global {
  interface HTMLElementTagNameMap {
    'soliplex-a2ui-activity': SoliplexA2uiActivity;
  }
}

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SoliplexChatStringsOverrides } from './chat-strings.js';
import { formatLocale, isRtl, loadLocale, matchLocale, overLocale, requestedLang, type LocaleStrings, type ShippedLocale } from './locale.js';

/**
 * The language of an element's strings, from `lang` (its own, else the closest ancestor's across shadow
 * roots, else the document's), and the shipped translation for it, loaded lazily. English shows until
 * the translation arrives. Watches `lang` on the element and on `<html>` only (a change elsewhere is
 * seen on the next connect).
 */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #observer?: MutationObserver;
  #locale?: ShippedLocale;
  #requested = '';
  #strings?: LocaleStrings;
  #merged?: { page: SoliplexChatStringsOverrides | undefined; locale: LocaleStrings | undefined; value: SoliplexChatStringsOverrides | undefined };

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  /** The shipped locale in use (undefined: English). */
  get locale(): ShippedLocale | undefined {
    return this.#locale;
  }

  /** The loaded translation (undefined: English, or still loading). */
  get translation(): LocaleStrings | undefined {
    return this.#strings;
  }

  /** The locale `Intl` formats dates and numbers with. */
  get formatLocale(): string {
    return formatLocale(this.#requested, this.#locale);
  }

  /** The direction of the shipped locale: rtl for Arabic and Hebrew. */
  get dir(): 'rtl' | 'ltr' {
    return isRtl(this.#locale) ? 'rtl' : 'ltr';
  }

  /** The translation under a page's `strings` (the page wins); the same object while neither changes. */
  strings(page: SoliplexChatStringsOverrides | undefined): SoliplexChatStringsOverrides | undefined {
    const m = this.#merged;
    if (m && m.page === page && m.locale === this.#strings) return m.value;
    const value = overLocale(this.#strings, page);
    this.#merged = { page, locale: this.#strings, value };
    return value;
  }

  hostConnected(): void {
    this.#observer = new MutationObserver((records) => {
      if (records.some((r) => r.attributeName === 'dir')) this.#host.requestUpdate(); // the host's own `dir` overrides the locale's
      this.#resolve();
    });
    this.#observer.observe(this.#host, { attributes: true, attributeFilter: ['lang', 'dir'] });
    this.#observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    this.#resolve();
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }

  #resolve(): void {
    const requested = requestedLang(this.#host);
    const locale = matchLocale(requested);
    if (requested === this.#requested && locale === this.#locale) return;
    this.#requested = requested;
    if (locale === this.#locale) return this.#host.requestUpdate();
    this.#locale = locale;
    this.#strings = undefined; // English until the translation arrives
    this.#host.requestUpdate();
    if (!locale) return;
    loadLocale(locale).then(
      (strings) => {
        if (this.#locale !== locale) return; // lang changed again meanwhile
        this.#strings = strings;
        this.#host.requestUpdate();
      },
      (error: unknown) => console.error(`[soliplex-chat] the "${locale}" strings could not be loaded; English is shown`, error),
    );
  }
}

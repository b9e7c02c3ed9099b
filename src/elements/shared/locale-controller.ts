import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SoliplexChatStringsOverrides } from './chat-strings.js';
import { isEnglish, isRtl, requestedLang, type LocaleStrings } from './locale.js';

type Loader = typeof import('./locale-loader.js');

/**
 * The language of an element's strings, from `lang` (its own, else the closest ancestor's across shadow
 * roots, else the document's), and the shipped translation for it, loaded lazily (with the code that
 * matches tags: an English page loads neither). English shows until the translation arrives. Watches
 * `lang` (and `dir`) on the element and `lang` on `<html>` only (a change elsewhere is seen on the next connect).
 */
export class LocaleController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  #observer?: MutationObserver;
  #requested?: string;
  #loader?: Loader;
  #strings?: LocaleStrings;
  #merged?: { page?: SoliplexChatStringsOverrides; locale?: LocaleStrings; value?: SoliplexChatStringsOverrides };

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  /** The loaded translation (undefined: English, or still loading). */
  get translation(): LocaleStrings | undefined {
    return this.#strings;
  }

  /** The `lang` tag asked for (`''`: none). */
  get requested(): string {
    return this.#requested ?? '';
  }

  /** Right to left once an Arabic or Hebrew translation shows. */
  get dir(): 'rtl' | 'ltr' {
    return this.#strings && isRtl(this.#requested ?? '') ? 'rtl' : 'ltr';
  }

  /** The translation under a page's `strings` (the page wins); the same object while neither changes. */
  strings(page: SoliplexChatStringsOverrides | undefined): SoliplexChatStringsOverrides | undefined {
    const m = this.#merged;
    if (m && m.page === page && m.locale === this.#strings) return m.value;
    const value = this.#strings && this.#loader ? this.#loader.overLocale(this.#strings, page) : page;
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
    if (requested === this.#requested) return;
    this.#requested = requested;
    this.#strings = undefined; // English until the translation arrives
    this.#host.requestUpdate();
    if (isEnglish(requested)) return;
    import('./locale-loader.js')
      .then((loader) => {
        this.#loader = loader;
        const locale = loader.matchLocale(requested);
        return locale && loader.loadLocale(locale);
      })
      .then(
        (strings) => {
          if (!strings || this.#requested !== requested) return; // not shipped, or lang changed meanwhile
          this.#strings = strings;
          this.#host.requestUpdate();
        },
        (error: unknown) => console.error(`[soliplex-chat] the "${requested}" strings could not be loaded; English is shown`, error),
      );
  }
}

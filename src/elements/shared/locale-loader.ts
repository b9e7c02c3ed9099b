import type { SoliplexChatStringsOverrides } from './chat-strings.js';
import type { LocaleStrings } from './locale.js';

/*
 * The shipped translations and how a `lang` tag finds one. Loaded (lazily) only when an element's
 * language is not English, so an English page never fetches it (locale-controller.ts).
 */

/** One lazily loaded chunk per locale: none is in the chat's own bytes. */
const LOCALES = {
  de: () => import('./locales/de.js'),
  fr: () => import('./locales/fr.js'),
  es: () => import('./locales/es.js'),
  it: () => import('./locales/it.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  nl: () => import('./locales/nl.js'),
  pl: () => import('./locales/pl.js'),
  ja: () => import('./locales/ja.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  ko: () => import('./locales/ko.js'),
  ar: () => import('./locales/ar.js'),
  he: () => import('./locales/he.js'),
} satisfies Record<string, () => Promise<{ default: LocaleStrings }>>;

export type ShippedLocale = keyof typeof LOCALES;
export const shippedLocales = Object.keys(LOCALES) as readonly ShippedLocale[];
/** Base languages whose shipped locale has a region or script. */
const BY_BASE: Record<string, ShippedLocale> = { pt: 'pt-BR', zh: 'zh-CN' };

/** The shipped locale for a BCP 47 tag: exact (`pt-BR`), else by base language (`de-AT` → de, `zh-Hans` → zh-CN); undefined: English. */
export function matchLocale(tag: string | null | undefined): ShippedLocale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  const exact = shippedLocales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split(/[-_]/)[0];
  return (shippedLocales as readonly string[]).includes(base) ? (base as ShippedLocale) : BY_BASE[base];
}

const loaded = new Map<ShippedLocale, Promise<LocaleStrings>>();
/** The strings of a shipped locale (each chunk fetched once; a failed fetch is tried again next time). */
export function loadLocale(locale: ShippedLocale): Promise<LocaleStrings> {
  let strings = loaded.get(locale);
  if (!strings) {
    strings = LOCALES[locale]().then((m) => m.default);
    strings.catch(() => loaded.delete(locale));
    loaded.set(locale, strings);
  }
  return strings;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A page's `strings` over a translation: the page wins, key by key, nested records (`toolStatus`, `threadList` …) too. */
export function overLocale(locale: LocaleStrings | undefined, page: SoliplexChatStringsOverrides | undefined): SoliplexChatStringsOverrides | undefined {
  if (!locale || !page) return page ?? locale;
  const merged: Record<string, unknown> = { ...locale };
  for (const [key, value] of Object.entries(page)) {
    const under = merged[key];
    merged[key] = isRecord(under) && isRecord(value) ? { ...under, ...value } : value;
  }
  return merged as SoliplexChatStringsOverrides;
}

/** What the shipped translations format through `Intl` (loaded with the first of them, never with English). */

/** "a, b und c" in the locale's words. */
export const list = (locale: string, names: readonly string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);

/** A count in the locale's digits and grouping. */
export const count = (locale: string, n: number) => new Intl.NumberFormat(locale).format(n);

/** A wait as people say it: seconds, then minutes, then hours (the unit's short form, or `long` where the short one reads badly). */
export function duration(locale: string, seconds: number, unitDisplay: 'short' | 'long' = 'short'): string {
  const [value, unit] = seconds < 90 ? [seconds, 'second'] : seconds < 5400 ? [Math.round(seconds / 60), 'minute'] : [Math.round(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay }).format(value);
}

/** A size limit in megabytes ("5 MB"). */
export const megabytes = (locale: string, bytes: number, unitDisplay: 'short' | 'long' = 'short') =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', unitDisplay, maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);

/** The form of a word for `n` by the locale's plural rules (`other` when a category has no form). */
export function plural(locale: string, n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  return forms[new Intl.PluralRules(locale).select(n)] ?? forms.other;
}

/** A page number in the locale's digits, never grouped ("p. 1234", not "p. 1,234"). */
export const pageNumber = (locale: string, page: number) => new Intl.NumberFormat(locale, { useGrouping: false }).format(page);

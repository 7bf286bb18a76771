const compactFormats = new Map<string, Intl.NumberFormat>();

function compactFormat(locale: string, fractionDigits: 0 | 1): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      notation: 'compact',
      maximumFractionDigits: fractionDigits,
      roundingMode: 'trunc',
    });
    compactFormats.set(key, format);
  }
  return format;
}

/**
 * A balance as the header shows it (spec §9: K/M), in the interface language's own short form where it has one
 * (1.2K, 1,2 тыс., 1.2万, 1,2 Mio.): one decimal below ten of the unit, none from ten on, never rounded up.
 */
export function abbreviateCount(value: number, locale = 'en'): string {
  const integerDigits = compactFormat(locale, 1)
    .formatToParts(value)
    .filter((part) => part.type === 'integer')
    .map((part) => part.value)
    .join('').length;
  return compactFormat(locale, integerDigits >= 2 ? 0 : 1).format(value);
}

export type UsageLevel = 'low' | 'medium' | 'high';

/** Words used against the limit: green under 50 %, amber under 80 %, red above. */
export function usageLevel(used: number, limit: number): UsageLevel {
  const ratio = limit > 0 ? used / limit : 1;
  if (ratio < 0.5) return 'low';
  if (ratio < 0.8) return 'medium';
  return 'high';
}

export function isProActive(pro: { endDate: string | null }, now = Date.now()): boolean {
  return pro.endDate !== null && Date.parse(pro.endDate) > now;
}

/**
 * The locale dates are written in: the interface's language, in the browser's region when the browser speaks that
 * language (an English interface in an en-GB browser writes 15/01/2026, in en-US 1/15/2026). An interface locale
 * with its own region (pt-BR) keeps it.
 */
export function dateLocale(interfaceLocale: string, browserLanguages: readonly string[]): string {
  if (interfaceLocale.includes('-')) return interfaceLocale;
  for (const tag of browserLanguages) {
    try {
      const locale = new Intl.Locale(tag.replace('_', '-'));
      if (locale.language === interfaceLocale && locale.region) return `${locale.language}-${locale.region}`;
    } catch {
      // Not a language tag: the next one may be.
    }
  }
  return interfaceLocale;
}

/** A date formatter in the interface's language and the browser's region (see `dateLocale`). */
export function dateFormatter(interfaceLocale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const browserLanguages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return new Intl.DateTimeFormat(dateLocale(interfaceLocale, browserLanguages), options);
}

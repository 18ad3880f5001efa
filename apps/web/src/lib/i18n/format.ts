import type { Locale } from "./i18n";

/**
 * Locale formatting (#21 §4) for the interface language. Pure functions of (value, locale).
 *
 * Dates and times keep going through `lib/time-format.ts` (its English/UTC first render has no
 * Intl, so the server's HTML and the browser's hydration agree); these helpers use Intl where
 * they must, and every caller renders them after hydration or on both sides alike (Node's and the
 * browser's ICU data give the same number and collation results for these six languages).
 */

/**
 * A placement as an ordinal in the page's language: 1st / 2nd / 3rd / 11th / 21st (en),
 * 1er / 2e (fr: the masculine "premier", the site's placements are of entrants), 1. (de),
 * 1.º (es), 1º (pt), 1位 (ja: the placement counter), 1st-style accented for the pseudo-locale.
 * Whole numbers ≥ 1; anything else is returned as written.
 */
export function placementOrdinal(n: number, locale: Locale): string {
  if (!Number.isInteger(n) || n < 1) return String(n);
  switch (locale) {
    case "fr":
      return n === 1 ? "1er" : `${n}e`;
    case "de":
      return `${n}.`;
    case "es":
      return `${n}.º`;
    case "pt":
      return `${n}º`;
    case "ja":
      return `${n}位`;
    default: {
      const tens = n % 100;
      const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
      return `${n}${suffix}`;
    }
  }
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** 1234567.5 → "1,234,567.5" (en), "1 234 567,5" (fr), "1.234.567,5" (de). Cached per locale. */
export function formatNumber(value: number, locale: Locale): string {
  const tag = locale === "en-XA" ? "en" : locale;
  let f = numberFormats.get(tag);
  if (!f) numberFormats.set(tag, (f = new Intl.NumberFormat(tag)));
  return f.format(value);
}

const collators = new Map<string, Intl.Collator>();
/**
 * The language's order for a list of names (`list.sort(compareText(locale))`): accents and case
 * as its readers expect ('Émile' beside 'Emil', not after 'Z'). The collator is made once per
 * language on first use: building one loads collation data (tens of ms on a phone), so call it
 * from an event or an effect, not during the first render (see lib/country-order.ts).
 */
export function compareText(locale: Locale): (a: string, b: string) => number {
  const tag = locale === "en-XA" ? "en" : locale;
  let c = collators.get(tag);
  if (!c) collators.set(tag, (c = new Intl.Collator(tag, { sensitivity: "base", numeric: true })));
  return c.compare;
}

const regionNames = new Map<string, Intl.DisplayNames>();
/**
 * A country's name in the page's language from the runtime's own locale data (Intl.DisplayNames),
 * e.g. DE → "Allemagne" (fr), "ドイツ" (ja). `fallback` (the server's English name) for codes
 * Intl does not know (the site's ZZ "unknown") or a runtime without DisplayNames.
 */
export function countryName(code: string, locale: Locale, fallback: string): string {
  if (locale === "en" || !/^[A-Z]{2}$/.test(code) || code === "ZZ" || typeof Intl.DisplayNames !== "function") return fallback;
  const tag = locale === "en-XA" ? "en" : locale;
  let names = regionNames.get(tag);
  if (!names) regionNames.set(tag, (names = new Intl.DisplayNames([tag], { type: "region", fallback: "none" })));
  return names.of(code) ?? fallback;
}

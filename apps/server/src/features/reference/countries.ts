import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };
import { COUNTRY_NONE, COUNTRY_UNKNOWN } from "@site/contract";

countries.registerLocale(en);

/**
 * Country code → English name from the maintained ISO 3166-1 list, plus the site's two
 * special codes: ZZ 'Choose a Country' (none chosen) and XX 'Unknown Country' (000 §5).
 */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = Object.freeze({
  [COUNTRY_NONE]: "Choose a Country",
  [COUNTRY_UNKNOWN]: "Unknown Country",
  ...countries.getNames("en", { select: "alias" }),
});

/** The name of `code`, or 'Unknown Country' for a code outside the list. */
export function countryName(code: string): string {
  return COUNTRY_NAMES[code] ?? COUNTRY_NAMES[COUNTRY_UNKNOWN]!;
}

export function isCountryCode(code: string): boolean {
  return code in COUNTRY_NAMES;
}

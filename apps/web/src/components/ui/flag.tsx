import "flag-icons/css/flag-icons.min.css";
import { COUNTRY_NONE, COUNTRY_UNKNOWN } from "@site/contract";
import { countryName } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/i18n";
import { useI18n, useT } from "@/lib/i18n/use-t";

export interface FlagProps {
  /** ISO 3166-1 alpha-2 code; 'ZZ' (none chosen) and 'XX' (unknown) are special (000 §5). */
  code: string | null | undefined;
  /** Country name (the server's English) for the tooltip and screen readers, shown in the page's language; falls back to the code. Neutral codes are named 'Unknown Country' in the page's language. */
  name?: string | null;
  className?: string;
}

/**
 * A country flag (flag-icons CSS sprite) with the country name as title. 'ZZ', 'XX' and
 * malformed codes render a neutral grey placeholder of the same size, so rows stay aligned.
 */
export function Flag({ code, name, className }: FlagProps) {
  const _ = useT();
  const locale = useI18n().locale as Locale;
  const upper = (code ?? "").toUpperCase();
  const neutral = !/^[A-Z]{2}$/.test(upper) || upper === COUNTRY_NONE || upper === COUNTRY_UNKNOWN;
  // A neutral code's server name is English ('Unknown Country', 'Choose a Country', which reads
  // oddly on a flag): the page's own words instead (#21).
  const label = neutral ? _("ui.flag.unknownCountry") : countryName(upper, locale, name || upper);
  const cls = neutral ? "flag flag--none" : `flag fi fi-${upper.toLowerCase()}`;
  return (
    <span
      className={[cls, className ?? ""].filter(Boolean).join(" ")}
      role="img"
      aria-label={label}
      title={label}
      data-country={upper || undefined}
    />
  );
}

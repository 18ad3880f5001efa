import { COUNTS } from "@site/contract";
import { Medal } from "@/components/ui/medal";
import { placementOrdinal } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/i18n";
import { useI18n, useT } from "@/lib/i18n/use-t";

/** 1 → "1st", 2 → "2nd", 11 → "11th" (English; the page's language: `placementOrdinal`). */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/**
 * The better and worse rank of a placement. The old site stored a tie as `placement` = the
 * worse rank and `placement_upper_bound` = the better one (a tie over 5–8 is placement 8,
 * upper bound 5); a bound equal to or worse than the placement is ignored.
 */
export function placementRange(placement: number, upperBound?: number | null): { best: number; worst: number } {
  return upperBound && upperBound < placement ? { best: upperBound, worst: placement } : { best: placement, worst: placement };
}

/**
 * A placement: a medal disc for places 1–3 (000 §2, §9 medalPlaces; a tie starting at 3 is
 * bronze for each row), otherwise the number, shown as a range 'best–worst' for ties; 'DQ' for
 * disqualified entrants, '–' when unplaced.
 */
export function PlacementLabel({ placement, upperBound, dq }: { placement: number | null; upperBound?: number | null; dq?: boolean }) {
  const _ = useT();
  const locale = useI18n().locale as Locale;
  if (dq)
    return (
      <span className="placement placement--dq" title={_("ui.placement.disqualified")}>
        {_("ui.placement.dq")}
      </span>
    );
  if (placement === null) return <span className="placement placement--none">–</span>;
  const { best, worst } = placementRange(placement, upperBound);
  const text = best === worst ? String(best) : `${best}–${worst}`;
  if (best >= 1 && best <= COUNTS.medalPlaces) {
    return (
      <span className="placement placement--medal">
        <Medal
          place={best as 1 | 2 | 3}
          label={
            best === worst
              ? _("ui.placement.place", { ordinal: placementOrdinal(best, locale) })
              : _("ui.placement.placeTied", { ordinal: placementOrdinal(best, locale), range: text })
          }
          showNumber
        />
      </span>
    );
  }
  return <span className="placement">{text}</span>;
}

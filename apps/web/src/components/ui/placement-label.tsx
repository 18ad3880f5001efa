import { COUNTS } from "@site/contract";
import { Medal } from "@/components/ui/medal";

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
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
  if (dq)
    return (
      <span className="placement placement--dq" title="Disqualified">
        DQ
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
          label={best === worst ? `${ordinal(best)} place` : `${ordinal(best)} place (tied ${text})`}
          showNumber
        />
      </span>
    );
  }
  return <span className="placement">{text}</span>;
}

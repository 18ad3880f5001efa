import { COUNTS } from "@site/contract";
import { Medal } from "@/components/ui/medal";

/** 1 → "1st", 2 → "2nd", 11 → "11th". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/**
 * A placement: a medal disc for places 1–3 (000 §2, §9 medalPlaces), otherwise the number, with a
 * "–N" range when an upper bound is set; 'DQ' for disqualified entrants, '–' when unplaced.
 */
export function PlacementLabel({ placement, upperBound, dq }: { placement: number | null; upperBound?: number | null; dq?: boolean }) {
  if (dq)
    return (
      <span className="placement placement--dq" title="Disqualified">
        DQ
      </span>
    );
  if (placement === null) return <span className="placement placement--none">–</span>;
  if (placement >= 1 && placement <= COUNTS.medalPlaces && !upperBound) {
    return (
      <span className="placement placement--medal">
        <Medal place={placement as 1 | 2 | 3} label={`${ordinal(placement)} place`} showNumber />
      </span>
    );
  }
  return <span className="placement">{upperBound && upperBound > placement ? `${placement}–${upperBound}` : placement}</span>;
}
